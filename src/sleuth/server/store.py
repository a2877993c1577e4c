"""Every database read and write of the service, one short transaction each."""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from . import movetrace, problems
from .db import BatchRefused, Database, StepNumberTaken, StepValues, T, Work
from .models import (
    ENDED,
    EXPIRED,
    WAITING,
    AnyStep,
    ChatRow,
    LeaverRow,
    PersonRow,
    SeatRow,
    SessionRow,
    StandInRow,
    StepRow,
    TableRow,
)


class RematchTaken(Exception):
    """Another request dealt this finished table's rematch first."""


class StepConflict(Exception):
    """Another process committed this table's step number first: re-read and re-check."""


def secret_hash(secret: str) -> str:
    """Invite tokens and identity cookies are stored only as their SHA-256."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(16)  # 128 bits


def new_id() -> str:
    return secrets.token_hex(8)


def _retrieved(done: asyncio.Future[Any]) -> None:
    """A shared read's error is its askers' to raise: not reported again if they left."""
    if not done.cancelled():
        done.exception()


# A table's step, status and rematch as stored (``Store.progress``).
Progress = tuple[int, str, str | None]


class Store:
    def __init__(self, database: Database) -> None:
        self._db = database
        self.database = database
        # Identities by their cookie's hash, with one process only (SQLite): every request
        # and every play channel asks who is calling, and a person's row changes only by
        # ``rename_person``, here. With several processes each asks the database.
        # Kept as plain tuples, which the garbage collector does not scan.
        self._people: dict[str, tuple[str, str, float]] = {}
        self._renames = 0
        # The steps waiting for the next commit, each with its move's timing (``movetrace``).
        self._pending: list[
            tuple[
                AnyStep,
                int | None,
                bool,
                asyncio.Future[None],
                movetrace.Move | None,
                Callable[[], None] | None,
            ]
        ] = []
        self._writer: asyncio.Task[None] | None = None
        # A table's read of its progress under way, and the next one, which askers join.
        self._progress_now: dict[str, asyncio.Future[Progress | None]] = {}
        self._progress_next: dict[str, asyncio.Future[Progress | None]] = {}
        # The time a waiting table's signs of life are stamped with (tests set their own).
        self.clock: Callable[[], float] = time.time

    # --- people ----------------------------------------------------------------------------

    async def create_person(self, name: str) -> tuple[PersonRow, str]:
        secret = new_secret()
        row = PersonRow(id=new_id(), secret_hash=secret_hash(secret), name=name, created_at=now())
        await self._db.write(lambda session: session.add(row))
        return row, secret

    async def person_by_secret(self, secret: str) -> PersonRow | None:
        key = secret_hash(secret)
        known = self._people.get(key)
        if known is not None:
            person_id, name, created_at = known
            return PersonRow(id=person_id, secret_hash=key, name=name, created_at=created_at)
        query = select(PersonRow).where(PersonRow.secret_hash == key)
        # A signed-in browser's cookie is one of its account's sessions.
        signed_in = (
            select(PersonRow)
            .join(SessionRow, SessionRow.person_id == PersonRow.id)
            .where(SessionRow.secret_hash == key)
        )
        renames = self._renames

        def work(session: Session) -> PersonRow | None:
            return session.scalar(query) or session.scalar(signed_in)

        found = await self._db.read(work)
        # A rename committed while this read was under way may have missed it: keep only
        # a row read with no rename in between.
        if found is not None and self._db.single_process and renames == self._renames:
            if len(self._people) >= PEOPLE_KEPT:
                self._people.clear()
            self._people[key] = (found.id, found.name, found.created_at)
        return found

    async def people(self, ids: Sequence[str]) -> dict[str, PersonRow]:
        if not ids:
            return {}
        query = select(PersonRow).where(PersonRow.id.in_(set(ids)))
        rows = await self._db.read(lambda session: list(session.scalars(query)))
        return {row.id: row for row in rows}

    async def rename_person(self, person_id: str, name: str) -> None:
        query = update(PersonRow).where(PersonRow.id == person_id).values(name=name)
        await self.change_person(person_id, lambda session: session.execute(query))

    async def change_person(self, person_id: str, work: Work[T]) -> T:
        """``work`` in one transaction that changes who a person is (a name, a session, an
        account): what this process knew of the person is forgotten, and no read under way
        meanwhile keeps it."""
        self._renames += 1
        try:
            return await self._db.write(work)
        finally:
            self._renames += 1
            for key in [key for key, row in self._people.items() if row[0] == person_id]:
                del self._people[key]

    # --- tables and seats ------------------------------------------------------------------

    async def create_table(
        self, table: TableRow, seats: Sequence[SeatRow], waiting_cap: int = 0
    ) -> int:
        """Store a new table and its seats; a rematch (``table.rematch_of``) is stored only
        while its finished table has none yet, and named there in the same transaction, so
        that of people asking at once, across processes too, one deals it, and no claim is
        ever left without its table (``RematchTaken`` for the others). ``waiting_cap``: a
        table that waits for people is not dealt while its creator holds that many waiting
        ones already, or its client address ``ADDRESS_CAP_TIMES`` that many (0: no cap): 0
        when it was stored, else the cap it met."""

        def work(session: Session) -> int:
            if waiting_cap and table.status == WAITING:
                met = _cap_met(session, table.created_by, table.created_from, waiting_cap)
                if met:
                    return met
            if table.rematch_of is not None:
                claim = (
                    update(TableRow)
                    .where(TableRow.id == table.rematch_of, TableRow.rematch.is_(None))
                    .values(rematch=table.id)
                )
                if not _changed(session.execute(claim)):
                    raise RematchTaken(table.rematch_of)
            session.add(table)
            session.flush()
            session.add_all(seats)
            return 0

        return await self._db.write(work)

    async def waiting_cap_met(self, creator: str | None, address: str | None, cap: int) -> int:
        """The cap of waiting tables ``creator`` or ``address`` has met (see ``create_table``),
        or 0, read without taking their turns: a check before the work a deal needs (its
        bots asked), the one in ``create_table`` the guard."""
        return await self._db.read(
            lambda session: _cap_met(session, creator, address, cap, lock=False)
        )

    async def table(self, table_id: str) -> TableRow | None:
        return await self._db.read(lambda session: session.get(TableRow, table_id))

    async def progress(self, table_id: str) -> Progress | None:
        """A table's step, status and rematch as stored (None: no such table), as a channel
        opening asks. The seats of a new table open theirs at once: they share one read,
        which begins after each of them asked (after the table's read under way, if any)."""
        pending = self._progress_next.get(table_id)
        if pending is None or pending.done():  # done: cancelled before it began
            before = self._progress_now.get(table_id)
            pending = asyncio.ensure_future(self._read_progress(table_id, before))
            pending.add_done_callback(_retrieved)
            self._progress_next[table_id] = pending
        return await asyncio.shield(pending)

    async def _read_progress(
        self, table_id: str, before: asyncio.Future[Any] | None
    ) -> Progress | None:
        if before is not None:
            await asyncio.wait([before])
        # Begun: whoever asks from now on waits for the next read. (``progress`` stored this
        # task before it first ran: tasks here do not start eagerly.)
        this = self._progress_next.pop(table_id)
        self._progress_now[table_id] = this
        query = select(TableRow.step, TableRow.status, TableRow.rematch).where(
            TableRow.id == table_id
        )

        def work(session: Session) -> Progress | None:
            found = session.execute(query).first()
            return None if found is None else (found[0], found[1], found[2])

        try:
            return await self._db.read(work)
        finally:
            if self._progress_now.get(table_id) is this:
                del self._progress_now[table_id]

    async def seats(self, table_id: str) -> list[SeatRow]:
        query = select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
        return await self._db.read(lambda session: list(session.scalars(query)))

    async def steps(self, table_id: str, after: int = 0) -> list[StepRow]:
        query = (
            select(StepRow)
            .where(StepRow.table_id == table_id, StepRow.number > after)
            .order_by(StepRow.number)
        )
        return await self._db.read(lambda session: list(session.scalars(query)))

    async def unfinished_tables(self) -> list[str]:
        query = select(TableRow.id).where(TableRow.status.notin_(ENDED)).order_by(TableRow.id)
        return await self._db.read(lambda session: list(session.scalars(query)))

    async def unfinished_progress(self) -> list[tuple[str, int, str]]:
        """Each unfinished table's id, step and status, in one query (the sweep's)."""
        query = (
            select(TableRow.id, TableRow.step, TableRow.status)
            .where(TableRow.status.notin_(ENDED))
            .order_by(TableRow.id)
        )

        def work(session: Session) -> list[tuple[str, int, str]]:
            return [(table_id, step, status) for table_id, step, status in session.execute(query)]

        return await self._db.read(work)

    async def tables_of(self, person_id: str) -> list[tuple[TableRow, int]]:
        """Every table where the person holds a seat, with that seat, newest first."""
        query = (
            select(TableRow, SeatRow.seat)
            .join(SeatRow, SeatRow.table_id == TableRow.id)
            .where(SeatRow.person_id == person_id)
            .order_by(TableRow.created_at.desc())
            .limit(200)
        )

        def work(session: Session) -> list[tuple[TableRow, int]]:
            return [(table, seat) for table, seat in session.execute(query)]

        return await self._db.read(work)

    async def listed_tables(self, offset: int = 0, limit: int = 100) -> list[TableRow]:
        """A page of the listed tables not yet ended (finished or expired), newest first."""
        query = (
            select(TableRow)
            .where(TableRow.listed.is_(True), TableRow.status.notin_(ENDED))
            .order_by(TableRow.created_at.desc(), TableRow.id)
            .offset(offset)
            .limit(limit)
        )
        return await self._db.read(lambda session: list(session.scalars(query)))

    async def seat_by_token(self, table_id: str, token: str) -> SeatRow | None:
        query = select(SeatRow).where(
            SeatRow.table_id == table_id, SeatRow.token_hash == secret_hash(token)
        )
        return await self._db.read(lambda session: session.scalar(query))

    async def update_seat(
        self, table_id: str, seat: int, only_if: dict[str, Any] | None = None, **values: Any
    ) -> bool:
        """Change a seat; with ``only_if``, only while its columns hold those values (so
        two processes that both see a clock run out take the seat over once)."""
        query = update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
        for column, value in (only_if or {}).items():
            query = query.where(getattr(SeatRow, column) == value)
        change = query.values(**values)
        return await self._db.write(lambda session: _changed(session.execute(change)))

    async def stand_in(self, table_id: str, seat: int, person_id: str, **values: Any) -> bool:
        """A bot plays the person's seat (``values``), if the person still holds it and no
        bot plays it yet; the person is remembered as one a bot played for (``StandInRow``),
        in the same write, so that a rated table ranks them last."""
        change = (
            update(SeatRow)
            .where(
                SeatRow.table_id == table_id,
                SeatRow.seat == seat,
                SeatRow.person_id == person_id,
                SeatRow.kind == "person",
                SeatRow.takeover.is_(False),
            )
            .values(takeover=True, **values)
        )

        def work(session: Session) -> bool:
            if not _changed(session.execute(change)):
                return False
            _stood_in(session, table_id, seat, person_id)
            return True

        return await self._db.write(work)

    async def leave_seat(self, table_id: str, seat: int, person_id: str, **values: Any) -> bool:
        """The person gives up the seat, if still theirs (``values``: the seat's other changes),
        and is remembered as having left it, in the same write."""
        change = (
            update(SeatRow)
            .where(
                SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.person_id == person_id
            )
            .values(person_id=None, **values)
        )

        def work(session: Session) -> bool:
            if not _changed(session.execute(change)):
                return False
            # Left once before (and joined again with the seat's token): already remembered.
            if session.get(LeaverRow, (table_id, seat, person_id)) is None:
                session.add(LeaverRow(table_id=table_id, seat=seat, person_id=person_id))
            if values.get("takeover"):  # left during the game: a bot plays for them
                _stood_in(session, table_id, seat, person_id)
            return True

        return await self._db.write(work)

    async def leavers(self, table_id: str) -> frozenset[tuple[int, str]]:
        """(seat, person) of each person who once held a seat of the table and gave it up."""
        query = select(LeaverRow.seat, LeaverRow.person_id).where(LeaverRow.table_id == table_id)

        def work(session: Session) -> frozenset[tuple[int, str]]:
            return frozenset((seat, person_id) for seat, person_id in session.execute(query))

        return await self._db.read(work)

    async def take_seat(
        self, table_id: str, seat: int, person_id: str, holder: str | None, token_hash: str
    ) -> str | None:
        """Seat a person, with the seat's new token, while the seat is held as read
        (``holder``); or why not. The database refuses a second seat of one table to one
        person (a unique index), so two requests of one person at once get one seat between
        them, across processes too."""
        change = (
            update(SeatRow)
            .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.person_id == holder)
            .values(person_id=person_id, token_hash=token_hash)
        )
        # A seat taken is a sign of life, and none is taken at a table expired meanwhile:
        # the table's row is written first, so on PostgreSQL a take and the sweep's expiry
        # at once wait for each other's commit, and the later one sees what the first did.
        alive = (
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.status != EXPIRED)
            .values(active_at=self.clock())
        )

        def work(session: Session) -> str | None:
            if not _changed(session.execute(alive)):
                return problems.TABLE_EXPIRED()
            return None if _changed(session.execute(change)) else problems.SEAT_TAKEN(seat=seat)

        try:
            return await self._db.write(work)
        except IntegrityError:
            return problems.ONE_SEAT()

    async def update_table(self, table_id: str, **values: Any) -> None:
        change = update(TableRow).where(TableRow.id == table_id).values(**values)
        await self._db.write(lambda session: session.execute(change))

    async def start_if_full(self, table_id: str, at: float) -> bool:
        """Start a waiting table once every person's seat has its person."""

        def work(session: Session) -> bool:
            seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id))
            if any(s.kind == "person" and s.person_id is None for s in seats):
                return False
            return _changed(
                session.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.status == "waiting")
                    # The dealing address is kept only while a cap counts it: no longer.
                    .values(status="playing", started_at=at, created_from=None)
                )
            )

        return await self._db.write(work)

    async def insert_step(
        self,
        step: AnyStep,
        to_move: int | None,
        finished: bool,
        then: Callable[[], None] | None = None,
    ) -> None:
        """Commit one accepted action and the table's summary with it, or ``StepConflict``.

        Group commit: the steps that arrive while a commit is under way go together in the
        next one, so many tables share one disk sync. Each caller returns only once its own
        step is committed. ``then`` runs as soon as it is (before the caller resumes, in the
        task that committed it; what it raises, the caller does): the step's frames go out
        without waiting for the caller's task to be run again, a turn of the event loop
        that under load was as long as the commit itself (``benchmarks/serve.py --trace``).
        """
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        move = movetrace.current.get() if movetrace.ON else None
        if move is not None:
            move.queued = movetrace.now()
        self._pending.append((step, to_move, finished, future, move, then))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write_steps())
        await future
        if move is not None and not move.resumed:
            move.resumed = movetrace.now()

    async def _write_steps(self) -> None:
        while self._pending:
            batch, self._pending = self._pending[:GROUP_COMMIT], self._pending[GROUP_COMMIT:]
            began = movetrace.now() if movetrace.ON else 0.0
            try:
                await self._commit_steps([(s, m, f) for s, m, f, *_ in batch])
                if movetrace.ON:
                    movetrace.committed([item[4] for item in batch], began)
            except (StepNumberTaken, BatchRefused):
                # Some step lost its number to another process (or the database refused
                # the batch as a whole): find which, one by one.
                for step, to_move, finished, future, _, then in batch:
                    try:
                        await self._commit_steps([(step, to_move, finished)])
                    except StepNumberTaken as error:
                        _settle(future, StepConflict(str(error)))
                    except Exception as error:
                        _settle(future, error)
                    else:
                        _committed(future, then)
                continue
            except Exception as error:
                for *_, future, _, _ in batch:
                    _settle(future, error)
                continue
            for *_, future, _, then in batch:
                _committed(future, then)

    async def _commit_steps(self, batch: Sequence[tuple[AnyStep, int | None, bool]]) -> None:
        await self._db.commit_steps(
            [
                StepValues(s.table_id, s.number, s.seat, s.action, s.result, s.at, m, f)
                for s, m, f in batch
            ]
        )

    # --- chat ------------------------------------------------------------------------------

    async def add_chat(self, table_id: str, seat: int | None, name: str, text: str) -> ChatRow:
        row = ChatRow(table_id=table_id, seat=seat, name=name, text=text, at=now())
        # A chat line at a waiting table is a sign of life (``expiry``).
        alive = (
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.status == WAITING)
            .values(active_at=self.clock())
        )

        def work(session: Session) -> None:
            session.execute(alive)
            session.add(row)

        await self._db.write(work)
        return row

    async def chat(self, table_id: str, after: int = 0, limit: int = 200) -> list[ChatRow]:
        query = (
            select(ChatRow)
            .where(ChatRow.table_id == table_id, ChatRow.id > after)
            .order_by(ChatRow.id.desc())
            .limit(limit)
        )
        rows = await self._db.read(lambda session: list(session.scalars(query)))
        return rows[::-1]


