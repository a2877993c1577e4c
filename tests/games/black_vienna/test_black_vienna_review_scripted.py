"""Exact values of the review on Black Vienna's golden scripted game, worked out by hand
here by counting deals with binomial coefficients."""

from __future__ import annotations

from math import comb, log2

import pytest

from games.black_vienna.black_vienna_cases import GOLDENS as BLACK_VIENNA_GOLDENS
from sleuth.core.records import Recorder
from sleuth.review import GameReview, review_record
from sleuth.testing.golden import load_scenario
from support.review_oracle import SALT, check_figures_finite


@pytest.fixture(scope="module")
def black_vienna() -> GameReview:
    game, seed, script = load_scenario(BLACK_VIENNA_GOLDENS / "black-vienna-4p-scripted.json")
    assert script is not None
    recorder = Recorder(game, seed, SALT)
    for seat, text in script:
        recorder.play(seat, text)
    return review_record(recorder.record())


def ring_weights(unknown_on_card: int, in_ring: int) -> tuple[list[float], float]:
    """Four players, 21 letters unknown to the seat, a card with ``unknown_on_card`` of them
    answered 0 by another seat: deals per ring class j (j of the card's letters in the
    ring), times the rings in each class, and the deals of a ring with ``in_ring`` of them."""
    x = unknown_on_card
    per_ring = [comb(18 - (x - j), 6) * comb(12, 6) for j in range(x + 1)]
    rings = [comb(x, j) * comb(21 - x, 3 - j) for j in range(x + 1)]
    return [n * r for n, r in zip(per_ring, rings, strict=True)], per_ring[in_ring]


def ring_entropy_by_class(x: int, per_ring: list[int], rings: list[int]) -> float:
    total = sum(n * r for n, r in zip(per_ring, rings, strict=True))
    return -sum(r * n / total * log2(n / total) for n, r in zip(per_ring, rings, strict=True) if n)


def question_bits(x: int) -> float:
    """The exact information about the ring of asking another seat about a card with ``x``
    letters unknown to the asker, at the deal (4 players): the ring class j and the answer a
    (letters of the card in the target's six) fix each deal count."""
    rings = [comb(x, j) * comb(21 - x, 3 - j) for j in range(x + 1)]
    h_ring = log2(comb(21, 3))
    total = comb(21, 3) * comb(18, 6) * comb(12, 6)
    after = 0.0
    for a in range(x + 1):
        per_ring = [comb(x - j, a) * comb(18 - (x - j), 6 - a) * comb(12, 6) for j in range(x + 1)]
        weight = sum(n * r for n, r in zip(per_ring, rings, strict=True))
        if weight:
            after += weight / total * ring_entropy_by_class(x, per_ring, rings)
    return h_ring - after


def test_black_vienna_at_the_deal(black_vienna: GameReview) -> None:
    # 21 letters unknown to each seat, every trio of them alike: p = 1 / C(21, 3).
    for seat in black_vienna.seats:
        start = seat.readings[0]
        assert start.probability == pytest.approx(1 / 1330, rel=1e-12)
        assert start.bits == pytest.approx(log2(1330), rel=1e-12)


def test_black_vienna_after_the_first_answer(black_vienna: GameReview) -> None:
    # Step 1: seat 0 asks seat 1 about CDE, who holds none of it. The ring is EKT.
    # Seat 0 holds D (C, E unknown), seat 2 none of C, D, E, seat 3 holds C (D, E unknown);
    # each seat's truth holds one of the card's unknown letters (E).
    for seat, unknown in ((0, 2), (2, 3), (3, 2)):
        weights, truth = ring_weights(unknown, 1)
        reading = black_vienna.seat(seat).readings[1]
        assert reading.probability == pytest.approx(truth / sum(weights), rel=1e-9)
        per_ring = [comb(18 - (unknown - j), 6) * comb(12, 6) for j in range(unknown + 1)]
        rings = [comb(unknown, j) * comb(21 - unknown, 3 - j) for j in range(unknown + 1)]
        assert reading.bits == pytest.approx(
            ring_entropy_by_class(unknown, per_ring, rings), rel=1e-9
        )
    # Seat 1 answered: it knew its own hand, so it learnt nothing.
    assert black_vienna.seat(1).readings[1].probability == pytest.approx(1 / 1330, rel=1e-12)


def test_black_vienna_first_question_against_the_best(black_vienna: GameReview) -> None:
    # Face up at the deal: CDE, JKL, IRT. Seat 0 holds D and J: CDE and JKL have two
    # unknown letters, IRT three. About the ring, a card with fewer unknown letters tells
    # more (x = 1, 2, 3 give 0.076, 0.066, 0.058 bits): CDE was as good as any.
    assert question_bits(1) > question_bits(2) > question_bits(3) > 0
    note = black_vienna.seat(0).questions[0]
    assert (note.step, note.action, note.unit) == (1, "ask 1 CDE", "bits")
    assert note.made == pytest.approx(question_bits(2), rel=1e-9)
    assert note.best == pytest.approx(max(question_bits(2), question_bits(3)), rel=1e-9)
    assert note.given_away == pytest.approx(0.0, abs=1e-12)


def test_black_vienna_accusations_and_points(black_vienna: GameReview) -> None:
    wrong = black_vienna.seat(2).attempts
    assert [(a.step, a.action, a.correct, a.points) for a in wrong] == [
        (8, "accuse EKM", False, 0.0)
    ]
    right = black_vienna.seat(0).attempts[0]
    guess = black_vienna.seat(1).attempts[0]
    # A right accusation scores 3 points per marker left, a right guess 1: the answers of
    # steps 1-9 placed 0+0+1+0+0+1+0+1+1 = 4 of the 40 markers, so 36 are left.
    assert (right.action, right.correct, right.points) == ("accuse EKT", True, 108.0)
    assert (guess.action, guess.correct, guess.points) == ("guess EKT", True, 36.0)
    assert black_vienna.seat(0).score == 108.0 and black_vienna.seat(1).score == 36.0
    # Its chance of being right is what it gave the truth just before.
    assert right.probability == pytest.approx(black_vienna.seat(0).readings[9].probability)
    assert right.could_know is None and right.waited is None
    assert black_vienna.seat(0).stretches[0].verdict == "guessed right"


def test_no_figure_is_infinite(black_vienna: GameReview) -> None:
    check_figures_finite(black_vienna)
