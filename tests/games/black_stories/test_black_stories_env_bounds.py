"""Black Stories Investigation's research environments: the margin reward, and OpenSpiel's
``max_game_length``, a bound measured with a margin, which a game cannot pass."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from sleuth.envs import openspiel as sleuth_spiel
from sleuth.envs import pettingzoo_env
from sleuth.envs.aec import SleuthAECEnv


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


def test_max_game_length_is_the_measured_bound() -> None:
    assert sleuth_spiel.load("black-stories-investigation", 2).max_game_length() == 4 + 2 * 84


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
