"""The terminal app on Alibi: its history names every action (issue #18 item 5), help (7),
and a whole game by keyboard."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.alibi.alibi_cases import SHORT as SHORT_ALIBI
from sleuth.agents import RandomAgent
from sleuth.agents.registry import make_agent
from sleuth.arena.session import GameSession
from sleuth.core import make_game
from support.streams import deterministic_secrets

pytest.importorskip("textual")

from support.play_screens import help_page, history_shown, play_to_the_end_by_keyboard


def _all_bots(name: str, players: int, seed: int, **options: str) -> GameSession:
    game = make_game(name, players, **options)
    session = GameSession(game, seed, [RandomAgent(0.0) for _ in range(players)])
    while session.outcome is None:
        session.bot_step()
    return session


def test_5_alibi_history_names_every_action() -> None:
    from sleuth.tui.history import HistoryBook
    from sleuth.tui.sheets import render_of

    session = _all_bots("alibi", 3, 2)
    book = HistoryBook(session, render_of(session.game))
    lines = [line.split(". ", 1)[1] for line in book.lines(1) if line[:1].isdigit()]
    assert len(lines) == len(session.steps)
    # A pass keeps the hand when exchanging, and lays no more cards when playing.
    words = {
        "play": ("played",),
        "exchange": ("exchanged",),
        "swap": ("swapped",),
        "pass": ("kept the hand", "laid no more cards"),
        "alibi": ("an alibi",),
        "bribe": ("bribed",),
        "goodeye": ("good eye",),
        "convict": ("convicted",),
    }
    for step, line in zip(session.steps, lines, strict=True):
        kind = step.action.split()[0]
        assert any(word in line for word in words[kind]), (step, line)
    assert sum("convicted (" in line for line in book.lines(1)) == 9


@pytest.mark.slow
async def test_5_the_app_shows_the_history_in_words() -> None:
    game = make_game("alibi", 3)
    session = GameSession(game, 4, [None, RandomAgent(0.0), RandomAgent(0.0)])
    await history_shown(session, "seat 1 ")


@pytest.mark.slow
async def test_7_help_shows_this_games_rules_and_keys_only() -> None:
    game = make_game("alibi", 2)
    session = GameSession(game, 1, [None, RandomAgent(0.0)])
    assert "ask 2 AOR" not in await help_page(session, accuse=False)


@pytest.mark.slow
async def test_the_game_can_be_played_to_the_end_by_keyboard(tmp_path: Path) -> None:
    # A deductive opponent: random ones take some 130 steps, and every step is a screen to
    # draw.
    game = make_game("alibi", 2, suspects=SHORT_ALIBI)
    await play_to_the_end_by_keyboard(game, [make_agent("deductive", "alibi")], tmp_path)


@pytest.fixture(autouse=True)
def _fixed_bot_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    # These tests drive particular games by keys: their bots' generators must not vary.
    deterministic_secrets(monkeypatch)
