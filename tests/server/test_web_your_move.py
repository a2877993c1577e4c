"""Nobody misses their move: when the game starts waiting on a person, their open lobby says so
in the tab's title ("(1) ..."), on the tab's icon (a badge) and in its "Your move" list, one
click from the table; once they have moved, all of it goes back. Two browser contexts,
Debian's Chromium; each person acts only by clicking what their page shows."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from support.game_cases import kit_for

from .browser import DESKTOP, Player, check_axe, launch_browser, open_context
from .conftest import Server
from .web_play import STRATEGIES, join

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
LOBBY_TITLE = "Sleuth: the lobby"
ICON = "/static/icon.svg"
MINE_KEYS = ["table", "seat", "your_move", "waiting_since"]
Frame = dict[str, Any]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    folder = tmp_path_factory.mktemp("web-your-move")
    database = folder / "sleuth.db"
    running = Server(f"sqlite:///{database}", folder / "signing.key").start()
    yield running, database
    running.stop()


def deal(ann: Player, base: str) -> tuple[str, str]:
    """Ann's table at seat 0 (the seat that moves first), Bob's seat 1, a bot's seat 2: the
    table and the invite of seat 1. Dealt through the service: the lobby's form is not this
    test's."""
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
        },
    )
    assert answer.status == 201, answer.text()
    created = answer.json()
    table: str = created["table"]["id"]
    ann.table, ann.seat = table, 0
    [invite] = created["invites"]
    url: str = invite["url"]
    return table, url


def mine_entry(player: Player, base: str) -> dict[str, Any]:
    answer = player.context.request.get(f"{base}/api/tables/mine")
    assert answer.ok, answer.text()
    [entry] = answer.json()
    assert list(entry) == MINE_KEYS
    found: dict[str, Any] = entry
    return found


def stored(database: Path, query: str, table: str) -> float:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        [(value,)] = db.execute(query, (table,)).fetchall()
    assert isinstance(value, float)
    return value


def move_until(player: Player, done: Callable[[Frame], bool], rng: random.Random) -> Frame:
    """The player moves by clicks whenever the game waits on their seat, until ``done``
    holds of their latest frame (the bot's seat moves by itself)."""
    memory: dict[str, Any] = {}

    def ready() -> Frame | None:
        frame = player.drawn()
        return frame if done(frame) or frame["to_move"] == player.seat else None

    for _ in range(30):
        frame: Frame = player.wait(ready, 40, "the table to wait on me, or this part's end")
        if done(frame):
            return frame
        assert frame["status"] == "playing", f"the game ended before {player.name} was done"
        clicks = STRATEGIES[EXAMPLE](player, frame, rng, memory)
        assert clicks, f"{player.name}'s strategy found no move"
        player.act(clicks)
    raise AssertionError(f"{player.name}: 30 moves without the end of this test's part")


def wait_title(player: Player, page: Any, title: str) -> None:
    """Until the tab's title is ``title`` (the lobby looks again within 20 s)."""
    player.wait(lambda: page.title() == title, 40, f"the title {title!r}")


def icon_of(page: Any) -> str:
    href: str = page.locator("link[rel=icon]").get_attribute("href")
    return href


def test_the_lobby_says_whose_move_it_is(browser: Any, served: tuple[Server, Path]) -> None:
    server, database = served
    base = server.http
    ann = Player("Ann", *open_context(browser, DESKTOP))
    bob = Player("Bob", *open_context(browser, DESKTOP))
    table_id, invite = deal(ann, base)
    join(bob, invite, 1)
    table = ann.context.request.get(f"{base}/api/tables/{table_id}").json()
    table_title = f"{table['title']} · Sleuth"
    ann.open(f"{base}/t/{table_id}").wait_for_selector(".board-host > *")
    assert ann.drawn()["to_move"] == 0

    # Bob's lobby: the game waits on Ann, not on him; nothing to tell him.
    lobby = bob.page
    lobby.goto(f"{base}/")
    lobby.locator(f'#my-tables a[href="/t/{table_id}"]').wait_for()
    assert lobby.title() == LOBBY_TITLE
    assert icon_of(lobby) == ICON
    assert lobby.locator("#your-move").is_hidden()
    assert not lobby.is_checked("#move-sound")  # the sound is off unless asked for
    lobby.check("#move-sound")
    # Since when the game waits on Ann: its start, the time the service keeps.
    started = stored(database, "SELECT started_at FROM tables WHERE id = ?", table_id)
    assert mine_entry(ann, base)["waiting_since"] == started
    assert mine_entry(bob, base)["waiting_since"] is None

    # Ann moves (by clicks) until the game waits on Bob: his lobby tells him.
    rng = random.Random("your move")
    move_until(ann, lambda f: f["to_move"] == 1, rng)
    wait_title(bob, lobby, f"(1) {LOBBY_TITLE}")
    # The badge is drawn once the page's icon has loaded into the canvas.
    bob.wait(lambda: icon_of(lobby) != ICON, 20, "the icon's badge")
    assert icon_of(lobby).startswith("data:image/png;base64,")
    items = lobby.locator("#your-move-list li")
    assert items.count() == 1
    link = items.locator("a")
    assert link.get_attribute("href") == f"/t/{table_id}"
    assert link.inner_text() == f"{table['title']} · seat 1"
    assert items.locator("time").inner_text().startswith("It became your move ")
    last_step = "SELECT at FROM steps WHERE table_id = ? ORDER BY number DESC LIMIT 1"
    assert mine_entry(bob, base)["waiting_since"] == stored(database, last_step, table_id)
    check_axe(lobby, "the lobby with a table waiting on me")
    # Ann's own page counts nothing: the game waits on Bob, not on her.
    assert ann.page.title() == table_title

    # One click from the list to the table (here into a tab of its own); Bob moves there.
    with bob.context.expect_page() as opened:
        link.click(modifiers=["Control"])
    bob.page = opened.value
    bob.table, bob.seat = table_id, 1
    bob.page.wait_for_selector(".board-host > *")
    wait_title(bob, bob.page, f"(1) {table_title}")
    move_until(bob, lambda f: f["to_move"] == 0, rng)
    # The table's own page knows at once (its channel), the lobby at its next look.
    wait_title(bob, bob.page, table_title)
    wait_title(bob, lobby, LOBBY_TITLE)
    assert icon_of(lobby) == ICON
    assert lobby.locator("#your-move").is_hidden()
    assert mine_entry(bob, base)["waiting_since"] is None

    for player in (ann, bob):
        assert player.recorder.errors == [], (player.name, player.recorder.errors)
        player.context.close()
