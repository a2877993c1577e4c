"""An outage of the database as each connection reports it: which errors mean the database
is away, one warning an outage, and no connection attempt before the backoff runs out."""

from __future__ import annotations

import logging

import asyncpg
import pytest
from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError

from sleuth.server.outage import (
    FIRST_BACKOFF,
    MOST_BACKOFF,
    Backoff,
    DatabaseUnavailable,
    Reach,
    unreachable,
)


def wrapped(error: Exception) -> OperationalError:
    """As SQLAlchemy's asyncpg dialect raises it: its DB-API error around asyncpg's."""
    try:
        try:
            raise error
        except Exception as inner:
            raise RuntimeError("adapted") from inner
    except RuntimeError as adapted:
        return OperationalError("SELECT 1", {}, adapted)


@pytest.mark.parametrize(
    "error",
    [
        ConnectionRefusedError(111, "Connection refused"),
        TimeoutError(),
        asyncpg.CannotConnectNowError("the database system is shutting down"),
        asyncpg.AdminShutdownError("terminating connection due to administrator command"),
        asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
        asyncpg.InterfaceError("cannot call Connection.execute(): connection is closed"),
        wrapped(asyncpg.ConnectionDoesNotExistError("closed in the middle of operation")),
        wrapped(ConnectionResetError(104, "Connection reset by peer")),
        InterfaceError("SELECT 1", {}, Exception("gone"), connection_invalidated=True),
    ],
    ids=repr,
)
def test_the_database_away(error: Exception) -> None:
    assert unreachable(error)


@pytest.mark.parametrize(
    "error",
    [
        asyncpg.UniqueViolationError("duplicate key value violates unique constraint"),
        asyncpg.QueryCanceledError("canceling statement due to statement timeout"),
        asyncpg.InterfaceError("cannot perform operation: another operation is in progress"),
        wrapped(asyncpg.DeadlockDetectedError("deadlock detected")),
        IntegrityError("INSERT", {}, Exception("UNIQUE constraint failed")),
        ValueError("not a connection's error"),
    ],
    ids=repr,
)
def test_a_statement_refused(error: Exception) -> None:
    assert not unreachable(error)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_one_warning_an_outage_and_no_attempt_before_the_backoff(
    caplog: pytest.LogCaptureFixture,
) -> None:
    assert MOST_BACKOFF * 1.25 < 4.0
    clock = Clock()
    reach = Reach(clock)
    reach.check()  # up: nothing refused
    with caplog.at_level(logging.WARNING, "sleuth.server"):
        for _ in range(50):  # every table's driver, every step, finds it away
            reach.lost(ConnectionRefusedError(111, "Connection refused"))
        assert not reach.up
        with pytest.raises(DatabaseUnavailable, match="try again"):
            reach.check()  # refused at once, no connection attempt
        clock.now += 4.0  # past the longest backoff (MOST_BACKOFF with its jitter)
        reach.check()  # the backoff ran out: the next use tries to connect
        clock.now += 6.0
        reach.reached()
        reach.reached()
        reach.check()
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 2, lines
    assert lines[0].startswith("database unreachable (ConnectionRefusedError: ")
    assert lines[1] == "database reachable again after 10.0 s"
    with caplog.at_level(logging.WARNING, "sleuth.server"):
        reach.lost(OSError("again"))  # a new outage is told again
    assert len(caplog.records) == 3


def test_the_backoff_doubles_up_to_its_most() -> None:
    backoff = Backoff()
    waits = [backoff.next() for _ in range(8)]
    assert FIRST_BACKOFF * 0.75 <= waits[0] <= FIRST_BACKOFF * 1.25
    assert all(w <= MOST_BACKOFF * 1.25 for w in waits)
    assert waits[-1] >= MOST_BACKOFF * 0.75
    backoff.reset()
    assert backoff.next() <= FIRST_BACKOFF * 1.25


class StuckConnection:
    """A steps connection whose session was ended in the middle of an operation: asyncpg
    then refuses every statement before sending it."""

    def __init__(self) -> None:
        self.terminated = False

    def is_closed(self) -> bool:
        return False

    async def execute(self, *_: object) -> None:
        raise asyncpg.InternalClientError("cannot switch to state 12; another operation (2)")

    def terminate(self) -> None:
        self.terminated = True


async def test_a_stuck_steps_connection_is_replaced_and_the_batch_refused_to_try_again() -> None:
    from sleuth.server.db import PostgresDatabase, StepValues

    database = PostgresDatabase("postgresql+asyncpg://nobody@127.0.0.1:1/none", Reach())
    stuck = StuckConnection()
    database._steps_connection = stuck
    step = StepValues("t1", 1, 0, "ask 1 ABC", "ABC@1=0", 1.0, 1, False)
    with pytest.raises(DatabaseUnavailable):
        await database.commit_steps([step])
    assert stuck.terminated and database._steps_connection is None
    await database._engine.dispose()
