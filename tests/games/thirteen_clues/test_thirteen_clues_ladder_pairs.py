"""13 Clues' ladder measured with its steps at a table of their own
(benchmarks/ladder.py --pairs)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))

from ladder import KEY, measure, pair_plan
from sleuth.agents.levels import ladder
from sleuth.arena.stats import ratings
from sleuth.arena.tournament import run_specs, schedule
from sleuth.core import find_game


def test_with_pairs_the_ratings_weigh_the_steps_games_with_the_tables() -> None:
    game = find_game("13-clues").configure(2)
    levels = ladder("13-clues")["levels"]
    assert isinstance(levels, dict)
    easy, medium = (str(spec) for spec in list(levels.values())[:2])
    table = run_specs(schedule(game.name, game.config_json(), [easy, medium], 6, 3, KEY), 1)
    paired = run_specs(pair_plan(game, medium, easy, 6, 3), 1)

    measured = measure("13-clues", players=2, games=6, seed=3, workers=1, pairs=6)

    every_game = ratings(table + paired)
    assert measured["ratings"] == {"easy": every_game[easy], "medium": every_game[medium]}
    assert every_game != ratings(table)  # the step's games moved the ratings
