"""When the database cannot be reached (restarting, failing over): one warning, a clear
"try again" for whoever acts meanwhile, and connections made again with backoff.

Every connection of a process reports to one ``Reach``: the pool's sessions, the steps'
own connection and the bus's listener and notifier. The first failure of an outage logs one
warning line and the first success after it one more; in between, a request does not wait
on a connection attempt each (a restart refuses them at once, a failover may let them hang):
the next attempt is made only after a backoff, and until then every read or write is
refused at once with ``DatabaseUnavailable``, which the play channel sends as an error
frame (code ``unavailable``) and HTTP as 503.
"""

from __future__ import annotations

import contextlib
import logging
import random
import time
from collections.abc import Callable

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.websockets import WebSocket

log = logging.getLogger("sleuth.server")

TRY_AGAIN = "the database cannot be reached for the moment: try again in a few seconds"
FIRST_BACKOFF = 0.2  # seconds before the first attempt to connect again
MOST_BACKOFF = 3.0  # the backoff doubles up to this
CONNECT_TIMEOUT = 5.0  # a connection attempt that hangs (an address gone away) gives up
# WebSocket close code "Try Again Later" (RFC 6455 §7.4.1, IANA registry).
TRY_AGAIN_LATER = 1013


class DatabaseUnavailable(Exception):
    """The database could not be reached: whatever was asked was not acknowledged."""

    def __init__(self, message: str = TRY_AGAIN) -> None:
        super().__init__(message)


def unreachable(error: BaseException) -> bool:
    """Whether an error (or one it wraps: SQLAlchemy's, asyncpg's) says the connection to
    the database is gone or cannot be made, rather than that a statement failed."""
    import asyncpg
    from sqlalchemy.exc import DBAPIError

    lost = (
        asyncpg.PostgresConnectionError,
        asyncpg.AdminShutdownError,
        asyncpg.CrashShutdownError,
        asyncpg.CannotConnectNowError,
        OSError,  # refused, reset, timed out
    )
    seen: set[int] = set()
    link: BaseException | None = error
    while link is not None and id(link) not in seen:
        seen.add(id(link))
        if isinstance(link, (DatabaseUnavailable, *lost)):
            return True
        if isinstance(link, asyncpg.InterfaceError) and "closed" in str(link):
            return True
        if isinstance(link, DBAPIError):
            if link.connection_invalidated:
                return True
            if isinstance(link.orig, BaseException) and id(link.orig) not in seen:
                link = link.orig
                continue
        link = link.__cause__ or link.__context__
    return False


class Backoff:
    """Waits between attempts to connect: doubling up to ``MOST_BACKOFF``, each drawn
    within ±25% so that several processes do not all try at the same instant."""

    def __init__(self) -> None:
        self._next = FIRST_BACKOFF
        self._jitter = random.Random()

    def reset(self) -> None:
        self._next = FIRST_BACKOFF

    def next(self) -> float:
        wait = self._next * self._jitter.uniform(0.75, 1.25)
        self._next = min(self._next * 2, MOST_BACKOFF)
        return wait


class Reach:
    """Whether this process reaches its database, as its connections last found."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lost_at: float | None = None
        self._retry_at = 0.0
        self._backoff = Backoff()

    @property
    def up(self) -> bool:
        return self._lost_at is None

    def check(self) -> None:
        """Before using a connection: ``DatabaseUnavailable`` while the last attempt failed
        and its backoff has not run out."""
        if self._lost_at is not None and self._clock() < self._retry_at:
            raise DatabaseUnavailable()

    def lost(self, error: BaseException) -> None:
        now = self._clock()
        if self._lost_at is None:
            self._lost_at = now
            self._backoff.reset()
            log.warning(
                "database unreachable (%s): actions are refused with a 'try again' until it"
                " is back",
                describe(error),
            )
        self._retry_at = now + self._backoff.next()

    def reached(self) -> None:
        if self._lost_at is not None:
            log.warning("database reachable again after %.1f s", self._clock() - self._lost_at)
            self._lost_at = None


def describe(error: BaseException) -> str:
    """The error in one line: its type and the first line of its text."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


async def unavailable_answer(
    connection: Request | WebSocket, _error: Exception
) -> JSONResponse | None:
    """The app's handler of ``DatabaseUnavailable``: HTTP 503 with ``Retry-After``; a
    WebSocket is closed with "Try Again Later" (the page reconnects by itself)."""
    if isinstance(connection, WebSocket):
        with contextlib.suppress(RuntimeError):  # closed already
            await connection.close(TRY_AGAIN_LATER, TRY_AGAIN)
        return None
    return JSONResponse({"detail": TRY_AGAIN}, status_code=503, headers={"Retry-After": "3"})
