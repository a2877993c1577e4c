"""A state's generated copy: every field carried over, or given anew by name."""

from __future__ import annotations

import dataclasses

import pytest

from sleuth.core import make_game
from sleuth.core.protocol import copier
from sleuth.games.black_vienna import BlackViennaState
from support.narrow import narrow


def test_a_copy_carries_every_field_and_starts_its_caches_empty() -> None:
    state = narrow(BlackViennaState, make_game("bv", 4).new(7))
    state.legal_actions(state.asker)  # fills this state's cache
    copy = copier(BlackViennaState)(state)
    assert copy is not state
    for field in dataclasses.fields(BlackViennaState):
        assert getattr(copy, field.name) is getattr(state, field.name), field.name
    assert copy._legal is None and copy._shared is None


def test_fields_given_by_name_are_set_the_others_carried() -> None:
    state = narrow(BlackViennaState, make_game("bv", 4).new(7))
    advance = copier(BlackViennaState, "supply", "asker")
    moved = advance(state, supply=12, asker=2)
    assert (moved.supply, moved.asker) == (12, 2)
    assert (state.supply, state.asker) != (12, 2)  # the original is left as it was
    for field in dataclasses.fields(BlackViennaState):
        if field.name not in ("supply", "asker"):
            assert getattr(moved, field.name) is getattr(state, field.name), field.name
    with pytest.raises(TypeError):
        advance(state, supply=12)  # every named field must be given


def test_a_name_that_is_no_field_is_refused() -> None:
    with pytest.raises(TypeError, match="no field suply"):
        copier(BlackViennaState, "suply")
