"""OpenSpiel: every game registered as a pyspiel Python game passes OpenSpiel's own random
simulation test, resampled worlds look alike to the seat resampled for, and OpenSpiel's
Python IS-MCTS bot plays a whole Black Vienna game through the kit's sampler."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from envs.configs import encoded_games
from sleuth.agents import make_agent
from sleuth.core import find_kit, make_rng
from sleuth.envs import openspiel as sleuth_spiel
from sleuth.envs.table import random_code

NAMES = sleuth_spiel.register()


def test_every_encoded_game_is_registered_once() -> None:
    assert sorted(NAMES) == sorted(sleuth_spiel.game_name(g) for g in encoded_games())
    assert sleuth_spiel.register() == NAMES  # again: nothing registered twice
    assert set(NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("game", encoded_games())
def test_random_simulation(game: str) -> None:
    spiel = sleuth_spiel.load(game, find_kit(game).game.min_players)
    sims = 1 if game == "alibi" else 3  # an Alibi game is ~2,000 moves
    pyspiel.random_sim_test(spiel, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game", encoded_games())
def test_random_simulation_at_most_players_and_win_lose(game: str) -> None:
    most = find_kit(game).game.max_players
    spiel = sleuth_spiel.load(game, most, reward="win-lose", knowledge=game != "alibi")
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


def test_ismcts_plays_a_whole_black_vienna_game_through_the_resampler() -> None:
    spiel = sleuth_spiel.load("black-vienna", 3)
    seed = 5
    search = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        spiel,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=search),
        uct_c=2.0,
        max_simulations=16,
        random_state=search,
    )
    resample = sleuth_spiel.resampler(seed)
    calls = []

    def counted(state: Any, player: int) -> Any:
        calls.append(player)
        return resample(state, player)

    bot.set_resampler(counted)
    others = {seat: make_agent("basic", "black-vienna") for seat in (1, 2)}
    rngs = {seat: make_rng(seed, "agent", seat) for seat in others}
    state = spiel.new_initial_state()
    for byte in seed.to_bytes(4, "big"):
        state.apply_action(byte)
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == 0:
            state.apply_action(bot.step(state))
            decisions += 1
            continue
        table = state.table()
        view, legal = table.state.view(player), table.state.legal_actions(player)
        decision = table.decision
        agent = others[player]
        if decision is not None and decision.interrupt:
            action = agent.interrupt(view, legal, rngs[player])
            code = table.wait_code if action is None else table.encoder.actions.code(action)
        else:
            code = table.encoder.actions.code(agent.act(view, legal, rngs[player]))
        state.apply_action(code)
    # Every search resampled its root once per simulation, for the searching seat only.
    assert decisions >= 3 and len(calls) >= 16 * (decisions - 1) and set(calls) == {0}
    returns = state.returns()
    assert len(returns) == 3 and all(0 <= r <= spiel.max_utility() for r in returns)
    assert state.engine.outcome is not None
