"""A person who closes the tab at a table without a clock does not stall it: once away the
table's while, the other person lets a bot play for them with one click, the game goes on,
and the person, back, sees the bot at their seat and takes it back with one click. Two
browser contexts, Debian's Chromium; each acts only by clicking what its page shows."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from support.game_cases import kit_for

from .browser import DESKTOP, Player, launch_browser, open_context
from .conftest import Server
from .web_play import STRATEGIES, join

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
PUBLIC_SEAT_KEYS = ["seat", "kind", "name", "bot", "takeover", "joined", "connected", "away_since"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-absent")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def deal_short_while(ana: Player, base: str) -> str:
    """Ana's table (seat 0), a seat for a person and a bot's, with a one-second while before
    an absent person's seat may go to a bot; the invite link of seat 1. Dealt through the
    service with Ana's own identity cookie: the lobby's form is not what this test is about."""
    request = ana.context.request
    assert request.post(f"{base}/api/people", data={"name": ana.name}).ok
    answer = request.post(
        f"{base}/api/tables",
        data={
            "game": EXAMPLE,
            "players": 3,
            "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "basic"}],
            "sheet": "off",
            "takeover_bot": "basic",
            "away_after": 1,
            "sit": 0,
        },
    )
    assert answer.status == 201, answer.text()
    created = answer.json()
    ana.table, ana.seat = created["table"]["id"], 0
    [invite] = created["invites"]
    assert invite["seat"] == 1
    url: str = invite["url"]
    return url


def play_until(players: list[Player], done: Any, rng: random.Random, what: str) -> dict[str, Any]:
    """The players make moves by clicks (any their game's strategy picks), each when the
    table waits on them, until ``done`` holds of the first one's latest frame."""
    memory: dict[str, dict[str, Any]] = {p.name: {} for p in players}
    for _ in range(200):
        frame = players[0].drawn()
        if done(frame):
            return frame
        assert frame["status"] == "playing", f"the game ended before {what}"
        for player in players:
            mine = player.drawn()
            clicks = STRATEGIES[EXAMPLE](player, mine, rng, memory[player.name])
            if clicks and player.seat in mine["actors"]:
                player.act(clicks)
                break
        else:
            players[0].page.wait_for_timeout(60)
    raise AssertionError(f"200 rounds without {what}")


def test_an_absent_persons_seat_goes_to_a_bot_and_back(browser: Any, server: Server) -> None:
    ana = Player("Ana", *open_context(browser, DESKTOP))
    bob = Player("Bob", *open_context(browser, DESKTOP))
    invite = deal_short_while(ana, server.http)
    join(bob, invite, 1)
    page = ana.open(f"{server.http}/t/{ana.table}")
    page.wait_for_selector(".board-host > *")
    ana.wait(lambda: ana.drawn()["seats"][1]["connected"], 20, "Bob at the table")
    offer = page.locator('[data-key="hand-to-bot-1"]')
    assert offer.count() == 0  # Bob is at the table

    # Bob closes his tab: a second later Ana is offered to let a bot play for him.
    bob.page.close()
    offer.wait_for(timeout=20_000)
    assert offer.inner_text() == "Let a bot play for Bob"
    assert (
        page.locator(".notice-box.absent").inner_text().startswith("Bob has been away for a while.")
    )
    offer.click()
    handed = ana.wait(
        lambda: (frame := ana.drawn())["seats"][1]["takeover"] and frame, 20, "the bot at seat 1"
    )
    assert handed["seats"][1]["bot"] == "basic" and handed["seats"][1]["away_since"] is None
    assert offer.count() == 0
    chip = page.locator(".seat-chip").nth(1)
    assert "the bot basic plays for now" in (chip.get_attribute("aria-label") or "")

    # The game goes on: Ana moves by clicks, the bot moves for Bob.
    from_step = handed["step"]
    rng = random.Random("absent")
    moved = play_until(
        [ana],
        lambda f: any(entry[0] == 1 for entry in f["log"][from_step:]),
        rng,
        "a move of the bot at seat 1",
    )
    assert moved["status"] == "playing"

    # Bob comes back: his page says a bot plays his seat; one click and it is his again.
    bob.open(f"{server.http}/t/{ana.table}")
    bob.table, bob.seat = ana.table, 1
    bob.page.wait_for_selector(".board-host > *")
    notice = bob.page.locator(".notice-box", has_text="plays your seat for now")
    notice.wait_for()
    assert notice.inner_text().startswith("The bot basic plays your seat for now.")
    notice.locator("button", has_text="Take my seat back").click()
    back = bob.wait(
        lambda: not (frame := bob.drawn())["seats"][1]["takeover"] and frame, 20, "seat 1 back"
    )
    assert back["seats"][1]["bot"] is None
    ana.wait(
        lambda: (s := ana.drawn()["seats"][1])["connected"] and not s["takeover"],
        20,
        "Bob back at the table",
    )
    assert offer.count() == 0
    # And Bob plays his own seat again, by clicks.
    from_step = back["step"]
    last = play_until(
        [bob, ana],
        lambda f: any(entry[0] == 1 for entry in f["log"][from_step:]),
        rng,
        "Bob's own move",
    )
    assert last["status"] == "playing" and not last["seats"][1]["takeover"]

    # What every seat got of the others is the public seats, away_since among them.
    for player in (ana, bob):
        for text in player.recorder.frames:
            frame = json.loads(text)
            for seat in frame.get("seats", []):
                assert list(seat) == PUBLIC_SEAT_KEYS, seat
        assert player.recorder.errors == [], (player.name, player.recorder.errors)
        player.context.close()
