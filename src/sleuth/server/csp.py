"""The page's Content-Security-Policy: its scripts, styles and images from this origin only
(and images the page draws itself, as data: URLs), no inline script but the import map it
declares (allowed by its hash), and connections to this origin and its play channel's
WebSocket. What an injected string could run, it cannot."""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass

IMPORT_MAP_START = '<script type="importmap">'
SCRIPT_END = "</script>"

# A Host header as browsers send it: a name or an IPv4 address, or an IPv6 one in brackets,
# and a port. Anything else (a ';' would start a directive of its own) names no WebSocket.
HOST = re.compile(r"(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def import_maps(html: str) -> list[str]:
    """The text of each inline import map in the page, exactly as the browser hashes it."""
    maps: list[str] = []
    rest = html
    while IMPORT_MAP_START in rest:
        _, _, after = rest.partition(IMPORT_MAP_START)
        text, found, rest = after.partition(SCRIPT_END)
        if not found:
            raise ValueError("the page's import map has no </script>")
        maps.append(text)
    return maps


def script_hash(text: str) -> str:
    """A CSP hash source of an inline script's text."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


@dataclass(frozen=True)
class PagePolicy:
    """The policy of one page: made once from its HTML, completed per request by the host
    the browser asked for (the page's WebSocket goes to that host)."""

    script_sources: tuple[str, ...]

    @classmethod
    def of(cls, html: str) -> PagePolicy:
        return cls(("'self'", *(script_hash(text) for text in import_maps(html))))

    def header(self, host: str | None) -> str:
        connect = ["'self'"]
        if host is not None and HOST.fullmatch(host):
            connect += [f"ws://{host}", f"wss://{host}"]
        directives = {
            "default-src": ["'self'"],
            "script-src": list(self.script_sources),
            "style-src": ["'self'"],
            # data: for the tab's icon with its badge, drawn on a canvas (yourmove.js).
            "img-src": ["'self'", "data:"],
            "font-src": ["'self'"],
            "connect-src": connect,
            "object-src": ["'none'"],
            "base-uri": ["'none'"],
            "form-action": ["'self'"],
            "frame-ancestors": ["'none'"],
        }
        return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())
