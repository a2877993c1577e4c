"""Knowledge features: the exact engine's view of the seat in the observation.

The features must be the engine's numbers at the right places: each card's place
probabilities sum to 1, the solution posterior sums to 1, and the truth of the deal (read
from the state, which the engine never sees) always has a positive probability at its own
row, column and slot, so a misplaced column or slot shows.
"""

from __future__ import annotations

import numpy as np
import pytest

from sleuth.core import State, make_game
from sleuth.core.kit import PartError
from sleuth.envs import pettingzoo_env
from sleuth.envs.table import Table, random_code
from sleuth.games.black_stories import BlackStoriesState
from sleuth.games.black_vienna import BlackViennaView
from sleuth.games.thirteen_clues import ThirteenClues, ThirteenCluesState
from support.json_access import as_list, as_str
from support.narrow import narrow


def knowledge_observations(
    game_name: str, players: int, seed: int, every: int = 3, **options: object
) -> list[tuple[State, int, np.ndarray, Table]]:
    """(state, seat, observation, table) at every ``every``-th step of a random game."""
    table = Table(make_game(game_name, players, **options), knowledge=True)
    table.reset(seed)
    rng = np.random.default_rng(seed)
    found: list[tuple[State, int, np.ndarray, Table]] = []
    step = 0
    while (decision := table.decision) is not None:
        if step % every == 0:
            seat = decision.seat
            found.append((table.state, seat, table.observe(seat), table))
        table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.02))
        step += 1
    return found


def parts(table: Table, observation: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    layout, k = table.observer.layout, table.encoder.knowledge
    assert k is not None
    cards = observation[layout.slice("knowledge.cards")].reshape(len(k.cards), len(k.places))
    valid = float(observation[layout.slice("knowledge.valid")][0])
    return valid, cards, observation[layout.slice("knowledge.solutions")]


def test_black_vienna_features_hold_the_truth() -> None:
    checked = 0
    for state, seat, observation, table in knowledge_observations("black-vienna", 4, seed=3):
        valid, cards, solutions = parts(table, observation)
        assert valid == 1.0
        assert np.allclose(cards.sum(axis=1), 1.0)
        assert np.isclose(solutions.sum(), 1.0)
        k = table.encoder.knowledge
        assert k is not None
        deal = state.reveal()
        for holder, hand in enumerate(as_list(deal["hands"])):
            for letter in as_str(hand):
                assert cards[k.cards.index(letter), holder] > 0
        for letter in as_str(deal["ring"]):
            assert cards[k.cards.index(letter), k.places.index("ring")] > 0
        ring = k.solution_slot(None, tuple(as_str(deal["ring"])))
        assert ring is not None and solutions[ring] > 0
        if seat is not None:
            own = narrow(BlackViennaView, state.view(seat)).hand
            assert own is not None
            assert all(cards[k.cards.index(c), seat] == 1.0 for c in own)
        checked += 1
    assert checked >= 5


def test_black_stories_features_hold_the_opponents_cases() -> None:
    checked = 0
    for state, seat, observation, table in knowledge_observations("bsi", 3, seed=2, every=1):
        valid, cards, solutions = parts(table, observation)
        if not valid:
            continue
        assert np.isclose(solutions.sum(), 1.0)
        k = table.encoder.knowledge
        assert k is not None
        view = state.view(seat)
        cases = narrow(BlackStoriesState, state).cases
        held = tuple(
            case.replace("+", "/") for s, case in enumerate(cases) if s != seat and case is not None
        )
        slot = k.solution_slot(view, held)
        assert slot is not None and solutions[slot] > 0
        for s, case in enumerate(cases):
            if s != seat and case is not None:
                assert cards[k.cards.index(case.replace("+", "/")), s] > 0
        checked += 1
    assert checked >= 5


def test_thirteen_clues_features_wait_for_the_setup_then_hold_the_mystery() -> None:
    before = after = 0
    for state, seat, observation, table in knowledge_observations("13-clues", 3, seed=6):
        valid, cards, solutions = parts(table, observation)
        state = narrow(ThirteenCluesState, state)
        if state.phase == "choose":
            assert valid == 0.0 and not cards.any() and not solutions.any()
            before += 1
            continue
        assert valid == 1.0 and np.isclose(solutions.sum(), 1.0)
        k = table.encoder.knowledge
        assert k is not None
        names = [c.name for c in narrow(ThirteenClues, table.game).cards]
        own_mystery = state.mysteries[seat]
        assert own_mystery is not None  # past the setup: every mystery is chosen
        mystery = tuple(names[c] for c in own_mystery)
        slot = k.solution_slot(None, mystery)
        assert slot is not None and solutions[slot] > 0
        for name in mystery:
            assert cards[k.cards.index(name), k.places.index("mystery")] > 0
        after += 1
    assert before >= 1 and after >= 3


def test_a_game_without_knowledge_says_so() -> None:
    with pytest.raises(PartError, match="Alibi has no knowledge part"):
        pettingzoo_env("alibi", 2, knowledge=True)


def test_knowledge_adds_segments_and_keeps_the_rest() -> None:
    plain = pettingzoo_env("black-vienna", 3)
    rich = pettingzoo_env("black-vienna", 3, knowledge=True)
    plain.reset(seed=1)
    rich.reset(seed=1)
    size = plain.layout.size
    names = [s.name for s in rich.layout.segments]
    assert names[-3:] == ["knowledge.valid", "knowledge.cards", "knowledge.solutions"]
    a, b = plain.observe("seat_0")["observation"], rich.observe("seat_0")["observation"]
    assert np.array_equal(a, b[:size]) and b[size] == 1.0
