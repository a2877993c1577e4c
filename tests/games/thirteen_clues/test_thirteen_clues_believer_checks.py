"""A position a seat's ``Believer`` reads from what it adds to the last, not marked as
checked: each new question is checked (unless equal, with its fields' types, to one
checked before), and its error names the question by its index in the whole position."""

from __future__ import annotations

import pytest

from games.thirteen_clues.thirteen_clues_positions import first_position
from sleuth.deduce.model import PositionError
from sleuth.games.thirteen_clues.beliefs import Believer
from sleuth.games.thirteen_clues.knowledge import (
    ThirteenCluesAnalysis,
    ThirteenCluesPosition,
)


def a_position(players: int, seed: int) -> dict[str, object]:
    """Seat 0's first position of a seeded game with an answer of 0 or 1 in it."""
    return first_position(
        players, seed, lambda data: any(q["answer"] in (0, 1) for q in questions_of(data))
    )


def questions_of(data: dict[str, object]) -> list[dict[str, object]]:
    questions = data.get("questions", [])
    assert isinstance(questions, list)
    return questions


def refused(believer: Believer, data: dict[str, object], bad: object) -> str:
    """The error of ``data`` with ``bad`` added, read unchecked after ``data``."""
    grown = {**data, "questions": [*questions_of(data), bad]}
    with pytest.raises(PositionError) as error:
        believer(ThirteenCluesPosition(grown))
    return str(error.value)


@pytest.mark.parametrize("players", [2, 6])
def test_a_bad_question_added_is_refused_by_its_index(players: int) -> None:
    whole = a_position(players, 3)
    asked = questions_of(whole)
    j = next(j for j, q in enumerate(asked) if q["answer"] in (0, 1))
    seen = asked[j]
    believer = Believer()
    believer(ThirteenCluesPosition({**whole, "questions": asked[:j]}))
    data = {**whole, "questions": asked[: j + 1]}
    before = believer(ThirteenCluesPosition(data))  # grown: ``seen`` checked and kept
    assert believer.grown == 1
    at = j + 1
    # the grown path had named it by its index among the new questions: questions[0]
    out = {**seen, "witness": players + 4, "answer": True}
    message = refused(believer, data, out)
    assert message.startswith(f"questions[{at}].witness: {players + 4} is out of range")
    # equal (True == 1) to a question checked before, but not in its fields' types: a key
    # without the types had taken it as that one
    same_but_bool = {**seen, "answer": seen["answer"] == 1}
    message = refused(believer, data, same_but_bool)
    assert message == f"questions[{at}].answer: expected an integer, got {seen['answer'] == 1}"
    # not keys at all: refused as the checks find them, not by a TypeError of the cache
    message = refused(believer, data, {**seen, "about": [seen["about"]]})
    assert message.startswith(f"questions[{at}].about: unknown colour or category [")
    assert refused(believer, data, [seen]) == f"questions[{at}]: expected an object"
    # refused, nothing changed: the next good position is read as if they had not come
    again = believer(ThirteenCluesPosition(data))
    fresh = ThirteenCluesAnalysis(data).beliefs()
    assert (again.worlds, again.cards) == (fresh.worlds, fresh.cards)
    assert (again.worlds, again.cards) == (before.worlds, before.cards)
