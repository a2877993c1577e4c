"""The margin reward, one ``illegal`` default for both APIs, ``render_fps``, and OpenSpiel's
``max_game_length``: a bound measured per game with a margin, which a game cannot pass."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from sleuth.core import IllegalActionError
from sleuth.envs import gymnasium_env, pettingzoo_env
from sleuth.envs import openspiel as sleuth_spiel
from sleuth.envs.aec import SleuthAECEnv
from sleuth.envs.gym import SleuthGymEnv


def play_uniform(env: SleuthAECEnv, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, done, cut, _ = env.last()
        totals[agent] += float(reward)
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if done or cut else int(rng.choice(legal)))
    return totals


@pytest.mark.parametrize(
    ("seed", "scores", "margins"),
    [
        (1, (16, 0, 0), [16.0, -16.0, -16.0]),
        (2, (0, 0, 5), [-5.0, -5.0, 5.0]),
        (0, (0, 0, 0), [0.0, 0.0, 0.0]),  # a tie at 0 pays nobody, unlike win-lose's +1
    ],
)
def test_margin_is_the_score_minus_the_best_other_score(
    seed: int, scores: tuple[int, ...], margins: list[float]
) -> None:
    env = pettingzoo_env("black-stories-investigation", 3, reward="margin")
    totals = play_uniform(env, seed)
    outcome = env.table.state.outcome
    assert outcome is not None and outcome.scores == scores
    assert list(totals.values()) == margins


def test_openspiel_margin_bounds_are_the_score_range_both_ways() -> None:
    spiel = sleuth_spiel.load("black-vienna", 4, reward="margin")
    assert (spiel.min_utility(), spiel.max_utility()) == (-120.0, 120.0)
    assert sleuth_spiel.load("black-vienna", 4).min_utility() == 0.0


def test_both_apis_refuse_an_illegal_action_by_default_and_change_nothing() -> None:
    aec = pettingzoo_env("black-vienna", 3)
    aec.reset(seed=3)
    gym = gymnasium_env("black-vienna", 3, opponents="random")
    gym.reset(seed=3)
    illegal = aec.action_index("ask 1 AOR")  # seat 0 asks first: asking itself is refused
    for env in (aec, gym):
        state = env.table.state
        with pytest.raises(IllegalActionError, match="ask 1 AOR"):
            env.step(illegal)
        assert env.table.state is state
    penalised = gymnasium_env("black-vienna", 3, opponents="random", illegal="penalty")
    penalised.reset(seed=3)
    _, reward, terminated, _, info = penalised.step(illegal)
    assert (reward, terminated) == (-1.0, True) and "ask 1 AOR" in info["illegal"]


def test_render_fps_is_in_both_metadata() -> None:
    assert SleuthAECEnv.metadata["render_fps"] == 1
    assert SleuthGymEnv.metadata["render_fps"] == 1


@pytest.mark.parametrize(
    ("game", "players", "length"),
    [
        ("black-vienna", 3, 4 + 43 * 3),  # the encoder's bound on moves, each offered round
        ("black-vienna", 6, 4 + 49 * 6),
        ("black-stories-investigation", 2, 4 + 2 * 84),
        ("13-clues", 6, 4 + 2 * 707),
        ("alibi", 5, 4 + 2 * 2820),
    ],
)
def test_max_game_length_is_the_measured_bound(game: str, players: int, length: int) -> None:
    assert sleuth_spiel.load(game, players).max_game_length() == length


def test_a_game_that_reaches_max_game_length_ends_there_with_no_returns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sleuth.games.black_stories.encoder import BlackStoriesEncoder

    monkeypatch.setattr(BlackStoriesEncoder, "longest_seen", 5)
    spiel = sleuth_spiel.load("black-stories-investigation", 2, reward="margin")
    assert spiel.max_game_length() == 4 + 10
    state = spiel.new_initial_state()
    for byte in (0, 0, 0, 7):
        state.apply_action(byte)
    rng = np.random.default_rng(7)
    for _ in range(10):
        assert not state.is_terminal()
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.engine.outcome is None  # the rules have not ended it: the bound has
    assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == [] and state.returns() == [0.0, 0.0]
    assert len(state.history()) == spiel.max_game_length()
