"""The Gymnasium wrapper: one learning seat, Sleuth bots at the others."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from envs.configs import encoded_games
from sleuth.core import IllegalActionError, find_kit, make_rng
from sleuth.envs import gymnasium_env
from sleuth.envs.gym import SleuthGymEnv
from sleuth.envs.table import Decision, EnvError
from support.json_access import as_list


@pytest.mark.parametrize("game", encoded_games())
def test_check_env_passes_with_deductive_opponents(game: str) -> None:
    players = find_kit(game).game.min_players + 1
    # check_env steps with any code of the action space: illegal ones must end the episode.
    env = gymnasium_env(game, players, opponents="deductive", illegal="penalty")
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
    assert reward == as_list(info["scores"])[0]
    # Elsewhere, the same key replays it; another key gives the bots other generators.
    key = env.unwrapped.bot_key  # type: ignore[attr-defined]
    twin = gymnasium_env(
        "black-stories-investigation", 3, opponents=["basic", "deductive"], bot_key=key
    )
    assert play(twin, seed=21) == first


def test_the_bots_generators_are_not_the_seeds_own() -> None:
    # A bot's generator from the seed alone would let it search back to the deal.
    env = gymnasium_env("black-vienna", 3, opponents="random")
    env.reset(seed=5)
    states = {rng.getstate() for rng in env.unwrapped._rngs.values()}  # type: ignore[attr-defined]
    assert not states & {make_rng(5, "agent", seat).getstate() for seat in range(3)}
    assert not states & {random.Random(5).getstate()}
    with pytest.raises(EnvError, match="bot_key: at least 16 bytes"):
        gymnasium_env("black-vienna", 3, bot_key=b"short")


def test_the_learner_is_offered_out_of_turn_moves_with_wait() -> None:
    env = gymnasium_env("black-vienna", 3, seat=2, opponents="basic")
    observation, _ = env.reset(seed=8)
    mask = observation["action_mask"]
    # Seat 0 asks first: seat 2 may accuse before it does, or wait.
    assert mask[env.table.wait_code] and env.table.decision == Decision(2, True)
    assert mask.sum() == 2925 + 1
    before = env.table.state
    observation, _, terminated, *_ = env.step(env.action_index("wait"))
    # The bots moved on (seat 0 asked), and the next decision is the learner's again.
    assert not terminated and env.table.state is not before
    assert env.table.decision is not None and env.table.decision.seat == 2


def test_illegal_actions_end_with_a_penalty_or_raise() -> None:
    env = gymnasium_env("alibi", 2, opponents="random", illegal="penalty", penalty=-3)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-3.0, True) and env.action_name(illegal) in info["illegal"]
    strict = gymnasium_env("alibi", 2, opponents="random")  # raise, the default
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
