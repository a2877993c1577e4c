"""The PettingZoo AEC environments: PettingZoo's own API and seed tests for every game,
seeds, rewards and bad options (a game's own tests hold what turns on its rules: action names
both ways, illegal actions refused without a change, out-of-turn moves)."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from envs.configs import configurations, encoded_games, short_games, table_of_three
from sleuth.core import all_kits, find_kit
from sleuth.core.kit import ENCODER, PartError
from sleuth.envs import gymnasium_env, pettingzoo_env
from sleuth.envs.aec import SleuthAECEnv

# PettingZoo warns about dictionary observations for every environment not on its own list
# of classic environments (leduc_holdem_v4 is on it): the test passes all the same.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("game", "players", "options"), configurations())
def test_pettingzoo_api_and_seed_tests_pass(
    game: str, players: int, options: dict[str, object]
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pettingzoo_env(game, players, **options), num_cycles=300)
        seed_test(lambda: pettingzoo_env(game, players, **options), num_cycles=300)


@pytest.mark.parametrize(("game", "players", "options"), configurations())
def test_the_observation_has_a_fixed_shape_and_documented_slices(
    game: str, players: int, options: dict[str, object]
) -> None:
    env = pettingzoo_env(game, players, **options)
    env.reset(seed=3)
    layout = env.layout
    assert layout.segments[0].start == 0
    for before, after in zip(layout.segments, layout.segments[1:], strict=False):
        assert after.start == before.stop and before.help
    assert layout.segments[-1].stop == layout.size
    space = env.observation_space("seat_0")
    assert isinstance(space, gymnasium.spaces.Dict)
    shape = space["observation"].shape
    assert shape == (layout.size,)
    for agent in env.possible_agents:
        observation = env.observe(agent)
        assert observation["observation"].shape == shape
        assert observation["observation"].dtype == np.float32
        assert observation["action_mask"].shape == (env.table.num_actions,)
    seat = env.table.decision.seat if env.table.decision else 0
    own = env.observe(f"seat_{seat}")["observation"]
    assert own[layout.slice("seat")].tolist() == [float(s == seat) for s in range(players)]


@pytest.mark.parametrize("game", encoded_games())
def test_same_seed_same_deal_other_seed_other_deal(game: str) -> None:
    players = find_kit(game).game.min_players

    def deal(seed: int) -> Any:
        env = pettingzoo_env(game, players)
        env.reset(seed=seed)
        return env.table.state.reveal()

    assert deal(5) == deal(5)
    assert deal(5) != deal(6)
    env = pettingzoo_env(game, players)
    env.reset(seed=5)
    # The seed is the engine's own: the game dealt from it is the game of that seed.
    assert env.table.state.reveal() == env.game.new(5).reveal()


def play_to_end(env: SleuthAECEnv, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return totals


@pytest.mark.parametrize("game", short_games())
def test_rewards_are_the_scores_or_win_lose(game: str) -> None:
    players = table_of_three(game)
    env = pettingzoo_env(game, players)
    totals = play_to_end(env, seed=11)
    outcome = env.table.state.outcome
    assert outcome is not None
    assert list(totals.values()) == [float(s) for s in outcome.scores]
    env = pettingzoo_env(game, players, reward="win-lose")
    totals = play_to_end(env, seed=11)
    outcome = env.table.state.outcome
    assert outcome is not None
    if outcome.winners:
        expected = [1.0 if s in outcome.winners else -1.0 for s in range(players)]
    else:  # random players may all lose (every accusation wrong): nobody won, 0 for all
        expected = [0.0] * players
    assert list(totals.values()) == expected


def test_a_game_without_an_encoder_is_refused_by_name() -> None:
    # The example game of another package (installed with the tests) has no encoder.
    without = [kit for kit in all_kits() if not kit.has(ENCODER)]
    assert without, "no registered game lacks an encoder: install the games under examples/"
    for kit in without:
        message = f"{kit.game.title} has no research-environment encoder"
        with pytest.raises(PartError, match=message):
            pettingzoo_env(kit.name, kit.game.min_players)
        with pytest.raises(PartError, match=message):
            gymnasium_env(kit.name, kit.game.min_players)


def test_bad_environment_options_are_refused_by_name() -> None:
    game = encoded_games()[0]
    players = find_kit(game).game.min_players
    with pytest.raises(ValueError, match="reward is one of score, win-lose"):
        pettingzoo_env(game, players, reward="money")
    with pytest.raises(ValueError, match="illegal is one of raise, penalty"):
        pettingzoo_env(game, players, illegal="ignore")
    with pytest.raises(ValueError, match="interrupts is one of offer, none"):
        pettingzoo_env(game, players, interrupts="sometimes")
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        pettingzoo_env(game, players, colour="red")
    env = pettingzoo_env(game, players)
    with pytest.raises(ValueError, match="call reset"):
        env.step(0)
