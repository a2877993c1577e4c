"""The tables this process has open: loading by replay, accepting actions, fan-out.

An action is checked by the engine, committed to the database (its step number unique per
table), and only then shown to anyone. A step committed by another process arrives as a
notification naming the table; the table re-reads its steps from the database.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Sequence
from typing import Any

from sleuth.core import GameError, IllegalActionError

from .bus import LocalBus
from .connection import Connection
from .jsontext import json_text
from .live import LiveTable, SeatState, admits, facts_of
from .models import SeatRow, StepRow, TableRow
from .outage import DatabaseUnavailable
from .pools import Stale
from .store import StepConflict, Store
from .workers import SheetJob, WorkerPool

log = logging.getLogger("sleuth.server")
SWEEP_SECONDS = 5.0
STATUS_ORDER = {"waiting": 0, "playing": 1, "finished": 2}


def _ahead(step: int, status: str, live: LiveTable) -> bool:
    """Whether a table's row as read is ahead of the table here. Only ahead matters: a row
    behind it was read before steps this process committed since (a sweep going through
    the tables, a reconnection), and re-reading for those held each table's lock."""
    return step > live.step or STATUS_ORDER.get(status, 0) > STATUS_ORDER.get(live.status, 0)


# A finished table no one has asked for in this long leaves memory (``get`` reads it again).
UNUSED_SECONDS = 60.0


class StaleActionError(IllegalActionError):
    """The client acted on a step that is no longer the table's."""


