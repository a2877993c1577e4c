"""Bad input of every kind gets a clear error and changes nothing (issue: fuzzing review).

Hypothesis, with a time budget, throws mutated position files, option values and actions
built in code at every game: the only exceptions allowed are the project's ``GameError``s,
and a refused action leaves the state as it was. (Session files and assistant entries are
fuzzed in tests/test_assist_fuzz.py.)
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sleuth.core import GameError, all_kits, find_game, make_game
from sleuth.core.kit import KNOWLEDGE
from sleuth.deduce.api import analyze_position
from support.game_cases import cases_of

FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)

# A small position of every game with a knowledge part, from the game's own test data.
POSITIONS: list[dict[str, Any]] = [
    dict(position)
    for kit in all_kits()
    if kit.has(KNOWLEDGE) and (position := cases_of(kit).position) is not None
]


def test_every_game_with_knowledge_gives_a_position() -> None:
    for kit in all_kits():
        if kit.has(KNOWLEDGE) and kit.game.__module__.startswith("sleuth.games."):
            position = cases_of(kit).position
            assert position is not None, f"{kit.name}: no position in its test data"
            assert find_game(str(position["game"])) is kit.game


# JSON values a hand-edited or hostile file may hold where another value was.
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["²", "٣", "-1", "1e9", "AOR", "Officer", "purple", "0/1"]),
    st.lists(st.integers(-3, 40), max_size=4),
    st.dictionaries(st.text(max_size=4), st.integers(0, 3), max_size=3),
)


# Drawn alike, so that each odd kind of value reaches each place of a file.
ODD: list[object] = [None, True, -1, 10**12, 1.5, "", "²", "AOR", "Officer", [1, 2], [], {}]
ODD.append({"x": 1})


def _paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a JSON value, as a path of keys and indexes."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


def _replace(data: Any, path: tuple[object, ...], value: object) -> Any:
    if not path:
        return value
    data = copy.deepcopy(data)
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return data


def test_every_odd_value_at_every_place_of_a_position_is_refused_or_analysed() -> None:
    checked = refused = 0
    for position in POSITIONS:
        for place in _paths(position):
            for value in ODD:
                mutated = _replace(position, place, value)
                try:
                    analyze_position(json.loads(json.dumps(mutated)))
                except GameError as error:
                    assert str(error), (place, value)
                    refused += 1
                checked += 1
    assert checked > 400 and refused > checked // 2


@settings(FUZZ, max_examples=600)
@given(which=st.integers(0, len(POSITIONS) - 1), data=st.data())
def test_a_mutated_position_file_is_refused_or_analysed(which: int, data: st.DataObject) -> None:
    mutated: Any = POSITIONS[which]
    for _ in range(data.draw(st.integers(1, 2))):
        place = data.draw(st.sampled_from(_paths(mutated)))
        mutated = _replace(mutated, place, data.draw(st.one_of(st.sampled_from(ODD), ODD_VALUES)))
    if data.draw(st.booleans()) and isinstance(mutated, dict):
        mutated = {**mutated, "surprise": 1}
    try:
        out = analyze_position(json.loads(json.dumps(mutated)))
    except GameError as error:
        assert str(error)  # a message that names what was wrong
    else:
        assert out["consistent"] in (True, False)
        assert int(str(out["worlds"])) >= 0


@FUZZ
@given(
    game=st.sampled_from([kit.name for kit in all_kits()]),
    option=st.integers(0, 20),
    raw=st.one_of(
        st.text(max_size=30),
        st.sampled_from(["²", "10000000", "-5", "9" * 5000, "yes", "maybe", "a,b,c", ""]),
    ),
    players=st.integers(0, 8),
)
def test_an_option_value_is_refused_or_gives_a_game(
    game: str, option: int, raw: str, players: int
) -> None:
    options = find_game(game).options()
    name = options[option % len(options)].name if options else "nonexistent"
    try:
        made = make_game(game, players, **{name: raw})
    except GameError as error:
        assert str(error)
    else:
        state = made.new(1)  # a game made of the value deals and plays on
        seat = state.to_move()
        assert seat is None or len(state.legal_actions(seat)) > 0


@FUZZ
@given(
    game=st.sampled_from([kit.name for kit in all_kits()]),
    seed=st.integers(0, 50),
    kind=st.integers(0, 10),
    fields=st.lists(ODD_VALUES, min_size=0, max_size=4),
)
def test_an_action_built_in_code_is_refused_or_legal(
    game: str, seed: int, kind: int, fields: list[object]
) -> None:
    made = find_game(game).configure(find_game(game).min_players)
    state = made.new(seed)
    seat = state.to_move()
    assert seat is not None
    action_type = made.action_types[kind % len(made.action_types)]
    before = json.dumps([state.view(s).to_json() for s in range(made.players)])
    try:
        action = action_type(*fields)
    except TypeError:
        return  # the wrong number of fields: Python refuses it before Sleuth sees it
    try:
        after = state.apply(seat, action)
    except GameError as error:
        assert str(error)
        assert json.dumps([state.view(s).to_json() for s in range(made.players)]) == before
    else:
        assert action in state.legal_actions(seat)
        assert after is not state
