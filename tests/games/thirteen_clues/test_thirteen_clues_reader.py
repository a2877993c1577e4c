"""A seat's reader of its views (``KNOWLEDGE.reader``: the questions and accusations carried
from the seat's last view) makes, at every step of games played one after another, the
positions ``thirteen_clues_position`` makes from the view alone: with Top Secret questions
(each seat's log shows its own), a right accusation ending each game, and a new game on the
same reader."""

from __future__ import annotations

import numpy as np
import pytest

from sleuth.core import GameError, make_game
from sleuth.envs.table import Table, random_code
from sleuth.games.thirteen_clues.knowledge import (
    KNOWLEDGE,
    CarriedLog,
    ThirteenCluesPosition,
    thirteen_clues_position,
)
from sleuth.games.thirteen_clues.views import ThirteenCluesView


@pytest.mark.parametrize(("players", "top_secret"), [(6, True), (4, False), (2, False)])
def test_a_seats_reader_makes_the_positions_of_its_views(players: int, top_secret: bool) -> None:
    logs = [CarriedLog() for _ in range(players)]
    assert KNOWLEDGE.reader is not None
    readers = [KNOWLEDGE.reader() for _ in range(players)]
    compared = ended = 0
    for seed in (1, 2, 3):
        options = {"top_secret": True} if top_secret else {}
        table = Table(make_game("13-clues", players, **options))
        table.reset(seed)
        rng = np.random.default_rng(seed)
        while True:
            for seat in range(players):
                view = table.state.view(seat)
                assert isinstance(view, ThirteenCluesView)
                try:
                    whole = thirteen_clues_position(view)
                except GameError:  # the mysteries are not chosen yet
                    continue
                assert thirteen_clues_position(view, logs[seat]) == whole, (seed, seat)
                position = readers[seat](view)
                assert position == ThirteenCluesPosition(whole) and position.checked
                compared += 1
            decision = table.decision
            if decision is None:
                break
            table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.02))
        last = table.state.view(0)
        assert isinstance(last, ThirteenCluesView)
        ended += any(a.correct for a in last.accusations)
    assert ended == 3 and compared > 100
    # most entries were carried from the seat's last view rather than made again
    carried, made = sum(log.carried for log in logs), sum(log.made for log in logs)
    assert carried > 5 * made > 0
