"""Seat 0's first position of a seeded 13 Clues game that a test wants (random play)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from sleuth.core import GameError, make_game
from sleuth.envs.table import Table, random_code
from sleuth.games.thirteen_clues.knowledge import thirteen_clues_position
from sleuth.games.thirteen_clues.views import ThirteenCluesView


def first_position(
    players: int, seed: int, wanted: Callable[[dict[str, object]], bool]
) -> dict[str, object]:
    """The first of seat 0's positions, along a seeded random game, that ``wanted`` takes."""
    table = Table(make_game("13-clues", players))
    table.reset(seed)
    rng = np.random.default_rng(seed)
    while (decision := table.decision) is not None:
        view = table.state.view(0)
        assert isinstance(view, ThirteenCluesView)
        try:
            data = thirteen_clues_position(view)
        except GameError:  # the mysteries are not chosen yet
            data = None
        if data is not None and wanted(data):
            return data
        table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.02))
    raise AssertionError("no such position in the game")
