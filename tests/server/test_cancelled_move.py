"""A move whose mover is cancelled (a client gone, the service stopping) while its step is
being committed: the step is stored, and the table here, which its mover never brought up
to it, is read again before its next use rather than served a step behind."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.settings import Settings
from support.waits import until, until_true

from .test_ratings import EXAMPLE
from .test_rematch_races import hub_of, serving


async def test_a_move_cancelled_during_its_commit_is_read_at_the_tables_next_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "key")
    async with serving(settings) as app:
        hub = hub_of(app)
        people = [(await hub.store.create_person(name))[0].id for name in ("Ann", "Bob", "Cy")]
        plan = TablePlan(EXAMPLE, 3, {}, [SeatPlan("person")] * 3, sheet="off")
        table = (await create_table(hub.store, plan, None, dict(enumerate(people)))).table_id
        owner = await hub.get(table)
        gate, entered = asyncio.Event(), []
        commit = hub.store._commit_steps

        async def held(batch: Any) -> None:
            entered.append(len(batch))
            await gate.wait()
            await commit(batch)

        monkeypatch.setattr(hub.store, "_commit_steps", held)
        seat = owner.live.state.to_move()
        assert seat is not None
        action = str(owner.live.state.legal_actions(seat)[0])
        moving = asyncio.create_task(owner.act(seat, action))
        await until_true(lambda: entered == [1], "the step's commit under way")
        moving.cancel()
        gate.set()
        with pytest.raises(asyncio.CancelledError):
            await moving

        async def stored() -> int | None:
            row = await hub.store.table(table)
            return None if row is None or row.step == 0 else row.step

        assert await until(stored, "the step committed") == 1
        assert owner.live.step == 0  # its mover, cancelled, never applied it here
        again = await hub.get(table)
        assert (again.live.step, again.live.row.step) == (1, 1)
