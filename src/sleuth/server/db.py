"""The database: SQLite (WAL) or PostgreSQL, migrated to the newest schema on start.

The store writes each transaction as one plain function of a SQLAlchemy ``Session``; a
``Database`` runs it. PostgreSQL runs it on the event loop through asyncpg
(``AsyncSession.run_sync``). SQLite runs it whole in a thread of its own: the driver is
blocking, and a transaction sent statement by statement from the event loop crossed to the
driver's thread and back for every statement, which under load made each commit wait on a
busy loop several times over while every other write waited behind it (measured: a step's
commit queued for up to 460 ms at 250 tables).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TypeVar, cast

from alembic import command
from alembic.config import Config
from sqlalchemy import Table, bindparam, create_engine, event, insert, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DisconnectionError, IntegrityError
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine
from sqlalchemy.orm import Session, sessionmaker

from sleuth.core.said import Said, said

from .bus import CHANNEL, step_payloads
from .models import StepRow, TableRow
from .outage import CONNECT_TIMEOUT, DatabaseUnavailable, Reach, describe, unreachable
from .private import create_private_file, make_private_folder
from .settings import Settings

MIGRATIONS = Path(__file__).with_name("migrations")
# Any constant: every process that starts on one PostgreSQL migrates under this lock.
MIGRATION_LOCK = 7_340_731_029
# SQLite readers run side by side (WAL): a few threads, so that one slow read (a table's
# whole record) does not hold up the rest.
SQLITE_READERS = 3

T = TypeVar("T")
Work = Callable[[Session], T]


class Database(Protocol):
    # Whether this process is the database's only writer (SQLite: one process serves it),
    # so that what it wrote it may keep in memory as it wrote it.
    single_process: bool
    # Whether committing steps tells the other processes of them (PostgreSQL's NOTIFY in
    # the same statement), so that the bus need not.
    notifies_steps: bool

    async def read(self, work: Work[T]) -> T:
        """``work`` in a session of its own (rolled back at the end: for reads)."""
        ...

    async def write(self, work: Work[T]) -> T:
        """``work`` in one transaction, committed when it returns (rolled back if it
        raises, and the error raised here)."""
        ...

    async def commit_steps(self, steps: Sequence[StepValues]) -> None:
        """Insert the steps and set each table's summary to its step's, in one transaction;
        ``StepNumberTaken`` if a step's number is taken already (another process)."""
        ...

    async def migrate(self) -> None: ...

    async def close(self) -> None: ...


class StepNumberTaken(Exception):
    """A step's number is taken already: another process committed that table's step."""


class BatchRefused(Exception):
    """The database refused a batch of steps for a reason of its own (a deadlock with
    another process's batch): its steps are tried again one by one."""


class DatabaseClosed(Exception):
    """The service is stopping: nothing more is stored."""


STEP_TIMEOUT = 30.0  # seconds a batch of steps may take before it is given up


class StepValues(NamedTuple):
    table_id: str
    number: int
    seat: int
    action: str
    result: str
    at: float
    to_move: int | None
    finished: bool


_TABLES = cast(Table, TableRow.__table__)
# A batch of steps on SQLite: these statements built once, and run on a connection rather
# than in an ORM session. The session's machinery and the statements built anew (their cache
# keys worked out again) for every batch were most of the CPU a batch cost: 420 us a batch
# of two steps, now 166 us (measured in a loop of commits). Batches are small (a batch is
# what arrived while the last commit waited for the disk), so that was paid about every
# other step.
_INSERT_STEPS = insert(cast(Table, StepRow.__table__))
# One statement for the whole batch (executemany), and one for the summaries.
_SET_SUMMARIES = (
    _TABLES.update()
    .where(_TABLES.c.id == bindparam("key"))
    .values(
        step=bindparam("step"),
        to_move=bindparam("to_move"),
        status=bindparam("status"),
        finished_at=bindparam("finished_at"),
    )
)


