"""Every step's events a reader may see are the same in a hidden twin: a state that differs
from the true one only in what that reader cannot know (``State.hidden_twin``).

The conformance harness checks twins at some steps of its games; this checks every step of a
seeded game between bots, for each seat and a spectator, in every registered game (each
game's scripted scenarios, which reach its every kind of event: tests/games/<package>/).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import all_kits, find_game, make_game
from sleuth.core.events import visible
from support.streams import bot_streams

SEED = 20261204


@pytest.mark.parametrize("name", sorted(kit.name for kit in all_kits()))
def test_each_reader_sees_every_steps_events_alike_in_a_hidden_twin(name: str) -> None:
    kind = find_game(name)
    players = max(kind.min_players, min(3, kind.max_players))
    game = make_game(name, players)
    bots: list[Any] = [RandomAgent(0.02) for _ in range(players)]
    session = GameSession(game, SEED, bots, bot_seeds=bot_streams(SEED, players))
    while session.outcome is None:
        assert session.bot_step() is not None, "a game of bots only waits on nobody"
    rng = random.Random(SEED)
    state, twins = game.new(SEED), 0
    for step in session.steps:
        state = state.apply(step.seat, game.parse_action(step.action))
        events = state.last_events()
        assert events, "every step gives an event"
        for reader in (None, *range(players)):
            twin = state.hidden_twin(reader, rng)
            if twin is not None:
                assert visible(twin.last_events(), reader) == visible(events, reader), (
                    reader,
                    step,
                )
                twins += 1
    assert twins >= len(session.steps) > 0
