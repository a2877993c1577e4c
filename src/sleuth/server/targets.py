"""Channels whose queued rows each go to one target of their person (a browser's push
subscription, a webhook): the sender shared by ``push`` and ``hooks``.

Each row is posted by a thread of the channel's own (the posting libraries block; never
on the loop's or the database's threads), with the queue's lease, bounded retries and
backoff (``notify``); every try is counted on its target, so a target that keeps failing
is shown failing in its person's settings until a try goes through.
"""

from __future__ import annotations

import asyncio
import logging
from abc import ABC, abstractmethod
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Generic, TypeVar

from sqlalchemy import update

from .db import Database
from .models import HookRow, NotificationRow, PushSubscriptionRow
from .notify import ERROR_CHARS, Notices, send_forever
from .store import Store

log = logging.getLogger("sleuth.server")

BATCH = 20
SENDING_THREADS = 4

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
        self._threads = ThreadPoolExecutor(
            SENDING_THREADS, thread_name_prefix=f"sleuth-{self.channel}"
        )

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
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._threads, self.post, target, row, table.game)
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

    @abstractmethod
    async def target_of(self, row: NotificationRow) -> Target | None:
        """The row's target, if it is still there and still takes the row's kind."""

    @abstractmethod
    def post(self, target: Target, row: NotificationRow, game: str) -> None:
        """Send the row to the target (on a sending thread), or raise."""

    @abstractmethod
    async def tried(self, target_id: int, error: str | None) -> None:
        """Count the try on the target."""

    async def gone(self, target: Target, error: Exception) -> bool:
        """Whether the failure says the target is gone for good (then dropped here)."""
        return False

    def reason(self, error: Exception) -> str:
        """What the person's settings say of the failure (the log says the same)."""
        return f"{type(error).__name__}: {error}"