def _commit_on(connection: Connection, steps: Sequence[StepValues]) -> None:
    rows = [
        {
            "table_id": s.table_id,
            "number": s.number,
            "seat": s.seat,
            "action": s.action,
            "result": s.result,
            "at": s.at,
        }
        for s in steps
    ]
    summaries = [
        {
            "key": s.table_id,
            "step": s.number,
            "to_move": s.to_move,
            "status": "finished" if s.finished else "playing",
            "finished_at": s.at if s.finished else None,
        }
        for s in steps
    ]
    connection.execute(_INSERT_STEPS, rows)
    connection.execute(_SET_SUMMARIES, summaries)


# PostgreSQL: the whole batch in one statement, its columns as arrays. It is sent outside
# any explicit transaction (one statement is one transaction): one round trip, where a
# session's BEGIN, INSERT, UPDATE and COMMIT were several, each waiting its turn on a busy
# event loop while every other table's steps waited behind them.
_PG_COMMIT_STEPS = """
WITH batch AS (
    SELECT * FROM unnest(
        $1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::float8[],
        $7::int[], $8::text[], $9::float8[]
    ) AS b(table_id, number, seat, action, result, at, to_move, status, finished_at)
), inserted AS (
    INSERT INTO steps (table_id, number, seat, action, result, at)
    SELECT table_id, number, seat, action, result, at FROM batch ORDER BY table_id, number
), summaries AS (
    UPDATE tables SET step = last.number, to_move = last.to_move, status = last.status,
        finished_at = last.finished_at
    FROM (
        SELECT DISTINCT ON (table_id) * FROM batch ORDER BY table_id, number DESC
    ) AS last
    WHERE tables.id = last.table_id
)
SELECT count(pg_notify($10, payload)) FROM unnest($11::text[]) AS payload
"""
# The other processes are told of the steps by the same statement: a notification is sent
# only when its transaction commits, so it never names a step that was not stored, nor is
# a stored step left untold if this process dies right after (``bus.step_payloads``).
# The rows are taken in the order of their tables (in the batch as sent, and in the
# INSERT): two processes' batches that share tables then wait on each other in one order
# and never deadlock. A table's summary is its batch's last step (an UPDATE joined to two
# rows of one table would apply either).


def open_database(settings: Settings, reach: Reach | None = None) -> Database:
    """``reach``: where PostgreSQL's connections report an outage (shared with the bus)."""
    path = settings.sqlite_path()
    if path is not None:
        return SqliteDatabase(path, settings.sqlite_synchronous)
    return PostgresDatabase(settings.async_db_url(), reach or Reach())


async def database_unreached(settings: Settings) -> Said | None:
    """Why the service's database cannot be opened as it starts, or None: said before the
    service starts, in place of its startup's traceback. PostgreSQL is reached through the
    same engine the service makes (the URL's parts as SQLAlchemy reads them: its password is
    never repeated); SQLite's file is made, as the service would make it, and read."""
    path = settings.sqlite_path()
    if path is not None:
        return _sqlite_unopened(path)
    from sqlalchemy.exc import DBAPIError, InterfaceError

    engine = create_async_engine(settings.async_db_url(), connect_args={"timeout": CONNECT_TIMEOUT})
    where = engine.url.set(drivername="postgresql").render_as_string(hide_password=True)
    try:
        async with engine.connect() as connection:
            await connection.execute(text("SELECT 1"))
    except (OSError, TimeoutError, DBAPIError, InterfaceError) as error:
        cause = error.orig if isinstance(error, DBAPIError) and error.orig else error
        reason = type(cause).__name__ if isinstance(cause, ValueError) else describe(cause)
        return said("cannot reach the database %(where)s: %(reason)s", where=where, reason=reason)
    finally:
        await engine.dispose()
    return None


