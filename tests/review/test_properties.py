"""Invariants of the review, over games between random bots (hypothesis draws the seeds).

In every game with exact knowledge: the truth is never impossible (p > 0 at every step),
and the step a seat "could have known" is the first where its posterior puts probability 1
on the truth, for the whole solution and for each target's stretch. The judged moves are
never better than the best one then.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.core import all_kits, make_game
from sleuth.core.kit import KNOWLEDGE
from sleuth.review import GameReview, SeatReview, review_record
from support.game_cases import cases_of

ONE = 1 - 1e-12
# Every game with exact knowledge: its tables, and options that keep its games short.
GAMES: dict[str, tuple[range, dict[str, Any]]] = {
    kit.name: (
        range(kit.game.min_players, kit.game.max_players + 1),
        dict(cases_of(kit).random_game_options),
    )
    for kit in all_kits()
    if kit.has(KNOWLEDGE)
}


def reviewed(name: str, players: int, seed: int, accuse: float) -> GameReview:
    options = GAMES[name][1]
    game = make_game(name, players, **options)
    agents = [RandomAgent(accuse) for _ in range(players)]
    bots = [seed * 10 + s for s in range(players)]
    record = play_match(game, agents, seed, bot_seeds=bots, salt="5a" * 16).record
    return review_record(record)


def check_seat(seat: SeatReview) -> None:
    readings = [r for r in seat.readings if r.probability is not None]
    assert readings, "no step was reviewed"
    for reading in readings:
        assert reading.probability is not None
        assert 0 < reading.probability <= 1 + 1e-12, reading
        assert reading.certain == (reading.probability >= ONE)
        assert reading.bits is not None and reading.bits >= 0
        assert (reading.bits < 1e-9) == reading.certain
        for p in reading.targets.values():
            assert 0 < p <= 1 + 1e-12
    first = next(
        (r.step for r in readings if r.probability is not None and r.probability >= ONE), None
    )
    assert seat.could_know == first
    for stretch in seat.stretches:
        inside = [
            r
            for r in seat.readings
            if stretch.first <= r.step <= stretch.last and stretch.target in r.targets
        ]
        certain = next((r.step for r in inside if r.targets[stretch.target] >= ONE), None)
        assert stretch.could_know == certain, stretch
    for note in seat.questions:
        assert 0 <= note.made <= note.best + 1e-9
        assert note.given_away >= 0
    for attempt in seat.attempts:
        assert attempt.probability is not None and 0 <= attempt.probability <= 1 + 1e-12
        if attempt.correct:
            assert attempt.probability > 0


@pytest.mark.slow
@settings(max_examples=16, deadline=None)
@given(
    st.sampled_from(sorted(GAMES)),
    st.integers(min_value=0, max_value=2**31 - 1),
    st.data(),
)
def test_truth_never_impossible_and_could_know_is_first_certainty(
    name: str, seed: int, data: st.DataObject
) -> None:
    players = data.draw(st.sampled_from(list(GAMES[name][0])), label="players")
    accuse = data.draw(st.sampled_from([0.02, 0.1]), label="accusation rate")
    review = reviewed(name, players, seed, accuse)
    assert review.exact
    for seat in review.seats:
        check_seat(seat)
