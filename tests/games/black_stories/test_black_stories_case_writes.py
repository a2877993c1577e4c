"""The encoder's ``case_writes`` (the knowledge segments from arrays) write what placing
``analyze`` writes, for positions the seeded games of tests/envs/test_beliefs_exact.py may
not reach: no opponent with a case, clues no case fits, a failed guess and a case seen."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sleuth.core import make_game
from sleuth.core.encoding import Features
from sleuth.envs.table import Table
from sleuth.games.black_stories.encoder import case_writes
from sleuth.games.black_stories.knowledge import BlackStoriesPosition, analyze
from sleuth.games.black_stories.views import BlackStoriesView

WOMAN_KNIFE = {"evidence": ["woman", "knife"], "field": "2"}
MAN_KNIFE = {"evidence": ["man", "knife"], "field": "2"}
CASE = ["man", "day", "inside", "gun"]
CLUES = {
    "cards": [WOMAN_KNIFE, {"evidence": ["night", "outside", "gun"], "field": "0/1"}],
    "failed_guesses": [["woman", "day", "inside", "knife"]],
    "excluded": [CASE],
}


def writes(table: Table, position: BlackStoriesPosition) -> tuple[list[int], list[float]]:
    """The segments as the envs write them from ``case_writes``, from index valid_at on."""
    observer = table.observer
    out = Features()
    got = case_writes(position)
    if got is not None:
        out.flag(observer.valid_at)
        out.indices += [observer.cards_at + cell for cell in got.cells]
        out.values += got.probabilities
        out.indices += [observer.solutions_at + slot for slot in got.slots]
        out.values += got.posterior
    return out.indices, out.values


def placed(
    table: Table, view: BlackStoriesView, position: BlackStoriesPosition
) -> tuple[list[int], list[float]]:
    out = Features()
    table.observer.place(analyze(position), view, out)
    return out.indices, out.values


@pytest.mark.parametrize(
    "targets",
    [
        {},  # no opponent holds a case: one assignment, of no cases
        {1: CLUES, 2: CLUES, 3: {"cards": [MAN_KNIFE]}},
        {1: {"cards": [WOMAN_KNIFE, {**WOMAN_KNIFE, "field": "0/1"}]}},  # no case fits
        {2: {"excluded": [CASE]}, 3: {"cards": [MAN_KNIFE], "failed_guesses": [CASE]}},
    ],
)
def test_case_writes_write_what_analyze_places(targets: dict[int, dict[str, object]]) -> None:
    table = Table(make_game("black-stories", 4), knowledge=True)
    table.reset(5)
    view = table.state.view(0)
    assert isinstance(view, BlackStoriesView)
    # seat 0's view with these opponents holding a case (a solution's slot reads has_case)
    view = replace(view, has_case=tuple(seat == 0 or seat in targets for seat in range(4)))
    position = BlackStoriesPosition(4, 0, targets)
    fast, slow = writes(table, position), placed(table, view, position)
    assert sorted(zip(*fast, strict=True)) == sorted(zip(*slow, strict=True))
