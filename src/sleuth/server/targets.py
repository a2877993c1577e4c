"""Channels whose queued rows each go to one target of their person (a browser's push
subscription, a webhook): the sender shared by ``push`` and ``hooks``.

Each row is posted by a thread of the channel's own (the posting libraries block; never
on the loop's or the database's threads), with the queue's lease, bounded retries and
backoff (``notify``); every try is counted on its target, so a target that keeps failing
is shown failing in its person's settings until a try goes through.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from abc import ABC, abstractmethod
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Generic, TypeVar

from sqlalchemy import update

from .db import Database
from .models import HookRow, NotificationRow, PushSubscriptionRow, TableRow
from .notify import ERROR_CHARS, Notices, send_forever
from .store import Store

log = logging.getLogger("sleuth.server")

BATCH = 20
SENDING_THREADS = 4
# A send's bound in wall-clock time, its wait for a thread included. The posting libraries'
# own timeouts bound each read, not the whole: a receiver that trickles a byte at a time
# held a thread for as long as it liked. Under the shortest lease (40 s), so that a batch
# (all its rows at once) is over before another process could take its rows again.
SEND_SECONDS = 20.0
# Threads still held by a send past its bound, across the pools made when one was all held
# (the threads cannot be stopped; a new pool lets the others' sends go on). Past this many,
# no new pool: sends wait for the held ones to end.
MOST_HELD = 32


class NoAnswerInTime(Exception):
    def __str__(self) -> str:
        return f"no answer within {SEND_SECONDS:g} s"


Target = TypeVar("Target", bound=PushSubscriptionRow | HookRow)
TargetRow = type[PushSubscriptionRow] | type[HookRow]


async def count_try(
    database: Database, table: TargetRow, target_id: int, error: str | None
) -> None:
    """A try to the target went through (``error`` None: its failures forgotten) or failed."""
    values: dict[str, Any] = {"failures": 0, "last_error": None}
    if error is not None:
        values = {"failures": table.failures + 1, "last_error": error[:ERROR_CHARS]}
    change = update(table).where(table.id == target_id).values(values)
    await database.write(lambda session: session.execute(change))


class TargetSender(ABC, Generic[Target]):
    """Sends the queue's due rows of ``channel``, one batch at a time, until cancelled."""

    channel: str
    what: str  # for the log: "push notifications"

    def __init__(
        self, notices: Notices, store: Store, first_wait: float, woken: asyncio.Event, poll: float
    ) -> None:
        self.notices = notices
        self.store = store
        self.first_wait = first_wait
        self._woken = woken
        self._poll = min(poll, first_wait)
        self._threads = self._new_pool()
        self.send_seconds = SEND_SECONDS
        self._held = 0  # threads held past their send's bound, in every pool
        self._held_here = 0  # of them, in the current pool

    def _new_pool(self) -> ThreadPoolExecutor:
        return ThreadPoolExecutor(SENDING_THREADS, thread_name_prefix=f"sleuth-{self.channel}")

    async def run(self) -> None:
        try:
            await send_forever(self.send_due, self._woken, self._poll, self.what)
        finally:
            self._threads.shutdown(wait=False, cancel_futures=True)

    async def send_due(self) -> int:
        token, rows = await self.notices.claim(BATCH, channel=self.channel)
        await asyncio.gather(*(self._send_one(row, token) for row in rows))
        return len(rows)

    async def _send_one(self, row: NotificationRow, token: str) -> None:
        target = await self.target_of(row)
        if target is None:
            await self.notices.drop(row.id, token, "turned off")
            return
        if target.person_id != row.person_id:
            # A row only ever goes to its own person's target: one naming another's (a bug,
            # or a target id reused after its owner removed it) is dropped, never sent.
            log.warning("%s: %s names another person's target, dropped", self.what, row.id)
            await self.notices.drop(row.id, token, "not the person's target")
            return
        table = await self.store.table(row.table_id)
        if table is None:
            await self.notices.drop(row.id, token, "the table is gone")
            return
        try:
            await self._posted(target, row, table)
        except Exception as error:
            if await self.gone(target, error):
                return
            reason = self.reason(error)
            log.warning("%s: %s not sent (try %s): %s", self.what, row.id, row.attempts + 1, reason)
            await self.notices.mark_failed(row, token, reason, self.first_wait)
            await self.tried(row.target, reason)
            return
        await self.notices.mark_sent(row.id, token)
        await self.tried(row.target, None)

    async def _posted(self, target: Target, row: NotificationRow, table: TableRow) -> None:
        """``post`` on a sending thread, or ``NoAnswerInTime`` once ``send_seconds`` pass."""
        pool = self._threads
        sending = pool.submit(self.post, target, row, table)
        try:
            await asyncio.wait_for(asyncio.wrap_future(sending), self.send_seconds)
        except TimeoutError:
            if not sending.cancel():  # it had begun: its thread is held until it ends
                self._hold(pool, sending)
            raise NoAnswerInTime from None

    def _hold(self, pool: ThreadPoolExecutor, sending: Future[None]) -> None:
        loop = asyncio.get_running_loop()
        self._held += 1
        self._held_here += 1

        def released() -> None:
            self._held -= 1
            if pool is self._threads:
                self._held_here -= 1

        def on_end(_sending: Future[None]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nothing to count
                loop.call_soon_threadsafe(released)

        sending.add_done_callback(on_end)
        if self._held_here >= SENDING_THREADS and self._held < MOST_HELD:
            self._threads, self._held_here = self._new_pool(), 0
            pool.shutdown(wait=False)  # its queued sends end at their own bound

    @abstractmethod
    async def target_of(self, row: NotificationRow) -> Target | None:
        """The row's target, if it is still there and still takes the row's kind."""

    @abstractmethod
    def post(self, target: Target, row: NotificationRow, table: TableRow) -> None:
        """Send the row to the target (on a sending thread), or raise; ``table``: the row's
        table, its game and status as the words need them."""

    @abstractmethod
    async def tried(self, target_id: int, error: str | None) -> None:
        """Count the try on the target."""

    async def gone(self, target: Target, error: Exception) -> bool:
        """Whether the failure says the target is gone for good (then dropped here)."""
        return False

    def reason(self, error: Exception) -> str:
        """What the person's settings say of the failure (the log says the same)."""
        return f"{type(error).__name__}: {error}"
