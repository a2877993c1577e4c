"""The terminal app on Black Stories Investigation: its history in words (issue #18 item
5), the sheet weighing opponents jointly (9), a whole game by keyboard."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import make_game
from support.streams import deterministic_secrets

pytest.importorskip("textual")

from support.play_screens import history_shown, play_to_the_end_by_keyboard


def _all_bots(name: str, players: int, seed: int, **options: str) -> GameSession:
    game = make_game(name, players, **options)
    session = GameSession(game, seed, [RandomAgent(0.0) for _ in range(players)])
    while session.outcome is None:
        session.bot_step()
    return session


def test_5_black_stories_history_keeps_every_play_after_a_case_is_solved() -> None:
    from sleuth.tui.history import HistoryBook
    from sleuth.tui.sheets import render_of

    for seed in range(40):
        session = _all_bots("bsi", 3, seed)
        solved = [i for i, s in enumerate(session.steps) if "solved" in s.result]
        if solved:
            break
    else:
        pytest.fail("no random game of 40 solved a case")
    book = HistoryBook(session, render_of(session.game))
    lines = book.lines(0)
    plays = [s for s in session.steps if s.action.startswith("play ")]
    said = [line for line in lines if " played " in line]
    assert len(said) == len(plays)
    for step, line in zip(plays, said, strict=True):
        card, target = step.action.removeprefix("play ").split(" to ")
        where = "you" if target == "0" else f"seat {target}"
        assert f" played {card} to {where}: field " in line
    assert sum("solved! +" in line for line in lines) == len(solved)
    assert not any("moved" in line for line in lines)


@pytest.mark.slow
async def test_5_the_app_shows_the_history_in_words() -> None:
    game = make_game("bsi", 3)
    session = GameSession(game, 4, [None, RandomAgent(0.0), RandomAgent(0.0)])
    await history_shown(session, " played ")


def test_9_black_stories_weighs_two_opponents_jointly_33_percent() -> None:
    """Seat 1's case is A or B, seat 2's A, B, C or D (every other case failed as a guess).
    Two seats never hold one card, so of the 6 equally likely pairs, 2 give seat 2 case C:
    1/3, where weighing seat 2 alone says 1/4."""
    from sleuth.games.black_stories.components import ALL_CASES
    from sleuth.games.black_stories.knowledge import BlackStoriesPosition
    from sleuth.games.black_stories.render import case_sheet

    cases = [c.split("+") for c in ALL_CASES]
    position = BlackStoriesPosition(
        3, 0, {1: {"failed_guesses": cases[2:]}, 2: {"failed_guesses": cases[4:]}}
    )
    sheet = case_sheet(position, "full")
    a, b, c, d = (case.replace("+", "/") for case in ALL_CASES[:4])
    lines = sheet.splitlines()
    seat2 = lines[lines.index(next(x for x in lines if x.startswith("seat 2"))) :]
    assert f"    {c}  33%" in seat2 and f"    {d}  33%" in seat2
    assert f"    {a}  17%" in seat2 and f"    {b}  17%" in seat2
    assert f"    {a}  50%" in lines and f"    {b}  50%" in lines


@pytest.mark.slow
async def test_the_game_can_be_played_to_the_end_by_keyboard(tmp_path: Path) -> None:
    game = make_game("black-stories-investigation", 3)
    await play_to_the_end_by_keyboard(game, [RandomAgent(0.0), RandomAgent(0.0)], tmp_path)


@pytest.fixture(autouse=True)
def _fixed_bot_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    # These tests drive particular games by keys: their bots' generators must not vary.
    deterministic_secrets(monkeypatch)
