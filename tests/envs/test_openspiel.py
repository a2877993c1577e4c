"""OpenSpiel: every game registered as a pyspiel Python game passes OpenSpiel's own random
simulation test, and resampled worlds look alike to the seat resampled for. (OpenSpiel's
Python IS-MCTS bot plays a whole game through a kit's sampler in that game's test folder.)"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest

from envs.configs import encoded_games
from sleuth.core import find_kit
from sleuth.core.kit import KNOWLEDGE
from sleuth.envs import openspiel as sleuth_spiel
from sleuth.envs.table import random_code
from support.game_cases import cases_of

NAMES = sleuth_spiel.register()


def test_every_encoded_game_is_registered_once() -> None:
    assert sorted(NAMES) == sorted(sleuth_spiel.game_name(g) for g in encoded_games())
    assert sleuth_spiel.register() == NAMES  # again: nothing registered twice
    assert set(NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("game", encoded_games())
def test_random_simulation(game: str) -> None:
    spiel = sleuth_spiel.load(game, find_kit(game).game.min_players)
    sims = 1 if cases_of(find_kit(game)).long_games else 3
    pyspiel.random_sim_test(spiel, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game", encoded_games())
def test_random_simulation_at_most_players_and_win_lose(game: str) -> None:
    most = find_kit(game).game.max_players
    knowledge = find_kit(game).has(KNOWLEDGE)
    spiel = sleuth_spiel.load(game, most, reward="win-lose", knowledge=knowledge)
    pyspiel.random_sim_test(spiel, num_sims=2, serialize=False, verbose=False)


def random_states(spiel: Any, seed: int, count: int) -> list[Any]:
    """States of a random game (accusations rare), after the deal."""
    rng = np.random.default_rng(seed)
    state = spiel.new_initial_state()
    for byte in seed.to_bytes(4, "big"):
        state.apply_action(byte)
    found: list[Any] = []
    while not state.is_terminal() and len(found) < count:
        found.append(state.clone())
        table = state.table()
        mask = table.mask(state.current_player())
        state.apply_action(random_code(mask, table.drastic, rng, rate=0.02))
    return found


@pytest.mark.parametrize("game", encoded_games())
def test_a_resampled_world_has_the_same_information_state(game: str) -> None:
    spiel = sleuth_spiel.load(game, find_kit(game).game.min_players + 1)
    rng = random.Random(4)
    changed = 0
    for state in random_states(spiel, seed=9, count=40)[::4]:
        player = state.current_player()
        world = state.resampled(player, rng)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        changed += world.engine.reveal() != state.engine.reveal()
        assert "own decisions: unknown" in world.information_state_string(
            (player + 1) % spiel.num_players()
        )
    assert changed >= 3  # the hidden facts were drawn anew
