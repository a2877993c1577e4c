"""The bots' and sheets' workers (issue #31, 2 and 3): a job past its deadline has its worker
killed and replaced, tables are served in turn, and a sheet of a past step never runs."""

from __future__ import annotations

import asyncio
import gc
import os
import random
import threading
import time
import weakref
from functools import partial

import orjson
import pytest

pytest.importorskip("fastapi")

from sleuth.server import workers
from sleuth.server.connection import Connection
from sleuth.server.hub import Hub
from sleuth.server.models import StepRow
from sleuth.server.owner import TableOwner
from sleuth.server.pools import FairQueue, JobPool, Overrun, Stale, _Pending
from support.waits import until_true

from .test_hub_memory import table

STEPS = 12  # steps of the sheets' table, all played while two sheets are under way


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (killed, not yet reaped) counts as gone.
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


async def test_a_job_past_its_deadline_has_its_worker_killed_and_replaced() -> None:
    pool = JobPool(1, deadline=1.0)
    try:
        pool.start()
        assert await pool.run("t", abs, -3) == 3  # up, and answering
        (first,) = pool.worker_pids()
        # The job would sleep an hour: only its deadline ends it.
        with pytest.raises(Overrun):
            await pool.run("t", time.sleep, 3600)
        assert pool.counts.overran == 1 and pool.counts.recycled == 1
        await until_true(lambda: not _alive(first), "the killed worker gone")  # no more CPU
        assert await pool.run("t", abs, -4) == 4  # the next job has a worker
        (second,) = pool.worker_pids()
        assert second != first
    finally:
        pool.close()


async def test_tables_are_served_in_turn_not_in_order_of_arrival() -> None:
    pool = JobPool(0, deadline=None)  # threads: the order is the point here
    finished: list[str] = []

    async def job(table_id: str) -> None:
        await pool.run(table_id, time.sleep, 0.05)
        finished.append(table_id)

    try:
        flood = [asyncio.create_task(job("flood")) for _ in range(20)]
        await asyncio.sleep(0)
        other = asyncio.create_task(job("other"))
        await asyncio.gather(*flood, other)
    finally:
        pool.close()
    # Two threads: at most the two flood jobs running and one more before the other's.
    assert finished.index("other") <= 3


async def test_tables_of_long_searches_leave_a_worker_to_the_quick_ones() -> None:
    """Found by attack: tables whose bots search at their largest budgets (each within its
    bounds) took every worker, and another table's quick bot waited seconds a move."""
    pool = JobPool(0, deadline=None)  # two threads
    gate = threading.Event()  # the searches run until the quick job is done
    try:
        # Two tables whose jobs are known to be long by now: that they took long (past
        # QUICK_JOB_SECONDS) is what the pool goes by.
        await asyncio.gather(
            pool.run("slow-1", time.sleep, 1.2), pool.run("slow-2", time.sleep, 1.2)
        )
        searches = [
            asyncio.create_task(pool.run(table, gate.wait, 120.0))
            for table in ("slow-1", "slow-2", "slow-1", "slow-2")
        ]
        # One search taken (a thread left for quick tables), three waiting.
        await until_true(lambda: pool.waiting == 3, "the searches queued")
        # It would wait for ever (a search's gate, then 120 s) if no thread were left for it.
        await asyncio.wait_for(pool.run("quick", abs, -1), 60)
        assert not any(search.done() for search in searches)
        gate.set()
        await asyncio.gather(*searches)
    finally:
        gate.set()
        pool.close()


async def test_a_long_job_gives_its_worker_s_place_to_the_spare() -> None:
    """Found by benchmark: a table whose bots searched to their deadline (7 s a decision)
    held one of the two workers throughout, and every other table's bots waited twice as
    long. A long job now yields its place: the quick table is served while it runs."""
    pool = JobPool(1, deadline=30.0)
    try:
        pool.start()
        # Both started ahead, off the loop (a job's wait for a start would count as long).
        spare = pool._spare
        assert spare is not None
        await until_true(lambda: spare.running and len(pool.worker_pids()) == 1, "started")
        assert await pool.run("warm", abs, -1) == 1
        # The search must run long, past LONG_JOB_SECONDS and on past the quick job.
        search = asyncio.create_task(pool.run("search", time.sleep, 4.0))
        await until_true(lambda: pool.counts.backgrounded == 1, "the search went long")
        assert await pool.run("quick", abs, -2) == 2
        assert not search.done()  # served while the search ran, not after it
        assert pool.counts.backgrounded == 1
        await search
        # The search's worker is the spare again; two workers take jobs, as before.
        assert len(pool.worker_pids()) == 1 and pool._spare is not None
        assert await pool.run("quick", abs, -3) == 3
    finally:
        pool.close()


