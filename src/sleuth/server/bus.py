"""Fan-out between processes: PostgreSQL ``LISTEN/NOTIFY`` carrying ids only.

A notification names what changed (``step TABLE NUMBER``, ``seats TABLE``, ``chat TABLE
ID``); every other process that has the table open re-reads it from the database (a process
knows its own by the database process that sent it). The payload
holds no game data: any database user may listen. With SQLite there is one process and the
bus only calls back locally. A notification is kept for no one who is not listening: a
process whose listener was away (a restart of the database) re-reads its open tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Callable, Coroutine, Iterable
from typing import Any

from .outage import CONNECT_TIMEOUT, Backoff, Reach, unreachable

CHANNEL = "sleuth_tables"
log = logging.getLogger("sleuth.server")

Handler = Callable[[str, str, int], Coroutine[Any, Any, None]]
CHECK_SECONDS = 5.0  # a quiet listener is asked whether it is still there this often
SEND_AT_MOST = 500  # notifications in one round trip
# A notification's payload holds several lines (PostgreSQL takes under 8,000 bytes).
PAYLOAD_BYTES = 7_000


def step_payloads(steps: Iterable[tuple[str, int]]) -> list[str]:
    """The notifications of committed steps, (table, number) each: one line a table, its
    newest number (a notification says "re-read from here"), as few payloads as fit. The
    database sends them with the steps' commit (``db.PostgresDatabase.commit_steps``): one
    notification a batch of steps, where one a step cost a statement each and a message
    each back to every listener, this process's own listener too."""
    newest: dict[str, int] = {}
    for table_id, number in steps:
        newest[table_id] = max(number, newest.get(table_id, number))
    payloads: list[str] = []
    lines: list[str] = []
    size = 0
    for table_id, number in newest.items():
        line = f"step {table_id} {number}"
        if lines and size + len(line.encode()) + 1 > PAYLOAD_BYTES:
            payloads.append("\n".join(lines))
            lines, size = [], 0
        lines.append(line)
        size += len(line.encode()) + 1
    if lines:
        payloads.append("\n".join(lines))
    return payloads


class LocalBus:
    """One process: nothing to tell others."""

    # Whether other processes write the same tables: with one process (SQLite), what this
    # one holds in memory is all the database holds.
    shared = False

    def __init__(self) -> None:
        self.handler: Handler | None = None

    async def start(
        self, handler: Handler, on_reconnect: Callable[[], Coroutine[Any, Any, None]] | None = None
    ) -> None:
        self.handler = handler

    async def publish(self, kind: str, table_id: str, number: int = 0) -> None:
        return None

    async def close(self) -> None:
        return None


