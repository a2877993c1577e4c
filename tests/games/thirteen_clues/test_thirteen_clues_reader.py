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


def final_views(players: int, seeds: range, seat: int) -> list[ThirteenCluesView]:
    views = []
    for seed in seeds:
        table = Table(make_game("13-clues", players))
        table.reset(seed)
        rng = np.random.default_rng(seed)
        while (decision := table.decision) is not None:
            table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.02))
        view = table.state.view(seat)
        assert isinstance(view, ThirteenCluesView)
        views.append(view)
    return views


def test_a_log_carries_nothing_to_another_seat_or_game() -> None:
    """One carried log read for several seats in turn, and for the end of a short game then
    of a longer one (its logs longer, other entries): each position as made from the view
    alone (a seat's right accusation is left out of its own position only)."""
    carried = CarriedLog()
    for view in final_views(4, range(1, 4), 0) + final_views(4, range(1, 4), 1):
        assert thirteen_clues_position(view, carried) == thirteen_clues_position(view)
    views = sorted(final_views(4, range(1, 7), 2), key=lambda v: len(v.accusations))
    assert len(views[0].accusations) < len(views[-1].accusations)
    for view in views:
        assert thirteen_clues_position(view, carried) == thirteen_clues_position(view)
    assert carried.carried == 0  # nothing was carried between them
