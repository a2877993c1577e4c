"""The database's work between two games (issue #36: the server's CPU a game). A channel
opening asks whether its table moved on elsewhere: the seats of a new table open theirs at
once and share one read of the table's step, status and rematch, but never a read begun
before they asked. A rematch names itself on its finished table in its own rows'
transaction only, and its game, configured to check it, is the one game of that config the
table is built from."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from sleuth.core import find_kit
from sleuth.server.db import open_database
from sleuth.server.live import LiveTable
from sleuth.server.lobby import create_table, plan_of
from sleuth.server.owner import TableOwner
from sleuth.server.rematches import deal_rematch
from sleuth.server.settings import Settings
from sleuth.server.store import Store

from .test_store_steps import EXAMPLE, _plan, _step


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """The store of a fresh SQLite database, migrated, closed after the test."""
    database = open_database(
        Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", key_file=tmp_path / "key")
    )
    await database.migrate()
    try:
        yield Store(database)
    finally:
        await database.close()


async def _until(condition: Callable[[], bool]) -> None:
    while not condition():
        await asyncio.sleep(0.01)


def _counted(database: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], asyncio.Event]:
    """Every read's answer, in order; each read waits for the event before answering (its
    statement has run by then)."""
    answers: list[Any] = []
    answer = asyncio.Event()
    real: Callable[[Any], Any] = database.read

    async def read(work: Any) -> Any:
        value = await real(work)
        answers.append(value)
        await answer.wait()
        return value

    monkeypatch.setattr(database, "read", read)
    return answers, answer


async def test_seats_opening_at_once_read_their_table_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = store.database
    created = await create_table(store, _plan(), None)
    row = await store.table(created.table_id)
    assert row is not None
    live = LiveTable.build(row, await store.seats(created.table_id), [], {})
    # As with PostgreSQL: other processes may have moved the table on.
    desk = SimpleNamespace(store=store, bus=SimpleNamespace(shared=True), clock=time.time)
    owner = TableOwner(live, desk)  # type: ignore[arg-type]
    answers, answer = _counted(database, monkeypatch)
    answer.set()
    await asyncio.gather(*(owner.catch_up_if_behind() for _ in range(4)))
    assert answers == [(0, "playing", None)]  # one read for the four, of three columns
    await owner.catch_up_if_behind()
    assert answers == [(0, "playing", None)] * 2  # asked after it ended: a read of its own
    # A step another process stored (its notification lost): the table is read again.
    refreshed: list[int] = []

    async def refresh() -> None:
        refreshed.append(live.step)

    monkeypatch.setattr(owner, "refresh", refresh)
    await owner.catch_up_if_behind()
    assert refreshed == []  # nothing stored ahead
    await store.insert_step(_step(created.table_id, 1), 1, False)
    await owner.catch_up_if_behind()
    assert answers[-1] == (1, "playing", None) and refreshed == [0]


async def test_a_read_begun_before_a_seat_asked_is_not_its_answer(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = store.database
    table = (await create_table(store, _plan(), None)).table_id
    answers, answer = _counted(database, monkeypatch)
    together = [asyncio.create_task(store.progress(table)) for _ in range(3)]
    await asyncio.wait_for(_until(lambda: bool(answers)), 10)
    # Committed after the first read ran and before the next seat asks.
    await store.insert_step(_step(table, 1), 1, False)
    later = [asyncio.create_task(store.progress(table)) for _ in range(2)]
    await asyncio.sleep(0.05)
    assert answers == [(0, "playing", None)]  # the later ones wait for a read of their own
    answer.set()
    assert await asyncio.gather(*together) == [(0, "playing", None)] * 3
    assert await asyncio.gather(*later) == [(1, "playing", None)] * 2
    assert answers == [(0, "playing", None), (1, "playing", None)]
    assert await store.progress("no-such-table") is None


async def test_a_rematch_is_one_write(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    database = store.database
    first = await create_table(store, _plan(), None)
    live = LiveTable.build(first.row, first.seats, [], {})
    told: list[tuple[str, str]] = []

    async def publish(kind: str, table_id: str, number: int = 0) -> None:
        told.append((kind, table_id))

    async def create(plan: Any, creator: Any, people: Any, rematch_of: str, **_: Any) -> Any:
        return await create_table(store, plan, creator, people, rematch_of, programs=True)

    desk = SimpleNamespace(
        store=store, bus=SimpleNamespace(publish=publish), clock=time.time, create=create
    )
    owner = TableOwner(live, desk)  # type: ignore[arg-type]
    writes: list[str] = []
    write = database.write

    async def counted(work: Any) -> Any:
        writes.append(getattr(work, "__qualname__", ""))
        return await write(work)

    monkeypatch.setattr(database, "write", counted)
    created = await deal_rematch(owner, "someone")
    assert created is not None
    assert writes == ["Store.create_table.<locals>.work"]  # the claim is in it
    stored = await store.table(first.table_id)
    assert stored is not None and stored.rematch == created.table_id
    assert live.row.rematch == created.table_id
    assert told == [("seats", first.table_id)]  # the other processes read it again
    assert plan_of(created.row, created.seats) == plan_of(first.row, first.seats)
    # Asked again: the table has its rematch, and nothing is written.
    assert await deal_rematch(owner, "someone") is None
    assert len(writes) == 1


def test_a_game_configured_again_is_the_one_game_of_its_config() -> None:
    game_type = find_kit(EXAMPLE).game
    first = game_type.configure(3)
    assert game_type.configure(3) is first
    assert game_type.of(first.config) is first
    assert game_type.configure(4) is not first and game_type.configure(4).config.players == 4
