"""The terminal app in German and Japanese (``sleuth play --lang``, or the environment as
gettext reads it): at a table of every game, a few moves in, and on its help page (F1), no
piece of the screen is an English string of the server's catalogue whose translation
differs; the help gives the game's rules for players in the language."""

from __future__ import annotations

import re
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import Game, GameKit
from sleuth.core.errors import GameError
from sleuth.core.kit import RULES, RulesGuide
from sleuth.i18n import catalogue, translate_at
from sleuth.tui.language import language_from_environment
from support.english_words import english_patterns
from support.game_names import built_in_kits

pytest.importorskip("textual")

from sleuth.tui.play_app import PlayApp
from sleuth.tui.screens import HelpScreen
from support.screen import screen_lines

# A piece of the screen: text between pane borders, wide gaps and line ends.
PIECES = re.compile(r"[│┃╭╮╰╯┌┐└┘─━▔▁▄▊▎]+| {2,}|\n")


# A key before its description in the footer ("^q Quit", "f2 Sheet").
KEY = re.compile(r"^(\^?\w{1,2}|[?:!]) ")


def pieces_of(lines: list[str]) -> set[str]:
    pieces = {p.strip() for p in PIECES.split("\n".join(lines)) if p.strip()}
    return pieces | {KEY.sub("", p) for p in pieces if KEY.match(p)}


def english_left(
    lines: list[str], language: str, skipped: frozenset[str] = frozenset()
) -> list[tuple[str, str]]:
    pieces = pieces_of(lines) - skipped
    patterns = english_patterns(language)
    return sorted(
        (piece, msgid)
        for piece in pieces
        for msgid, pattern in patterns
        if pattern.fullmatch(piece)
    )


def games_own_texts(app: PlayApp, session: GameSession) -> frozenset[str]:
    """What the game's own text renderers draw (the table, the history, the grid) and its
    moves in notation: English yet, not the app's words, so left out here (as the page's
    test leaves out the kits' texts), pane by pane and line by line, so that a pane cut
    short on screen is left out too."""
    render = app.sheet.render_part
    assert render is not None and render.table is not None
    view = session.view(0)
    drawn = [render.table(view), *app.history.lines(0)]
    if app.sheet.grid is not None:  # the hand-kept grid's cards and places
        drawn += [*app.sheet.grid[0], *app.sheet.grid[1]]
    if session.waiting_for_human() == 0:
        drawn += [str(action) for action in session.legal_actions(0)]
    lines = [line for text in drawn for line in text.splitlines()]
    # A line cut at the pane's edge or wrapped shows as a prefix or the rest of it.
    cuts = {line[:n].strip() for line in lines for n in range(1, len(line) + 1)}
    tails = {line[n:].strip() for line in lines for n in range(len(line))}
    return frozenset(pieces_of(lines) | cuts | tails)


def notation_in(game: Game[Any], lines: list[str]) -> frozenset[str]:
    """The pieces of the help that are moves as typed (its notation's examples): the
    notation is the same in every language, so these stay as they are."""
    typed = set()
    for piece in pieces_of(lines):
        try:
            game.parse_action(piece)
        except GameError:
            continue
        typed.add(piece)
    return frozenset(typed)


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"}, "ja"),
        ({"LANGUAGE": "fr:ja_JP:de", "LANG": "de_AT.UTF-8"}, "ja"),
        ({"LC_MESSAGES": "de_CH", "LANG": "ja_JP.UTF-8"}, "de"),
        ({"LANGUAGE": "C:de", "LANG": "ja_JP.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANGUAGE": "", "LANG": "ja"}, "ja"),
        ({}, "en"),
    ],
)
def test_the_language_comes_from_the_environment_as_gettext_reads_it(
    environ: dict[str, str], language: str
) -> None:
    assert language_from_environment(environ) == language


@pytest.mark.parametrize("language", ["de", "ja"])
@pytest.mark.parametrize("kit", built_in_kits(), ids=lambda kit: kit.name)
async def test_a_table_and_its_help_show_no_english_catalogue_string(
    kit: GameKit, language: str
) -> None:
    players = kit.game.min_players
    session = GameSession(
        kit.game.configure(players), 5, [None, *(RandomAgent(0.0) for _ in range(players - 1))]
    )
    # The sheet kept by hand: the engine's sheet is the game's text, and slow to work out.
    app = PlayApp(session, sheet="off", bot_delay=0.0, language=language)
    async with app.run_test(size=(160, 50)) as pilot:
        played = 0
        for _ in range(300):
            await pilot.pause()
            if session.outcome is not None or (played >= 1 and session.waiting_for_human() == 0):
                break
            if session.waiting_for_human() == 0:
                app.query_one("#actions").focus()
                await pilot.press("enter")
                played += 1
        await pilot.pause()
        table = screen_lines(app)
        skipped = games_own_texts(app, session)
        assert english_left(table, language, skipped) == []
        await pilot.press("f1")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, HelpScreen)
        help_page = shown.text  # the whole page, the part scrolled out of sight too
        typed = notation_in(kit.game.configure(players), help_page.splitlines())
        assert english_left(help_page.splitlines(), language, typed) == []
        assert english_left(screen_lines(app), language, skipped) == []
    guide = kit.part(RULES, RulesGuide)
    for section in guide.full:
        heading = translate_at(guide.locale, language, section.heading)
        assert heading != section.heading
        assert heading in help_page
    # The app's own words are the catalogue's: its hint in the box, its keys.
    keys = str(catalogue(language)["Help"].string)
    assert keys in "\n".join(table)


async def test_the_check_finds_the_english_apps_own_words() -> None:
    """The same check on the app left in English finds its words (so it can fail)."""
    kit = built_in_kits()[0]
    players = kit.game.min_players
    session = GameSession(
        kit.game.configure(players), 5, [None, *(RandomAgent(0.0) for _ in range(players - 1))]
    )
    app = PlayApp(session, sheet="off", bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        left = {msgid for _, msgid in english_left(screen_lines(app), "de")}
        skipped_left = english_left(screen_lines(app), "de", games_own_texts(app, session))
    assert {"History", "Help", "Sheet", "Save"} <= left
    assert {"History", "Help", "Sheet", "Save"} <= {msgid for _, msgid in skipped_left}