def _committed(future: asyncio.Future[None], then: Callable[[], None] | None) -> None:
    """A step is committed: its ``then`` runs, unless its caller stopped waiting (its table
    is read again on its next use: what is committed is never applied twice here)."""
    if future.done() or then is None:
        _settle(future, None)
        return
    try:
        then()
    except Exception as error:
        _settle(future, error)
    else:
        _settle(future, None)


def _settle(future: asyncio.Future[None], error: Exception | None) -> None:
    """Answer a step's caller, unless it has stopped waiting (its task was cancelled): the
    writer goes on with the rest of its batch either way."""
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)


def _changed(result: Any) -> bool:
    return bool(result.rowcount)


def now() -> float:
    return time.time()


GROUP_COMMIT = 200  # steps in one transaction at most
PEOPLE_KEPT = 20_000  # identities kept in memory (one process), a few MB


def _stood_in(session: Session, table_id: str, seat: int, person_id: str) -> None:
    if session.get(StandInRow, (table_id, seat, person_id)) is None:
        session.add(StandInRow(table_id=table_id, seat=seat, person_id=person_id))


# An address holds this many times a person's cap of waiting tables: many people may share
# one (a household, a campus, a carrier's network), and the person's own cap still holds.
ADDRESS_CAP_TIMES = 5


