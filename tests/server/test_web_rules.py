"""Each game's rules in the page: opened from the lobby (a button beside the games) and from
a table (its Rules button and the ? key, not while typing a move), in short and in full, with
the example cards drawn by the game's own part; and no text of the lobby or a table speaks
the rules reference's codes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from support.game_names import built_in_kits

from .browser import DESKTOP, Player, launch_browser, open_context
from .conftest import Server
from .web_play import deal

REFERENCE_CODES = re.compile(r"§|\bD\d+:|\bC\d+:|\bA\d+\b")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-rules")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def games_with_rules(base: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every game of the lobby whose kit has rules, with the rules the service gives."""
    found = []
    for game in httpx.get(f"{base}/api/games").json()["games"]:
        answer = httpx.get(f"{base}/api/games/{game['name']}/rules")
        if answer.status_code == 200:
            found.append((game, answer.json()))
    return found


def coded(page: Any) -> list[str]:
    """The reference's codes in the text the page shows."""
    return REFERENCE_CODES.findall(page.locator("body").inner_text())


def untitled(page: Any) -> list[str]:
    """The table's controls with no tooltip (an empty or missing title), by their text."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll(
                 '.table-page button, .table-page input, .table-page select, .table-page textarea')]
               .filter((c) => !(c.getAttribute('title') || '').trim())
               .map((c) => c.id || c.getAttribute('aria-label') || c.textContent.trim())"""
        )
    )


def check_panel(page: Any, game: dict[str, Any], rules: dict[str, Any]) -> None:
    """The open rules panel: the short rules, then the full ones, each section as served, the
    example cards drawn by the game's part; closed again by Escape."""
    dialog = page.locator("dialog.rules-dialog[open]")
    dialog.locator(".rules-section").first.wait_for()
    assert dialog.locator("h2").inner_text() == f"How to play {game['title']}"
    for part, tab in (("short", "In short"), ("full", "In full")):
        dialog.get_by_role("button", name=tab).click()
        headings = dialog.locator(".rules-section h3").all_inner_texts()
        assert headings == [s["heading"] for s in rules[part]], (game["name"], part)
        shown = dialog.locator(".rules-cards > *").count()
        assert shown == sum(len(s["cards"]) for s in rules[part])
        if game["web"]:
            # drawn by the game's own part, not written out as plain text
            assert dialog.locator(".rules-cards > code.rules-card").count() == 0
        assert REFERENCE_CODES.findall(dialog.inner_text()) == []
    links = dialog.locator("a[href]")
    if rules["reference"]:
        assert links.get_attribute("href") == rules["reference"]
    else:  # a game with no public page on its printed rules (the example game) links nowhere
        assert links.count() == 0
    page.keyboard.press("Escape")
    page.locator("dialog.rules-dialog").wait_for(state="detached")


def test_the_rules_open_from_the_lobby_and_every_game_speaks_no_reference_code(
    browser: Any, server: Server
) -> None:
    found = games_with_rules(server.http)
    assert len(found) >= 4
    ana = Player("Ana", *open_context(browser, DESKTOP))
    page = ana.open(server.http + "/")
    page.wait_for_selector("#new-table")
    page.evaluate("document.getElementById('advanced').open = true")  # the variants' words too
    for game, rules in found:
        page.click(f"label[for=game-{game['name']}]")
        page.wait_for_selector(f"legend:has-text('Rules of {game['title']}')")
        assert coded(page) == [], game["name"]
        page.get_by_role("button", name=f"Rules of {game['title']}").click()
        check_panel(page, game, rules)
    assert ana.recorder.errors == []


def test_the_rules_open_from_a_table_by_its_button_and_the_question_mark(
    browser: Any, server: Server
) -> None:
    for game, rules in games_with_rules(server.http):
        host = Player("Ana", *open_context(browser, DESKTOP))
        seats = ["me"] + ["bot:random"] * (game["min_players"] - 1)
        deal(host, server.http, game["name"], seats, sheet="facts")
        page = host.page
        assert coded(page) == [], game["name"]
        # every control has a tooltip: its own where the page gives one, else its name
        page.wait_for_selector(".board-host button")
        assert untitled(page) == [], game["name"]
        assert page.locator("#notation").get_attribute("title") == (
            "A move typed in the game's notation (the key / comes here)"
        )
        # a ? typed in a message is a character of it, not the key
        page.locator("#tab-chat").click()
        page.locator("#chat-text").focus()
        page.keyboard.type("?")
        assert page.locator("dialog.rules-dialog").count() == 0
        assert page.locator("#chat-text").input_value() == "?"
        page.locator("h1").click()
        page.keyboard.press("?")
        check_panel(page, game, rules)
        page.get_by_role("button", name="Rules").click()
        check_panel(page, game, rules)
        assert host.recorder.errors == []
        host.context.close()


def test_the_rules_and_the_options_open_in_german_in_a_german_browser(
    browser: Any, server: Server
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="de-DE")
    try:
        page = context.new_page()
        page.goto(server.http + "/")
        page.wait_for_selector("#new-table")
        # The built-in games: the server's own source (an example package's comes from
        # wherever it is installed, which may be another checkout).
        built_in = {kit.name for kit in built_in_kits()}
        assert len(built_in) >= 4
        menu = httpx.get(f"{server.http}/api/games", params={"lang": "de"}).json()["games"]
        for game in [g for g in menu if g["name"] in built_in]:
            english = httpx.get(f"{server.http}/api/games/{game['name']}/rules")
            if english.status_code != 200:
                continue
            german = httpx.get(f"{server.http}/api/games/{game['name']}/rules?lang=de").json()
            page.get_by_role("button", name=f"Regeln von {game['title']}").click()
            dialog = page.locator("dialog.rules-dialog[open]")
            dialog.locator(".rules-section").first.wait_for()
            assert dialog.locator("h2").inner_text() == f"So spielt man {game['title']}"
            for part, tab in (("short", "Kurz"), ("full", "Vollständig")):
                dialog.get_by_role("button", name=tab, exact=True).click()
                shown = dialog.locator(".rules-section h3").all_inner_texts()
                assert shown == [s["heading"] for s in german[part]], game["name"]
                first = dialog.locator(".rules-section p").first.inner_text()
                assert first == german[part][0]["paragraphs"][0]
                english_headings = {s["heading"] for s in english.json()[part]}
                assert english_headings.isdisjoint(shown), game["name"]
            page.keyboard.press("Escape")
            page.locator("dialog.rules-dialog").wait_for(state="detached")
            # the lobby's form names the game's options in German too (as written: the
            # page's style capitalises them)
            page.click(f"label[for=game-{game['name']}]")
            for option in game["options"]:
                label = page.locator(f"label[for=option-{option['name']}]").text_content()
                assert label == option["label"], (game["name"], option["name"])
    finally:
        context.close()
