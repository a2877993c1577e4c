"""Played states are freed as soon as nothing holds them: no reference cycle through a
state's caches (its legal actions, its views' shared part).

A cycle is only freed by the garbage collector, which then runs far more often: a closure in
a lazy legal list that held its own state cost a fifth of a playout's time. These games run
with the collector off and must leave nothing for it.
"""

from __future__ import annotations

import gc
import random

import pytest

from sleuth.agents.random_agent import split_drastic
from sleuth.core import State, all_kits, make_game

GAMES = [
    (kit.name, players)
    for kit in all_kits()
    if kit.game.__module__.startswith("sleuth.")
    for players in (kit.game.min_players, kit.game.max_players)
]


def _random_step(state: State, rng: random.Random) -> State:
    seat = state.to_move()
    assert seat is not None
    ordinary, drastic = split_drastic(state.legal_actions(seat))
    rare = len(drastic) and rng.random() < 0.01
    pool = drastic if not len(ordinary) or rare else ordinary
    return state.apply(seat, pool[rng.randrange(len(pool))])


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_playout_leaves_no_cyclic_garbage(name: str, players: int) -> None:
    game = make_game(name, players)
    rng = random.Random(players)
    steps = 0
    gc.collect()
    gc.disable()
    try:
        games = 0
        while games < 8 and steps < 500:  # some games are long: a few are enough
            state = game.new(games)
            games += 1
            while state.outcome is None:
                state.view(None)
                for seat in range(players):
                    state.view(seat)
                    state.legal_actions(seat)
                state = _random_step(state, rng)
                steps += 1
        del state
        left = gc.collect()
    finally:
        gc.enable()
    assert steps >= 40
    assert left == 0