def _cap_met(
    session: Session, creator: str | None, address: str | None, cap: int, lock: bool = True
) -> int:
    """The cap the table's creator (``cap``) or client address (``ADDRESS_CAP_TIMES`` times
    it) has reached in waiting tables, or 0. On PostgreSQL (``lock``) each one's deals are
    taken in turn (a lock until the commit, the person's before the address's, so two never
    wait on each other): two requests at once cannot both count one short of the cap and
    both deal."""
    caps = (
        (TableRow.created_by, creator, "person", cap),
        (TableRow.created_from, address, "address", cap * ADDRESS_CAP_TIMES),
    )
    held = [(column, key, kind, most) for column, key, kind, most in caps if key is not None]
    if lock and session.get_bind().dialect.name == "postgresql":
        for _, key, kind, _ in held:
            session.execute(LOCK_DEALS, {"key": _lock_key(f"{kind}:{key}")})
    for column, key, _, most in held:
        count = session.scalar(
            select(func.count())
            .select_from(TableRow)
            .where(TableRow.status == WAITING, column == key)
        )
        if (count or 0) >= most:
            return most
    return 0


LOCK_DEALS = text("SELECT pg_advisory_xact_lock(:key)")


def _lock_key(value: str) -> int:
    """A person's or an address's lock number: 63 bits of its SHA-256, signed as bigint."""
    digest = hashlib.sha256(b"deal:" + value.encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)
