"""Fan-out between processes: PostgreSQL ``LISTEN/NOTIFY`` carrying ids only.

A notification names what changed (``step TABLE NUMBER``, ``seats TABLE``, ``chat TABLE
ID``); every other process that has the table open re-reads it from the database (a process
knows its own by the database process that sent it). The payload
holds no game data: any database user may listen. With SQLite there is one process and the
bus only calls back locally.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

CHANNEL = "sleuth_tables"
log = logging.getLogger("sleuth.server")

Handler = Callable[[str, str, int], Coroutine[Any, Any, None]]


class LocalBus:
    """One process: nothing to tell others."""

    # Whether other processes write the same tables: with one process (SQLite), what this
    # one holds in memory is all the database holds.
    shared = False

    def __init__(self) -> None:
        self.handler: Handler | None = None

    async def start(self, handler: Handler) -> None:
        self.handler = handler

    async def publish(self, kind: str, table_id: str, number: int = 0) -> None:
        return None

    async def close(self) -> None:
        return None


class PostgresBus(LocalBus):
    """A dedicated asyncpg connection listens; notifications are sent with ``pg_notify``."""

    shared = True

    def __init__(self, dsn: str) -> None:
        super().__init__()
        self.dsn = dsn
        # The database's process for this one's sending connection: a notification from it
        # is this process's own, not re-read (every rematch and seat change came back as a
        # re-read).
        self._sender_pid: int | None = None
        self._listener: Any = None
        self._sender: Any = None
        self._outbox: list[str] = []
        self._sending: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self, handler: Handler) -> None:
        import asyncpg

        self.handler = handler
        self._listener = await asyncpg.connect(self.dsn)
        self._sender = await asyncpg.connect(self.dsn)
        self._sender_pid = self._sender.get_server_pid()
        await self._listener.add_listener(CHANNEL, self._on_notify)

    def _on_notify(self, _connection: Any, pid: int, _channel: str, payload: str) -> None:
        if self.handler is None or pid == self._sender_pid:
            return
        kind, _, rest = payload.partition(" ")
        table_id, _, count = rest.partition(" ")
        try:
            number = int(count or 0)
        except ValueError:
            log.warning("a notification not in Sleuth's form: %r", payload)
            return
        if not table_id:
            return
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(
            self.handler(kind, table_id, number)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def publish(self, kind: str, table_id: str, number: int = 0) -> None:
        """Queue a notification; one task sends what gathered meanwhile in one round trip.
        The step is committed already: a notification lost with its process is made good
        by the others' periodic re-read."""
        self._outbox.append(f"{kind} {table_id} {number}")
        if self._sending is None or self._sending.done():
            self._sending = asyncio.get_running_loop().create_task(self._send())

    async def _send(self) -> None:
        while self._outbox:
            batch, self._outbox = self._outbox[:500], self._outbox[500:]
            try:
                await self._sender.executemany(
                    "SELECT pg_notify($1, $2)", [(CHANNEL, payload) for payload in batch]
                )
            except Exception as error:
                log.warning("notify failed: %s", error)

    async def close(self) -> None:
        for connection in (self._listener, self._sender):
            if connection is not None:
                await connection.close()


def asyncpg_dsn(url: str) -> str:
    """``postgresql+asyncpg://...`` as asyncpg takes it."""
    return "postgresql://" + url.split("://", 1)[1]
