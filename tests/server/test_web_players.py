"""The lobby for players (issue 35): one click to a standard table of each game, the rule
variants folded, named decks, the first player named as the game has it, numbers refused with
their range, bots' strength in words, a used invite that says so; and keyboard hints only where
there is a keyboard."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from support.game_cases import kit_for

from .browser import DESKTOP, PHONE, Player, check_axe, launch_browser, open_context
from .conftest import Server
from .web_play import deal, join

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
# The words a used invite shows (English, the page's source).
SPENT = (
    "This invite link has been used already: its seat is taken. Ask whoever sent it for a new "
    "link; meanwhile you are watching the table."
)

LEVEL_WORDS = {
    "easy": "Easy: plays any legal move at random; for learning the rules.",
    "medium": "Medium: plays by rules of thumb and simple notes.",
}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-players")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def menu(server: Server) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"{server.http}/api/games").json()
    return answer


def lobby(browser: Any, server: Server, name: str = "Ana") -> Player:
    person = Player(name, *open_context(browser, DESKTOP))
    person.open(server.http + "/").wait_for_selector("#new-table")
    return person


def test_one_click_deals_a_standard_table_of_each_game(
    browser: Any, server: Server, menu: dict[str, Any]
) -> None:
    ana = lobby(browser, server)
    page = ana.page
    # The form's own default is the facts sheet, and its rule variants are folded away.
    assert page.is_checked("#sheet-facts")
    assert page.evaluate("document.getElementById('advanced').open") is False
    assert not page.locator("#new-table .option").first.is_visible()
    for number, game in enumerate(menu["games"]):
        page.goto(server.http + "/")
        page.click(f"#quick-{game['name']}")
        if number == 0:
            page.fill("#ask-name", "Ana")
            page.click("text=Sit down")
        page.wait_for_selector(".board-host > *")
        table = page.url.rstrip("/").split("/t/")[1]
        told = httpx.get(f"{server.http}/api/tables/{table}").json()
        told = told.get("table", told)
        players = min(max(3, game["min_players"]), game["max_players"])
        assert (told["game"], told["players"], told["sheet"], told["clock"]) == (
            game["name"],
            players,
            "facts",
            "none",
        )
        assert [s["kind"] for s in told["seats"]] == ["person"] + ["bot"] * (players - 1)
        assert told["seats"][0]["name"] == "Ana"
        levels = {b["name"] for b in game["bot_levels"] if b["level"]}
        bot = "medium" if "medium" in levels else game["takeover_bot"]
        assert {s["name"] for s in told["seats"][1:]} == {bot}
    assert ana.recorder.errors == [], ana.recorder.errors
    ana.context.close()


def test_named_decks_the_first_player_and_bots_in_words(
    browser: Any, server: Server, menu: dict[str, Any]
) -> None:
    ana = lobby(browser, server)
    page = ana.page
    lists = 0
    for game in menu["games"]:
        page.click(f"label[for=game-{game['name']}]")
        page.evaluate("document.getElementById('advanced').open = true")
        page.wait_for_selector(f"legend:has-text('Rules of {game['title']}')")
        # Each list (a deck) by name; its text only in the editor of one's own list.
        for option in (o for o in game["options"] if o["kind"] == "list"):
            lists += 1
            field = page.locator(f"#option-{option['name']}")
            assert field.evaluate("node => node.tagName") == "SELECT"
            named = option["presets"] or [option["default"]]
            shown = ["Standard" if v == option["default"] else v for v in named]
            assert field.locator("option").all_inner_texts() == [*shown, "Your own list…"]
            editor = page.locator(f"#option-{option['name']}-own")
            assert not editor.is_visible()
            field.select_option(label="Your own list…")
            assert editor.is_visible() and editor.input_value() == option["default"]
            field.select_option(label="Standard")
            assert not editor.is_visible()
        # Who plays first, as the game has it.
        labels = page.locator("#new-table .seat-row > label").all_inner_texts()
        drawn = page.locator(".first-player")
        first = game["first_seat"]
        expected = [
            f"Seat {seat} (plays first)" if seat == first else f"Seat {seat}"
            for seat in range(len(labels))
        ]
        assert labels == expected, game["name"]
        assert drawn.count() == (1 if first is None else 0)
        if first is None:
            assert drawn.inner_text() == (
                "Who plays first is drawn at random when the cards are dealt."
            )
        for option, values in game["first_seat_by"].items():
            for value, seat in values.items():
                page.select_option(f"#option-{option}", value)
                top = page.locator("#seat-0 >> xpath=preceding-sibling::label").inner_text()
                assert top == ("Seat 0 (plays first)" if seat == 0 else "Seat 0"), (option, value)
                assert page.locator(".first-player").count() == (1 if seat is None else 0)
        # A bot's strength in words: no setting (name=value) shown where a person chooses.
        level = next(b["name"] for b in game["bot_levels"] if b["name"] in LEVEL_WORDS)
        page.select_option("#seat-1", f"bot:{level}")
        assert page.inner_text("#seat-1-about") == LEVEL_WORDS[level]
        tuned = next(b for b in game["bot_levels"] if not b["level"] and b["parameters"])
        page.select_option("#seat-1", f"bot:{tuned['name']}")
        assert not page.locator("#seat-1-knobs").is_visible()
        assert "=" not in page.inner_text("#new-table .seats")
        assert all("=" not in text for text in page.locator("#takeover option").all_inner_texts())
    assert lists >= 3, "the games' decks"
    assert ana.recorder.errors == [], ana.recorder.errors
    ana.context.close()


def test_a_number_outside_its_range_is_refused_with_the_range(
    browser: Any, server: Server, menu: dict[str, Any]
) -> None:
    game, option = next(
        (g, o)
        for g in menu["games"]
        for o in g["options"]
        if o["kind"] == "int" and o["low"] is not None and o["high"] is not None
    )
    ana = lobby(browser, server)
    page = ana.page
    page.click(f"label[for=game-{game['name']}]")
    page.evaluate("document.getElementById('advanced').open = true")
    field, error = f"#option-{option['name']}", f"#option-{option['name']}-error"
    too_many = option["high"] + 1
    page.fill(field, str(too_many))
    page.press(field, "Tab")
    assert page.inner_text(error) == (
        f"A whole number from {option['low']} to {option['high']}, not “{too_many}”."
    )
    assert page.get_attribute(field, "aria-invalid") == "true"
    # Unfolded, with a refused field and a deck's own list open, the lobby stays accessible.
    deck = next((o["name"] for o in game["options"] if o["kind"] == "list"), None)
    if deck is not None:
        page.select_option(f"#option-{deck}", label="Your own list…")
    check_axe(page, "the lobby's variants, a number refused")
    page.evaluate("document.getElementById('advanced').open = false")
    page.click("#deal")
    # Not dealt, and not even asked for a name: the field is shown again, focused.
    assert page.inner_text("#new-table .error-text") == (
        "The table was not dealt: a field is refused (see the words beside it)."
    )
    assert page.locator("#ask-name").count() == 0
    assert page.evaluate("document.getElementById('advanced').open") is True
    assert page.evaluate("document.activeElement.id") == field[1:]
    page.fill(field, str(option["high"]))
    page.press(field, "Tab")
    assert not page.locator(error).is_visible()
    assert page.get_attribute(field, "aria-invalid") is None
    # A clock's time per move, in the clock's unit.
    page.check("#clock-live")
    page.fill("#per-move", "2")
    page.press("#per-move", "Tab")
    assert page.inner_text("#per-move-error") == "From 5 to 3,600 seconds, not “2”."
    page.fill("#per-move", "90")
    page.press("#per-move", "Tab")
    assert not page.locator("#per-move-error").is_visible()
    assert ana.recorder.errors == [], ana.recorder.errors
    ana.context.close()


def test_a_used_invite_says_so_and_asks_no_name(browser: Any, server: Server) -> None:
    ana = Player("Ana", *open_context(browser, DESKTOP))
    invites = deal(ana, server.http, EXAMPLE, ["me", "person", "bot:random"])
    bob = Player("Bob", *open_context(browser, DESKTOP))
    join(bob, invites[1], 1)
    carl = Player("Carl", *open_context(browser, DESKTOP))
    page = carl.open(invites[1])
    page.wait_for_selector(".invite-spent, #ask-name")
    assert page.locator("#ask-name").count() == 0, "a used invite asked for a name"
    assert page.inner_text(".invite-spent") == SPENT
    page.wait_for_selector(".board-host > *")
    assert "watching" in page.inner_text(".table-sub")
    assert "token=" not in page.url
    for person in (ana, bob, carl):
        assert person.recorder.errors == [], (person.name, person.recorder.errors)
        person.context.close()


def test_keyboard_hints_only_where_there_is_a_keyboard(browser: Any, server: Server) -> None:
    for touch, viewport in ((True, PHONE), (False, DESKTOP)):
        ana = Player("Ana", *open_context(browser, viewport, touch=touch))
        deal(ana, server.http, EXAMPLE, ["me", "bot:random", "bot:random"])
        ana.drawn()
        page = ana.page
        assert page.locator("#keys-help kbd").count() > 0  # drawn for a keyboard, if any
        assert page.locator("#keys-help").is_visible() is not touch, touch
        title = page.get_attribute(".table-head .rules-button", "title") or ""
        assert title.endswith(" (key ?)") is not touch, title
        assert ana.recorder.errors == [], ana.recorder.errors
        ana.context.close()
