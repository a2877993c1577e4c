"""Black Vienna's smaller slips of issue #34: one deal said in the singular, the table of an
ended game, and its review at 80 columns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import make_game
from sleuth.core.records import Recorder
from sleuth.games.black_vienna.knowledge import Investigation, Position
from sleuth.games.black_vienna.render import black_vienna_sheet
from sleuth.games.black_vienna.words import table_text

pytest.importorskip("textual")

from textual.widgets import Static

from sleuth.tui.play_app import PlayApp
from sleuth.tui.screens import ReviewScreen


def test_one_deal_is_said_in_the_singular() -> None:
    # A position that leaves one deal: every other seat's cards are answered.
    answers = [(0, "BCD"), (0, "EGH"), (2, "IJL"), (2, "MNO"), (3, "QRS"), (3, "UVW")]
    investigations = tuple(Investigation(s, c, 3) for s, c in answers)
    position = Position(4, 1, "AFKPTX", investigations, (), None, None, deck_known=False)
    sheet = black_vienna_sheet(position, "full")
    assert sheet.startswith("1 deal fits what seat 1 knows")
    assert "1 possible ring; likeliest: YZÖ 100.0%" in sheet


def _ended_bv() -> GameSession:
    game = make_game("bv", 3)
    ring = str(game.new(6).reveal()["ring"])
    recorder = Recorder(game, 6)
    recorder.play(1, "accuse " + next(t for t in ("ABC", "ABD") if sorted(t) != sorted(ring)))
    recorder.play(0, f"accuse {ring}")
    recorder.play(2, "pass")
    session = GameSession(game, 6, [None, RandomAgent(0.0), RandomAgent(0.0)])
    session.replay(recorder.steps)
    return session


def test_the_table_of_an_ended_game_says_so_not_who_asks() -> None:
    view: Any = _ended_bv().view(0)
    first = table_text(view).splitlines()[0]
    assert first == "The game is over."


async def test_the_review_at_80_columns_keeps_each_row_on_one_line(tmp_path: Path) -> None:
    app = PlayApp(_ended_bv(), bot_delay=0.0, record_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        page = app.screen.query_one("#page-text", Static)
        text = str(page.render())
        assert max(len(line) for line in text.splitlines()) > 80  # wider than the screen
        assert page.size.height == len(text.split("\n"))  # yet no row wrapped
