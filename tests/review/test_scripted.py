"""Exact values of the review on a scripted game of each game, worked out by hand here:
counting deals with binomial coefficients, listing cases, or (Alibi) the card-counting
formula itself."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import product
from math import comb, log2
from typing import Any

import pytest

from games.alibi.alibi_cases import SHORT as SHORT_ALIBI
from games.black_vienna.black_vienna_cases import GOLDENS as BLACK_VIENNA_GOLDENS
from sleuth.agents import make_agent
from sleuth.arena import play_match
from sleuth.core import make_game
from sleuth.core.records import Recorder
from sleuth.games.black_stories import components as bs
from sleuth.review import GameReview, render, review_record
from sleuth.testing.golden import load_scenario

SALT = "5a" * 16


def scripted(name: str, players: int, seed: int, script: list[tuple[int, str]]) -> dict[str, Any]:
    recorder = Recorder(make_game(name, players), seed, SALT)
    for seat, text in script:
        recorder.play(seat, text)
    return dict(recorder.record())


def entropy(weights: list[float]) -> float:
    total = sum(weights)
    return -sum(w / total * log2(w / total) for w in weights if w)


# --- Black Vienna: the golden scripted game ------------------------------------------------


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


# --- 13 Clues: seed 7, four players --------------------------------------------------------

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


# --- Black Stories: seed 3, three players ---------------------------------------------------

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


# --- Alibi: card counting, said so ---------------------------------------------------------


@pytest.fixture(scope="module")
def alibi() -> tuple[GameReview, dict[str, Any]]:
    game = make_game("alibi", 2, suspects=SHORT_ALIBI)
    agents = [make_agent("deductive", "alibi") for _ in range(2)]
    record = dict(play_match(game, agents, 8, bot_seeds=[1, 2], salt=SALT).record)
    return review_record(record), record


def test_alibi_card_counting_at_the_deal(alibi: tuple[GameReview, dict[str, Any]]) -> None:
    review, _ = alibi
    assert not review.exact and "card counting, not exact" in render(review)

    # Seat 0 holds striped, knife, alibi, bribe; shown S01, S05, S03, S02, none covered.
    # A suspect's weight: 0.35 per value still needed, times each missing value's ease:
    # 1 when held, else u / (u + 1.5) for its u unseen copies (Appendix C counts).
    def ease(u: int) -> float:
        return u / (u + 1.5)

    weights = {
        "S01": ease(5) * ease(4) * ease(4) * ease(2) * ease(2),
        "S05": ease(5) * ease(4) * ease(4) * ease(3) * ease(2),
        "S03": ease(5) * ease(4) * ease(4) * 1.0 * 1.0,
        "S02": ease(5) * ease(4) * ease(4) * ease(3) * ease(2),
    }
    first = review.seat(0).stretches[0].truth[0]
    assert first is not None
    expected = weights[first] / sum(weights.values())
    reading = review.seat(0).readings[0]
    assert reading.probability == pytest.approx(expected, rel=1e-12)
    assert reading.bits == pytest.approx(entropy(list(weights.values())), rel=1e-12)


def test_alibi_moves_in_expected_points(alibi: tuple[GameReview, dict[str, Any]]) -> None:
    review, _ = alibi
    notes = review.seat(0).questions
    assert notes and all(n.unit == "points" for n in notes)
    # The deductive bot plays the move its model values best: nothing given away.
    assert all(n.given_away == pytest.approx(0.0, abs=1e-12) for n in notes)
    assert review.seat(0).attempts == ()


def test_no_figure_is_infinite(
    black_vienna: GameReview, thirteen: GameReview, stories: GameReview
) -> None:
    for review in (black_vienna, thirteen, stories):
        for seat in review.seats:
            for reading in seat.readings:
                assert reading.bits is None or math.isfinite(reading.bits)
