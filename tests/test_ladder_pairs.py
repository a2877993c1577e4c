"""The ladder's steps at a table of their own (benchmarks/ladder.py --pairs); a step's games
measured: tests/games/<package>/."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from ladder import pair_plan
from sleuth.core import GameKit
from support.game_names import built_in_kits


def kits_seating(players: int) -> list[GameKit]:
    return [k for k in built_in_kits() if k.game.min_players <= players <= k.game.max_players]


@pytest.mark.parametrize("kit", kits_seating(4), ids=lambda kit: kit.name)
def test_a_step_seats_its_two_levels_alternately_and_rotates_them(kit: GameKit) -> None:
    game = kit.game.configure(4)
    plan = pair_plan(game, "deductive", "basic", 4, seed=7)
    assert [spec.seating for spec in plan] == [
        ("deductive", "basic", "deductive", "basic"),
        ("basic", "deductive", "basic", "deductive"),
        ("deductive", "basic", "deductive", "basic"),
        ("basic", "deductive", "basic", "deductive"),
    ]
    assert len({spec.seed for spec in plan}) == 4  # a new deal each game


@pytest.mark.parametrize("kit", kits_seating(3), ids=lambda kit: kit.name)
def test_at_an_odd_table_the_upper_level_holds_the_extra_seat_and_every_seat_in_turn(
    kit: GameKit,
) -> None:
    game = kit.game.configure(3)
    plan = pair_plan(game, "lookahead", "deductive", 3, seed=1)
    seats = Counter((seat, bot) for spec in plan for seat, bot in enumerate(spec.seating))
    # Over three rotated games each level sits in each seat: lookahead twice, deductive once.
    assert seats == Counter(
        {(s, "lookahead"): 2 for s in range(3)} | {(s, "deductive"): 1 for s in range(3)}
    )
