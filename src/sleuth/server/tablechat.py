"""A table's chat as this process delivers it: each line sent once to every channel here
that may read it, in the order the database numbered them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from .frames import ChatFrame
from .live import LiveTable
from .models import ChatRow
from .store import Store

# The largest id a line can have: PostgreSQL's are 32-bit (a larger number asked for would
# be refused by the database, where past it there is simply nothing).
LAST_ID = 2**31 - 1


class TableChat:
    def __init__(self, live: LiveTable, store: Callable[[], Store], seen: int = 0) -> None:
        self._live = live
        # The desk's store, read when needed (tests build owners without a desk).
        self._store = store
        self._seen = seen  # the last line delivered here
        self._lock = asyncio.Lock()

    async def history(self, after: int = 0) -> list[ChatRow]:
        return await self._store().chat(self._live.id, after=max(0, min(after, LAST_ID)))

    async def deliver(self) -> None:
        """Send the lines stored since the last delivery (by any process) to the channels
        here."""
        live = self._live
        async with self._lock:
            rows = await self._store().chat(live.id, after=self._seen)
            if rows:
                self._seen = rows[-1].id
        for row in rows:
            frame = ChatFrame(
                table=live.id,
                step=live.step,
                id=row.id,
                seat=row.seat,
                name=row.name,
                text=row.text,
                at=row.at,
            )
            text = frame.wire()  # once for every channel
            # A table without spectators keeps its chat among its seats, after the end too.
            for connection in list(live.connections):
                if connection.seat is not None or live.row.spectators:
                    connection.send_text(text)
