"""The browser page's lobby and what holds on every screen: each game's rule options with
their help, invite links, my tables with "your move" marked, open tables to sit at or
watch, a rematch, the light and the dark theme, a 360-pixel-wide phone, an accessibility
scan (axe-core) of the lobby and of a table, and no console error anywhere."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from support.game_cases import kit_for

from .browser import DESKTOP, PHONE, Player, check_axe, launch_browser, open_context, overflow
from .conftest import Server
from .web_play import STRATEGIES, deal

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE_KIT = kit_for(lambda cases: cases.fronts.example)
EXAMPLE = EXAMPLE_KIT.name

NARROW = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-lobby")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def background_lightness(page: Any) -> float:
    """The page's background, 0 (black) to 1 (white), as the browser computed it."""
    rgb = page.evaluate(
        "getComputedStyle(document.documentElement).backgroundColor.match(/[0-9.]+/g).slice(0, 3)"
    )
    return sum(float(c) for c in rgb) / (3 * 255)


def test_lobby_rules_invites_open_tables_watch_themes_and_a_narrow_phone(
    browser: Any, server: Server
) -> None:
    games = httpx.get(f"{server.http}/api/games").json()["games"]
    ana = Player("Ana", *open_context(browser, DESKTOP))
    page = ana.open(server.http + "/")
    page.wait_for_selector("#new-table")
    assert background_lightness(page) > 0.8, "the light theme's background"
    check_axe(page, "the lobby, light theme")
    # Each game's rule options, each with its help text beside it.
    for game in games:
        page.click(f"label[for=game-{game['name']}]")
        page.evaluate("document.getElementById('advanced').open = true")
        page.wait_for_selector(f"legend:has-text('Rules of {game['title']}')")
        for option in game["options"]:
            help_text = page.locator(f"#option-{option['name']}-help").inner_text()
            assert help_text.startswith(option["help"]), (game["name"], option["name"])
        # The seats offer each of the game's bot levels.
        offered = page.locator("#seat-2 option").all_inner_texts()
        for bot in game["bot_levels"]:
            assert any(text.startswith(f"Bot: {bot['name']}") for text in offered)
    # A count of players the game does not take is changed, and said so (it was silently).
    low, high = EXAMPLE_KIT.game.min_players, EXAMPLE_KIT.game.max_players
    page.click(f"label[for=game-{EXAMPLE}]")
    page.fill("#players", str(high + 3))
    page.locator("#players").dispatch_event("change")
    assert page.locator("#players").input_value() == str(high)
    page.wait_for_function(
        "document.getElementById('toast').textContent"
        f".includes('takes {low}–{high} players, not {high + 3}')"
    )
    # The theme button cycles automatic, light, dark and is kept for the next visit.
    page.click("#theme")
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    page.click("#theme")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.wait_for_timeout(300)  # the colours' transition
    assert background_lightness(page) < 0.25, "the dark theme's background"
    check_axe(page, "the lobby, dark theme")
    page.reload()
    page.wait_for_selector("#new-table")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.click("#theme")  # back to automatic: the system's (light) scheme
    assert page.evaluate("document.documentElement.dataset.theme") is None

    # A listed table: Ana at seat 0, a free seat for a person, a bot.
    seats = ["me", "person", "bot:basic"]
    invites = deal(ana, server.http, EXAMPLE, seats, listed=True, clock=("live", 900))
    assert set(invites) == {1}
    assert invites[1].startswith(server.http + "/"), invites
    table = ana.table
    # Back in the lobby, Ana's table is under "My tables", waiting for one person, with
    # the invite link this browser keeps until the seat is taken.
    page.goto(server.http + "/")
    item = page.locator(f"#my-tables .table-item:has(a[href='/t/{table}'])")
    item.wait_for()
    assert "waiting for 1 person" in item.inner_text()
    assert item.locator("input#invite-1").input_value() == invites[1]

    # Bob, on a 360-pixel-wide phone in the dark, finds it under "Open tables" and sits.
    bob = Player("Bob", *open_context(browser, NARROW, dark=True))
    page_b = bob.open(server.http + "/")
    page_b.wait_for_selector("#new-table")
    assert background_lightness(page_b) < 0.25, "the system's dark scheme"
    assert overflow(page_b) == 0, "the lobby scrolls sideways at 360 px"
    check_axe(page_b, "the lobby at 360 px, dark theme")
    page_b.click("#open-tables button:has-text('Sit at seat 1')")
    page_b.fill("#ask-name", "Bob")
    page_b.click("text=Sit down")
    page_b.wait_for_selector(".board-host > *")
    assert page_b.url.endswith(f"/t/{table}")
    bob.table, bob.seat = table, 1
    frame = bob.drawn()
    assert frame["seat"] == 1 and frame["view"]["hand"]
    assert overflow(page_b) == 0, "the table scrolls sideways at 360 px"
    # On the phone every control of the table lies within the screen's width.
    outside = page_b.evaluate(
        """() => [...document.querySelectorAll('button, input, select, a, [data-key]')]
            .filter((e) => e.offsetParent !== null && !e.closest('.grid-scroll'))
            .filter((e) => !e.matches('.skip:not(:focus)'))
            .map((e) => [e.dataset.key || e.id || e.textContent.trim().slice(0, 30),
                         e.getBoundingClientRect()])
            .filter(([, r]) => r.left < 0 || r.right > 360)
            .map(([name]) => name)"""
    )
    assert outside == [], outside
    assert page_b.locator('[data-key="bv-cry"]').is_visible()
    check_axe(page_b, "a table at 360 px, dark theme")
    # Now the game is on and seat 0 asks first: Ana's lobby marks the table as her move.
    page.reload()
    mine = page.locator("#my-tables .table-item.your-move")
    mine.wait_for()
    assert "Your move" in mine.inner_text() and mine.locator(f"a[href='/t/{table}']").count()
    # At the table: the live clock of the seat to move counts down, and chat reaches the
    # other person.
    page.goto(f"{server.http}/t/{table}")
    page.wait_for_selector(".board-host > *")
    clock = page.locator('.seat-clock[data-seat="0"]')
    ana.wait(lambda: clock.inner_text().endswith("min left"), 10, "seat 0's clock")
    assert ana.state()["clock"]["per_move"] == 900  # as typed in the lobby
    assert int(clock.inner_text().split()[0]) in (14, 15)
    assert page_b.locator('.seat-clock[data-seat="1"]').inner_text() == ""
    page.click("#tab-chat")
    page.fill("#chat-text", "Hello Bob")
    page.press("#chat-text", "Enter")
    page_b.click("#tab-chat")
    page_b.wait_for_selector(".chat-list li:has-text('Ana: Hello Bob')")

    # Carl watches: his page draws the table, and his frames hold no hand.
    carl = Player("Carl", *open_context(browser, DESKTOP))
    carl.table = table
    page_c = carl.open(f"{server.http}/t/{table}?watch=1")
    page_c.wait_for_selector(".board-host > *")
    watched = carl.drawn()
    assert watched["seat"] is None and watched["view"]["hand"] is None
    assert "Your move" not in page_c.locator(".turn").inner_text()
    for text in carl.recorder.frames:
        frame = json.loads(text)
        if frame.get("type") == "state":
            assert frame["view"]["hand"] is None and frame["legal"]["actions"] == []

    for player in (ana, bob, carl):
        assert player.recorder.errors == [], (player.name, player.recorder.errors)
        player.context.close()


