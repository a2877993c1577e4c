"""The Gymnasium wrapper: one learning seat, Sleuth bots at the others."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from envs.configs import encoded_games
from sleuth.core import IllegalActionError, find_kit
from sleuth.envs import gymnasium_env
from sleuth.envs.gym import SleuthGymEnv
from sleuth.envs.table import Decision


@pytest.mark.parametrize("game", encoded_games())
def test_check_env_passes_with_deductive_opponents(game: str) -> None:
    players = find_kit(game).game.min_players + 1
    env = gymnasium_env(game, players, opponents="deductive")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "no spec": the env is made directly, not by id
        check_env(env)


def play(env: SleuthGymEnv, seed: int) -> tuple[list[int], float, dict[str, object]]:
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    codes: list[int] = []
    while True:
        code = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        codes.append(code)
        observation, reward, terminated, truncated, info = env.step(code)
        if terminated or truncated:
            return codes, float(reward), info


def test_an_episode_replays_from_its_seed_bots_included() -> None:
    env = gymnasium_env("black-stories-investigation", 3, opponents=["basic", "deductive"])
    first = play(env, seed=21)
    again = play(env, seed=21)
    assert first == again
    assert play(env, seed=22) != first
    _, reward, info = first
    assert reward == info["scores"][0]  # type: ignore[index]


def test_the_learner_is_offered_out_of_turn_moves_with_wait() -> None:
    env = gymnasium_env("black-vienna", 3, seat=2, opponents="basic")
    observation, _ = env.reset(seed=8)
    mask = observation["action_mask"]
    # Seat 0 asks first: seat 2 may accuse before it does, or wait.
    assert mask[env.table.wait_code] and env.table.decision == Decision(2, True)
    assert mask.sum() == 2925 + 1
    observation, _, terminated, *_ = env.step(env.action_index("wait"))
    assert not terminated and env.table.state.to_move() in (0, 1, 2)


def test_illegal_actions_end_with_a_penalty_or_raise() -> None:
    env = gymnasium_env("alibi", 2, opponents="random", penalty=-3)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-3.0, True) and env.action_name(illegal) in info["illegal"]
    strict = gymnasium_env("alibi", 2, opponents="random", illegal="raise")
    observation, _ = strict.reset(seed=1)
    state = strict.table.state
    with pytest.raises(IllegalActionError, match=strict.action_name(illegal)):
        strict.step(illegal)
    assert strict.table.state is state


def test_bad_opponents_are_refused() -> None:
    with pytest.raises(ValueError, match="2 bot specs needed"):
        gymnasium_env("alibi", 3, opponents=["random"])
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        gymnasium_env("alibi", 2, opponents="genius")
    with pytest.raises(ValueError, match="seat 5 is not a seat"):
        gymnasium_env("alibi", 2, seat=5)