def _sqlite_unopened(path: Path) -> Said | None:
    try:
        make_private_folder(path.parent)
        create_private_file(path)
        with contextlib.closing(sqlite3.connect(path)) as connection:
            connection.execute("PRAGMA schema_version").fetchone()
    except (OSError, sqlite3.Error) as error:
        reason = getattr(error, "strerror", None) or str(error)
        return said("cannot open the database %(file)s: %(reason)s", file=str(path), reason=reason)
    return None


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _closed_is_replaced(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
    """The pool's check before it lends a connection: one the database closed (a restart
    ends every session) is replaced by a new one. asyncpg notices the close as it happens,
    so this costs no round trip, where ``pool_pre_ping`` sent one before every read
    (measured: 2.1 ms a read without it, 3.4 ms with it, on a loaded machine). A connection
    lost without a close (a failover that leaves a socket open) fails its statement
    instead; SQLAlchemy then replaces the pool's connections, and the caller was told to
    try again."""
    if dbapi_connection.driver_connection.is_closed():
        raise DisconnectionError("the database closed this connection")


class PostgresDatabase:
    """Every connection comes back by itself after a restart or failover of the database:
    the pool replaces a connection found closed before lending it, and the steps'
    connection is made again when lost. During an outage each call raises
    ``DatabaseUnavailable`` (see ``outage.Reach``)."""

    single_process = False
    notifies_steps = True

    def __init__(self, url: str, reach: Reach) -> None:
        self.reach = reach
        # The locks the service takes (a person's row, a table's) are written for READ
        # COMMITTED, where a transaction that waited for one reads what the other committed:
        # kept whatever default isolation the operator gives the database.
        self._engine = create_async_engine(
            url,
            # Kept open: a connection past the pool's size is closed when given back, and
            # bursts of reads (the seats of new tables opening their channels) past 10 made
            # a connection and a PostgreSQL backend a few times a second (1.7% of the
            # server's samples by py-spy at 250 tables). At most 30 as before.
            pool_size=20,
            max_overflow=10,
            connect_args={"timeout": CONNECT_TIMEOUT},
            isolation_level="READ COMMITTED",
        )
        event.listen(self._engine.sync_engine, "checkout", _closed_is_replaced)
        self._sessions = async_sessionmaker(self._engine, expire_on_commit=False)
        # Reads outside any transaction: under READ COMMITTED each statement takes its own
        # snapshot anyway, so a read's BEGIN and ROLLBACK (two of its three round trips,
        # two thirds of the statements of the reads at 250 tables) bought nothing.
        self._reads = async_sessionmaker(
            self._engine.execution_options(isolation_level="AUTOCOMMIT"),
            expire_on_commit=False,
        )
        # Steps are committed one batch at a time (``Store``), on a connection of their own.
        self._dsn = "postgresql://" + url.split("://", 1)[1]
        self._steps_connection: Any = None
        self._steps_lock = asyncio.Lock()
        self._closed = False

    @contextlib.asynccontextmanager
    async def _reaching(self) -> AsyncIterator[None]:
        """Around each use of a connection: refused at once while the database is known
        to be away; a lost connection reported, and raised as ``DatabaseUnavailable``."""
        self.reach.check()
        try:
            yield
        except Exception as error:
            if not unreachable(error):
                raise
            self.reach.lost(error)
            raise DatabaseUnavailable() from None
        self.reach.reached()

    async def read(self, work: Work[T]) -> T:
        async with self._reaching(), self._reads() as session:
            return await session.run_sync(work)

    async def write(self, work: Work[T]) -> T:
        # An outage during the commit leaves it unknown whether it was stored: the caller
        # acknowledges nothing, and reads the row again once the database is back.
        async with self._reaching(), self._sessions.begin() as session:
            return await session.run_sync(work)

    async def commit_steps(self, steps: Sequence[StepValues]) -> None:
        import asyncpg

        steps = sorted(steps, key=lambda s: (s.table_id, s.number))
        columns = (
            [s.table_id for s in steps],
            [s.number for s in steps],
            [s.seat for s in steps],
            [s.action for s in steps],
            [s.result for s in steps],
            [s.at for s in steps],
            [s.to_move for s in steps],
            ["finished" if s.finished else "playing" for s in steps],
            [s.at if s.finished else None for s in steps],
            CHANNEL,
            step_payloads((s.table_id, s.number) for s in steps),
        )
        async with self._steps_lock:
            if self._closed:
                raise DatabaseClosed("the service is stopping: the step was not stored")
            try:
                async with self._reaching():
                    connection = await self._steps_connection_now()
                    await connection.execute(_PG_COMMIT_STEPS, *columns)
            except asyncpg.UniqueViolationError as error:
                raise StepNumberTaken(str(error)) from None
            except asyncpg.DeadlockDetectedError as error:
                raise BatchRefused(str(error)) from None
            except DatabaseUnavailable:
                self._drop_steps_connection()
                raise
            except asyncpg.InternalClientError:
                # The connection was left in the middle of an operation (its session was
                # ended under it) and refuses any other before sending it: nothing of this
                # batch was stored. Like a lost connection: "try again", and a new one.
                self._drop_steps_connection()
                raise DatabaseUnavailable() from None

    async def _steps_connection_now(self) -> Any:
        import asyncpg

        if self._steps_connection is None or self._steps_connection.is_closed():
            self._steps_connection = await asyncpg.connect(
                self._dsn, timeout=CONNECT_TIMEOUT, command_timeout=STEP_TIMEOUT
            )
        return self._steps_connection

    def commits_steps(self, pid: int) -> bool:
        """Whether the database process ``pid`` is this one's steps connection's: its
        commits' notifications are this process's own."""
        connection = self._steps_connection
        return connection is not None and connection.get_server_pid() == pid

    def _drop_steps_connection(self) -> None:
        if self._steps_connection is not None:
            self._steps_connection.terminate()
            self._steps_connection = None

    async def migrate(self) -> None:
        async with self._engine.begin() as connection:
            await connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
            await connection.run_sync(_upgrade)

    async def close(self) -> None:
        async with self._steps_lock:  # a batch under way is committed (or refused) first
            self._closed = True
            if self._steps_connection is not None:
                try:
                    await self._steps_connection.close(timeout=STEP_TIMEOUT)
                except Exception:
                    self._steps_connection.terminate()
        await self._engine.dispose()


class SqliteDatabase:
    """One writer thread (SQLite has one writer: the thread is its queue, so no write waits
    in SQLite's busy handler, which sleeps) and a few reader threads."""

    single_process = True
    notifies_steps = False

    def __init__(self, path: Path, synchronous: str) -> None:
        make_private_folder(path.parent)
        create_private_file(path)
        self._engine = create_engine(
            f"sqlite:///{path}",
            connect_args={"timeout": 30, "check_same_thread": False},
            pool_size=SQLITE_READERS + 1,
            max_overflow=0,
        )

        @event.listens_for(self._engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={synchronous}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        self._sessions = sessionmaker(self._engine, expire_on_commit=False)
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="sleuth-db-write")
        self._readers = ThreadPoolExecutor(SQLITE_READERS, thread_name_prefix="sleuth-db-read")

    async def read(self, work: Work[T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(
            self._readers, self._in_session, work
        )

    async def write(self, work: Work[T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(
            self._writer, self._in_transaction, work
        )

    async def commit_steps(self, steps: Sequence[StepValues]) -> None:
        try:
            await asyncio.get_running_loop().run_in_executor(
                self._writer, self._commit_steps, steps
            )
        except IntegrityError as error:
            if "UNIQUE" not in str(error):
                raise  # not a number taken (a table that is gone): named as it is
            raise StepNumberTaken(str(error)) from None

    def _commit_steps(self, steps: Sequence[StepValues]) -> None:
        # In the writer thread, as every write: committed when the block ends, rolled
        # back if a statement fails.
        with self._engine.begin() as connection:
            _commit_on(connection, steps)

    def _in_session(self, work: Work[T]) -> T:
        with self._sessions() as session:
            return work(session)

    def _in_transaction(self, work: Work[T]) -> T:
        with self._sessions.begin() as session:
            return work(session)

    async def migrate(self) -> None:
        def upgrade() -> None:
            with self._engine.begin() as connection:
                _upgrade(connection)

        await asyncio.get_running_loop().run_in_executor(self._writer, upgrade)

    async def close(self) -> None:
        loop = asyncio.get_running_loop()
        # Work already handed to the threads finishes first: a commit under way is an
        # action about to be acknowledged.
        await loop.run_in_executor(None, self._writer.shutdown)
        await loop.run_in_executor(None, self._readers.shutdown)
        self._engine.dispose()
