"""A 13 Clues position marked checked is one this game made (from a view, or checked whole
by ``from_json``): a caller can neither mark its own (``checked`` was a public argument,
and a believer read such a position's answers unchecked) nor change, through the lists it
passed in, what ``from_json`` checked."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from sleuth.core import GameError, make_game
from sleuth.deduce.model import PositionError
from sleuth.envs.table import Table, random_code
from sleuth.games.thirteen_clues.beliefs import Believer
from sleuth.games.thirteen_clues.knowledge import ThirteenCluesPosition, thirteen_clues_position
from sleuth.games.thirteen_clues.views import ThirteenCluesView


def a_position(players: int, seed: int) -> dict[str, object]:
    """Seat 0's first position of a seeded game with a question in it."""
    table = Table(make_game("13-clues", players))
    table.reset(seed)
    rng = np.random.default_rng(seed)
    while (decision := table.decision) is not None:
        view = table.state.view(0)
        assert isinstance(view, ThirteenCluesView)
        try:
            data = thirteen_clues_position(view)
        except GameError:  # the mysteries are not chosen yet
            data = {}
        if data.get("questions"):
            return data
        table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.02))
    raise AssertionError("no question in the game")


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
