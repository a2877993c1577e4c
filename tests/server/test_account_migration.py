"""The accounts migration on SQLite and PostgreSQL: a database with guests and their seats
gains the accounts, sessions and passkeys tables, guests untouched; an account's name is unique as
compared (the migration's index), a session's secret too; and it downgrades again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import create_async_engine

from sleuth.server.db import MIGRATIONS

BEFORE = "0004"
ACCOUNTS = "0005"


def _migrate(connection: Connection, revision: str, down: bool = False) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    (command.downgrade if down else command.upgrade)(config, revision)


async def run(url: str, work: Callable[[Connection], Any]) -> Any:
    """``work`` in one committed transaction (PostgreSQL through asyncpg, as the service)."""
    if url.startswith("postgresql"):
        engine = create_async_engine(url)
        try:
            async with engine.begin() as connection:
                return await connection.run_sync(work)
        finally:
            await engine.dispose()
    sync = create_engine(url)
    try:
        with sync.begin() as connection:
            return work(connection)
    finally:
        sync.dispose()


def add_guests(connection: Connection) -> None:
    for person, letter in (("g1", "a"), ("g2", "d")):
        connection.execute(
            text(
                "INSERT INTO people (id, secret_hash, name, created_at)"
                " VALUES (:id, :hash, 'Guest', 1.5)"
            ),
            {"id": person, "hash": letter * 64},
        )


def add_account(person: str, name_key: str) -> Callable[[Connection], None]:
    def work(connection: Connection) -> None:
        connection.execute(
            text(
                "INSERT INTO accounts (person_id, name, name_key, password_hash, created_at)"
                " VALUES (:person, 'Ann', :key, '$argon2id$x', 2.0)"
            ),
            {"person": person, "key": name_key},
        )

    return work


def add_session(session: str, secret: str) -> Callable[[Connection], None]:
    def work(connection: Connection) -> None:
        connection.execute(
            text(
                "INSERT INTO account_sessions (id, person_id, secret_hash, device, created_at)"
                " VALUES (:id, 'g1', :secret, 'phone', 3.0)"
            ),
            {"id": session, "secret": secret},
        )

    return work


def tables(connection: Connection) -> list[str]:
    return sorted(inspect(connection).get_table_names())


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
async def test_accounts_come_beside_the_guests_and_go_again(
    tmp_path: Path, postgres: Callable[[], str], database: str
) -> None:
    url = postgres() if database == "postgres" else f"sqlite:///{tmp_path / 'old.db'}"
    await run(url, lambda c: _migrate(c, BEFORE))
    await run(url, add_guests)
    await run(url, lambda c: _migrate(c, ACCOUNTS))
    added = {"accounts", "account_sessions", "passkeys", "passkey_challenges"}
    assert added <= set(await run(url, tables))
    await run(url, add_account("g1", "ann"))
    await run(url, add_session("s1", "b" * 64))
    with pytest.raises(IntegrityError):  # one account a name
        await run(url, add_account("g2", "ann"))
    with pytest.raises(IntegrityError):  # one account a person
        await run(url, add_account("g1", "bob"))
    with pytest.raises(IntegrityError):  # one session a secret
        await run(url, add_session("s2", "b" * 64))
    select_people = text("SELECT * FROM people ORDER BY id")
    people = await run(url, lambda c: [tuple(r) for r in c.execute(select_people)])
    assert people == [("g1", "a" * 64, "Guest", 1.5), ("g2", "d" * 64, "Guest", 1.5)]
    sessions = await run(
        url,
        lambda c: [
            tuple(r) for r in c.execute(text("SELECT id, person_id, device FROM account_sessions"))
        ],
    )
    assert sessions == [("s1", "g1", "phone")]

    await run(url, lambda c: _migrate(c, BEFORE, down=True))
    remaining = await run(url, tables)
    assert added & set(remaining) == set()
    names = await run(url, lambda c: [tuple(r) for r in c.execute(text("SELECT id FROM people"))])
    assert sorted(names) == [("g1",), ("g2",)]
