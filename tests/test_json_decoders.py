"""The compiled JSON decoders against the walk they replaced (``support.json_walk``): every
game's views, as they are and with one part of them spoiled, decode to equal values or fail
with the same message, path included."""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core import Game, GameError, all_kits
from sleuth.core.protocol import Termination
from sleuth.core.serialize import JSONValue, from_json
from support.json_walk import walk_from_json
from support.variants import variant_players

ODD_VALUES: tuple[JSONValue, ...] = (None, True, 0, -1, 2**70, 1.5, "", "x", [], [1, "a"], {})


@cache
def samples() -> tuple[tuple[Game[Any], dict[str, JSONValue]], ...]:
    """Views of every seat and the spectator along a seeded random game of every kit."""
    found = []
    for kit in all_kits():
        game = kit.game.configure(variant_players(kit.name))
        state, rng = game.new(5), random.Random(5)
        for number in range(60):
            if state.is_over:
                break
            if number % 6 == 0:
                for seat in (None, *range(game.players)):
                    found.append((game, state.view(seat).to_json()))
            seat = next(s for s in sorted(state.actors()) if state.legal_actions(s))
            state = state.apply_legal(seat, rng.choice(list(state.legal_actions(seat))))
    return tuple(found)


def decode_both(game: Game[Any], data: object) -> tuple[object, object]:
    """What each decoder makes of ``data`` as the game's view: a value or the error's text."""
    substitute: dict[type, type] = {Termination: game.termination_type}
    results: list[object] = []
    for decode in (from_json, walk_from_json):
        try:
            results.append(decode(game.view_type, data, "view", substitute))
        except GameError as error:  # a decode error, or a config's own check refusing it
            results.append((type(error).__name__, str(error)))
    return results[0], results[1]


def places(data: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """The path of every value inside ``data`` (keys and indexes)."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += places(value, (*path, index))
    return found


def test_every_view_decodes_to_itself() -> None:
    assert len({game.name for game, _ in samples()}) == len(all_kits())
    for game, data in samples():
        mine, walked = decode_both(game, data)
        assert mine == walked
        assert mine == game.view_from_json(data)
        assert not isinstance(mine, tuple)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_spoiled_view_fails_alike(data: st.DataObject) -> None:
    game, view = data.draw(st.sampled_from(samples()))
    spoiled: Any = copy.deepcopy(view)
    where = data.draw(st.sampled_from(places(spoiled)[1:]))
    parent = spoiled
    for part in where[:-1]:
        parent = parent[part]
    how = data.draw(st.sampled_from(("replace", "drop", "add")))
    if how == "drop" and isinstance(parent, dict):
        del parent[where[-1]]
    elif how == "add" and isinstance(parent, dict):
        parent["unexpected"] = 1
    else:
        parent[where[-1]] = data.draw(st.sampled_from(ODD_VALUES))
    mine, walked = decode_both(game, spoiled)
    assert mine == walked


def test_an_error_names_the_field_and_the_item() -> None:
    game, view = next(
        (g, v) for g, v in samples() if any(isinstance(x, list) and x for x in v.values())
    )
    key, items = next((k, x) for k, x in view.items() if isinstance(x, list) and x)
    spoiled = {**view, key: [*items[:-1], {"not": "an item"}]}
    mine, walked = decode_both(game, spoiled)
    assert mine == walked
    assert isinstance(mine, tuple) and mine[0] == "DecodeError"
    assert mine[1].startswith(f"view.{key}[{len(items) - 1}]")


def test_an_unsupported_hint_is_a_type_error_naming_its_place() -> None:
    with pytest.raises(TypeError, match=r"^\$: unsupported type hint <class 'complex'>$"):
        from_json(complex, 1)
