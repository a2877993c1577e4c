"""Exact values of the review on a scripted 13 Clues game (seed 7, four players), worked
out by hand here by counting deals."""

from __future__ import annotations

from collections import Counter
from itertools import product
from math import comb, log2

import pytest

from sleuth.review import GameReview, review_record
from support.review_oracle import check_figures_finite, entropy, scripted

THIRTEEN = [
    (0, "choose Countess Market Sword"),  # seat 1's mystery
    (1, "choose Maid Parlor Crossbow"),
    (2, "choose Officer Theater Candlestick"),
    (3, "choose Duke Library Poison"),  # seat 0's mystery; seat 1 starts
    (1, "ask 0 blue"),  # seat 0 sees one blue card: the Maid
    (2, "ask 0 red"),
    (3, "look A"),
    (0, "accuse Duke Library Knife"),  # wrong
    (1, "accuse Countess Market Sword"),  # right
]
# Cards unknown to seat 1 once every mystery is chosen: its own mystery is one of these.
PERSONS_1 = ("Countess", "Nurse", "Dancer", "Butcher", "Sailor")
LOCATIONS_1 = ("Market", "Plaza", "Park", "Harbor")
WEAPONS_1 = ("Sword", "Blowgun", "Rifle", "Knife")
BLUE = {"Maid", "Harbor", "Rifle"}


@pytest.fixture(scope="module")
def thirteen() -> GameReview:
    return review_record(scripted("13-clues", 4, 7, THIRTEEN))


def test_thirteen_clues_before_and_after_the_mysteries(thirteen: GameReview) -> None:
    for seat in thirteen.seats:
        assert all(r.probability is None for r in seat.readings[:4])
    # Seat 0 sees 11 cards; unknown to it: 3 persons, 5 locations, 5 weapons.
    assert thirteen.seat(0).readings[4].probability == pytest.approx(1 / 75, rel=1e-12)
    assert thirteen.seat(1).readings[4].probability == pytest.approx(1 / 80, rel=1e-12)
    # Seat 0 answered the two questions: it learns nothing from them.
    assert thirteen.seat(0).readings[6].probability == pytest.approx(1 / 75, rel=1e-12)
    # Its own wrong accusation rules out that one trio.
    assert thirteen.seat(0).readings[8].probability == pytest.approx(1 / 74, rel=1e-12)
    attempt = thirteen.seat(0).attempts[0]
    assert (attempt.step, attempt.correct, attempt.probability) == (8, False, pytest.approx(1 / 75))


def seat_one_blue_question() -> tuple[float, float]:
    """Seat 1 asks seat 0 how many blue cards it sees: the blue Maid (seat 2's mystery),
    plus its count among seat 1's own mystery and seat 0's two hidden cards. Each mystery
    m leaves 10 unknown cards; seat 0's pair is 2 of them, the rest is laid out alike. The
    information is H(mystery) - H(mystery | answer); answer 1 leaves the mysteries with no
    blue card, 45 alike."""
    mysteries = list(product(PERSONS_1, LOCATIONS_1, WEAPONS_1))
    joint: Counter[tuple[tuple[str, ...], int]] = Counter()
    for m in mysteries:
        unknown_blue = [c for c in ("Harbor", "Rifle") if c not in m]
        others = 10 - len(unknown_blue)
        for held in range(3):
            pairs = comb(len(unknown_blue), held) * comb(others, 2 - held)
            answer = 1 + sum(1 for c in m if c in BLUE) + held
            joint[m, answer] += pairs
    total = sum(joint.values())
    answers: Counter[int] = Counter()
    for (_, answer), n in joint.items():
        answers[answer] += n
    h_after = sum(
        answers[a] / total * entropy([n for (m, b), n in joint.items() if b == a]) for a in answers
    )
    return log2(len(mysteries)) - h_after, 1 / 45


def test_thirteen_clues_question_of_seat_one(thirteen: GameReview) -> None:
    bits, p_after = seat_one_blue_question()
    note = thirteen.seat(1).questions[0]
    assert (note.step, note.action) == (5, "ask 0 blue")
    assert note.made == pytest.approx(bits, rel=1e-9)
    assert note.best >= note.made
    reading = thirteen.seat(1).readings[5]
    assert reading.probability == pytest.approx(p_after, rel=1e-9)
    assert reading.bits == pytest.approx(log2(45), rel=1e-9)


def test_thirteen_clues_right_accusation(thirteen: GameReview) -> None:
    attempt = thirteen.seat(1).attempts[0]
    assert (attempt.step, attempt.action, attempt.correct, attempt.points) == (
        9,
        "accuse Countess Market Sword",
        True,
        1.0,
    )
    assert attempt.probability == pytest.approx(thirteen.seat(1).readings[8].probability)
    assert thirteen.seat(1).score == 1.0


def test_no_figure_is_infinite(thirteen: GameReview) -> None:
    check_figures_finite(thirteen)
