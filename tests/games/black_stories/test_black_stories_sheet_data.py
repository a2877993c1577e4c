"""Black Stories Investigation's sheet as data for the page's drawn grid (issue #35): each
opponent's case as a column of chances over the cases, the likeliest joint solutions, and
once the game is over the revealed cases, not the odds from before the reveal."""

from __future__ import annotations

import random
from typing import Any

from sleuth.core import make_game
from sleuth.games.black_stories.components import ALL_CASES
from sleuth.games.black_stories.render import sheet_data

SEED = 5
# Seat 0's view six steps into the game of SEED: seat 2's case is one of these six.
SEAT_2_CASES = {
    "man+day+inside+gun",
    "man+day+inside+knife",
    "man+night+outside+gun",
    "man+night+outside+knife",
    "woman+day+outside+gun",
    "woman+day+outside+knife",
}


def _play(steps: int | None) -> Any:
    game = make_game("black-stories-investigation", 3)
    state: Any = game.new(SEED)
    rng = random.Random(1)
    done = 0
    while state.outcome is None and (steps is None or done < steps):
        seat = next(s for s in range(3) if state.legal_actions(s))
        state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        done += 1
    return state


def test_each_opponents_case_is_a_column_of_chances() -> None:
    data = sheet_data(_play(6).view(0), "full")
    assert data is not None
    assert (data.rows, data.columns, data.solution_column) == (tuple(ALL_CASES), ("s1", "s2"), None)
    seat_2 = {case: row[1] for case, row in zip(data.rows, data.cells, strict=True) if row[1]}
    assert seat_2 == dict.fromkeys(SEAT_2_CASES, 0.1667)
    seat_1 = [row[0] for row in data.cells if row[0]]
    assert len(seat_1) == 12 and abs(sum(p for p in seat_1 if p is not None) - 1) < 1e-3
    assert data.possible == 66 and len(data.likeliest) == 5
    assert {c.probability for c in data.likeliest} == {1 / 66}
    assert all(len(c.cards) == 2 and set(c.cards) <= set(ALL_CASES) for c in data.likeliest)


def test_facts_shows_only_what_is_certain() -> None:
    data = sheet_data(_play(6).view(0), "facts")
    assert data is not None
    assert all(p in (0.0, 1.0, None) for row in data.cells for p in row)
    assert (data.possible, data.likeliest) == (None, ())


def test_after_the_end_the_sheet_is_the_revealed_cases_not_the_odds() -> None:
    state = _play(None)
    view: Any = state.view(0)
    data = sheet_data(view, "full")
    assert data is not None
    targets = [t for t in (1, 2) if view.cases[t] is not None]
    assert data.truth == tuple(view.cases[t] for t in targets)
    assert data.columns == tuple(f"s{t}" for t in targets)
    for column, target in enumerate(targets):
        marked = [c for c, row in zip(data.rows, data.cells, strict=True) if row[column] == 1.0]
        assert marked == [view.cases[target]]
    assert all(p in (0.0, 1.0) for row in data.cells for p in row)
    assert (data.possible, data.likeliest) == (None, ())
