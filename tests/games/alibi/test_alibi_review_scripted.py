"""Exact values of Alibi's review (card counting, said so) on a game between deductive bots,
worked out by hand here from the card-counting formula itself."""

from __future__ import annotations

from typing import Any

import pytest

from games.alibi.alibi_cases import SHORT as SHORT_ALIBI
from sleuth.agents import make_agent
from sleuth.arena import play_match
from sleuth.core import make_game
from sleuth.review import GameReview, render, review_record
from support.review_oracle import SALT, entropy


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
