"""The database engine: SQLite (WAL) or PostgreSQL, migrated to the newest schema on start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import event, text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

from .settings import Settings

MIGRATIONS = Path(__file__).with_name("migrations")
# Any constant: every process that starts on one PostgreSQL migrates under this lock.
MIGRATION_LOCK = 7_340_731_029


def make_engine(settings: Settings) -> AsyncEngine:
    path = settings.sqlite_path()
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(settings.async_db_url(), connect_args={"timeout": 30})
        synchronous = settings.sqlite_synchronous

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={synchronous}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_async_engine(settings.async_db_url(), pool_size=10, max_overflow=20)


def sessions(engine: AsyncEngine) -> async_sessionmaker[Any]:
    return async_sessionmaker(engine, expire_on_commit=False)


async def migrate(engine: AsyncEngine) -> None:
    """Apply every migration not yet applied (Alembic, shipped inside the package)."""
    async with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            await connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
        await connection.run_sync(_upgrade)


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")
