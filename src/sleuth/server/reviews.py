"""The reviews of finished tables, kept per app: each is a few seconds of engine time, and a
finished table's review never changes.

One computation per (table, seat) at a time: requests that arrive while it runs wait for it
rather than start their own. A bounded number are kept, the least recently asked dropped.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

Key = tuple[str, int | None]
# Reviews kept, newest last: a few hundred kB of JSON each.
KEPT = 64


class ReviewCache:
    def __init__(self, size: int = KEPT) -> None:
        self.size = size
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
            task = self._running[key] = asyncio.ensure_future(compute())
            task.add_done_callback(lambda _: self._running.pop(key, None))
        found = await asyncio.shield(task)  # one request leaving does not cancel the others'
        self._kept[key] = found
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return found
