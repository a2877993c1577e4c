"""The reviews of finished tables, kept per app: each is a few seconds of engine time, and a
finished table's review never changes.

One computation per (table, seat) at a time: requests that arrive while it runs wait for it
rather than start their own. At most ``RUNNING`` run at once, whoever asks (anyone may ask
for any finished table's review): the rest queue, so a flood of requests for many tables
takes engine time in turn instead of all of it. A bounded number are kept, the least
recently asked dropped.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

Key = tuple[str, int | None]
# Reviews kept, newest last: a few hundred kB of JSON each.
KEPT = 64
# Reviews worked out at once (each a thread busy for seconds).
RUNNING = 2


class ReviewCache:
    def __init__(self, size: int = KEPT, running: int = RUNNING) -> None:
        self.size = size
        self.running = running
        self._slots: asyncio.Semaphore | None = None  # made in the event loop that uses it
        self._kept: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self._running: dict[Key, asyncio.Task[dict[str, Any]]] = {}

    async def get(
        self, key: Key, compute: Callable[[], Awaitable[dict[str, Any]]]
    ) -> dict[str, Any]:
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
            return found
        task = self._running.get(key)
        if task is None:
            task = self._running[key] = asyncio.ensure_future(self._in_turn(compute))
            task.add_done_callback(lambda _: self._running.pop(key, None))
        found = await asyncio.shield(task)  # one request leaving does not cancel the others'
        self._kept[key] = found
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return found

    async def _in_turn(self, compute: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.running)
        async with self._slots:
            return await compute()
