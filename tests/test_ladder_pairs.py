"""The ladder's steps at a table of their own (benchmarks/ladder.py --pairs)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from ladder import KEY, measure, pair_plan
from sleuth.agents.levels import ladder
from sleuth.arena.stats import ratings
from sleuth.arena.tournament import run_specs, schedule
from sleuth.core import find_game


def test_a_step_seats_its_two_levels_alternately_and_rotates_them() -> None:
    game = find_game("13-clues").configure(4)
    plan = pair_plan(game, "deductive", "basic", 4, seed=7)
    assert [spec.seating for spec in plan] == [
        ("deductive", "basic", "deductive", "basic"),
        ("basic", "deductive", "basic", "deductive"),
        ("deductive", "basic", "deductive", "basic"),
        ("basic", "deductive", "basic", "deductive"),
    ]
    assert len({spec.seed for spec in plan}) == 4  # a new deal each game


def test_at_an_odd_table_the_upper_level_holds_the_extra_seat_and_every_seat_in_turn() -> None:
    game = find_game("alibi").configure(3)
    plan = pair_plan(game, "lookahead", "deductive", 3, seed=1)
    seats = Counter((seat, bot) for spec in plan for seat, bot in enumerate(spec.seating))
    # Over three rotated games each level sits in each seat: lookahead twice, deductive once.
    assert seats == Counter(
        {(s, "lookahead"): 2 for s in range(3)} | {(s, "deductive"): 1 for s in range(3)}
    )


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
