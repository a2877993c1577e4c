"""The page in German and Japanese, in Debian's Chromium: the language from the browser's
Accept-Language, <html lang> set, and on the lobby and at a table of every game no text a
person reads (text, aria-label, placeholder, title) left as an English string of the
catalogue whose translation differs; a language picked in the page is remembered."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from sleuth.i18n import page_catalogue

from .browser import DESKTOP, launch_browser
from .conftest import Server

# Every piece of text a person meets: each text node, and the attributes read aloud or shown;
# outside the games' own parts of the table (.board-host), whose words are not in the
# catalogues yet (the shared page's are).
SHOWN_TEXT = """() => {
  const texts = [];
  const own = (node) => !(node.parentElement || node).closest(".board-host");
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (text && own(node)) texts.push(text);
  }
  const labelled = document.querySelectorAll("[aria-label], [placeholder], [title]");
  for (const element of [...labelled].filter(own)) {
    for (const name of ["aria-label", "placeholder", "title"]) {
      const value = element.getAttribute(name);
      if (value && value.trim()) texts.push(value.trim());
    }
  }
  texts.push(document.title);
  return texts;
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-languages")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def english_patterns(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """Each English string of the catalogue that the language says otherwise, as a pattern
    matching the whole of a shown text (a placeholder matches a value: no colon, so that a
    game part's own "seat 1: 13 possible cases" is not taken for "seat %(seat)s")."""
    patterns = []
    for msgid, translated in page_catalogue(language).items():
        forms = translated if isinstance(translated, list) else [translated]
        if not msgid or msgid in forms:
            continue
        pieces = re.split(r"%\(\w+\)[sd]", msgid.strip())
        patterns.append((msgid, re.compile("[^:]+".join(re.escape(p) for p in pieces))))
    return patterns


def kit_texts(games: list[dict[str, Any]]) -> set[str]:
    """What the games' kits send in English (bots' descriptions, options' help): not yet in
    the catalogues, so left out here rather than matched by a pattern by chance (a bot's
    "Rules of thumb..." is no "Rules of %(game)s")."""
    texts: set[str] = set()
    for game in games:
        texts.update(bot["about"] for bot in game["bot_levels"])
        texts.update(option["help"] for option in game["options"])
    return texts


def english_left(page: Any, language: str, skipped: set[str]) -> list[tuple[str, str]]:
    shown = page.evaluate(SHOWN_TEXT)
    return [
        (text, msgid)
        for text in shown
        if text not in skipped
        for msgid, pattern in english_patterns(language)
        if pattern.fullmatch(text)
    ]


def deal_against_bots(page: Any, game: dict[str, Any], name: str) -> None:
    """In the lobby, by its controls' ids only (their words are the language's): the game,
    me and bots at its fewest players, deal, sit down, go to the table."""
    page.click(f"label[for=game-{game['name']}]")
    page.fill("#players", str(game["min_players"]))
    page.press("#players", "Tab")
    bot = game["bot_levels"][0]["name"]
    page.select_option("#seat-0", "me")
    for seat in range(1, game["min_players"]):
        page.select_option(f"#seat-{seat}", f"bot:{bot}")
    page.click("#deal")
    page.wait_for_selector("#ask-name, #go-table")
    if page.locator("#ask-name").count():  # asked once; this browser remembers the name
        page.fill("#ask-name", name)
        page.press("#ask-name", "Enter")
    page.wait_for_selector("#go-table")
    page.click("#go-table")
    page.wait_for_selector(".board-host > *")
    page.wait_for_selector(".history li, .turn:not(:empty)")


@pytest.mark.parametrize(("locale", "language"), [("de-DE", "de"), ("ja-JP", "ja")])
def test_lobby_and_every_games_table_show_no_english_left(
    browser: Any, server: Server, locale: str, language: str
) -> None:
    games = httpx.get(f"{server.http}/api/games").json()["games"]
    skipped = kit_texts(games)
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(server.http + "/")
        page.wait_for_selector("#new-table")
        assert page.evaluate("document.documentElement.lang") == language
        assert page.input_value("#language") == language
        assert english_left(page, language, skipped) == [], english_left(page, language, skipped)
        for game in games:
            page.goto(server.http + "/")
            page.wait_for_selector("#new-table")
            deal_against_bots(page, game, "Ana")
            left = english_left(page, language, skipped)
            assert left == [], (game["name"], left)
        assert errors == []
    finally:
        context.close()


def test_a_language_picked_in_the_page_is_kept_over_the_browsers(
    browser: Any, server: Server
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="de-DE")
    try:
        page = context.new_page()
        page.goto(server.http + "/")
        page.wait_for_selector("#new-table")
        assert page.locator("#new-title").inner_text() == "Neuen Tisch austeilen"
        with page.expect_navigation():
            page.select_option("#language", "ja")
        page.wait_for_selector("#new-table")
        assert page.evaluate("document.documentElement.lang") == "ja"
        assert page.locator("#new-title").inner_text() == "新しいテーブルを配る"
        again = context.new_page()
        again.goto(server.http + "/")
        again.wait_for_selector("#new-table")
        assert again.locator("#new-title").inner_text() == "新しいテーブルを配る"
        with again.expect_navigation():
            again.select_option("#language", "en")
        again.wait_for_selector("#new-table")
        assert again.locator("#new-title").inner_text() == "Deal a new table"
    finally:
        context.close()
