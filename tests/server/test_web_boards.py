"""The leaderboards and a profile in the page (issue #36, item 2): drawn from the service's
ratings, in the page's language, and axe-clean."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .browser import DESKTOP, check_axe, launch_browser, open_context
from .conftest import Server
from .test_ratings import EXAMPLE, store_finished


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def rated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-boards")
    db = f"sqlite:///{folder / 'sleuth.db'}"
    # In a thread of its own: the browser's fixture may hold this thread's event loop.
    worker = threading.Thread(
        target=lambda: asyncio.run(store_finished(db, folder / "signing.key", rated=True))
    )
    worker.start()
    worker.join()
    running = Server(db, folder / "signing.key").start()
    board = f"{running.http}/api/games/{EXAMPLE}/leaderboard"
    for _ in range(100):  # rated at the start, in the background
        if httpx.get(board).json()["entries"]:
            break
        time.sleep(0.1)
    yield running
    running.stop()


def test_the_board_and_a_profile_are_drawn_and_axe_clean(browser: Any, rated: Server) -> None:
    server = rated
    expected = httpx.get(f"{server.http}/api/games/{EXAMPLE}/leaderboard").json()["entries"]
    context, recorder = open_context(browser, DESKTOP)
    page = context.new_page()
    page.goto(f"{server.http}/boards/{EXAMPLE}")
    page.wait_for_selector("table.board")
    rows = page.locator("table.board tbody tr")
    assert rows.count() == 3
    names = [rows.nth(i).locator("td").nth(1).inner_text() for i in range(3)]
    assert names == [
        e["player"]["name"] if e["player"]["kind"] == "person" else f"Bot: {e['player']['name']}"
        for e in expected
    ]
    first = expected[0]["rating"]
    shown = rows.nth(0).locator("td").nth(2).inner_text()
    # One decimal, as the page's numbers are written (no trailing zero: "25", not "25.0").
    rating, mu, spread = (round(x, 1) for x in (first["rating"], first["mu"], 3 * first["sigma"]))
    assert shown == f"{rating:g} ({mu:g} ± {spread:g})"
    check_axe(page, "the leaderboard")
    page.get_by_role("link", name="Ann").click()
    page.wait_for_selector("section.profile h1")
    assert page.locator("section.profile h1").inner_text() == "Ann"
    assert page.locator("table.board tbody tr").count() == 1  # her one game's rating
    assert page.locator("ul.finished li").count() == 1
    check_axe(page, "a profile")
    assert recorder.errors == [], recorder.errors
    context.close()


def test_the_board_speaks_german(browser: Any, rated: Server) -> None:
    server = rated
    context = browser.new_context(viewport=DESKTOP, locale="de-DE")  # its Accept-Language
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.http}/boards/{EXAMPLE}")
    page.wait_for_selector("table.board")
    assert page.locator("section.boards h1").inner_text() == "Bestenlisten"
    headings = page.locator("table.board thead th").all_inner_texts()
    assert headings == ["Platz", "Person", "Wertung", "Partien", "Siege"]
    check_axe(page, "the leaderboard in German")
    assert errors == []
    context.close()


def test_the_pages_of_boards_and_profiles_are_served(rated: Server) -> None:
    server = rated
    assert httpx.get(f"{server.http}/boards").status_code == 200
    assert httpx.get(f"{server.http}/p/someone").status_code == 200
