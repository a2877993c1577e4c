"""13 Clues: what the engine says from the views of real games (``mystery_choice=random``,
random play with frequent accusations), at many steps, for 2 to 6 players.

- no position from a real game is called inconsistent;
- the true mystery never has probability 0 (nor does any card's true place);
- a trio the seat accused in vain always has probability 0, and no sampled deal holds it.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from sleuth.core import make_game
from sleuth.games.thirteen_clues import ThirteenClues, ThirteenCluesState, ThirteenCluesView
from sleuth.games.thirteen_clues.knowledge import ThirteenCluesAnalysis, thirteen_clues_position
from support.json_access import as_list, as_number, as_obj

STEPS = 80  # actions per game at most
ACCUSE = 0.08  # chance that a seat free to accuse does


def _play(game: ThirteenClues, seed: int, rng: random.Random) -> list[ThirteenCluesState]:
    """The states of one game from its deal on, each seat moving at random."""
    state = game.new(seed)
    states = [state]
    for _ in range(STEPS):
        seat = state.to_move()
        if seat is None:
            break
        accusations = state.accusations_for(seat)
        if len(accusations) and rng.random() < ACCUSE:
            action = accusations[rng.randrange(len(accusations))]
        else:
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
        new = state.apply(seat, action)
        assert isinstance(new, ThirteenCluesState)
        state = new
        states.append(state)
    return states


def _check(state: ThirteenCluesState, seat: int, rng: random.Random) -> None:
    game = state.game
    view = state.view(seat)
    assert isinstance(view, ThirteenCluesView)
    analysis = ThirteenCluesAnalysis(thirteen_clues_position(view))
    assert analysis.consistent
    result = analysis.to_json()
    names = [c.name for c in game.cards]
    truth = frozenset(names[c] for c in state.mysteries[seat] or ())
    posterior = {
        frozenset(as_list(as_obj(m)["cards"])): as_number(as_obj(m)["p"])
        for m in as_list(result["mystery"])
    }
    assert posterior.get(truth, 0.0) > 0.0
    cards = result["cards"]
    assert isinstance(cards, dict)
    for card in truth:
        assert as_number(as_obj(cards[card]).get("mystery", 0.0)) > 0.0
    wrong = {
        frozenset(names[c] for c in a.cards)
        for a in state.accusations
        if a.seat == seat and not a.correct
    }
    for trio in wrong:
        assert trio not in posterior
    event(f"own wrong accusations: {'none' if not wrong else '1-3' if len(wrong) < 4 else '4+'}")
    if any(q.witness == seat for q in state.questions):
        event("checked with a question put to the seat")
    if wrong:
        for deal in analysis.sample(rng, 5):
            mysteries = deal["mysteries"]
            assert isinstance(mysteries, dict)
            assert frozenset(mysteries[str(seat)]) not in wrong


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    top_secret=st.booleans(),
)
def test_real_games_are_never_contradicted(players: int, seed: int, top_secret: bool) -> None:
    game = make_game(
        "13-clues", players, mystery_choice="random", top_secret=top_secret and players > 2
    )
    assert isinstance(game, ThirteenClues)
    rng = random.Random(seed)
    states = _play(game, seed, rng)
    # every seat at the end, and one seat at a few steps along the way
    checked = [(states[-1], s) for s in range(players)]
    for index in sorted(rng.sample(range(len(states)), min(4, len(states)))):
        checked.append((states[index], rng.randrange(players)))
    for state, seat in checked:
        _check(state, seat, rng)
