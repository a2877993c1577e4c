"""The page in German and Japanese, in Debian's Chromium: the language from the browser's
Accept-Language, <html lang> set, and on the lobby and at a table of every game, its own
part (.board-host) included, before and after moves played by clicks, no text a person
reads (text, aria-label, placeholder, title) left as an English string of the catalogue
whose translation differs; a language picked in the page is remembered."""

from __future__ import annotations

import functools
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from sleuth.core import find_kit
from sleuth.i18n import page_catalogue

from .browser import DESKTOP, check_axe, launch_browser
from .conftest import Server

# Every piece of text a person meets: each text node, and the attributes read aloud or shown,
# the games' own parts of the table (.board-host) included; each with whether it is in one.
# The notation box's placeholder is left out: its example is a move in the game's notation
# ("e.g. ask 1 purple left"), which is no language's, and would match "%(time)s left". So is
# what the generic table (for a game with no page part of its own) shows as it comes: the
# moves in notation ("accuse") and the view's field names ("questions left"), and what a person
# edits in a text area (a deck of one's own, written in the game's notation).
SHOWN_TEXT = """() => {
  const texts = [];
  const inBoard = (node) => Boolean((node.parentElement || node).closest(".board-host"));
  // The review's figures for the curious, moves in the game's notation among them.
  const inFold = (node) => Boolean((node.parentElement || node).closest(".review-details"));
  const data = ".fallback .move-kind, .fallback button[data-action], .fallback dt, textarea";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (text && !node.parentElement.closest(data)) texts.push([text, inBoard(node), inFold(node)]);
  }
  const labelled = document.querySelectorAll("[aria-label], [placeholder], [title]");
  for (const element of labelled) {
    for (const name of ["aria-label", "placeholder", "title"]) {
      const value = element.getAttribute(name);
      if (name === "placeholder" && element.id === "notation") continue;
      if (value && value.trim()) texts.push([value.trim(), inBoard(element), inFold(element)]);
    }
  }
  texts.push([document.title, false, false]);
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


@functools.cache
def english_patterns(
    language: str, game: str | None = None
) -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """Each English string of the catalogue that the language says otherwise (at a game's
    table, the catalogue the page reads there: the game's own words too), as a pattern
    matching the whole of a shown text (a placeholder matches a value: no colon, so that a
    game part's own "seat 1: 13 possible cases" is not taken for "seat %(seat)s", and no line
    break, so that a game's sheet of many lines is not taken for "%(card)s is %(place)s"). A string
    of placeholders and punctuation only ("%(name)s: %(cards)s") has no English word to
    leave, and would match any sentence with a colon: left out. Each with its longest fixed
    piece, which a text must hold to match (a cheap test first: a walk's page shows hundreds
    of texts, the catalogues hold over a thousand strings)."""
    patterns = []
    locale = None if game is None else find_kit(game).locale
    for msgid, translated in page_catalogue(language, locale).items():
        forms = translated if isinstance(translated, list) else [translated]
        if not msgid or msgid in forms:
            continue
        pieces = re.split(r"%\(\w+\)[sd]", msgid.strip())
        if not re.search("[A-Za-z]", "".join(pieces)):
            continue
        pattern = re.compile("[^:\n]+".join(re.escape(p) for p in pieces))
        patterns.append((msgid, max(pieces, key=len), pattern))
    return tuple(patterns)


def kit_texts(games: list[dict[str, Any]]) -> set[str]:
    """What the games' kits send in English to the lobby (bots' descriptions, options' names
    and help): not yet in the catalogues, so left out there rather than matched by a pattern
    by chance (a bot's "Rules of thumb..." is no "Rules of %(game)s", an option "glasses" no
    card "glasses"). Never left out in a game's own part of the table."""
    texts: set[str] = set()
    for game in games:
        texts.update(bot["about"] for bot in game["bot_levels"])
        texts.update(option["help"] for option in game["options"])
        texts.update(option["name"] for option in game["options"])
    return texts


def english_left(
    page: Any, language: str, skipped: set[str], game: str | None = None
) -> list[tuple[str, str, str]]:
    """Each shown text that is an English string of the catalogue (``game``'s too, at its
    table): the text, the string, and where ("board": in the game's own part of the table;
    "page": elsewhere)."""
    shown = page.evaluate(SHOWN_TEXT)
    patterns = english_patterns(language, game)
    return [
        (text, msgid, "board" if in_board else "page")
        for text, in_board, _ in shown
        if in_board or text not in skipped
        for msgid, piece, pattern in patterns
        if piece in text and pattern.fullmatch(text)
    ]


# Inside the game's own part: the buttons that make a move now (each names its action) and
# the cards and choices that can be picked now, not yet picked.
MOVES = '.board-host button[data-action]:not([disabled]):not([data-action=""])'
PICKS = '.board-host button.pick.usable:not([aria-pressed="true"])'
MY_TURN = '.prompt:not([hidden]), .table-page[data-status="finished"]'
STEP_CHANGED = """(step) => document.querySelector(".table-page").dataset.step !== step"""


def play_by_clicks(page: Any, moves: int, rng: random.Random) -> int:
    """Play up to `moves` moves of my seat as a person who reads no words would: click a
    pickable card or choice at random until a button that makes a move is offered, then
    click one of those, and wait for the bots to hand the turn back. How many were played
    (fewer when the game ends first)."""
    played = 0
    while played < moves:
        page.wait_for_selector(MY_TURN, timeout=60_000)
        if page.get_attribute(".table-page", "data-status") == "finished":
            break
        step = page.get_attribute(".table-page", "data-step")
        for _ in range(60):
            # The turn may show a moment before the legal moves come (the board then
            # offers nothing yet to click).
            page.wait_for_selector(f"{MOVES}, {PICKS}", timeout=20_000)
            is_move = page.locator(MOVES).count() > 0
            buttons = page.locator(MOVES if is_move else PICKS)
            count = buttons.count()
            assert count, f"nothing to click at step {step}"
            buttons.nth(rng.randrange(count)).click()
            if is_move or page.get_attribute(".table-page", "data-step") != step:
                break
        page.wait_for_function(STEP_CHANGED, arg=step, timeout=20_000)
        played += 1
    return played


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
        words = japanese_check_words(language, games)
        found = english_words_left(page, words, skipped)
        assert found == [], found
        check_axe(page, f"the lobby in {language}")
        rng = random.Random(f"{language}-tables")
        for game in games:
            page.goto(server.http + "/")
            page.wait_for_selector("#new-table")
            deal_against_bots(page, game, "Ana")
            left = english_left(page, language, skipped, game["name"])
            assert left == [], (game["name"], left)
            check_axe(page, f"a {game['name']} table in {language}")
            words = japanese_check_words(language, games, game["name"])
            found = english_words_left(page, words, skipped)
            assert found == [], (game["name"], sorted({text[:70] for text, _ in found}))
            played = 0
            while played < 3 and play_by_clicks(page, 1, rng):
                played += 1
                left = english_left(page, language, skipped, game["name"])
                assert left == [], (game["name"], played, left)
                found = english_words_left(page, words, skipped)
                assert found == [], (game["name"], played, found)
            finished = page.get_attribute(".table-page", "data-status") == "finished"
            assert played == 3 or finished, (game["name"], played)
        assert errors == []
    finally:
        context.close()


def english_words(language: str, keep: set[str], game: str | None = None) -> set[str]:
    """The catalogue's English words (three letters or more, lower case) that the language's
    own translations never use: in a Japanese page any of them is English that no catalogue
    entry said, which ``english_left`` cannot see (it knows only the catalogue's sentences).
    ``keep``: words a person may meet untranslated (names, the games' titles). The catalogue
    is the one the page reads at ``game``'s table: the game's own words too."""
    catalogue = page_catalogue(language, None if game is None else find_kit(game).locale)
    said = " ".join(
        form
        for value in catalogue.values()
        for form in (value if isinstance(value, list) else [value])
        if isinstance(form, str)
    )
    used = {word.lower() for word in re.findall(r"[A-Za-z]{3,}", said)}
    english = {
        word.lower()
        for msgid in catalogue
        for word in re.findall(r"[A-Za-z]{3,}", re.sub(r"%\(\w+\)[sd]", "", msgid))
    }
    return english - used - {word.lower() for word in keep}


def japanese_check_words(
    language: str, games: list[dict[str, Any]], game: str | None = None
) -> set[str]:
    """The English words to look for on a page in ``language``: none in German, which shares
    words with English ("Name", "Bot"); in Japanese, all but the names a person meets as
    they are (mine, Sleuth's, the games' titles, the language menu's "English")."""
    if language != "ja":
        return set()
    titles = {word for game in games for word in re.findall(r"[A-Za-z]+", game["title"])}
    return english_words(language, {"Ana", "Sleuth", "English", *titles}, game)


# A word of Latin letters on its own: not inside a longer run of letters and digits (a
# fingerprint's hexadecimal "96add050..." holds no word "add"), but next to kana it is.
ENGLISH_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{3,}(?![A-Za-z0-9])")


def english_words_left(page: Any, words: set[str], skipped: set[str]) -> list[tuple[str, str]]:
    """Each shown text with a word of ``words`` in it, and the word; not in the review's
    fold of figures, where moves are in the game's notation (its words are English in every
    language, as typed) and the sentences around them are checked by ``english_left``."""
    return [
        (text, word)
        for text, in_board, in_fold in page.evaluate(SHOWN_TEXT)
        if not in_fold and (in_board or text not in skipped)
        for word in ENGLISH_WORD.findall(text)
        if word.lower() in words
    ]


def finish_by_bots(page: Any, http: str) -> None:
    """Leave my seat (the table's bot plays it on): the page turns into a spectator's; wait
    away from the table for the end (a page drawing each of the bots' steps would slow the
    wait), then open the table again."""
    address = page.url
    table = page.evaluate("location.pathname.split('/')[2]")
    page.evaluate("window.sameDocument = true")
    answer = page.evaluate(
        """async (table) => (await fetch(`/api/tables/${table}/seats/0/leave`, {method: "POST",
             headers: {"content-type": "application/json"}, body: "{}"})).status""",
        table,
    )
    assert answer == 200, answer
    # The page turns, without a reload, into the table's page for someone not seated.
    page.wait_for_function(
        """() => !document.querySelector('.seat-chip.mine')
          && document.querySelector('form.entry').hidden && document.querySelector('.conn.live')"""
    )
    assert page.evaluate("window.sameDocument") is True
    page.goto("about:blank")
    deadline = time.monotonic() + 120
    while httpx.get(f"{http}/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"table {table} did not finish"
        time.sleep(0.2)
    page.goto(address)
    page.wait_for_selector('.table-page[data-status="finished"]', state="attached", timeout=30_000)
    page.wait_for_selector(".end.panel")


def check_the_end(
    page: Any, language: str, games: list[dict[str, Any]], game: str, skipped: set[str]
) -> None:
    """A finished table's end panel, the review of my seat (its notes open) and a replay's
    first step: no catalogue sentence left in English, in Japanese no English word, and
    axe-clean."""
    words = japanese_check_words(language, games, game)
    for moment in ("end", "review", "replay"):
        if moment == "review":
            page.click("#review-show")
            page.wait_for_selector(".review-body > :not(p.muted)", timeout=60_000)
        if moment == "replay":
            page.click("#replay-start")
            page.wait_for_selector(".replay-bar", timeout=20_000)
        left = english_left(page, language, skipped, game)
        assert left == [], (game, language, moment, left)
        found = english_words_left(page, words, skipped)
        assert found == [], (game, language, moment, found)
        check_axe(page, f"a {game} table's {moment} in {language}")


def test_the_end_the_review_and_a_replay_show_no_english_left(browser: Any, server: Server) -> None:
    """Every game played to its end once (my seat handed to the table's bot after a move),
    then its end seen by me in German and in Japanese: a second browser in Japanese carries
    the first one's sign-in, so it is the same person at the same finished table (playing
    each game again for the second language doubled the test's time, not what it checks)."""
    games = httpx.get(f"{server.http}/api/games").json()["games"]
    skipped = kit_texts(games)
    german = browser.new_context(viewport=DESKTOP, locale="de-DE")
    try:
        page = german.new_page()
        rng = random.Random("ends")
        for game in games:
            page.goto(server.http + "/")
            page.wait_for_selector("#new-table")
            deal_against_bots(page, game, "Ana")
            play_by_clicks(page, 1, rng)
            finish_by_bots(page, server.http)
            address = page.url
            check_the_end(page, "de", games, game["name"], skipped)
            japanese = browser.new_context(
                viewport=DESKTOP, locale="ja-JP", storage_state=german.storage_state()
            )
            try:
                seen = japanese.new_page()
                seen.goto(address)
                seen.wait_for_selector(".end.panel")
                assert seen.evaluate("document.documentElement.lang") == "ja"
                check_the_end(seen, "ja", games, game["name"], skipped)
            finally:
                japanese.close()
    finally:
        german.close()


def english_inside(texts: list[str], language: str, game: str) -> list[tuple[str, str]]:
    """Each text holding an English sentence of the catalogue anywhere in it (not only as
    the whole of it): a history line is its mover, the move in notation and the events'
    words, and only the last are words. Sentences of three words or more, so that a card's
    or a seat's name is not taken for one."""
    return [
        (text, msgid)
        for msgid, _piece, pattern in english_patterns(language, game)
        if len(re.findall(r"[A-Za-z]+", re.sub(r"%\(\w+\)[sd]", "", msgid))) >= 3
        for text in texts
        if pattern.search(text)
    ]


@pytest.mark.parametrize(("locale", "language"), [("de-DE", "de"), ("ja-JP", "ja")])
def test_a_game_without_a_page_part_tells_its_history_and_sheet_in_the_language(
    browser: Any, server: Server, locale: str, language: str
) -> None:
    """A game whose kit brings no page part of its own (the example game) is drawn by the
    generic table: its history lines say its events in the language (not their English
    words), and its sheet is drawn, its own column named in the language."""
    games = httpx.get(f"{server.http}/api/games").json()["games"]
    generic = [game for game in games if game["web"] is None]
    assert generic, "no game is drawn by the generic table"
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    try:
        page = context.new_page()
        rng = random.Random(f"{language}-generic")
        for game in generic:
            page.goto(server.http + "/")
            page.wait_for_selector("#new-table")
            deal_against_bots(page, game, "Ana")
            play_by_clicks(page, 2, rng)
            # Drawn, its own place (the solution's column) named as any text is checked below.
            page.wait_for_selector(".sheet-drawn .sheet-grid th.sheet-solution", state="attached")
            lines = page.locator(".history li").all_inner_texts()
            told = [line for line in lines if line.endswith(")")]
            assert told, (game["name"], lines)
            assert english_inside(lines, language, game["name"]) == [], game["name"]
            left = english_left(page, language, kit_texts(games), game["name"])
            assert left == [], game["name"]
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


@pytest.mark.parametrize(("locale", "expected"), [("de-DE", "Platz 1"), ("ja-JP", "席1")])
def test_a_waiting_tables_invite_links_are_named_in_the_language(
    browser: Any, server: Server, locale: str, expected: str
) -> None:
    """The table waiting for a person offers its invite link by the seat's name in the page's
    language (it said "seat 1" in every language), and shows no English left."""
    games = httpx.get(f"{server.http}/api/games").json()["games"]
    game = min(games, key=lambda g: g["min_players"])
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    try:
        page = context.new_page()
        page.goto(server.http + "/")
        page.wait_for_selector("#new-table")
        page.click(f"label[for=game-{game['name']}]")
        page.fill("#players", "2")
        page.press("#players", "Tab")
        page.select_option("#seat-0", "me")
        page.select_option("#seat-1", "person")
        page.click("#deal")
        page.wait_for_selector("#ask-name, #go-table")
        if page.locator("#ask-name").count():
            page.fill("#ask-name", "Ana")
            page.press("#ask-name", "Enter")
        page.click("#go-table")
        link = page.locator(".notice-box a")
        link.wait_for()
        assert link.inner_text() == expected
        language = locale[:2]
        assert english_left(page, language, kit_texts(games)) == []
    finally:
        context.close()