class Hub:
    def __init__(self, store: Store, bus: LocalBus, pool: WorkerPool, bot_delay: float) -> None:
        self.store = store
        self.bus = bus
        self.pool = pool
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._sheet_pending: set[tuple[str, int, int]] = set()
        self._chat_seen: dict[str, int] = {}
        self._chat_locks: dict[str, asyncio.Lock] = {}
        self._closing = False

    # --- lifecycle -------------------------------------------------------------------------

    async def start(self) -> None:
        self.pool.start()
        await self.bus.start(self.on_notice, self.catch_up_all)
        for table_id in await self.store.unfinished_tables():
            try:
                await self.get(table_id)
            except Exception:
                log.exception("table %s does not load", table_id)
        self.spawn(self._sweep())

    async def close(self) -> None:
        self._closing = True
        for task in list(self._tasks):
            task.cancel()
        for live in self.tables.values():
            if live.driver is not None:
                live.driver.cancel()
            for connection in list(live.connections):
                connection.close()
        await self.bus.close()
        self.pool.close()

    def spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # --- loading ---------------------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable:
        """The table, replayed from its rows on first use; ``KeyError`` if there is none."""
        live = self.tables.get(table_id)
        if live is not None:
            live.used_at = time.monotonic()
            if live.behind:
                await self.refresh(live)
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.tables.get(table_id)
            if live is not None:
                return live
            row = await self.store.table(table_id)
            if row is None:
                # Ids asked for that name no table must not pile up their locks.
                if self._loading.get(table_id) is lock:
                    del self._loading[table_id]
                raise KeyError(table_id)
            seats = await self.store.seats(table_id)
            steps = await self.store.steps(table_id)
            names = await self._names([s.person_id for s in seats if s.person_id])
            # Replaying a long game takes the engine a while (290 ms for 1,562 steps): in a
            # thread, so that the loop keeps serving every other table meanwhile.
            live = await asyncio.to_thread(LiveTable.build, row, seats, steps, names)
            chat = await self.store.chat(table_id, limit=1)
            adopted = self.tables.get(table_id)
            if adopted is not None:
                return adopted  # created here while it was being read
            return self._take(live, chat[-1].id if chat else 0)

    def adopt(self, row: TableRow, seats: Sequence[SeatRow], names: dict[str, str]) -> LiveTable:
        """A table this process has just created, from the rows it committed (no steps, no
        chat yet): the same table ``get`` would read back."""
        known = self.tables.get(row.id)
        if known is not None:
            return known
        return self._take(LiveTable.build(row, seats, [], names), 0)

    def _take(self, live: LiveTable, chat_seen: int) -> LiveTable:
        live.used_at = time.monotonic()
        self._chat_seen[live.id] = chat_seen
        self.tables[live.id] = live
        self._ensure_driver(live)
        return live

    async def update_table(self, live: LiveTable, **values: Any) -> None:
        """Change the table's row in the database and here, then tell its seats and the
        other processes (they re-read it)."""
        unknown = set(values) - {column.name for column in TableRow.__table__.columns}
        if unknown:
            raise ValueError(f"not columns of a table: {sorted(unknown)}")
        async with live.lock:
            await self.store.update_table(live.id, **values)
            for name, value in values.items():
                setattr(live.row, name, value)
        self.broadcast(live)
        await self.bus.publish("seats", live.id)

    async def _names(self, ids: list[str]) -> dict[str, str]:
        return {pid: row.name for pid, row in (await self.store.people(ids)).items()}

    def _ensure_driver(self, live: LiveTable) -> None:
        from .driver import drive

        if live.status != "finished" and (live.driver is None or live.driver.done()):
            live.driver = self.spawn(drive(self, live))

    async def refresh(self, live: LiveTable) -> None:
        """Re-read the table's row, seats and new steps (another process changed them)."""
        async with live.lock:
            await self._catch_up(live)
        self.broadcast(live)

    async def _catch_up(self, live: LiveTable) -> None:
        row = await self.store.table(live.id)
        seats = await self.store.seats(live.id)
        if row is None:
            return
        names = await self._names([s.person_id for s in seats if s.person_id])
        live.behind = False
        live.row = row
        live.seats = [SeatState.of(s, names.get(s.person_id or "", "")) for s in seats]
        live.extend(await self.store.steps(live.id, after=live.step))
        live.wake.set()
        self._ensure_driver(live)

    async def catch_up_if_behind(self, live: LiveTable) -> None:
        """Before a seat (re)connects: the database may hold steps a notification has not
        brought yet (the process that committed them died before sending it)."""
        if not self.bus.shared and not live.behind:
            return
        row = await self.store.table(live.id)
        if live.behind or (row is not None and _ahead(row.step, row.status, live)):
            await self.refresh(live)

    async def catch_up_all(self) -> None:
        """After the bus was away (a restart of the database): every table open here may
        have missed steps, seats and chat, whose notifications were not kept for it."""
        for live in list(self.tables.values()):
            if live.connections or live.needs_driver:
                await self.refresh(live)
            else:
                live.behind = True
            if live.connections:
                await self._deliver_chat(live)

    async def on_notice(self, kind: str, table_id: str, number: int) -> None:
        try:
            await self._on_notice(kind, table_id, number)
        except DatabaseUnavailable:
            # Read again once the database is back: by the bus's catch-up, or on demand.
            live = self.tables.get(table_id)
            if live is not None:
                live.behind = True

    async def _on_notice(self, kind: str, table_id: str, number: int) -> None:
        live = self.tables.get(table_id)
        if live is None:
            return
        if kind == "step" and number <= live.step:
            return  # this process committed it, or has read it already
        if kind == "chat":
            await self._deliver_chat(live)
            return
        if kind == "step" and not live.connections and not live.needs_driver:
            # No one here to tell and nothing here to drive: read it when someone asks.
            # With several processes each step would otherwise cost every process reads.
            live.behind = True
            return
        await self.refresh(live)

    async def _sweep(self) -> None:
        """A safety net for a missed notification, and tables another process started."""
        while not self._closing:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                progress = await self.store.unfinished_progress()
                self.forget_unused(time.monotonic(), {table_id for table_id, _, _ in progress})
                for table_id, step, status in progress:
                    known = self.tables.get(table_id)
                    if known is None:
                        await self.get(table_id)
                    elif _ahead(step, status, known):
                        if known.connections or known.needs_driver:
                            await self.refresh(known)
                        else:
                            known.behind = True
            except DatabaseUnavailable:
                pass  # said once for the outage (``outage.Reach``); the next sweep tries
            except Exception:
                log.exception("sweep failed")

    # --- actions ---------------------------------------------------------------------------

    async def act(
        self,
        live: LiveTable,
        seat: int,
        action: object,
        expect_step: int | None = None,
        by_bot: bool = False,
    ) -> int:
        """Check, commit, then tell: the new step's number, or a ``GameError``."""
        try:
            return await self._act(live, seat, action, expect_step, by_bot)
        except _CaughtUp as behind:
            # This process was behind (a notification it missed, or one still on its way):
            # the seats get the steps it read before they hear why their action failed.
            self.broadcast(live)
            raise behind.error from None

    async def _act(
        self,
        live: LiveTable,
        seat: int,
        action: object,
        expect_step: int | None,
        by_bot: bool,
    ) -> int:
        caught_up = False
        async with live.lock:
            for _attempt in range(8):
                if live.status == "waiting":
                    raise IllegalActionError("the table has not started: seats are still free")
                if live.status == "finished":
                    raise IllegalActionError("the game is over")
                if not by_bot and live.seats[seat].played_by_bot:
                    raise IllegalActionError(
                        f"seat {seat} is played by a bot for now: take the seat back first"
                    )
                try:
                    if expect_step is not None and expect_step != live.step:
                        raise StaleActionError(
                            f"step {expect_step} is past: the table is at step {live.step}"
                        )
                    parsed = live.parse(action)
                    state = live.state.apply(seat, parsed)
                    # Worked out before the step is stored: a step in the database always
                    # has its public text in memory too.
                    public = live.state.public_action(seat, parsed)
                except GameError as error:
                    if caught_up:
                        raise _CaughtUp(error) from None
                    raise
                row = StepRow(
                    table_id=live.id,
                    number=live.step + 1,
                    seat=seat,
                    action=str(parsed),
                    result=state.last_result(),
                    at=time.time(),
                )
                try:
                    await self.store.insert_step(row, state.to_move(), state.outcome is not None)
                except StepConflict:
                    await self._catch_up(live)  # another process took this number: re-check
                    caught_up = True
                    continue
                live.advance(row, state, public)
                live.row.step = row.number
                live.row.to_move = state.to_move()
                if state.outcome is not None:
                    live.row.status = "finished"
                    live.row.finished_at = row.at
                break
            else:
                raise GameError("the table is busy: try again")
        self.after_step(live)
        await self.bus.publish("step", live.id, row.number)
        return row.number

    def after_step(self, live: LiveTable) -> None:
        live.wake.set()
        self.broadcast(live)

    # --- fan-out ---------------------------------------------------------------------------

    def drop_strangers(self, live: LiveTable) -> None:
        """Close the channels a seat's change has left without a right to it (a person who
        left, or one whose seat is another's now), before anything more is sent."""
        facts = facts_of(live)  # once a broadcast, not once a channel
        for connection in list(live.connections):
            if not admits(live, connection, facts):
                live.connections.discard(connection)
                connection.close()

    def broadcast(self, live: LiveTable) -> None:
        self.drop_strangers(live)
        frames: dict[int | None, str] = {}
        shared = live.shared_frame() if live.connections else None
        for connection in list(live.connections):
            seat = connection.seat
            if seat not in frames:
                frames[seat] = json_text(live.state_frame(seat, shared=shared))
            connection.send_text(frames[seat])
        self.schedule_sheets(live)

    def schedule_sheets(self, live: LiveTable) -> None:
        if live.row.sheet == "off":
            return
        seats = {c.seat for c in live.connections if c.seat is not None}
        for seat in seats:
            key = (live.id, seat, live.step)
            cached = live.sheets.get(seat)
            if (cached is not None and cached[0] == live.step) or key in self._sheet_pending:
                continue
            self._sheet_pending.add(key)
            self.spawn(self._sheet(live, seat, live.step))

    async def _sheet(self, live: LiveTable, seat: int, step: int) -> None:
        def wanted() -> bool:
            # Asked when the job's turn comes: a past step's sheet, or one no one at the
            # seat would see, is dropped then, not worked out.
            return live.step == step and any(c.seat == seat for c in live.connections)

        try:
            job = SheetJob(
                live.game.name, live.game.config_json(), live.view_json(seat), live.row.sheet
            )
            text = await self.pool.sheet(live.id, seat, job, wanted)
        except Stale:
            return
        except Exception as error:
            log.exception("sheet of table %s seat %s", live.id, seat)
            text = f"(the sheet failed: {error})"
        finally:
            self._sheet_pending.discard((live.id, seat, step))
        if live.step != step:
            return  # a newer step has its own sheet on the way
        live.sheets[seat] = (step, text)
        frame = {"type": "sheet", "table": live.id, "step": step, "seat": seat, "sheet": text}
        for connection in list(live.connections):
            if connection.seat == seat:
                connection.send(frame)

    def attach(self, live: LiveTable, connection: Connection) -> None:
        live.connections.add(connection)
        self.broadcast_seats(live)

    def detach(self, live: LiveTable, connection: Connection) -> None:
        live.connections.discard(connection)
        live.used_at = time.monotonic()
        self.broadcast_seats(live)

    def forget_unused(self, now: float, unfinished: set[str]) -> None:
        """Let go of the finished tables no one is at or has asked for in ``UNUSED_SECONDS``
        (their rows stay; ``get`` reads them again): a long-running service would otherwise
        keep every game it ever ran. ``unfinished``: the tables the database has unfinished
        (one finished by another process may still look unfinished here)."""
        for live in list(self.tables.values()):
            finished = live.status == "finished" or live.id not in unfinished
            if finished and not live.connections and now - live.used_at > UNUSED_SECONDS:
                if live.driver is not None:
                    live.driver.cancel()  # it may wait for a step that will never come
                del self.tables[live.id]
                self._chat_seen.pop(live.id, None)
                self._chat_locks.pop(live.id, None)
                self._loading.pop(live.id, None)

    def broadcast_seats(self, live: LiveTable) -> None:
        self.drop_strangers(live)
        frame = {"type": "seats", "table": live.id, "step": live.step, "seats": live.public_seats()}
        for connection in list(live.connections):
            connection.send(frame)
        self.schedule_sheets(live)

    # --- seats -----------------------------------------------------------------------------

    async def seats_changed(self, live: LiveTable) -> None:
        """After a seat's row changed in the database: re-read, start if full, tell."""
        if live.status == "waiting":
            # whether it started is read back with the row, below
            await self.store.start_if_full(live.id, time.time())
        async with live.lock:
            await self._catch_up(live)
        self.broadcast(live)
        await self.bus.publish("seats", live.id)

    async def take_over(self, live: LiveTable, seat: int, spec: str | None = None) -> bool:
        """A person's seat played by a bot (its time ran out, or the others chose a bot)."""
        changed = await self.store.update_seat(
            live.id,
            seat,
            only_if={"takeover": False, "kind": "person"},
            takeover=True,
            bot=spec or live.row.takeover_bot,
            since=time.time(),
        )
        if changed:
            await self.seats_changed(live)
        return changed

    async def take_back(self, live: LiveTable, seat: int) -> bool:
        changed = await self.store.update_seat(
            live.id,
            seat,
            only_if={"takeover": True, "kind": "person"},
            takeover=False,
            bot=None,
            since=time.time(),
        )
        if changed:
            await self.seats_changed(live)
        return changed

    async def set_notes(self, live: LiveTable, seat: int, card: str, place: str, mark: str) -> None:
        notes = live.notes(seat)
        if notes is None:
            raise GameError(f"{live.game.title} keeps no hand-marked grid")
        if live.row.sheet != "off":
            raise GameError("this table's sheet is filled by the engine, not by hand")
        if card not in notes["cards"]:  # type: ignore[operator]
            raise GameError(f"notes: no row {card!r}")
        if place not in notes["places"]:  # type: ignore[operator]
            raise GameError(f"notes: no column {place!r}")
        # Changed here only once stored: a write refused (the database away) changes nothing.
        marks = {name: dict(places) for name, places in live.seats[seat].notes.items()}
        row = marks.setdefault(card, {})
        if mark:
            row[place] = mark
        else:
            row.pop(place, None)
        await self.store.update_seat(live.id, seat, notes=json.dumps(marks, sort_keys=True))
        live.seats[seat].notes = marks
        frame = {
            "type": "notes",
            "table": live.id,
            "step": live.step,
            "seat": seat,
            "notes": live.notes(seat),
        }
        for connection in list(live.connections):
            if connection.seat == seat:
                connection.send(frame)

    # --- chat ------------------------------------------------------------------------------

    async def chat(self, live: LiveTable, seat: int | None, name: str, text: str) -> None:
        await self.store.add_chat(live.id, seat, name, text)
        await self._deliver_chat(live)
        await self.bus.publish("chat", live.id)

    async def _deliver_chat(self, live: LiveTable) -> None:
        async with self._chat_locks.setdefault(live.id, asyncio.Lock()):
            seen = self._chat_seen.get(live.id, 0)
            rows = await self.store.chat(live.id, after=seen)
            if rows:
                self._chat_seen[live.id] = rows[-1].id
        for row in rows:
            frame = {
                "type": "chat",
                "table": live.id,
                "step": live.step,
                "id": row.id,
                "seat": row.seat,
                "name": row.name,
                "text": row.text,
                "at": row.at,
            }
            # A table without spectators keeps its chat among its seats, after the end too.
            for connection in list(live.connections):
                if connection.seat is not None or live.row.spectators:
                    connection.send(frame)


class _CaughtUp(Exception):
    """A refusal that came after reading steps another process committed."""

    def __init__(self, error: GameError) -> None:
        super().__init__(str(error))
        self.error = error
