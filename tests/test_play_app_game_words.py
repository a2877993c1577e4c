"""A whole game of every game in the terminal app, in German and in Japanese: the game's own
texts the app shows (the table, the whole history, the end) are in the language like the
app's words: no piece of them is an English string of the catalogue or holds a word only
the English texts use."""

from __future__ import annotations

import random
import re

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import GameKit
from sleuth.core.errors import IllegalActionError
from sleuth.core.said import said
from support.game_names import built_in_kits

pytest.importorskip("textual")

from sleuth.tui.language import error_in
from sleuth.tui.play_app import PlayApp
from test_play_app_languages import english_left, pieces_of

# Words of the games' English texts ("seat 2 asked you about purple: 1", "your new cards")
# that are no German or Japanese word, not even inside a card's name.
ENGLISH = re.compile(
    r"\b(seat|you|your|played|asked|drew|accused|convicted|cards?|suspects?|mystery|"
    r"glass(es)?|pile|the|of|and|to|from)\b",
    re.IGNORECASE,
)
# The seat at the keyboard plays a whole game by random legal moves against random bots, at
# the game's smallest table; the app then opens on it as on a game resumed at its end.
SEED = 7
MOST_STEPS = 3000


def english_words(texts: list[str], skipped: frozenset[str]) -> list[str]:
    """Each piece of ``texts`` holding an English-only word, but a move in notation."""
    return sorted(p for p in pieces_of(texts) - skipped if ENGLISH.search(p))


def english_in(texts: list[str], language: str, skipped: frozenset[str]) -> list[tuple[str, str]]:
    found = english_left(texts, language, skipped)
    return found + [(piece, "English word") for piece in english_words(texts, skipped)]


def whole_game(kit: GameKit) -> GameSession:
    players = kit.game.min_players
    rng = random.Random(SEED)
    bots = [RandomAgent(0.0) for _ in range(players - 1)]
    session = GameSession(kit.game.configure(players), SEED, [None, *bots])
    for _ in range(MOST_STEPS):
        if session.outcome is not None:
            break
        if session.bot_step() is None:  # the bots wait on seat 0
            session.act(0, str(rng.choice(session.legal_actions(0))))
    assert session.outcome is not None, "the game did not end"
    return session


@pytest.mark.parametrize("language", ["de", "ja"])
@pytest.mark.parametrize("kit", built_in_kits(), ids=lambda kit: kit.name)
async def test_a_whole_game_in_the_terminal_shows_no_english(kit: GameKit, language: str) -> None:
    session = whole_game(kit)
    app = PlayApp(session, sheet="off", bot_delay=0.0, language=language)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        render = app.sheet.render_part
        assert render is not None and render.table is not None and render.ending is not None
        view = session.view(0)
        table = render.table(view).splitlines()
        ending = render.ending(view, session.reveal() or {}, [])
        history = app.history.lines(0)  # the whole history, also what scrolled out of sight
    left = [
        *english_in(table, language, frozenset()),
        *english_in(ending, language, frozenset()),
        *english_in(history, language, frozenset()),
    ]
    assert sorted(set(left)) == []
    assert len(history) >= len(session.steps)


def test_a_refused_moves_reason_is_said_in_the_apps_language() -> None:
    """The status line's reason for a refused move: the rules' words (``said``), nested
    ones too, in the app's language; an error without them as it says."""
    turn = IllegalActionError(said("it is seat %(seat)s's turn", seat="2"))
    assert error_in(turn, "de") == "Platz 2 ist am Zug"
    assert error_in(turn, "en") == "it is seat 2's turn"
    assert error_in(IllegalActionError(said("the game is over")), "ja") == "ゲームは終了しました"
    assert error_in(ValueError("no such card: xyz"), "de") == "no such card: xyz"