class PostgresBus(LocalBus):
    """A dedicated asyncpg connection listens; notifications are sent with ``pg_notify`` on
    another (but for steps, which the database's commit of them sends: ``step_payloads``).
    Both are made again, with backoff, whenever either is lost (a restart or failover of
    the database); once listening again, the process re-reads every table it has open
    (``on_reconnect``), since notifications sent meanwhile are not kept for it."""

    shared = True

    def __init__(self, dsn: str, reach: Reach | None = None) -> None:
        super().__init__()
        self.dsn = dsn
        self.reach = reach or Reach()
        self.on_reconnect: Callable[[], Coroutine[Any, Any, None]] | None = None
        # The database's process for this one's sending connection: a notification from it
        # is this process's own, not re-read (every rematch and seat change came back as a
        # re-read).
        self._sender_pid: int | None = None
        # Whether a database process is another of this process's own: the one that commits
        # its steps, whose commits notify (``step_payloads``).
        self.also_own: Callable[[int], bool] = lambda _pid: False
        self._listener: Any = None
        self._sender: Any = None
        # What to send, by (kind, table): the newest number only, since a notification
        # only says "re-read from here"; so it stays one entry a table however long the
        # bus is away.
        self._outbox: dict[tuple[str, str], int] = {}
        self._sending: asyncio.Task[None] | None = None
        self._keeper: asyncio.Task[None] | None = None
        self._lost = asyncio.Event()
        self._closing = False
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(
        self, handler: Handler, on_reconnect: Callable[[], Coroutine[Any, Any, None]] | None = None
    ) -> None:
        self.handler = handler
        self.on_reconnect = on_reconnect
        await self._connect()
        self._keeper = asyncio.get_running_loop().create_task(self._keep_connected())

    async def _connect(self) -> None:
        import asyncpg

        listener = await asyncpg.connect(self.dsn, timeout=CONNECT_TIMEOUT)
        try:
            await listener.add_listener(CHANNEL, self._on_notify)
            sender = await asyncpg.connect(self.dsn, timeout=CONNECT_TIMEOUT)
        except BaseException:
            listener.terminate()
            raise
        self._listener, self._sender = listener, sender
        self._sender_pid = sender.get_server_pid()
        self._lost.clear()
        for connection in (listener, sender):
            connection.add_termination_listener(self._on_terminated)

    def _on_terminated(self, _connection: Any) -> None:
        if not self._closing:
            self._lost.set()

    async def _keep_connected(self) -> None:
        """Connect again when a connection is lost; a quiet listener is asked every few
        seconds whether it is still there (a failover may leave a socket open but dead)."""
        while not self._closing:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._lost.wait(), CHECK_SECONDS)
            if not self._lost.is_set() and await self._answers():
                continue
            await self._reconnect()

    async def _answers(self) -> bool:
        try:
            await self._listener.fetchval("SELECT 1", timeout=CONNECT_TIMEOUT)
        except Exception:
            return False  # whatever the reason, this listener hears nothing more
        return True

    async def _reconnect(self) -> None:
        """Connect again, with backoff, then catch up on what was missed meanwhile."""
        self._drop()
        backoff = Backoff()
        while not self._closing:
            try:
                await self._connect()
                self.reach.reached()
                self._flush()
                if self.on_reconnect is not None:
                    await self.on_reconnect()
                return
            except Exception as error:
                if self._listener is not None and not unreachable(error):
                    # Connected, but catching up failed for a reason of its own: the
                    # periodic re-read is left to make it good.
                    log.exception("catching up after the bus reconnected")
                    return
                self.reach.lost(error)
                self._drop()
                await asyncio.sleep(backoff.next())

    def _drop(self) -> None:
        for connection in (self._listener, self._sender):
            if connection is not None:
                connection.remove_termination_listener(self._on_terminated)
                connection.terminate()
        self._listener = self._sender = None

    def _on_notify(self, _connection: Any, pid: int, _channel: str, payload: str) -> None:
        if self.handler is None or pid == self._sender_pid or self.also_own(pid):
            return
        for line in payload.split("\n"):  # a batch of steps is one notification
            kind, _, rest = line.partition(" ")
            table_id, _, count = rest.partition(" ")
            try:
                number = int(count or 0)
            except ValueError:
                log.warning("a notification not in Sleuth's form: %r", line)
                continue
            if not table_id:
                continue
            task: asyncio.Task[None] = asyncio.get_running_loop().create_task(
                self.handler(kind, table_id, number)
            )
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def publish(self, kind: str, table_id: str, number: int = 0) -> None:
        """Queue a notification; one task sends what gathered meanwhile in one round trip.
        The step is committed already: a notification lost with its process is made good
        by the others' periodic re-read; one the bus could not send is sent once it is
        connected again."""
        key = (kind, table_id)
        self._outbox[key] = max(number, self._outbox.get(key, number))
        self._flush()

    def _flush(self) -> None:
        if self._sending is None or self._sending.done():
            self._sending = asyncio.get_running_loop().create_task(self._send())

    async def _send(self) -> None:
        while self._outbox and self._sender is not None and not self._lost.is_set():
            sender = self._sender
            batch = list(itertools.islice(self._outbox.items(), SEND_AT_MOST))
            try:
                await sender.executemany(
                    "SELECT pg_notify($1, $2)",
                    [
                        (CHANNEL, f"{kind} {table_id} {number}")
                        for (kind, table_id), number in batch
                    ],
                )
            except Exception as error:
                if unreachable(error):
                    if sender is self._sender:  # not one dropped meanwhile
                        self._lost.set()
                    return  # the batch is kept: sent once connected again
                log.warning("notify failed: %s", error)
            for key, number in batch:
                if self._outbox.get(key) == number:  # not a newer one meanwhile
                    del self._outbox[key]

    async def close(self) -> None:
        self._closing = True
        for task in (self._keeper, self._sending):
            if task is not None:
                task.cancel()
        for connection in (self._listener, self._sender):
            if connection is not None:
                connection.remove_termination_listener(self._on_terminated)
                try:
                    await connection.close(timeout=CONNECT_TIMEOUT)
                except Exception:
                    connection.terminate()


def asyncpg_dsn(url: str) -> str:
    """``postgresql+asyncpg://...`` as asyncpg takes it."""
    return "postgresql://" + url.split("://", 1)[1]
