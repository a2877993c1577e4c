"""A person who gives up their seat while its page is open: the page turns, without a reload,
into the spectators' page of the same table (the seat's channel is closed by the service,
and not tried again), and goes on showing the game as the table's bot plays the seat.
Debian's Chromium; the page is only looked at."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from support.game_cases import kit_for

from .browser import DESKTOP, Player, launch_browser, open_context
from .conftest import Server

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-leave")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def deal_against_bots(ana: Player, base: str, spectators: bool = True) -> None:
    """Ana's table: her seat 0 and two bots', open to spectators unless said; dealt through
    the service with Ana's own identity cookie (the lobby's form is not what this test is
    about)."""
    request = ana.context.request
    assert request.post(f"{base}/api/people", data={"name": ana.name}).ok
    answer = request.post(
        f"{base}/api/tables",
        data={
            "game": EXAMPLE,
            "players": 3,
            "seats": [
                {"kind": "person"},
                {"kind": "bot", "bot": "basic"},
                {"kind": "bot", "bot": "basic"},
            ],
            "takeover_bot": "basic",
            "sheet": "off",
            "spectators": spectators,
            "sit": 0,
        },
    )
    assert answer.status == 201, answer.text()
    ana.table, ana.seat = answer.json()["table"]["id"], 0


def at_her_seat(
    browser: Any, server: Server, spectators: bool = True
) -> tuple[Player, Any, list[str]]:
    """Ana's page at her seat of a table against bots, once the table waits on her, and the
    play channels it opens (their URLs) as it opens them."""
    ana = Player("Ana", *open_context(browser, DESKTOP))
    deal_against_bots(ana, server.http, spectators)
    sockets: list[str] = []
    ana.context.on("page", lambda page: page.on("websocket", lambda ws: sockets.append(ws.url)))
    page = ana.open(f"{server.http}/t/{ana.table}")
    ana.wait(lambda: 0 in ana.drawn()["actors"], 30, "the table to wait on Ana")
    return ana, page, sockets


def test_the_page_of_a_seat_given_up_becomes_a_spectators_page(
    browser: Any, server: Server
) -> None:
    ana, page, sockets = at_her_seat(browser, server)
    assert page.locator(".table-sub").inner_text().endswith("your seat: 0")
    assert sockets == [f"{server.ws}/ws/tables/{ana.table}/seats/0"]
    # What a reload would forget: it must still be there once the page has turned.
    page.evaluate("window.sameDocument = true")

    # Ana gives up her seat elsewhere (another tab of hers): this page is told by its channel.
    left = ana.context.request.post(f"{server.http}/api/tables/{ana.table}/seats/0/leave", data={})
    assert left.status == 200, left.text()
    page.wait_for_selector(".table-sub:has-text('watching')", timeout=20_000)
    page.wait_for_selector(".conn.live", timeout=20_000)
    assert page.evaluate("window.sameDocument") is True
    assert page.locator(".table-sub").inner_text() == "3 players · sheet off · watching"
    toast = page.locator("#toast").text_content()
    assert toast == "You left your seat: you are watching the table now."
    assert page.locator("form.entry").is_hidden()
    assert page.locator(".seat-chip.mine").count() == 0

    # The table's bot plays her seat to the end, and the page shows it as it goes.
    page.wait_for_selector('.table-page[data-status="finished"]', timeout=60_000)
    final = httpx.get(f"{server.http}/api/tables/{ana.table}").json()
    assert final["status"] == "finished"
    assert page.locator(".turn").inner_text() == "The game is over."
    assert sockets == [
        f"{server.ws}/ws/tables/{ana.table}/seats/0",
        f"{server.ws}/ws/tables/{ana.table}/watch",
    ]
    assert ana.recorder.errors == []
    ana.context.close()


def test_a_seat_given_up_at_a_table_without_spectators_says_so_and_watches_nothing(
    browser: Any, server: Server
) -> None:
    """The watch channel would be refused until the end: the page says why it shows no table,
    rather than promising a watch and then "this seat is not yours"."""
    ana, page, sockets = at_her_seat(browser, server, spectators=False)
    left = ana.context.request.post(f"{server.http}/api/tables/{ana.table}/seats/0/leave", data={})
    assert left.status == 200, left.text()
    page.wait_for_selector(".seat-left", timeout=20_000)
    assert page.locator(".seat-left").inner_text() == (
        "You left your seat. This table has no spectators until it ends."
    )
    assert page.locator("a[href='/']").last.inner_text() == "Back to the lobby"
    assert page.locator(".table-page").count() == 0
    assert sockets == [f"{server.ws}/ws/tables/{ana.table}/seats/0"]
    assert ana.recorder.errors == []
    ana.context.close()


def test_a_page_offline_when_its_seat_was_given_up_turns_at_its_return(
    browser: Any, server: Server
) -> None:
    """The page learns of the leaving only at its reconnection: it turns into the spectators'
    page all the same, rather than saying the seat is not Ana's or trying again."""
    ana, page, sockets = at_her_seat(browser, server)
    page.evaluate("window.sameDocument = true")
    ana.context.set_offline(True)
    page.wait_for_selector(".conn.offline", timeout=20_000)
    # Ana gives up her seat from another device of hers, while this page is away.
    cookies = {c["name"]: c["value"] for c in ana.context.cookies()}
    left = httpx.post(
        f"{server.http}/api/tables/{ana.table}/seats/0/leave",
        cookies=cookies,
        headers={"Origin": server.http},
    )
    assert left.status_code == 200, left.text
    ana.context.set_offline(False)
    page.wait_for_selector(".table-sub:has-text('watching')", timeout=20_000)
    page.wait_for_selector(".conn.live", timeout=20_000)
    assert page.evaluate("window.sameDocument") is True
    assert page.locator(".table-sub").inner_text() == "3 players · sheet off · watching"
    assert page.locator("form.entry").is_hidden()
    # The seat's channel, its one reconnection (which resumes where it was), the watch.
    seat = f"{server.ws}/ws/tables/{ana.table}/seats/0"
    assert [url.split("?")[0] for url in sockets] == [seat, seat, seat.replace("seats/0", "watch")]
    assert sockets[1].startswith(f"{seat}?last_step=")
    assert ana.recorder.errors == []
    ana.context.close()
