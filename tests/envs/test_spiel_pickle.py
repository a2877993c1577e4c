"""OpenSpiel game objects pickle (for multiprocessing and Ray setups that ship the game) and
pass OpenSpiel's own ``GamesSimTest.sim_game``, which pickles the game, its type and states
along a random game."""

from __future__ import annotations

import pickle
import subprocess
import sys
from collections.abc import Iterator

import numpy as np
import pyspiel
import pytest
from open_spiel.python.tests import games_sim_test  # not its class: pytest would collect it

from envs.configs import encoded_games
from sleuth.core import find_kit
from sleuth.envs import openspiel as sleuth_spiel

sleuth_spiel.register()


def tables() -> Iterator[object]:
    for game in encoded_games():
        kit = find_kit(game).game
        yield pytest.param(game, kit.min_players, id=f"{game}-{kit.min_players}")
        yield pytest.param(
            game, kit.max_players, id=f"{game}-{kit.max_players}", marks=pytest.mark.slow
        )


def test_black_vienna_pickles_and_loads_in_a_fresh_process() -> None:
    game = pyspiel.load_game("sleuth_black_vienna(players=4,reward=win-lose)")
    pickled = pickle.dumps(game)
    # A fresh interpreter has registered nothing: unpickling must register the games itself.
    script = (
        "import pickle, sys; g = pickle.loads(sys.stdin.buffer.read()); "
        "print(g); print(g.num_players(), g.max_utility(), g.new_initial_state())"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], input=pickled, capture_output=True, check=True
    )
    assert done.stdout.decode().splitlines() == [
        str(game),
        "4 1.0 dealing: 0 of 4 seed bytes drawn",
    ]


@pytest.mark.parametrize(("game", "players"), list(tables()))
def test_openspiel_sim_game(game: str, players: int) -> None:
    spiel = sleuth_spiel.load(game, players)
    copy = pickle.loads(pickle.dumps(spiel))
    assert str(copy) == str(spiel) and copy.num_players() == players
    # sim_game draws from numpy's global generator: seeded here and put back as it was.
    saved = np.random.get_state()
    np.random.seed(players)
    try:
        games_sim_test.GamesSimTest("sim_game").sim_game(spiel)
    finally:
        np.random.set_state(saved)
