"""Black Vienna's research environments: the margin's bounds, an illegal action refused by
default in both APIs, and OpenSpiel's ``max_game_length``."""

from __future__ import annotations

import pytest

from sleuth.core import IllegalActionError
from sleuth.envs import gymnasium_env, pettingzoo_env
from sleuth.envs import openspiel as sleuth_spiel


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


@pytest.mark.parametrize(
    ("players", "length"),
    [
        (3, 4 + 43 * 3),  # the encoder's bound on moves, each offered round
        (6, 4 + 49 * 6),
    ],
)
def test_max_game_length_is_the_measured_bound(players: int, length: int) -> None:
    assert sleuth_spiel.load("black-vienna", players).max_game_length() == length
