"""A seat's beliefs refined answer by answer (``Believer``: the worlds of its last position
listed, each new answer keeping those that fit) equal, at every step of seeded games, the
beliefs counted afresh from the seat's position by the dynamic program: the same world
count, the same card probabilities and the same ring posterior, exactly."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sleuth.core import make_game
from sleuth.deduce.frontier import Frontier, list_worlds
from sleuth.deduce.knowledge import SeatAnalysis
from sleuth.deduce.model import Reduced
from sleuth.envs.table import Table, random_code
from sleuth.games.black_vienna import beliefs
from sleuth.games.black_vienna.beliefs import Believer
from sleuth.games.black_vienna.knowledge import (
    BlackViennaAnalysis,
    Investigation,
    Position,
    black_vienna_position,
)
from sleuth.games.black_vienna.views import BlackViennaView


def same(fresh: SeatAnalysis, refined: SeatAnalysis) -> bool:
    ring = {s.cards: s.probability for s in fresh.solutions}
    return (
        (fresh.consistent, fresh.worlds, fresh.cards)
        == (refined.consistent, refined.worlds, refined.cards)
        and len(fresh.solutions) == len(refined.solutions)
        and ring == {s.cards: s.probability for s in refined.solutions}
    )


def play(players: int, seed: int) -> tuple[int, int, int]:
    """A seeded game of random bots; at every step the refined beliefs of the seat deciding
    are compared with fresh ones (a seat sees some answers one at a time, others several
    at once). (positions compared, positions answered by refining, positions whose new
    answers every world already met)."""
    table = Table(make_game("black-vienna", players))
    table.reset(seed)
    rng = np.random.default_rng(seed)
    believers = [Believer() for _ in range(players)]
    compared = 0
    while (decision := table.decision) is not None:
        for seat in (decision.seat,):
            believer = believers[seat]
            view = table.state.view(seat)
            assert isinstance(view, BlackViennaView)
            position = black_vienna_position(view)
            fresh = BlackViennaAnalysis(position).beliefs()
            assert same(fresh, believer(position)), (players, seed, compared, seat)
            compared += 1
        table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.01))
    return compared, sum(b.refined for b in believers), sum(b.kept for b in believers)


@pytest.mark.parametrize(("players", "seed"), [(6, 1), (6, 2), (3, 1)])
def test_refined_beliefs_equal_fresh_ones_at_every_step(players: int, seed: int) -> None:
    compared, refined, kept = play(players, seed)
    # every way was taken and compared
    assert refined > 0 and kept > 0 and compared > refined + kept


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1), players=st.sampled_from([3, 4]))
def test_refined_beliefs_equal_fresh_ones_over_seeds(seed: int, players: int) -> None:
    play(players, seed)


ANSWERS = (Investigation(1, "JKL", 1), Investigation(2, "MNP", 2), Investigation(1, "QST", 0))
START = Position(3, 0, "ABCDEFGH", ANSWERS)


def test_a_listing_holds_exactly_the_counted_worlds() -> None:
    analysis = BlackViennaAnalysis(START)
    listed = list_worlds(analysis.analysis.reduced)
    assert listed is not None and listed.worlds == analysis.worlds
    assert listed.marginal_counts() == analysis.analysis.marginal_counts


def test_a_new_game_or_a_changed_position_is_counted_afresh() -> None:
    believer = Believer(limit=10**9)
    believer(START)
    later = Position(3, 0, "ABCDEFGH", (*ANSWERS, Investigation(2, "UWX", 1)))
    assert same(BlackViennaAnalysis(later).beliefs(), believer(later))
    assert believer.refined == 1
    other = Position(3, 0, "ABCDEFGH", (Investigation(1, "JKL", 2), *ANSWERS[1:]))
    assert same(BlackViennaAnalysis(other).beliefs(), believer(other))
    assert believer.refined == 1


def test_a_listing_that_disagrees_with_the_count_is_logged_and_never_refined(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A fault of the listing leaves the fresh count standing, says so in the log, and no
    later answer refines the faulty listing (a learner's episode goes on)."""

    def one_world_short(reduced: Reduced) -> Frontier | None:
        listed = list_worlds(reduced)
        return None if listed is None else Frontier(listed.rows[1:], listed.capacities)

    monkeypatch.setattr(beliefs, "list_worlds", one_world_short)
    believer = Believer(limit=10**9)
    fresh = BlackViennaAnalysis(START).beliefs()
    assert same(fresh, believer(START))
    assert caplog.messages == [
        f"listed {fresh.worlds - 1} worlds where {fresh.worlds} were counted"
    ]
    later = Position(3, 0, "ABCDEFGH", (*ANSWERS, Investigation(2, "UWX", 1)))
    assert same(BlackViennaAnalysis(later).beliefs(), believer(later))
    assert believer.refined == 0


