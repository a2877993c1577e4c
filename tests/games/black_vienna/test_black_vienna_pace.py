"""The pace benchmark of Black Vienna tables (benchmarks/games/black_vienna/vienna_pace.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks/games/black_vienna"))

import random

from vienna_pace import frontier_game, knowledge, median_interval, oracle, pace, standing

from sleuth.core import make_game
from sleuth.games.black_vienna import Accuse, BlackViennaState, Investigate
from sleuth.games.black_vienna import components as bv


def test_the_medians_interval_is_the_order_statistics_a_fair_coin_gives() -> None:
    # n = 40: the 14th and 27th smallest (P(Bin(40, 1/2) <= 13) = 0.019 <= 0.025 < 0.040).
    assert median_interval(list(range(1, 41))) == (14, 27)
    assert median_interval(list(range(1, 101))) == (40, 61)
    assert median_interval([1, 2, 3, 4, 5, 6]) == (1, 6)  # P(Bin(6, 1/2) = 0) = 1/64
    # Under 6 values even the extremes cover the median less than 95% of the time.
    assert median_interval([1, 2, 3, 4, 5]) is None
    assert median_interval([5]) is None
    assert median_interval([]) is None


def test_accusing_only_when_certain_wins_right_where_the_first_seat_became_certain() -> None:
    first_certain, _ = pace(3, 4, oracle)
    assert first_certain == 15
    assert frontier_game(3, 4, 1.0) == ("correct", 15)


def test_accusing_at_any_odds_knocks_out_all_but_the_last_player() -> None:
    assert frontier_game(3, 0, 0.0) == ("last player", None)


def test_after_a_wrong_accusation_the_oracle_informs_the_seats_still_standing() -> None:
    state = make_game("bv", 4).new(5)
    assert isinstance(state, BlackViennaState)
    wrong = next(t for t in ("ABC", "ABD") if bv.letters_mask(t) != state.ring)
    state = state.apply(1, Accuse(wrong))  # seat 1 is out and has seen the ring
    mover = state.to_move()
    assert mover is not None and standing(state) == [0, 2, 3]

    def bits_left(after: BlackViennaState) -> float:
        return min(knowledge(after, seat).entropy for seat in standing(after))

    questions = [a for a in state.legal_actions(mover) if isinstance(a, Investigate)]
    best = min(bits_left(state.apply(mover, q)) for q in questions)
    assert bits_left(oracle(state, mover, random.Random(0))) == best
    # Counting seat 1 every question would leave 0 bits and the first would do.
    assert bits_left(state.apply(mover, questions[0])) > best
