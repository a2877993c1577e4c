"""Lazy and joined action lists index as a tuple does: from the end, by slices, and never
past either end; a pick names the item the list hands out last."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sleuth.core.actions import ActionList, IndexedActions
from sleuth.core.protocol import Action, handed_out


@dataclass(frozen=True)
class PlayClue(Action):
    """A game's action of one value, as a game would list many of."""

    kind: ClassVar[str] = "play"
    value: str

    def __str__(self) -> str:
        return f"play {self.value}"


VALUES = ("male", "female", "thin", "tall", "young", "old", "glasses")
PLAYS = tuple(PlayClue(value) for value in VALUES)


def lazy(items: tuple[PlayClue, ...]) -> IndexedActions:
    return IndexedActions(PlayClue, len(items), items.__getitem__, items.__contains__)


def test_a_lazy_list_counts_from_the_end_and_slices() -> None:
    actions = lazy(PLAYS)
    assert actions[-1] == PlayClue("glasses")
    assert actions[-7] == PlayClue("male")
    assert actions[1:6:2] == [PlayClue("female"), PlayClue("tall"), PlayClue("old")]
    assert actions[::-3] == [PlayClue("glasses"), PlayClue("tall"), PlayClue("male")]
    for beyond in (7, -8):
        with pytest.raises(IndexError):
            actions[beyond]
    picked = actions[-2]
    assert handed_out(actions, picked) and not handed_out(actions, PlayClue("old"))


def test_a_joined_list_finds_each_item_in_its_part() -> None:
    joined = ActionList([lazy(PLAYS[:3]), PLAYS[3:5], lazy(PLAYS[5:])])
    assert [joined[i] for i in range(7)] == list(PLAYS)
    assert joined[-3] == PlayClue("young")
    assert joined[2:5] == [PlayClue("thin"), PlayClue("tall"), PlayClue("young")]
    with pytest.raises(IndexError):
        joined[7]
    with pytest.raises(IndexError):
        joined[-8]


@given(st.integers(-10, 10), st.integers(-10, 10), st.sampled_from([None, 1, 2, -1, -2]))
def test_slices_match_a_tuples(start: int, stop: int, step: int | None) -> None:
    window = slice(start, stop, step)
    joined = ActionList([lazy(PLAYS[:4]), PLAYS[4:]])
    assert lazy(PLAYS)[window] == list(PLAYS[window])
    assert joined[window] == list(PLAYS[window])
