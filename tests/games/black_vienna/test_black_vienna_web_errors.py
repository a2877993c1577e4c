"""A move typed at a Black Vienna table in German, in Debian's Chromium: the rules' refusal is
shown in place in German, the engine's reason inside it, while the frame keeps its English."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from server.browser import DESKTOP, launch_browser
from server.conftest import Server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-errors")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def deal_against_bots(page: Any) -> None:
    """Me at seat 0 (who asks first) and two bots, by the lobby's controls' ids."""
    page.click("label[for=game-black-vienna]")
    page.fill("#players", "3")
    page.press("#players", "Tab")
    page.select_option("#seat-0", "me")
    for seat in (1, 2):
        page.select_option(f"#seat-{seat}", "bot:random")
    page.click("#deal")
    page.wait_for_selector("#ask-name, #go-table")
    if page.locator("#ask-name").count():
        page.fill("#ask-name", "Ana")
        page.press("#ask-name", "Enter")
    page.wait_for_selector("#go-table")
    page.click("#go-table")
    page.wait_for_selector(".board-host > *")


def test_an_illegal_typed_move_is_refused_in_german(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="de-DE")
    frames: list[dict[str, Any]] = []
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on(
            "websocket",
            lambda socket: socket.on(
                "framereceived", lambda payload: frames.append(json.loads(payload))
            ),
        )
        page.goto(server.http + "/")
        page.wait_for_selector("#new-table")
        deal_against_bots(page)
        assert page.evaluate("document.documentElement.lang") == "de"
        page.wait_for_function(
            "document.querySelector('#notation') && !document.querySelector('#notation').disabled"
        )
        card = next(f for f in frames if f["type"] == "state")["view"]["face_up"][0]
        # Seat 0 asks itself: the rules' refusal, whatever the deal.
        page.fill("#notation", f"ask 0 {card}")
        page.press("#notation", "Enter")
        shown = page.wait_for_selector(".error-text.in-place:not([hidden])")
        assert shown.inner_text() == (
            f"Platz 0 kann nicht „ask 0 {card}“ spielen: niemand kann sich selbst befragen"
        )
        refusals = [f for f in frames if f["type"] == "error"]
        assert [(f["code"], f["message"]) for f in refusals] == [
            ("illegal", f"seat 0 cannot ask 0 {card}: a player cannot question himself")
        ]
        assert errors == []
    finally:
        context.close()
