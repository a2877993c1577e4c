"""The Gymnasium wrapper: one learning seat, Sleuth bots at the others."""

from __future__ import annotations

import random
import re
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from envs.configs import encoded_games, short_games, table_of_three
from sleuth.agents import agent_names
from sleuth.core import IllegalActionError, find_kit, make_rng
from sleuth.envs import gymnasium_env
from sleuth.envs.gym import SleuthGymEnv
from sleuth.envs.table import EnvError
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


def opponents_of(game: str, players: int) -> list[str]:
    """The game's basic and deductive bots in turn (random where it has neither)."""
    bots: list[str] = [b for b in ("basic", "deductive") if b in agent_names(game)] or ["random"]
    return [bots[seat % len(bots)] for seat in range(players - 1)]


@pytest.mark.parametrize("game", short_games())
def test_an_episode_replays_from_its_seed_bots_included(game: str) -> None:
    players = table_of_three(game)
    opponents = opponents_of(game, players)
    env = gymnasium_env(game, players, opponents=opponents)
    first = play(env, seed=21)
    again = play(env, seed=21)
    assert first == again
    assert play(env, seed=22) != first
    _, reward, info = first
    assert reward == as_list(info["scores"])[0]
    # Elsewhere, the same key replays it; another key gives the bots other generators.
    key = env.unwrapped.bot_key  # type: ignore[attr-defined]
    twin = gymnasium_env(game, players, opponents=opponents, bot_key=key)
    assert play(twin, seed=21) == first


@pytest.mark.parametrize("game", encoded_games())
def test_the_bots_generators_are_not_the_seeds_own(game: str) -> None:
    # A bot's generator from the seed alone would let it search back to the deal.
    players = table_of_three(game)
    env = gymnasium_env(game, players, opponents="random")
    env.reset(seed=5)
    states = {rng.getstate() for rng in env.unwrapped._rngs.values()}  # type: ignore[attr-defined]
    assert len(states) == players - 1
    assert not states & {make_rng(5, "agent", seat).getstate() for seat in range(players)}
    assert not states & {random.Random(5).getstate()}
    with pytest.raises(EnvError, match="bot_key: at least 16 bytes"):
        gymnasium_env(game, players, bot_key=b"short")


@pytest.mark.parametrize("game", encoded_games())
def test_illegal_actions_end_with_a_penalty_or_raise(game: str) -> None:
    players = find_kit(game).game.min_players
    env = gymnasium_env(game, players, opponents="random", illegal="penalty", penalty=-3)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-3.0, True) and env.action_name(illegal) in info["illegal"]
    strict = gymnasium_env(game, players, opponents="random")  # raise, the default
    observation, _ = strict.reset(seed=1)
    state = strict.table.state
    with pytest.raises(IllegalActionError, match=re.escape(strict.action_name(illegal))):
        strict.step(illegal)
    assert strict.table.state is state


def test_bad_opponents_are_refused() -> None:
    game = encoded_games()[0]
    players = table_of_three(game)
    with pytest.raises(ValueError, match=f"{players - 1} bot specs needed"):
        gymnasium_env(game, players, opponents=["random"])
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        gymnasium_env(game, players, opponents="genius")
    with pytest.raises(ValueError, match=f"seat {players} is not a seat"):
        gymnasium_env(game, players, seat=players)
