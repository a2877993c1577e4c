"""Every bot parameter that buys time has a bound a server holds specs to (issue #31, 2)."""

from __future__ import annotations

import argparse

import pytest

from sleuth.agents import agent_names, bot_parameters
from sleuth.agents.budgets import (
    DEFAULT_MAX_THINK,
    SECONDS,
    check_budget,
    game_budgets,
    time_bounds,
)
from sleuth.agents.levels import ladder
from sleuth.core import ConfigError, all_kits


def test_every_whole_number_parameter_of_every_bot_is_bounded_or_costs_no_time() -> None:
    unclassified = []
    for kit in all_kits():
        for bot in agent_names(kit.name):
            listed = game_budgets(kit.name).get(bot, {})
            bounded = {name for name, bound in listed.items() if bound is not None}
            free = {name for name, bound in listed.items() if bound is None}
            for name, default in bot_parameters(bot, kit.name).items():
                whole = isinstance(default, int) and not isinstance(default, bool)
                if whole and name not in bounded and name not in free:
                    unclassified.append(f"{kit.name} {bot}:{name}")
                if name == SECONDS:
                    assert time_bounds(bot, kit.name, 3.0)[SECONDS] == 3.0
    assert unclassified == []
    # No bound names a parameter its bot does not have (a renamed one would go unbounded).
    for kit in all_kits():
        for bot, bounds in game_budgets(kit.name).items():
            assert set(bounds) <= set(bot_parameters(bot, kit.name)), (kit.name, bot)


def test_every_level_of_every_game_is_within_the_bounds() -> None:
    for kit in all_kits():
        levels = ladder(kit.name).get("levels")
        assert isinstance(levels, dict)
        for level, spec in levels.items():
            check_budget(level, kit.name, DEFAULT_MAX_THINK)
            check_budget(spec, kit.name, DEFAULT_MAX_THINK)


def ismcts_games() -> list[str]:
    return [kit.name for kit in all_kits() if "ismcts" in agent_names(kit.name)]


@pytest.mark.parametrize("game", ismcts_games())
def test_a_spec_beyond_a_bound_is_refused_naming_the_parameter_and_bound(game: str) -> None:
    # The spec; each game's own bounds are refused in its folder
    # (tests/games/<package>/test_<package>_budgets.py).
    with pytest.raises(ConfigError, match="seconds=1e9 is above this server's bound of 5"):
        check_budget("ismcts:seconds=1e9", game, DEFAULT_MAX_THINK)


@pytest.mark.parametrize("game", ismcts_games())
def test_the_operators_max_think_bounds_seconds(game: str) -> None:
    check_budget("ismcts:seconds=2", game, 2.0)
    with pytest.raises(ConfigError, match=r"seconds=2\.5 .* bound of 2 .*--max-think"):
        check_budget("ismcts:seconds=2.5", game, 2.0)


def test_the_operator_sets_max_think_within_its_range() -> None:
    from sleuth.cli.serve_cmd import think_seconds

    assert think_seconds("2.5") == 2.5
    for wrong in ("0", "nan", "inf", "-1", "1e9", "soon"):
        with pytest.raises(argparse.ArgumentTypeError):
            think_seconds(wrong)
