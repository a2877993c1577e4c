"""Every bot of every game plays to the end under each option's non-default values and under
a custom deck: the view carries the rules in play, so no bot mis-models them.

Each variant is one game with one bot of each kind at the table (seats rotated by the
variant's number) and ``random`` filling the rest; the search bot gets a small budget.
"""

from __future__ import annotations

import pytest

from sleuth.agents import agent_names, make_agent
from sleuth.arena import play_match
from sleuth.core import find_game
from support.variants import base_options, variant_players, variants

pytestmark = pytest.mark.slow
SEARCH = "ismcts:iterations=24"
# A lookahead bot with a small budget too: every variant seats it at a 5-player table.
SMALL = {"ismcts": SEARCH, "lookahead": "lookahead:samples=2"}


@pytest.mark.parametrize(("name", "option", "value"), list(variants()), ids=str)
def test_every_bot_plays_to_the_end(name: str, option: str, value: object) -> None:
    bots = [SMALL.get(b, b) for b in agent_names(name) if b != "random"]
    # every bot of the game has a seat, and random one too (a seat more where needed)
    players = max(variant_players(name), len(bots) + 1)
    assert players <= find_game(name).max_players
    options = {**base_options(name), option: value}
    game = find_game(name).configure(players, **options)
    specs = (bots + ["random"] * players)[:players]
    shift = sum(map(ord, f"{option}={value}")) % players
    specs = specs[shift:] + specs[:shift]
    result = play_match(game, [make_agent(spec, name) for spec in specs], seed=len(option))
    assert result.outcome is not None
    assert result.record["config"] == game.config_json()
