"""The review of 13 Clues with six players (no informants: a mystery times 113,400 ways to
hold the other hidden cards) against direct enumeration of deals, at every step."""

from __future__ import annotations

import pytest

from games.thirteen_clues.thirteen_clues_deals import tc_mystery_counts
from sleuth.games.thirteen_clues import ThirteenCluesState
from sleuth.review import review_record
from support.review_oracle import close, entropy, known_states, play


@pytest.mark.slow
def test_thirteen_clues_six_players_every_step() -> None:
    record = play("13-clues", 6, 1, "deductive")
    review = review_record(record)
    states = known_states(record, ThirteenCluesState)
    chosen = [i for i, s in enumerate(states) if all(m is not None for m in s.mysteries)]
    first = chosen[0]
    for seat_review in review.seats[:3]:  # three seats: the oracle takes seconds per seat
        seat = seat_review.seat
        counts = tc_mystery_counts([states[i] for i in chosen], seat)
        mystery = states[-1].mysteries[seat]
        assert mystery is not None  # chosen: every mystery is picked by the end
        truth = tuple(mystery)
        for reading in seat_review.readings[:first]:
            assert reading.probability is None
        for reading, count in zip(seat_review.readings[first:], counts, strict=True):
            total = sum(count.values())
            assert close(reading.probability, count[truth] / total), (seat, reading.step)
            assert close(reading.bits, entropy(list(count.values())))
