"""The pace benchmark of Black Vienna tables (benchmarks/vienna_pace.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from vienna_pace import frontier_game, median_interval, oracle, pace


def test_the_medians_interval_is_the_order_statistics_a_fair_coin_gives() -> None:
    # n = 40: the 14th and 27th smallest (P(Bin(40, 1/2) <= 13) = 0.019 <= 0.025 < 0.040).
    assert median_interval(list(range(1, 41))) == (14, 27)
    assert median_interval(list(range(1, 101))) == (40, 61)
    assert median_interval([5]) == (5, 5)


def test_accusing_only_when_certain_wins_right_where_the_first_seat_became_certain() -> None:
    first_certain, _ = pace(3, 4, oracle)
    assert first_certain == 15
    assert frontier_game(3, 4, 1.0) == ("correct", 15)
