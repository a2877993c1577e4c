"""Exact values of the review on a scripted Black Stories Investigation game (seed 3,
three players), worked out by hand here by listing cases."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from sleuth.agents import make_agent
from sleuth.core import make_game
from sleuth.core.records import Recorder
from sleuth.games.black_stories import components as bs
from sleuth.review import GameReview, review_record
from support.review_oracle import SALT, check_figures_finite, entropy

STORIES = [
    (0, "play woman+day+inside+knife to 1"),  # seat 1's case: man/night/inside/knife: field 2
    (0, "solve 1 man/night/inside/knife with 3"),  # right: 3 drops + (6 - 1 card)
    (0, "draw"),
]


@pytest.fixture(scope="module")
def stories() -> GameReview:
    recorder = Recorder(make_game("black-stories", 3), 3, SALT)
    for seat, text in STORIES:
        recorder.play(seat, text)
    state = recorder.state
    while state.outcome is None:  # play on with fixed bots to an end
        mover = state.to_move()
        assert mover is not None
        action = make_agent("deductive", "black-stories").act(
            state.view(mover), state.legal_actions(mover), random.Random(mover)
        )
        state = recorder.play(mover, str(action))
    return review_record(recorder.record())


def test_black_stories_seat_zero(stories: GameReview) -> None:
    seat = stories.seat(0)
    # Seat 0 sees three four-evidence cards (its case, two in hand): 13 cases left for each
    # opponent, distinct: 13 * 12 joint assignments.
    assert seat.readings[0].probability == pytest.approx(1 / 156, rel=1e-12)
    assert seat.readings[0].targets["seat 1's case"] == pytest.approx(1 / 13, rel=1e-12)
    # Field 2: seat 1's case shares exactly two values with woman/day/inside/knife: six of
    # the 16 cases, none of them seen. Seat 2's case (woman/night/inside/knife, three
    # values shared) is any of the other 12.
    after = seat.readings[1]
    assert after.probability == pytest.approx(1 / 72, rel=1e-12)
    assert after.targets["seat 1's case"] == pytest.approx(1 / 6, rel=1e-12)
    assert after.targets["seat 2's case"] == pytest.approx(1 / 12, rel=1e-12)
    # The card played: over seat 1's 13 cases, matches 0-1, 2 and 3 come 4, 6 and 3 times.
    note = seat.questions[0]
    assert note.made == pytest.approx(entropy([4, 6, 3]), rel=1e-12)
    attempt = seat.attempts[0]
    assert (attempt.step, attempt.correct, attempt.points) == (2, True, 8.0)
    assert attempt.probability == pytest.approx(1 / 6, rel=1e-12)


def test_black_stories_best_play_listed_by_hand(stories: GameReview) -> None:
    """The best card of seat 0's hand, over both opponents, by listing its 156 joint cases."""
    seen = {"man+night+inside+gun", "woman+day+inside+knife", "woman+day+inside+gun"}
    cases = [c for c in bs.ALL_CASES if c not in seen]
    joint = [(a, b) for a, b in product(cases, cases) if a != b]
    best = 0.0
    for card in ("woman+outside+knife", "woman+day+inside+knife", "woman+day+inside+gun"):
        for index in (0, 1):
            fields = Counter(
                bs.field_label((bs.evidence_mask(card) & bs.evidence_mask(pair[index])).bit_count())
                for pair in joint
            )
            best = max(best, entropy(list(fields.values())))
    assert stories.seat(0).questions[0].best == pytest.approx(best, rel=1e-12)


def test_no_figure_is_infinite(stories: GameReview) -> None:
    check_figures_finite(stories)
