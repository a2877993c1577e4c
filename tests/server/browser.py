"""Browser tests' helpers: Debian's Chromium driven by Playwright (sync API), every browser
context recording each WebSocket frame and HTTP body it receives and every console error,
and people at the page who act only by clicking what the page shows."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # The tests record every body by fulfilling each request themselves; a page fulfilled
    # that way counts as public, and Chromium would then refuse its loopback WebSocket.
    "--disable-features=LocalNetworkAccessChecks",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
ROOT = Path(__file__).resolve().parents[2]
# The pictures README shows are rewritten only when asked (SLEUTH_SCREENSHOTS=docs/screenshots):
# the deals are secret, so each run's pictures differ, and a test run must not leave the
# tree changed. Otherwise they go to a folder of their own, taken and checked all the same.
SCREENSHOTS = Path(
    os.environ.get("SLEUTH_SCREENSHOTS") or tempfile.mkdtemp(prefix="sleuth-screenshots-")
)
AXE = Path(__file__).resolve().parent / "axe" / "axe.min.js"


def launch_browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Chromium absent (apt-get install -y chromium; .ci/run does)")
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class Recorder:
    """Everything one browser context received, in order, and its console errors."""

    frames: list[str] = field(default_factory=list)
    bodies: list[tuple[str, int, bytes]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def texts(self) -> Iterator[tuple[str, str]]:
        """(where, text) of every frame and body, for leak checks."""
        for frame in self.frames:
            yield "websocket frame", frame
        for url, _status, body in self.bodies:
            yield url, body.decode("utf-8", "replace")


IDEMPOTENT = {"GET", "HEAD", "OPTIONS"}
FETCH_ATTEMPTS = 3


def fetch_as_a_browser_would(route: Any) -> tuple[Any, bytes]:
    """The answer to a request, fetched by Playwright's client in the browser's place.

    A browser sends an idempotent request again when its connection fails on the way
    (Chromium does, on a connection reset or closed before any answer); a page's reload once
    failed in CI where a browser of its own would have tried again. A request that changes
    something is sent once only. Each failure is said on stderr, which pytest shows with a
    failing test, since the page itself learns only that the request failed."""
    attempts = FETCH_ATTEMPTS if route.request.method in IDEMPOTENT else 1
    attempt = 1
    while True:
        try:
            response = route.fetch()
            return response, response.body()
        except Exception as error:
            print(f"fetch {attempt}/{attempts} of {route.request.url}: {error}", file=sys.stderr)
            if attempt == attempts:
                raise
            attempt += 1


def open_context(
    browser: Any, viewport: dict[str, int], dark: bool = False, touch: bool = False
) -> tuple[Any, Recorder]:
    """A context whose pages' traffic is recorded; ``touch``: a phone's touch screen (no
    hovering pointer, no keyboard), else a desktop's mouse."""
    context = browser.new_context(
        viewport=viewport,
        color_scheme="dark" if dark else "light",
        has_touch=touch,
        is_mobile=touch,
    )
    recorder = Recorder()

    def route(route: Any) -> None:
        # A request still in flight when its page or context closes (a chat message posted
        # as a test ends) loses its response midway: the failure must not surface in
        # whichever test runs next. A body fetched is recorded before it is handed on, so
        # the leak checks see at least all that reached the page.
        try:
            response, body = fetch_as_a_browser_would(route)
        except Exception:
            with contextlib.suppress(Exception):
                route.abort("failed")
            return
        recorder.bodies.append((route.request.url, response.status, body))
        with contextlib.suppress(Exception):
            route.fulfill(response=response, body=body)

    def on_console(message: Any) -> None:
        if message.type == "error":
            recorder.errors.append(f"console error: {message.text}")

    def on_socket(socket: Any) -> None:
        socket.on(
            "framereceived",
            lambda payload: recorder.frames.append(
                payload if isinstance(payload, str) else payload.decode()
            ),
        )

    def on_page(page: Any) -> None:
        page.on("console", on_console)
        page.on("pageerror", lambda error: recorder.errors.append(f"page error: {error}"))
        page.on("websocket", on_socket)

    context.route("**/*", route)
    context.on("page", on_page)
    return context, recorder


@dataclass
class Player:
    """A person at a table in one browser context; acts only by clicks."""

    name: str
    context: Any
    recorder: Recorder
    page: Any = None
    seat: int | None = None
    table: str | None = None

    def open(self, url: str) -> Any:
        self.page = self.context.new_page()
        self.page.goto(url)
        return self.page

    def states(self) -> list[dict[str, Any]]:
        frames = [json.loads(text) for text in self.recorder.frames]
        return [
            f for f in frames if f.get("type") == "state" and f.get("table") in (self.table, None)
        ]

    def latest(self) -> dict[str, Any] | None:
        """The latest state frame, if one came."""
        states = self.states()
        return states[-1] if states else None

    def state(self) -> dict[str, Any]:
        """The latest state frame (one must have come)."""
        frame = self.latest()
        if frame is None:
            raise AssertionError(f"{self.name}: no state frame yet")
        return frame

    @property
    def at(self) -> tuple[str, int]:
        """(table, seat) of a person who sat down."""
        if self.table is None or self.seat is None:
            raise AssertionError(f"{self.name} sits at no table")
        return self.table, self.seat

    def drawn(self) -> dict[str, Any]:
        """The latest state frame, once the page has drawn it."""

        def ready() -> dict[str, Any] | None:
            frame = self.latest()
            if frame is None:
                return None
            root = self.page.locator(".table-page")
            shown = root.get_attribute("data-step") if root.count() else None
            return frame if shown == str(frame["step"]) else None

        found: dict[str, Any] = self.wait(ready, 20, "the page to draw the latest frame")
        return found

    def errors_since(self, count: int) -> list[dict[str, Any]]:
        frames = [json.loads(text) for text in self.recorder.frames[count:]]
        return [f for f in frames if f.get("type") == "error"]

    def wait(self, done: Callable[[], Any], timeout: float = 30, what: str = "") -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = done()
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: waited {timeout} s for {what or done}")
            self.page.wait_for_timeout(40)

    def click(self, key: str) -> None:
        self.page.locator(f'[data-key="{key}"]').first.click()

    def act(self, clicks: list[str], timeout: float = 30) -> bool:
        """Click the keys in order, then wait for the table to move past the step seen (or
        for an error frame). True if the table moved on."""
        before = self.state()
        seen = len(self.recorder.frames)
        for key in clicks:
            self.click(key)

        def moved() -> bool:
            now = self.latest()
            if self.errors_since(seen):
                return True
            return now is not None and now["step"] > before["step"]

        self.wait(moved, timeout, f"the move {clicks}")
        return not self.errors_since(seen)

    def shot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.evaluate("window.scrollTo(0, 0)")
        self.page.evaluate("document.activeElement && document.activeElement.blur()")
        self.page.wait_for_timeout(150)
        self.page.screenshot(path=str(path))
        return path


def overflow(page: Any) -> int:
    """How many pixels the page is wider than its window (0 when nothing scrolls sideways)."""
    width: int = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return width


def check_axe(page: Any, what: str) -> list[dict[str, Any]]:
    """axe-core's scan of the page: the violations of impact serious or critical."""
    # Evaluated, not added as a <script>: the page's policy refuses inline scripts.
    page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    serious = [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
    details = [
        f"{v['id']} ({v['impact']}): {v['help']}: "
        + "; ".join(n["target"][0] for n in v["nodes"][:4])
        for v in serious
    ]
    assert not serious, f"{what}: " + " | ".join(details)
    return result["violations"]