# 3 players, seat 0: seat 1 holds none of Q, S, T (the last answer of ``ANSWERS``). Any
# three persons are a card (the answers below are not cards of the default deck).
ANY_DECK = Position(3, 0, "ABCDEFGH", ANSWERS, deck_known=False)
MET = (
    Investigation(0, "ABJ", 2),  # the seat's own hand: it knew
    Investigation(1, "AQS", 0),  # A is the seat's own, Q and S are certainly not at seat 1
)
UNMET = (
    Investigation(1, "QSU", 0),  # where U is, is not certain
    Investigation(1, "AQS", 1),  # Q and S are certainly not at seat 1: no world is left
    Investigation(0, "ABJ", 1),  # the seat's own hand says 2
)


@pytest.mark.parametrize("answer", MET)
def test_an_answer_every_world_met_keeps_the_last_beliefs(answer: Investigation) -> None:
    believer = Believer(limit=0)  # no listing: the answer is met, or counted afresh
    first = believer(ANY_DECK)
    later = Position(3, 0, "ABCDEFGH", (*ANSWERS, answer), deck_known=False)
    assert believer(later) is first
    assert believer.kept == 1
    assert same(BlackViennaAnalysis(later).beliefs(), first)


@pytest.mark.parametrize("answer", UNMET)
def test_an_answer_some_world_breaks_is_counted(answer: Investigation) -> None:
    believer = Believer(limit=0)
    believer(ANY_DECK)
    later = Position(3, 0, "ABCDEFGH", (*ANSWERS, answer), deck_known=False)
    assert same(BlackViennaAnalysis(later).beliefs(), believer(later))
    assert believer.kept == 0


def numbers(analysis: BlackViennaAnalysis) -> tuple[object, ...]:
    """Every number a bot reads off an analysis."""
    return (
        analysis.worlds,
        analysis.analysis.marginal_counts,
        sorted(analysis.ring()),
        analysis.ring_entropy,
        analysis.questions(["JKL", "UWX", "QSU"]),
    )


@pytest.mark.parametrize("answer", MET)
def test_an_analysis_shared_for_an_answer_every_world_met_equals_a_fresh_one(
    answer: Investigation,
) -> None:
    later = Position(3, 0, "ABCDEFGH", (*ANSWERS, answer), deck_known=False)
    shared = beliefs.same_worlds(BlackViennaAnalysis(ANY_DECK), later)
    assert shared is not None and shared.position == later
    assert numbers(shared) == numbers(BlackViennaAnalysis(later))


@pytest.mark.parametrize("answer", UNMET)
def test_no_analysis_is_shared_for_an_answer_some_world_breaks(answer: Investigation) -> None:
    later = Position(3, 0, "ABCDEFGH", (*ANSWERS, answer), deck_known=False)
    assert beliefs.same_worlds(BlackViennaAnalysis(ANY_DECK), later) is None


def test_no_analysis_is_shared_for_a_changed_position() -> None:
    other = Position(3, 0, "ABCDEFGH", (Investigation(1, "JKL", 2),), deck_known=False)
    assert beliefs.same_worlds(BlackViennaAnalysis(ANY_DECK), other) is None
