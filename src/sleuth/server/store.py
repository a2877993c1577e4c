"""Every database read and write of the service, one short transaction each."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time
from collections.abc import AsyncIterator, Sequence
from typing import Any, cast

from sqlalchemy import Table, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from .db import sessions
from .models import ChatRow, PersonRow, SeatRow, StepRow, TableRow


class StepConflict(Exception):
    """Another process committed this table's step number first: re-read and re-check."""


def secret_hash(secret: str) -> str:
    """Invite tokens and identity cookies are stored only as their SHA-256."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(16)  # 128 bits


def new_id() -> str:
    return secrets.token_hex(8)


class Store:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._sessions = _Sessions(sessions(engine), engine.dialect.name == "sqlite")
        self._pending: list[tuple[StepRow, int | None, bool, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    # --- people ----------------------------------------------------------------------------

    async def create_person(self, name: str) -> tuple[PersonRow, str]:
        secret = new_secret()
        row = PersonRow(id=new_id(), secret_hash=secret_hash(secret), name=name, created_at=now())
        async with self._sessions.begin() as session:
            session.add(row)
        return row, secret

    async def person_by_secret(self, secret: str) -> PersonRow | None:
        async with self._sessions() as session:
            found: PersonRow | None = await session.scalar(
                select(PersonRow).where(PersonRow.secret_hash == secret_hash(secret))
            )
            return found

    async def people(self, ids: Sequence[str]) -> dict[str, PersonRow]:
        if not ids:
            return {}
        async with self._sessions() as session:
            rows = await session.scalars(select(PersonRow).where(PersonRow.id.in_(set(ids))))
            return {row.id: row for row in rows}

    async def rename_person(self, person_id: str, name: str) -> None:
        async with self._sessions.begin() as session:
            await session.execute(
                update(PersonRow).where(PersonRow.id == person_id).values(name=name)
            )

    # --- tables and seats ------------------------------------------------------------------

    async def create_table(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        async with self._sessions.begin() as session:
            session.add(table)
            await session.flush()
            session.add_all(seats)

    async def table(self, table_id: str) -> TableRow | None:
        async with self._sessions() as session:
            found: TableRow | None = await session.get(TableRow, table_id)
            return found

    async def seats(self, table_id: str) -> list[SeatRow]:
        async with self._sessions() as session:
            rows = await session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            )
            return list(rows)

    async def steps(self, table_id: str, after: int = 0) -> list[StepRow]:
        async with self._sessions() as session:
            rows = await session.scalars(
                select(StepRow)
                .where(StepRow.table_id == table_id, StepRow.number > after)
                .order_by(StepRow.number)
            )
            return list(rows)

    async def unfinished_tables(self) -> list[str]:
        async with self._sessions() as session:
            rows = await session.scalars(
                select(TableRow.id).where(TableRow.status != "finished").order_by(TableRow.id)
            )
            return list(rows)

    async def unfinished_progress(self) -> list[tuple[str, int, str]]:
        """Each unfinished table's id, step and status, in one query (the sweep's)."""
        async with self._sessions() as session:
            rows = await session.execute(
                select(TableRow.id, TableRow.step, TableRow.status)
                .where(TableRow.status != "finished")
                .order_by(TableRow.id)
            )
            return [(table_id, step, status) for table_id, step, status in rows]

    async def tables_of(self, person_id: str) -> list[tuple[TableRow, int]]:
        """Every table where the person holds a seat, with that seat, newest first."""
        async with self._sessions() as session:
            rows = await session.execute(
                select(TableRow, SeatRow.seat)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.person_id == person_id)
                .order_by(TableRow.created_at.desc())
                .limit(200)
            )
            return [(table, seat) for table, seat in rows.tuples()]

    async def listed_tables(self) -> list[TableRow]:
        async with self._sessions() as session:
            rows = await session.scalars(
                select(TableRow)
                .where(TableRow.listed.is_(True), TableRow.status != "finished")
                .order_by(TableRow.created_at.desc())
                .limit(100)
            )
            return list(rows)

    async def seat_by_token(self, table_id: str, token: str) -> SeatRow | None:
        async with self._sessions() as session:
            found: SeatRow | None = await session.scalar(
                select(SeatRow).where(
                    SeatRow.table_id == table_id, SeatRow.token_hash == secret_hash(token)
                )
            )
            return found

    async def update_seat(
        self, table_id: str, seat: int, only_if: dict[str, Any] | None = None, **values: Any
    ) -> bool:
        """Change a seat; with ``only_if``, only while its columns hold those values (so
        two processes that both see a clock run out take the seat over once)."""
        query = update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
        for column, value in (only_if or {}).items():
            query = query.where(getattr(SeatRow, column) == value)
        async with self._sessions.begin() as session:
            result = await session.execute(query.values(**values))
            return bool(result.rowcount)

    async def update_table(self, table_id: str, **values: Any) -> None:
        async with self._sessions.begin() as session:
            await session.execute(update(TableRow).where(TableRow.id == table_id).values(**values))

    async def start_if_full(self, table_id: str, at: float) -> bool:
        """Start a waiting table once every person's seat has its person."""
        async with self._sessions.begin() as session:
            seats = await session.scalars(select(SeatRow).where(SeatRow.table_id == table_id))
            if any(s.kind == "person" and s.person_id is None for s in seats):
                return False
            result = await session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "waiting")
                .values(status="playing", started_at=at)
            )
            return bool(result.rowcount)

    async def insert_step(self, step: StepRow, to_move: int | None, finished: bool) -> None:
        """Commit one accepted action and the table's summary with it, or ``StepConflict``.

        Group commit: the steps that arrive while a commit is under way go together in the
        next one, so many tables share one disk sync. Each caller returns only once its own
        step is committed.
        """
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._pending.append((step, to_move, finished, future))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write_steps())
        await future

    async def _write_steps(self) -> None:
        while self._pending:
            batch, self._pending = self._pending[:GROUP_COMMIT], self._pending[GROUP_COMMIT:]
            try:
                await self._commit_steps([(s, m, f) for s, m, f, _ in batch])
            except IntegrityError:
                # Some step lost its number to another process: find which, one by one.
                for step, to_move, finished, future in batch:
                    try:
                        await self._commit_steps([(step, to_move, finished)])
                    except IntegrityError as error:
                        future.set_exception(StepConflict(str(error)))
                    except Exception as error:
                        future.set_exception(error)
                    else:
                        future.set_result(None)
                continue
            except Exception as error:
                for *_, future in batch:
                    future.set_exception(error)
                continue
            for *_, future in batch:
                future.set_result(None)

    async def _commit_steps(self, batch: Sequence[tuple[StepRow, int | None, bool]]) -> None:
        rows = [
            {
                "table_id": s.table_id,
                "number": s.number,
                "seat": s.seat,
                "action": s.action,
                "result": s.result,
                "at": s.at,
            }
            for s, _, _ in batch
        ]
        summaries = [
            {
                "key": s.table_id,
                "step": s.number,
                "to_move": m,
                "status": "finished" if f else "playing",
                "finished_at": s.at if f else None,
            }
            for s, m, f in batch
        ]
        tables = cast(Table, TableRow.__table__)
        async with self._sessions.begin() as session:
            await session.execute(insert(StepRow), rows)
            # One statement for the whole batch (executemany): a round trip per step
            # through the database driver's thread costs more than the write itself.
            await session.execute(
                tables.update()
                .where(tables.c.id == bindparam("key"))
                .values(
                    step=bindparam("step"),
                    to_move=bindparam("to_move"),
                    status=bindparam("status"),
                    finished_at=bindparam("finished_at"),
                ),
                summaries,
            )

    # --- chat ------------------------------------------------------------------------------

    async def add_chat(self, table_id: str, seat: int | None, name: str, text: str) -> ChatRow:
        row = ChatRow(table_id=table_id, seat=seat, name=name, text=text, at=now())
        async with self._sessions.begin() as session:
            session.add(row)
        return row

    async def chat(self, table_id: str, after: int = 0, limit: int = 200) -> list[ChatRow]:
        async with self._sessions() as session:
            rows = await session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id, ChatRow.id > after)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            )
            return list(reversed(list(rows)))


def now() -> float:
    return time.time()


GROUP_COMMIT = 200  # steps in one transaction at most


class _Sessions:
    """Sessions, with SQLite's writes taken one at a time: SQLite has one writer, and
    connections that contend for it wait in its busy handler, which sleeps."""

    def __init__(self, maker: Any, serialize_writes: bool) -> None:
        self._maker = maker
        self._lock = asyncio.Lock() if serialize_writes else None

    def __call__(self) -> Any:
        return self._maker()

    @contextlib.asynccontextmanager
    async def begin(self) -> AsyncIterator[Any]:
        if self._lock is None:
            async with self._maker.begin() as session:
                yield session
            return
        async with self._lock, self._maker.begin() as session:
            yield session
