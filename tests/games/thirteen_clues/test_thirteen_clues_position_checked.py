"""A 13 Clues position marked checked is one this game made (from a view, or checked whole
by ``from_json``): a caller can neither mark its own (``checked`` was a public argument,
and a believer read such a position's answers unchecked) nor change, through the lists it
passed in, what ``from_json`` checked."""

from __future__ import annotations

import copy

import pytest

from games.thirteen_clues.thirteen_clues_positions import first_position
from sleuth.deduce.model import PositionError
from sleuth.games.thirteen_clues.beliefs import Believer
from sleuth.games.thirteen_clues.knowledge import ThirteenCluesPosition


def a_position(players: int, seed: int) -> dict[str, object]:
    """Seat 0's first position of a seeded game with a question in it."""
    return first_position(players, seed, lambda data: bool(data.get("questions")))


def questions_of(data: dict[str, object]) -> list[dict[str, object]]:
    questions = data["questions"]
    assert isinstance(questions, list)
    return questions


def test_a_caller_cannot_mark_its_position_checked() -> None:
    data = a_position(2, 3)
    bad = {**questions_of(data)[0], "witness": 6}
    grown = {**data, "questions": [*questions_of(data), bad]}
    with pytest.raises(TypeError):
        ThirteenCluesPosition(grown, True)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ThirteenCluesPosition(grown, checked=True)  # type: ignore[call-arg]
    position = ThirteenCluesPosition(grown)
    assert position.checked is False
    believer = Believer()
    believer(ThirteenCluesPosition(data))
    with pytest.raises(PositionError) as error:
        believer(position)  # read as a caller's: its new question checked
    at = len(questions_of(data))
    assert str(error.value).startswith(f"questions[{at}].witness: 6 is out of range")
    with pytest.raises(PositionError) as error:
        ThirteenCluesPosition.from_json(grown)
    assert str(error.value).startswith(f"questions[{at}].witness: 6 is out of range")


def test_from_json_keeps_its_own_lists() -> None:
    data = a_position(2, 3)
    kept = copy.deepcopy(data)
    position = ThirteenCluesPosition.from_json(data)
    assert position.checked is True and position.data == kept
    # The caller changes what it passed in, after the check: the position is as checked.
    questions_of(data).append({**questions_of(data)[0], "witness": 6})
    first = questions_of(data)[0]
    first["answer"] = 7
    assert position.data == kept
    assert position.data["questions"] is not data["questions"]
    written = position.to_json()
    questions_of(written)[0]["answer"] = 7  # nor through what it writes out
    assert position.data == kept
    believer = Believer()
    believer(ThirteenCluesPosition.from_json(kept))
    assert believer(position).worlds == believer(ThirteenCluesPosition(kept)).worlds


def test_from_json_keeps_its_own_copy_of_a_callers_tuples() -> None:
    data = a_position(2, 3)
    kept = copy.deepcopy(data)
    questions = tuple(questions_of(data))  # the reader takes any sequence
    position = ThirteenCluesPosition.from_json({**data, "questions": questions})
    question = questions[0]
    assert isinstance(question, dict)
    question["answer"] = 7  # a dict inside the caller's tuple, changed after the check
    assert position.data == kept
