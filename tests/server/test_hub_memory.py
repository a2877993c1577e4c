"""The hub keeps in memory only the tables in use: a finished table no one is at leaves."""

from __future__ import annotations

import random
import types
from typing import Any

import pytest

pytest.importorskip("fastapi")

from sleuth.core import make_game
from sleuth.server.connection import Connection
from sleuth.server.hub import Hub
from sleuth.server.live import LiveTable, SeatState
from sleuth.server.models import StepRow


def table(table_id: str, finish: bool) -> LiveTable:
    game = make_game("black-stories-investigation", 2)
    row: Any = types.SimpleNamespace(
        id=table_id, status="playing", clock="none", per_move=None, sheet="off", salt="5a"
    )
    seats = [SeatState(s, "person", None, False, f"p{s}", 0.0, {}, True) for s in range(2)]
    live = LiveTable(row, game, 7, 8, game.new(7), [], seats)
    rng = random.Random(1)
    while finish and live.state.outcome is None:
        seat = live.state.to_move()
        assert seat is not None
        legal = live.state.legal_actions(seat)
        state = live.state.apply(seat, legal[rng.randrange(len(legal))])
        step = StepRow(table_id=table_id, number=live.step + 1, seat=seat, action="", at=0.0)
        live.advance(step, state, "")
    if finish:
        row.status = "finished"
    return live


def test_a_finished_table_leaves_memory_when_its_last_seat_goes() -> None:
    hub = Hub(store=None, bus=None, pool=None, bot_delay=0)  # type: ignore[arg-type]
    done, going = table("done", finish=True), table("going", finish=False)
    hub.tables.update(done=done, going=going)
    first, second, third = Connection(0, "p0"), Connection(1, "p1"), Connection(0, "p0")
    hub.attach(done, first)
    hub.attach(done, second)
    hub.attach(going, third)
    hub.detach(done, first)
    assert set(hub.tables) == {"done", "going"}  # seat 1 is still at the finished table
    hub.detach(done, second)
    hub.detach(going, third)
    assert set(hub.tables) == {"going"}  # the game on is kept, no one there or not
    hub.attach(done, Connection(None, None))  # read again for someone who came back
    assert hub.tables["done"] is done