@pytest.mark.slow  # a whole game; the service's rematch is test_tables.py's in the fast suite
def test_a_finished_table_offers_a_rematch_in_the_lobby(browser: Any, server: Server) -> None:
    ana = Player("Ana", *open_context(browser, DESKTOP))
    deal(ana, server.http, EXAMPLE, ["me", "bot:random", "bot:random"], sheet="facts")
    # Ana plays by clicks to the end (the bots move at once).
    rng = random.Random("rematch")
    while ana.drawn()["status"] != "finished":
        frame = ana.drawn()
        clicks = STRATEGIES[EXAMPLE](ana, frame, rng, {})
        if clicks:
            ana.act(clicks)
        else:
            ana.page.wait_for_timeout(60)
        assert frame["step"] < 400, "the game does not end"
    ana.page.wait_for_selector(".end h2")
    ana.page.goto(server.http + "/")
    item = ana.page.locator(f"#my-tables .table-item:has(a[href='/t/{ana.table}'])")
    item.wait_for()
    assert "finished" in item.inner_text()
    item.locator("button:has-text('Rematch')").click()
    ana.page.wait_for_url(lambda url: "/t/" in url and ana.table not in url)
    ana.page.wait_for_selector(".board-host > *")
    again = ana.page.url.rstrip("/").split("/t/")[1]
    told = httpx.get(f"{server.http}/api/tables/{again}").json()
    told = told.get("table", told)
    assert told["rematch_of"] == ana.table and told["game"] == EXAMPLE
    assert ana.recorder.errors == [], ana.recorder.errors
    ana.context.close()


@pytest.mark.parametrize("game", sorted(STRATEGIES))
def test_each_game_is_drawn_and_played_by_clicks(browser: Any, server: Server, game: str) -> None:
    """The fast suite's look at each game in the browser (whole games, their leak checks and
    the screenshots are test_web_games.py's, marked slow): on a phone, a person and two bots;
    the person's moves by clicks are taken, the page follows every step with the history
    whole, and nothing scrolls sideways."""
    ana = Player("Ana", *open_context(browser, PHONE))
    deal(ana, server.http, game, ["me", "bot:random", "bot:random"], sheet="facts")
    rng = random.Random(f"{game} on a phone")
    moves = 0
    for _ in range(200):
        frame = ana.drawn()
        if frame["status"] != "playing" or moves == 3:
            break
        clicks = STRATEGIES[game](ana, frame, rng, {})
        if clicks:
            assert ana.act(clicks), (game, clicks, ana.errors_since(0))
            moves += 1
        else:
            ana.page.wait_for_timeout(40)
    assert moves >= 2, f"{game}: {moves} moves by clicks"
    frame = ana.drawn()
    # The bots play on: the step drawn and the history are read in one go.
    step, told = ana.page.evaluate(
        """() => [Number(document.querySelector('.table-page').dataset.step),
                  document.querySelectorAll('.history-list li:not(.empty)').length]"""
    )
    assert told == step >= frame["step"]
    assert any(seat == 0 for seat, *_ in frame["log"]), "Ana's moves are in the history"
    assert overflow(ana.page) == 0, f"{game}: the table scrolls sideways at 390 px"
    assert all("seed" not in text for text in ana.recorder.frames if '"finished"' not in text)
    assert ana.recorder.errors == [], ana.recorder.errors
    ana.context.close()
