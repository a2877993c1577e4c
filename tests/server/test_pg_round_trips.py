"""PostgreSQL's statements per step (issue #36, the people's p99 on two cores): a batch of
steps tells the other processes in its own commit, one notification a batch, and a read
sends no BEGIN and ROLLBACK around its statements."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.orm import Session

from sleuth.server.bus import CHANNEL, PAYLOAD_BYTES, PostgresBus, asyncpg_dsn, step_payloads
from sleuth.server.db import PostgresDatabase, StepNumberTaken, StepValues, open_database
from sleuth.server.lobby import create_table
from sleuth.server.settings import Settings
from sleuth.server.store import Store

from .test_store_steps import _plan


def _values(table_id: str, number: int) -> StepValues:
    return StepValues(table_id, number, 0, "ask 1 JKL", "r", 1.5 + number, 1, False)


async def test_a_batch_of_steps_is_told_in_its_own_commit_once(
    tmp_path: Path, postgres: Any
) -> None:
    url = postgres()
    database = open_database(Settings(db_url=url, key_file=tmp_path / "key"))
    assert isinstance(database, PostgresDatabase)
    await database.migrate()
    store = Store(database)
    import asyncpg

    listener = await asyncpg.connect("postgresql://" + url.split("://", 1)[1])
    heard: list[tuple[int, str]] = []
    listener_heard = asyncio.Event()

    def on_notify(_connection: Any, pid: int, _channel: str, payload: str) -> None:
        heard.append((pid, payload))
        listener_heard.set()

    await listener.add_listener(CHANNEL, on_notify)
    try:
        first = (await create_table(store, _plan(), None)).table_id
        second = (await create_table(store, _plan(), None)).table_id
        await database.commit_steps([_values(first, 1), _values(second, 1), _values(first, 2)])
        await asyncio.wait_for(listener_heard.wait(), 10)
        await asyncio.sleep(0.2)  # anything more would have come by now
        # One notification, each table's newest step, sent by the steps' own connection.
        assert [payload for _, payload in heard] == [
            "\n".join(sorted([f"step {first} 2", f"step {second} 1"]))
        ]
        assert database.commits_steps(heard[0][0])
        assert not database.commits_steps(listener.get_server_pid())

        # A batch refused (a number taken) stores nothing and tells nothing.
        heard.clear()
        try:
            await database.commit_steps([_values(second, 2), _values(first, 2)])
        except StepNumberTaken:
            pass
        else:
            raise AssertionError("step 2 of the first table was taken")
        await asyncio.sleep(0.5)
        assert heard == []
    finally:
        await listener.close()
        await database.close()


async def test_a_process_hears_the_steps_of_others_only(tmp_path: Path, postgres: Any) -> None:
    """Its own steps' notifications come back to its listener too: passed over, as the
    bus's own sends are (each was a re-read of a table it had just written)."""
    url = postgres()
    mine = open_database(Settings(db_url=url, key_file=tmp_path / "key"))
    other = open_database(Settings(db_url=url, key_file=tmp_path / "key"))
    assert isinstance(mine, PostgresDatabase)
    await mine.migrate()
    bus = PostgresBus(asyncpg_dsn(url))
    bus.also_own = mine.commits_steps
    heard: list[tuple[str, str, int]] = []
    arrived = asyncio.Event()

    async def handler(kind: str, table_id: str, number: int) -> None:
        heard.append((kind, table_id, number))
        arrived.set()

    await bus.start(handler)
    try:
        store = Store(mine)
        first = (await create_table(store, _plan(), None)).table_id
        second = (await create_table(store, _plan(), None)).table_id
        await mine.commit_steps([_values(first, 1)])
        await other.commit_steps([_values(first, 2), _values(second, 1)])
        await asyncio.wait_for(arrived.wait(), 10)
        await asyncio.sleep(0.3)  # anything more would have come by now
        assert sorted(heard) == sorted([("step", first, 2), ("step", second, 1)])
    finally:
        await bus.close()
        await other.close()
        await mine.close()


def test_step_payloads_keep_each_table_newest_and_fit_postgresql() -> None:
    assert step_payloads([("a", 3), ("b", 1), ("a", 2)]) == ["step a 3\nstep b 1"]
    # Each line 24 to 26 bytes with its newline: 9 of 24, 90 of 25, then 26 each.
    tables = [(f"{n:016x}", n + 1) for n in range(600)]
    payloads = step_payloads(tables)
    assert [len(p.split("\n")) for p in payloads] == [273, 269, 58]
    assert all(len(p.encode()) <= PAYLOAD_BYTES for p in payloads)
    assert "\n".join(payloads).split("\n") == [f"step {t} {n}" for t, n in tables]
    assert step_payloads([]) == []


async def test_a_read_is_no_transaction(tmp_path: Path, postgres: Any) -> None:
    """Each of a read's statements is a transaction of its own: under READ COMMITTED a
    statement takes its own snapshot anyway, and BEGIN and ROLLBACK were two round trips
    more of every read."""
    database = open_database(Settings(db_url=postgres(), key_file=tmp_path / "key"))
    await database.migrate()

    def work(session: Session) -> tuple[Any, Any]:
        first = session.execute(text("SELECT transaction_timestamp()")).scalar_one()
        return first, session.execute(text("SELECT transaction_timestamp()")).scalar_one()

    def in_write(session: Session) -> tuple[Any, Any]:
        return work(session)

    try:
        first, second = await database.read(work)
        assert first < second  # two transactions
        begun, again = await database.write(in_write)
        assert begun == again  # a write is one transaction
    finally:
        await database.close()
