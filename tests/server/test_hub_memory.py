"""The hub keeps in memory only the tables in use: a finished table no one is at leaves."""

from __future__ import annotations

import random
import time
import types
from typing import Any

import pytest

pytest.importorskip("fastapi")

from sleuth.core import make_game
from sleuth.server.connection import Connection
from sleuth.server.hub import Hub
from sleuth.server.live import LiveTable, SeatState
from sleuth.server.models import StepRow
from sleuth.server.owner import TableOwner
from support.game_cases import kit_for

# A short game, with a review: bots finish one quickly (its cases: ``FrontCases.short``).
SHORT = kit_for(lambda cases: cases.fronts.short).name


def table(table_id: str, finish: bool) -> LiveTable:
    game = make_game(SHORT, 2)
    row: Any = types.SimpleNamespace(
        id=table_id,
        status="playing",
        started_at=0.0,
        clock="none",
        per_move=None,
        sheet="off",
        salt="5a",
        listed=False,
        spectators=True,
    )
    seats = [SeatState(s, "person", None, False, f"p{s}", 0.0, {}, f"hash{s}") for s in range(2)]
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


def test_a_finished_table_no_one_uses_leaves_memory() -> None:
    hub = Hub(store=None, bus=None, pool=None, bot_delay=0)  # type: ignore[arg-type]
    done, asked, going, elsewhere = (
        table("done", finish=True),
        table("asked", finish=True),
        table("going", finish=False),
        table("elsewhere", finish=False),
    )
    hub.tables.update({t.id: TableOwner(t, hub.desk) for t in (done, asked, going, elsewhere)})
    now = time.monotonic()
    for owner in hub.tables.values():
        owner.live.used_at = now - 80
    asked.used_at = now - 30
    seat = Connection(0, "p0")
    hub.tables["done"].attach(seat)
    unfinished = {"going"}  # "elsewhere" was finished by another process
    hub.forget_unused(now, unfinished)
    assert set(hub.tables) == {"done", "asked", "going"}  # someone sits at "done"
    hub.tables["done"].detach(seat)  # unused from now on
    hub.forget_unused(now + 31, unfinished)
    assert set(hub.tables) == {"done", "going"}  # "asked" was asked for 61 s before
    hub.forget_unused(now + 61, unfinished)
    assert set(hub.tables) == {"going"}  # the game on is kept, no one there or not
