"""Every database read and write of the service, one short transaction each."""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select, update
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
        self._sessions = sessions(engine)

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
        """Commit one accepted action and the table's summary with it, or ``StepConflict``."""
        values: dict[str, Any] = {"step": step.number, "to_move": to_move}
        if finished:
            values.update(status="finished", finished_at=step.at)
        try:
            async with self._sessions.begin() as session:
                session.add(step)
                await session.flush()
                await session.execute(
                    update(TableRow).where(TableRow.id == step.table_id).values(**values)
                )
        except IntegrityError as error:
            raise StepConflict(str(error)) from None

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
