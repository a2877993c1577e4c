"""Knowledge features: the exact engine's view of the seat in the observation, for every
game with a knowledge part (each game's own test folder checks that its features hold the
truth of its deal, ``envs.knowledge_features``).

The features must be the engine's numbers: probabilities, and a solution posterior that
sums to 1, wherever the features are valid; all zero where they are not.
"""

from __future__ import annotations

import numpy as np
import pytest

from envs.configs import encoded_games
from envs.knowledge_features import knowledge_observations, parts
from sleuth.core import find_kit
from sleuth.core.kit import KNOWLEDGE, PartError
from sleuth.envs import pettingzoo_env

KNOWING = [name for name in encoded_games() if find_kit(name).has(KNOWLEDGE)]
NOT_KNOWING = [name for name in encoded_games() if not find_kit(name).has(KNOWLEDGE)]


@pytest.mark.parametrize("game", KNOWING)
def test_the_features_are_distributions_wherever_valid(game: str) -> None:
    players = find_kit(game).game.min_players + 1
    valid_steps = 0
    for _, _, observation, table in knowledge_observations(game, players, seed=6, every=1):
        valid, cards, solutions = parts(table, observation)
        if valid == 0.0:
            assert not cards.any() and not solutions.any()
            continue
        assert valid == 1.0
        assert ((cards >= 0) & (cards <= 1)).all()
        assert np.isclose(solutions.sum(), 1.0)
        valid_steps += 1
    assert valid_steps >= 3


@pytest.mark.parametrize("game", NOT_KNOWING)
def test_a_game_without_knowledge_says_so(game: str) -> None:
    kit = find_kit(game)
    with pytest.raises(PartError, match=f"^{kit.game.title} has no knowledge part"):
        pettingzoo_env(game, kit.game.min_players, knowledge=True)


@pytest.mark.parametrize("game", KNOWING)
def test_knowledge_adds_segments_and_keeps_the_rest(game: str) -> None:
    players = find_kit(game).game.min_players
    plain = pettingzoo_env(game, players)
    rich = pettingzoo_env(game, players, knowledge=True)
    plain.reset(seed=1)
    rich.reset(seed=1)
    size = plain.layout.size
    names = [s.name for s in rich.layout.segments]
    assert names[-3:] == ["knowledge.valid", "knowledge.cards", "knowledge.solutions"]
    a, b = plain.observe("seat_0")["observation"], rich.observe("seat_0")["observation"]
    # the plain observation, then the valid flag (0 or 1: some games know nothing yet)
    assert np.array_equal(a, b[:size]) and b[size] in (0.0, 1.0)
