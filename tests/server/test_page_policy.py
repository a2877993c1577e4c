"""The page's Content-Security-Policy: on every page response, scripts from this origin only
(the one inline script allowed is the import map, by its hash), no style attribute or inline
style, connections to this origin and its WebSocket; a forged Host header adds nothing."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import AsyncIterator
from html.parser import HTMLParser

import httpx
import pytest

from sleuth.server.app import create_app
from sleuth.server.csp import PagePolicy
from sleuth.server.settings import Settings


class Scripts(HTMLParser):
    """Every <script> of a page: its attributes and its inline text."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._open: dict[str, str | None] | None = None
        self._text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self._open, self._text = dict(attrs), ""

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._open is not None:
            self.scripts.append((self._open, self._text))
            self._open = None


def directives(header: str) -> dict[str, list[str]]:
    parts = [part.split() for part in header.split(";") if part.strip()]
    return {words[0]: words[1:] for words in parts}


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    # The page's routes need no database: the app's lifespan is never entered here.
    transport = httpx.ASGITransport(app=create_app(Settings()))
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield client


@pytest.mark.parametrize("path", ["/", "/t/abc123"])
async def test_every_page_response_carries_the_policy(client: httpx.AsyncClient, path: str) -> None:
    response = await client.get(path)
    assert response.status_code == 200
    policy = directives(response.headers["content-security-policy"])
    scripts = Scripts()
    scripts.feed(response.text)
    inline = [text for attrs, text in scripts.scripts if "src" not in attrs]
    kinds = {attrs.get("type") for attrs, text in scripts.scripts if "src" not in attrs}
    # The only inline script is the import map; everything that runs comes from a file.
    assert kinds == {"importmap"} and len(inline) == 1
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    assert policy["script-src"] == ["'self'", f"'sha256-{digest}'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert policy["connect-src"] == ["'self'", "ws://testserver", "wss://testserver"]
    header = response.headers["content-security-policy"]
    assert "unsafe-inline" not in header and "unsafe-eval" not in header


async def test_the_websocket_source_is_the_host_asked_for(client: httpx.AsyncClient) -> None:
    response = await client.get("/", headers={"host": "sleuth.example:8443"})
    connect = directives(response.headers["content-security-policy"])["connect-src"]
    assert connect == ["'self'", "ws://sleuth.example:8443", "wss://sleuth.example:8443"]
    response = await client.get("/", headers={"host": "[::1]:8000"})
    connect = directives(response.headers["content-security-policy"])["connect-src"]
    assert connect == ["'self'", "ws://[::1]:8000", "wss://[::1]:8000"]


@pytest.mark.parametrize(
    "host", ["evil.example; script-src *", "a b", "x.example/path", "'unsafe-inline'", ""]
)
def test_a_forged_host_adds_no_source(host: str) -> None:
    header = PagePolicy.of("<p>no scripts</p>").header(host)
    policy = directives(header)
    assert policy["connect-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert header.count(";") == len(policy) - 1, header


def test_an_import_map_without_its_end_is_refused() -> None:
    with pytest.raises(ValueError, match="import map"):
        PagePolicy.of('<script type="importmap">{"imports": {}}')
