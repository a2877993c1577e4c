"""A move a day in the page (issue #36, item 4): the seats' chips show each person's time
bank beside the clock, and a person who starts a vacation from the account panel is shown
on vacation at their tables, until they end it there. Two browser contexts, Debian's
Chromium; each person acts only by clicking what their page shows."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from support.game_cases import kit_for

from .browser import DESKTOP, Player, check_axe, launch_browser, open_context
from .conftest import Server
from .web_play import join

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-time-bank")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def deal(ann: Player, base: str) -> tuple[str, str]:
    """Ann's turn-clock table (an hour a move, a bank of two), Ann at seat 0, Bob's seat 1
    by invite, a bot at seat 2: the table and the invite."""
    request = ann.context.request
    assert request.post(f"{base}/api/people", data={"name": ann.name}).ok
    answer = request.post(
        f"{base}/api/tables",
        data={
            "game": EXAMPLE,
            "players": 3,
            "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "basic"}],
            "sheet": "off",
            "sit": 0,
            "clock": "turn",
            "per_move": 3600,
            "bank": 7200,
            "vacation_days": 3,
        },
    )
    assert answer.status == 201, answer.text()
    created = answer.json()
    ann.table, ann.seat = created["table"]["id"], 0
    [invite] = created["invites"]
    return created["table"]["id"], invite["url"]


def chip_clock(player: Player, seat: int) -> str:
    text: str = player.page.locator(f'.seat-clock[data-seat="{seat}"]').inner_text()
    return text


def test_the_seats_show_their_banks_and_who_is_on_vacation(browser: Any, server: Server) -> None:
    base = server.http
    ann = Player("Ann", *open_context(browser, DESKTOP))
    bob = Player("Bob", *open_context(browser, DESKTOP))
    table_id, invite = deal(ann, base)
    join(bob, invite, 1)
    ann.open(f"{base}/t/{table_id}").wait_for_selector(".board-host > *")
    mover = ann.drawn()["clock"]["seat"]
    assert ann.drawn()["clock"]["banks"] == [7200.0] * 3
    # Bob's seat, not the mover's: its bank alone; the bot's seat shows none.
    assert mover != 1
    ann.wait(lambda: chip_clock(ann, 1) == "time bank 2 h", 20, "Bob's bank")
    assert chip_clock(ann, 2) == ""

    # Bob, signed up, starts a vacation of two days from the account panel.
    made = bob.context.request.post(
        f"{base}/api/account", data={"name": "Bob", "password": PASSWORD}
    )
    assert made.status == 201, made.text()
    lobby = bob.page
    lobby.goto(f"{base}/")
    lobby.wait_for_selector("#account:not(:empty)")  # set up by the page's script
    lobby.click("#account")
    left = lobby.locator("#vacation-left")
    assert left.inner_text() == "Vacation days left: 30 (at most 30 in any 365 days)"
    lobby.fill("#vacation-days", "2")
    lobby.click("#vacation-start")
    lobby.locator("#vacation-now").wait_for()
    check_axe(lobby, "the account panel with a vacation under way")
    ann.wait(lambda: chip_clock(ann, 1) == "time bank 2 h · on vacation", 20, "Bob away")
    assert ann.drawn()["clock"]["vacation"] == [False, True, False]

    lobby.click("#vacation-end")
    lobby.locator("#vacation-start").wait_for()
    ann.wait(lambda: chip_clock(ann, 1) == "time bank 2 h", 20, "Bob back")
    # The seconds it lasted are taken from the year's 30 days: 29 whole days are left, and
    # a longer vacation is refused in words that say so.
    assert left.inner_text() == "Vacation days left: 29 (at most 30 in any 365 days)"
    # The field and its label offer what is left, no more (issue #35).
    assert lobby.inner_text("label[for=vacation-days]") == "Days (1-29)"
    assert lobby.get_attribute("#vacation-days", "max") == "29"
    lobby.fill("#vacation-days", "40")
    lobby.click("#vacation-start")
    refusal = "at most 30 vacation days in any 365 days: 29 left now, 40 asked"
    lobby.wait_for_function(
        "text => document.querySelector('#vacation-status').textContent === text", arg=refusal
    )

    assert ann.recorder.errors == []
    # The browser's own line for the refused request's answer, and nothing else.
    assert bob.recorder.errors == [
        "console error: Failed to load resource: the server responded with a status of 409 "
        "(Conflict)"
    ]
    for player in (ann, bob):
        player.context.close()
