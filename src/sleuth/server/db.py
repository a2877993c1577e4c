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
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine
from sqlalchemy.orm import Session, sessionmaker

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

    async def read(self, work: Work[T]) -> T:
        """``work`` in a session of its own, without a transaction of its own."""
        ...

    async def write(self, work: Work[T]) -> T:
        """``work`` in one transaction, committed when it returns (rolled back if it
        raises, and the error raised here)."""
        ...

    async def migrate(self) -> None: ...

    async def close(self) -> None: ...


def open_database(settings: Settings) -> Database:
    path = settings.sqlite_path()
    if path is not None:
        return SqliteDatabase(path, settings.sqlite_synchronous)
    return PostgresDatabase(settings.async_db_url())


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


class PostgresDatabase:
    single_process = False

    def __init__(self, url: str) -> None:
        self._engine = create_async_engine(url, pool_size=10, max_overflow=20)
        self._sessions = async_sessionmaker(self._engine, expire_on_commit=False)

    async def read(self, work: Work[T]) -> T:
        async with self._sessions() as session:
            return await session.run_sync(work)

    async def write(self, work: Work[T]) -> T:
        async with self._sessions.begin() as session:
            return await session.run_sync(work)

    async def migrate(self) -> None:
        async with self._engine.begin() as connection:
            await connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
            await connection.run_sync(_upgrade)

    async def close(self) -> None:
        await self._engine.dispose()


class SqliteDatabase:
    """One writer thread (SQLite has one writer: the thread is its queue, so no write waits
    in SQLite's busy handler, which sleeps) and a few reader threads."""

    single_process = True

    def __init__(self, path: Path, synchronous: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
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
        # Work already handed to the threads finishes first (a commit under way is
        # someone's acknowledged action).
        await loop.run_in_executor(None, self._writer.shutdown)
        await loop.run_in_executor(None, self._readers.shutdown)
        self._engine.dispose()
