"""Black Stories Investigation's smaller slips of issue #34: one possible case in the
singular, and the table of an ended game."""

from __future__ import annotations

import random
from typing import Any

from sleuth.core import make_game


def test_one_possible_case_is_said_in_the_singular() -> None:
    from sleuth.assist import Notebook
    from sleuth.games.black_stories.notebook import GRAMMAR as BLACK_STORIES

    notebook = Notebook.start(
        "black-stories-investigation", BLACK_STORIES, {"players": 3, "seat": 0}
    )
    for entry in (
        "1 woman+knife 2",
        "1 man+day+outside 0/1",
        "fail 1 woman/night/inside/knife",
        "fail 1 woman/day/inside/knife",
    ):
        notebook.enter(entry)
    assert "seat 1: 1 possible case; certain: woman/night/outside/knife" in notebook.sheet()


def test_black_stories_ended_says_so_not_who_is_on_turn() -> None:
    from sleuth.games.black_stories.words import table_text as stories_table

    state = make_game("bsi", 2).new(1)
    rng = random.Random(1)
    while state.outcome is None:
        seat = state.to_move()
        assert seat is not None
        state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    view: Any = state.view(0)
    assert stories_table(view).splitlines()[0] == "The game is over (start: seat 1)."
