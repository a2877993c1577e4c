"""Every option of every built-in game is tried at a non-default value: an option with no
test value is an error naming it, never silently left at its default."""

from __future__ import annotations

import pytest

import support.variants
from support.game_cases import GameCases
from support.variants import variants


def test_every_option_has_a_value_to_try() -> None:
    tried = {(game, option) for game, option, _ in variants()}
    assert len(tried) >= 20  # the built-in games' options, each at least once


def test_an_option_without_a_test_value_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(support.variants, "cases_of", lambda kit: GameCases())
    with pytest.raises(LookupError, match=r"option '\w+' has no test value"):
        list(variants())
