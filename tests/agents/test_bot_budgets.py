"""Every bot parameter that buys time has a bound a server holds specs to (issue #31, 2)."""

from __future__ import annotations

import argparse

import pytest

from sleuth.agents import agent_names, bot_parameters
from sleuth.agents.budgets import (
    BOUNDS,
    COSTS_NO_TIME,
    DEFAULT_MAX_THINK,
    SECONDS,
    check_budget,
    time_bounds,
)
from sleuth.agents.levels import ladder
from sleuth.core import ConfigError, all_kits


def test_every_whole_number_parameter_of_every_bot_is_bounded_or_costs_no_time() -> None:
    unclassified = []
    for kit in all_kits():
        for bot in agent_names(kit.name):
            bounded = BOUNDS.get(kit.name, {}).get(bot, {})
            free = COSTS_NO_TIME.get(kit.name, {}).get(bot, frozenset())
            for name, default in bot_parameters(bot, kit.name).items():
                whole = isinstance(default, int) and not isinstance(default, bool)
                if whole and name not in bounded and name not in free:
                    unclassified.append(f"{kit.name} {bot}:{name}")
                if name == SECONDS:
                    assert time_bounds(bot, kit.name, 3.0)[SECONDS] == 3.0
    assert unclassified == []
    # No bound names a parameter its bot does not have (a renamed one would go unbounded).
    for game, bots in BOUNDS.items():
        for bot, bounds in bots.items():
            assert set(bounds) <= set(bot_parameters(bot, game)), (game, bot)


def test_every_level_of_every_game_is_within_the_bounds() -> None:
    for kit in all_kits():
        levels = ladder(kit.name).get("levels")
        assert isinstance(levels, dict)
        for level, spec in levels.items():
            check_budget(level, kit.name, DEFAULT_MAX_THINK)
            check_budget(spec, kit.name, DEFAULT_MAX_THINK)


@pytest.mark.parametrize(
    ("game", "spec", "named"),
    [
        # The specs.
        ("black-vienna", "ismcts:seconds=1e9", "seconds=1e9 is above this server's bound of 5"),
        ("13-clues", "ismcts:iterations=2000000000", "iterations=2000000000 is above"),
        ("black-vienna", "racing:samples=1000000000", "samples=1000000000 is above"),
        ("alibi", "lookahead:turns=9", "turns=9 is above this server's bound of 3"),
        ("black-stories-investigation", "ismcts:depth=201", "bound of 200"),
    ],
)
def test_a_spec_beyond_a_bound_is_refused_naming_the_parameter_and_bound(
    game: str, spec: str, named: str
) -> None:
    with pytest.raises(ConfigError, match=named.replace("+", r"\+")):
        check_budget(spec, game, DEFAULT_MAX_THINK)


def test_the_operators_max_think_bounds_seconds() -> None:
    check_budget("ismcts:seconds=2", "black-vienna", 2.0)
    with pytest.raises(ConfigError, match=r"seconds=2\.5 .* bound of 2 .*--max-think"):
        check_budget("ismcts:seconds=2.5", "black-vienna", 2.0)
    check_budget("racing:samples=200", "black-vienna", 0.5)  # counts do not move with it


def test_the_operator_sets_max_think_within_its_range() -> None:
    from sleuth.cli.serve_cmd import think_seconds

    assert think_seconds("2.5") == 2.5
    for wrong in ("0", "nan", "inf", "-1", "1e9", "soon"):
        with pytest.raises(argparse.ArgumentTypeError):
            think_seconds(wrong)
