"""The review of Black Vienna with three players (969 rings times 12,870 hands per seat)
against direct enumeration of deals, at every step, for every seat."""

from __future__ import annotations

from typing import Any

import pytest

from games.black_vienna.black_vienna_deals import bv_answers, bv_ring_counts
from sleuth.games.black_vienna import BlackViennaState
from sleuth.games.black_vienna import components as bv
from sleuth.review import GameReview, review_record
from support.review_oracle import close, entropy, known_states, play


def check_bv(record: dict[str, Any], review: GameReview) -> int:
    states = known_states(record, BlackViennaState)
    final = states[-1]
    ring = final.ring
    checked = 0
    for seat_review in review.seats:
        seat = seat_review.seat
        counts = bv_ring_counts(final.hands[seat], seat, final.game.hand_sizes, bv_answers(final))
        for reading, state in zip(seat_review.readings, states, strict=True):
            k = len(bv_answers(state))
            total = sum(counts[k].values())
            assert close(reading.probability, counts[k][ring] / total), (seat, reading.step)
            assert close(reading.bits, entropy(list(counts[k].values()))), (seat, reading.step)
            assert reading.certain == (counts[k][ring] == total)
            checked += 1
    return checked


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "bot"), [(3, "deductive"), (5, "random")])
def test_black_vienna_three_players_every_step(seed: int, bot: str) -> None:
    record = play("black-vienna", 3, seed, bot)
    review = review_record(record)
    assert check_bv(record, review) == 3 * (len(record["steps"]) + 1)
    # the ring's letters are the truth the review names
    assert review.seats[0].stretches[0].truth == tuple(
        bv.mask_letters(known_states(record, BlackViennaState)[-1].ring)
    )