async def test_sheets_of_past_steps_are_dropped_before_they_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Steps come while the sheets' two threads are busy: each step asks for its sheet; the
    ones whose step is past when their turn comes never run, and the one sheet sent is the
    last step's, after that step."""
    rendered: list[object] = []
    gate = threading.Event()  # the renders under way end when the steps are all played

    def render(job: object) -> workers.RenderedSheet:
        rendered.append(job)
        gate.wait(120.0)
        return workers.RenderedSheet("sheet", None)

    monkeypatch.setattr(workers, "render_sheet", render)
    pool = workers.WorkerPool(0)
    hub = Hub(store=None, bus=None, pool=pool, bot_delay=0)  # type: ignore[arg-type]
    live = table("sheets", finish=False)
    live.row.sheet = "full"
    live.row.rematch = None
    owner = hub.tables[live.id] = TableOwner(live, hub.desk)
    seat = Connection(0, "p0")
    live.connections.add(seat)
    rng = random.Random(3)
    steps = 0

    def every_sheet_asked_for(asked: int) -> bool:
        """Each step's sheet is under way, dropped or waiting."""
        return len(rendered) + pool.sheets.counts.dropped + pool.sheets.waiting == asked

    try:
        while live.state.outcome is None and steps < STEPS:
            mover = live.state.to_move()
            assert mover is not None
            legal = live.state.legal_actions(mover)
            state = live.state.apply(mover, legal[rng.randrange(len(legal))])
            row = StepRow(table_id=live.id, number=live.step + 1, seat=mover, action="", at=0.0)
            live.advance(row, state, "")
            owner.broadcast()
            steps += 1
            # The step's sheet asked for (its task run to the queue), as a step's frames go.
            await until_true(partial(every_sheet_asked_for, steps), "the step's sheet asked for")
        gate.set()
        await until_true(
            lambda: live.sheets.get(0, (-1, "", None))[0] == live.step, "the last step's sheet"
        )
    finally:
        gate.set()
        pool.close()
    assert steps == STEPS
    # The first two steps' sheets were under way (two threads); of the rest, each waiting
    # sheet gave its place to the next step's, and only the last step's ran.
    assert len(rendered) == 3
    assert (pool.sheets.counts.ran, pool.sheets.counts.dropped) == (3, STEPS - 3)
    assert live.sheets[0] == (live.step, "sheet", None)
    frames = []
    while not seat.queue.empty():
        text = seat.queue.get_nowait()
        assert text is not None
        frames.append(orjson.loads(text))
    sheets = [f for f in frames if f["type"] == "sheet"]
    assert [f["step"] for f in sheets] == [live.step]  # the past steps' were never sent
    # Sent after the frame of the step it is of (the step that changed it).
    states = [f["step"] for f in frames if f["type"] == "state"]
    assert frames.index(sheets[0]) > max(
        i for i, f in enumerate(frames) if f["type"] == "state" and f["step"] == live.step
    ), states


async def test_a_bot_decides_while_every_sheet_worker_is_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sheets have workers of their own: with every one busy on a sheet that does not end
    (and more sheets waiting), a bot's decision is made, and the sheets are still held."""
    gate = threading.Event()
    begun: list[object] = []

    def render(job: object) -> workers.RenderedSheet:
        begun.append(job)
        gate.wait(120.0)
        return workers.RenderedSheet("sheet", None)

    def decide(job: object) -> str:
        return f"decided {job}"

    monkeypatch.setattr(workers, "render_sheet", render)
    monkeypatch.setattr(workers, "decide", decide)
    pool = workers.WorkerPool(0)
    try:
        sheets = [
            asyncio.create_task(pool.sheet(f"flood-{n}", 0, n, lambda: True))  # type: ignore[arg-type]
            for n in range(4)
        ]
        await until_true(lambda: len(begun) == 2 and pool.sheets.waiting == 2, "sheets held")
        decided = await asyncio.wait_for(pool.decide("bots", "move"), 60)  # type: ignore[arg-type]
        assert decided == "decided move"
        assert len(begun) == 2 and not any(sheet.done() for sheet in sheets)
        gate.set()
        assert [(await sheet).lines for sheet in sheets] == ["sheet"] * 4
    finally:
        gate.set()
        pool.close()


def test_the_table_that_had_the_least_worker_time_goes_first() -> None:
    queue = FairQueue()
    loop = asyncio.new_event_loop()
    try:

        def pending(table: str, replaces: object = None) -> _Pending:
            return _Pending(table, abs, 1, loop.create_future(), None, replaces)

        queue.put(pending("long"))
        queue.put(pending("quick"))
        taken = queue.take()
        assert taken is not None and taken.table == "long"  # first come, all equal
        queue.charge("long", 3.0)  # a search cut short at its deadline
        queue.put(pending("long"))
        queue.put(pending("quick"))
        queue.charge("quick", 0.01)
        order = []
        while (job := queue.take()) is not None:
            order.append(job.table)
            queue.charge(job.table, 0.01)
        assert order == ["quick", "quick", "long"]
        # A newer sheet of a seat takes its older one's place in line.
        older, newer = pending("t", replaces=1), pending("t", replaces=1)
        assert queue.put(older) is None and queue.put(pending("t", replaces=2)) is None
        assert queue.put(newer) is older
        assert queue.take() is newer and len(queue) == 1
    finally:
        loop.close()


class _Job:
    """A job's data that a weak reference can follow."""


async def test_a_dropped_job_is_freed_at_once_not_left_to_a_full_collection() -> None:
    # A stale job's error is raised out of the pool's frame, which held the future that held
    # the error: a reference cycle that kept the job (a bot's view) until a full collection,
    # and at 250 tables those stopped the event loop for more than half a second.
    pool = JobPool(0, deadline=None)
    job = _Job()
    freed = weakref.ref(job)
    gc.disable()
    try:
        try:
            await pool.run("t", repr, job, wanted=lambda: False)
        except Stale:
            dropped = True
        del job
        assert dropped and freed() is None
    finally:
        gc.enable()
        pool.close()
