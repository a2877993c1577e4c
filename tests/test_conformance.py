"""The conformance harness over every registered kit: its smallest and largest table with the
default rules, and a table under each option's non-default values (``support.variants``).

The games' own test modules run the harness at length; this one makes sure that no game, and
no rule option of a game, is left out of it.
"""

from __future__ import annotations

import pytest

from sleuth.core import find_game
from support.every_game import check_option, check_table, tables
from support.variants import variants

# Each kit at its smallest table (fast) and its largest (marked slow: CI runs it).
TABLES = [
    pytest.param(
        name, players, marks=pytest.mark.slow if players > find_game(name).min_players else ()
    )
    for name, players in tables()
]


@pytest.mark.parametrize(("name", "players"), TABLES, ids=str)
def test_every_kit_conforms_at_its_smallest_and_largest_table(name: str, players: int) -> None:
    check_table(name, players)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "option", "value"), list(variants()), ids=str)
def test_every_option_conforms(name: str, option: str, value: object) -> None:
    check_option(name, option, value)
