"""The review of Black Stories Investigation (16 cases) against direct enumeration of deals,
at every step, for every seat."""

from __future__ import annotations

import math

import pytest

from games.black_stories.black_stories_deals import bs_joint
from sleuth.games.black_stories import BlackStoriesState
from sleuth.review import review_record
from support.review_oracle import close, known_states, play


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(3, 11, {}), (4, 2, {}), (3, 7, {"guesses": "private"}), (2, 4, {})],
)
def test_black_stories_every_step(players: int, seed: int, options: dict[str, str]) -> None:
    record = play("black-stories", players, seed, "deductive", **options)
    review = review_record(record)
    states = known_states(record, BlackStoriesState)
    for seat_review in review.seats:
        seat = seat_review.seat
        for reading, state in zip(seat_review.readings, states, strict=True):
            order, joint = bs_joint(state, seat)
            truth = tuple(state.cases[t] for t in order)
            assert truth in joint
            assert close(reading.probability, 1 / len(joint)), (seat, reading.step)
            assert close(reading.bits, math.log2(len(joint)))
            for index, target in enumerate(order):
                share = sum(1 for combo in joint if combo[index] == truth[index]) / len(joint)
                assert close(reading.targets[f"seat {target}'s case"], share)
