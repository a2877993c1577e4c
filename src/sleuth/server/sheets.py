"""The sheets an open table's owner sends: each seat's own, worked out in a worker process
once a step for the seats with a channel open, and sent to that seat's channels alone."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from .frames import SheetFrame
from .live import LiveTable
from .pools import Stale
from .workers import SheetJob, WorkerPool, failed_sheet

log = logging.getLogger("sleuth.server")
Spawn = Callable[[Coroutine[Any, Any, Any]], "asyncio.Task[Any]"]


class SheetSender:
    def __init__(
        self,
        live: LiveTable,
        pool: Callable[[], WorkerPool],
        spawn: Spawn,
        send_to_seat: Callable[[int, str], None],
    ) -> None:
        self.live = live
        self.pool = pool
        self.spawn = spawn
        self.send_to_seat = send_to_seat
        self._pending: set[tuple[int, int]] = set()

    def schedule(self) -> None:
        """Work out the sheet of each seat with a channel here, unless done or under way."""
        live = self.live
        if live.row.sheet == "off":
            return
        for seat in {c.seat for c in live.connections if c.seat is not None}:
            key = (seat, live.step)
            cached = live.sheets.get(seat)
            if (cached is not None and cached[0] == live.step) or key in self._pending:
                continue
            self._pending.add(key)
            self.spawn(self._sheet(seat, live.step))

    async def _sheet(self, seat: int, step: int) -> None:
        live = self.live

        def wanted() -> bool:
            # Asked when the job's turn comes: a past step's sheet, or one no one at the
            # seat would see, is dropped then, not worked out.
            return live.step == step and any(c.seat == seat for c in live.connections)

        try:
            job = SheetJob(
                live.game.name, live.game.config_json(), live.view_data(seat), live.row.sheet
            )
            sheet = await self.pool().sheet(live.id, seat, job, wanted)
        except Stale:
            return
        except Exception as error:
            log.exception("sheet of table %s seat %s", live.id, seat)
            sheet = failed_sheet(error)
        finally:
            self._pending.discard((seat, step))
        if live.step != step:
            return  # a newer step has its own sheet on the way
        live.sheets[seat] = (step, sheet.lines, sheet.data)
        frame = SheetFrame(table=live.id, step=step, seat=seat, sheet=sheet.lines, data=sheet.data)
        self.send_to_seat(seat, frame.wire())
