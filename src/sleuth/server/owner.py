"""One open table's owner: the only writer of its rows, and the only sender of its frames.

A ``TableOwner`` holds a table in memory (``live.LiveTable``), the channels open to it, its
driver (bots and clock) and its chat as delivered here. Every change of the table goes
through it: an action is checked by the engine, committed to the database (its step number
unique per table), and only then shown to anyone; a seat taken, left or handed to a bot, a
note marked, a chat line, a rematch named (``rematches`` names it through
``update_table``). Routers and the bus (through ``hub.Hub``, the registry of owners) call
its methods; no one else writes the table's, seats', steps' or chat rows. A change committed
by another process arrives as a notification naming the table: its owner here re-reads the
rows.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from sleuth.core import GameError, IllegalActionError, State

from . import movetrace, problems
from .clocks import hand_refusal, low_clock
from .connection import Connection
from .desk import Desk, ahead
from .driver import drive
from .expiry import expiry_events
from .frames import NotesFrame, SeatsFrame, StateFrame
from .leavers import Leavers
from .live import LiveTable, SeatState, admits, facts_of, has_token
from .models import ENDED, EXPIRED, ChatRow, NewStep, TableRow
from .netbots import NetBots
from .notify import step_events
from .pacer import Pacer
from .sheets import SheetSender
from .store import StepConflict, new_secret, secret_hash
from .tablechat import TableChat
from .workers import WorkerPool

log = logging.getLogger("sleuth.server")
# Seconds between two frames of who is at a table (``seats``) to one channel: a burst of
# channels opened and closed (spectators' above all) is told once an interval.
SEATS_INTERVAL = 1.0


class StaleActionError(IllegalActionError):
    """The client acted on a step that is no longer the table's."""


class SeatRefused(Exception):
    """A seat could not be taken as asked (taken meanwhile, or a second seat of one
    person): the message says why."""


class TableOwner:
    def __init__(self, live: LiveTable, desk: Desk, chat_seen: int = 0) -> None:
        self.live = live
        self.desk = desk
        self.driver: asyncio.Task[None] | None = None
        self._driverless = False  # a driver was not started: nothing needed one then
        # The desk is read when a sheet is asked for (tests build owners without one).
        self.sheets = SheetSender(
            live, lambda: self.desk.pool, lambda job: self.desk.spawn(job), self._send_to_seat
        )
        self.chat_log = TableChat(live, lambda: self.desk.store, chat_seen)
        # One note change at a time: each builds on the marks the one before stored.
        self._notes_lock = asyncio.Lock()
        self._reminded: tuple[int, int] | None = None  # the last turn reminded: (step, seat)
        # Who gave up which seat, as a refused handshake asks (the desk read when asked).
        self.leavers = Leavers(lambda: self.desk.store.leavers(self.id))
        self.seats_pacer = Pacer(self.broadcast_seats, SEATS_INTERVAL)
        if desk is not None:
            live.now = desk.clock

    @property
    def id(self) -> str:
        return self.live.id

    @property
    def bot_delay(self) -> float:
        return self.desk.bot_delay

    @property
    def pool(self) -> WorkerPool:
        return self.desk.pool

    @property
    def netbots(self) -> NetBots:
        return self.desk.netbots

    # --- its driver and channels -----------------------------------------------------------

    def ensure_driver(self) -> None:
        """Start the table's driver if a bot or a clock needs one. Without either it would
        only wake at every step to find nothing to do (a task switch and the interrupt
        order worked out: 3.5% of the server's samples by py-spy at 250 tables of people);
        every change of seats comes here, so it starts once a seat is handed to a bot."""
        live = self.live
        if live.status in ENDED or (self.driver is not None and not self.driver.done()):
            return
        if not live.needs_driver:
            self._driverless = True
            return
        if self._driverless and live.status == "playing":
            # As a driver idle until now would have it: bots are offered an interrupt from
            # the next step on, not at the step a seat was handed to one.
            live.offered_at = live.step
        self.driver = self.desk.spawn(drive(self))

    def close(self) -> None:
        self.seats_pacer.cancel()
        if self.driver is not None:
            self.driver.cancel()  # it may wait for a step that will never come
        for connection in list(self.live.connections):
            connection.close()

    def attach(self, connection: Connection) -> None:
        self.live.connections.add(connection)
        if connection.seat is not None and self.live.status == "waiting":
            self.netbots.restore(self.live.row)  # someone is back: its bots, if still free
        self._presence_changed()

    def detach(self, connection: Connection) -> None:
        live = self.live
        live.connections.discard(connection)
        live.used_at = time.monotonic()
        seat = connection.seat
        if seat is not None and all(c.seat != seat for c in live.connections):
            live.left_at[seat] = time.time()  # its last channel: the person is away from now
        seated_here = any(c.seat is not None for c in live.connections)
        if seat is not None and live.status == "waiting" and not seated_here:
            self.netbots.release(live.id)  # everyone seated has left: its bots, after a while
        self._presence_changed()

    def _presence_changed(self) -> None:
        """A channel opened or closed: every channel is told who is here (paced: at most
        one ``seats`` frame an interval, ``SEATS_INTERVAL``); a seat's sheet, at once."""
        self.drop_strangers()
        self.seats_pacer.ask()
        self.schedule_sheets()

    def end_sessions(self, cookie_hashes: set[str]) -> None:
        """Close every channel opened with one of these cookies (by their hashes): the
        sessions they opened are over, so they see and do nothing more here."""
        for connection in list(self.live.connections):
            if connection.cookie_hash is not None and connection.cookie_hash in cookie_hashes:
                connection.end()

    def has_token(self, seat: int, token_hash: str | None) -> bool:
        """Whether the seat's token is this one, as this process last read the seats."""
        return has_token(self.live, seat, token_hash)

    def admits(self, connection: Connection) -> bool:
        """Whether the channel may still be served (``live.admits``); if not, every channel
        without its right is closed now."""
        if admits(self.live, connection):
            return True
        self.drop_strangers()
        return False

    # --- reading what other processes wrote ------------------------------------------------

    async def refresh(self) -> None:
        """Re-read the table's row, seats and new steps (another process changed them)."""
        async with self.live.lock:
            await self._catch_up()
        self.broadcast()

    async def _catch_up(self) -> None:
        live, store = self.live, self.desk.store
        row = await store.table(live.id)
        seats = await store.seats(live.id)
        self.leavers.forget()  # a leaving, here or elsewhere, comes with a reading of the seats
        if row is None:
            return
        names = await self.desk.names([s.person_id for s in seats if s.person_id])
        live.behind = False
        live.row = row
        live.seats = [SeatState.of(s, names.get(s.person_id or "", "")) for s in seats]
        live.extend(await store.steps(live.id, after=live.step))
        self.netbots.seen(row, [s.bot for s in live.seats])  # by the status read now
        await self.read_vacations()
        live.wake.set()
        self.ensure_driver()

    async def catch_up_if_behind(self) -> None:
        """Before a seat (re)connects: the database may hold steps, or a rematch, a
        notification has not brought yet (the process that committed them died before
        sending it)."""
        live = self.live
        if not self.desk.bus.shared and not live.behind:
            return
        stored = await self.desk.store.progress(live.id)
        if live.behind or (
            stored is not None
            and (ahead(stored[0], stored[1], live) or stored[2] != live.row.rematch)
        ):
            await self.refresh()

    async def read_vacations(self) -> None:
        """The vacations of the people seated, which a clock stands still by."""
        live, vacations = self.live, self.desk.vacations
        if vacations is not None and live.row.clock != "none":
            live.set_vacations(await vacations.of(s.person_id for s in live.seats if s.person_id))

    async def remind(self) -> None:
        """Queue the reminder due now to the person whose clock runs low, once a turn
        (``clocks.low_clock``; the queue keeps it once across processes too)."""
        event, notices = low_clock(self.live, self.desk.clock()), self.desk.notices
        if event is None or notices is None or not notices.active:
            return
        turn = (event.step, self.live.state.to_move() or 0)
        if turn != self._reminded:
            self._reminded = turn
            await notices.add_quietly([event])

    async def expired(self) -> None:
        """This process's sweep expired the table (``expiry``): its seats see it, its
        network bots are free, and its people are told as of a game's end (once: here)."""
        await self.refresh()
        self.netbots.table_over(self.live)
        events, notices = expiry_events(self.live), self.desk.notices
        if events and notices is not None and notices.active:
            await notices.add_quietly(events)

    def busy_here(self) -> bool:
        """Whether anyone here needs each change at once: a channel, a bot or a clock."""
        return bool(self.live.connections) or self.live.needs_driver

    async def saw(self, step: int, status: str) -> None:
        """The table's row as read elsewhere (the sweep): re-read it if it is ahead."""
        if ahead(step, status, self.live):
            await self.later_or_now()

    async def later_or_now(self) -> None:
        """Re-read now if anyone here needs it; else when someone next asks."""
        if self.busy_here():
            await self.refresh()
        else:
            self.live.behind = True

    async def after_outage(self) -> None:
        """The bus was away: steps, seats and chat may have been missed."""
        await self.later_or_now()
        if self.live.connections:
            await self.chat_log.deliver()

    async def on_notice(self, kind: str, number: int) -> None:
        live = self.live
        if kind == "step" and number <= live.step:
            return  # this process committed it, or has read it already
        if kind == "chat":
            await self.chat_log.deliver()
            return
        if kind == "step" and not self.busy_here():
            # No one here to tell and nothing here to drive: read it when someone asks.
            # With several processes each step would otherwise cost every process reads.
            live.behind = True
            return
        await self.refresh()

    # --- actions ---------------------------------------------------------------------------

    async def act(
        self, seat: int, action: object, expect_step: int | None = None, by_bot: bool = False
    ) -> int:
        """Check, commit, then tell: the new step's number, or a ``GameError``."""
        try:
            number, waited_before = await self._act(seat, action, expect_step, by_bot)
        except _CaughtUp as behind:
            # This process was behind (a notification it missed, or one still on its way):
            # the seats get the steps it read before they hear why their action failed.
            self.broadcast()
            raise behind.error from None
        if movetrace.ON:
            movetrace.moved(self.id, number)
        if not self.desk.store.database.notifies_steps:  # else its commit told them
            await self.desk.bus.publish("step", self.id, number)
        if self.live.status == "finished" and self.live.row.rated:
            self.desk.spawn(self._rate())
        self._notify(number, seat, waited_before)
        return number

    def _notify(self, number: int, mover: int, waited_before: int | None) -> None:
        """Queue the step's notifications, apart from the move: it never waits on them."""
        notices, live = self.desk.notices, self.live
        if notices is None or not notices.active:
            return
        finished = live.status == "finished"
        waited = live.state.to_move()
        events = step_events(live.id, number, live.seats, mover, waited_before, waited, finished)
        if events:
            self.desk.spawn(notices.add_quietly(events))

    async def _rate(self) -> None:
        try:
            await self.desk.rate_finished(self.live)
        except Exception:  # left for the next start's catch-up (``Hub``)
            log.exception("table %s: not rated", self.id)

    def _check(self, seat: int, by_bot: bool) -> None:
        live = self.live
        if live.status == "waiting":
            raise IllegalActionError(problems.NOT_STARTED())
        if live.status == "finished":
            raise IllegalActionError(problems.GAME_OVER())
        if live.status == EXPIRED:
            raise IllegalActionError(problems.TABLE_EXPIRED())
        if not by_bot and live.seats[seat].played_by_bot:
            raise IllegalActionError(problems.BOT_PLAYS(seat=seat))

    async def _act(
        self, seat: int, action: object, expect_step: int | None, by_bot: bool
    ) -> tuple[int, int | None]:
        """The new step's number, and the seat the game waited for before it."""
        live = self.live
        caught_up = False
        async with live.lock:
            if movetrace.ON:
                movetrace.mark("locked")
            for _attempt in range(8):
                self._check(seat, by_bot)
                try:
                    if expect_step is not None and expect_step != live.step:
                        raise StaleActionError(problems.STALE(step=expect_step, now=live.step))
                    parsed = live.parse(action)
                    state = live.state.apply(seat, parsed)
                    # Worked out before the step is stored: a step in the database always
                    # has its public text in memory too.
                    public = live.state.public_action(seat, parsed)
                except GameError as error:
                    if caught_up:
                        raise _CaughtUp(error) from None
                    raise
                at = self.desk.clock()
                row = NewStep(live.id, live.step + 1, seat, str(parsed), state.last_result(), at)
                waited_before = live.state.to_move()
                try:
                    await self.desk.store.insert_step(
                        row,
                        state.to_move(),
                        state.outcome is not None,
                        self._committed(row, state, public),
                    )
                except StepConflict:
                    await self._catch_up()  # another process took this number: re-check
                    caught_up = True
                    continue
                except asyncio.CancelledError:
                    live.behind = True  # perhaps committed, unapplied: read at next use
                    raise
                return row.number, waited_before
        raise GameError(problems.BUSY())

    def _committed(self, row: NewStep, state: State, public: str) -> Callable[[], None]:
        """What follows a step's commit at once, in the task that committed it (its mover
        holds the table's lock meanwhile): the step applied here, and its frames sent."""
        move = movetrace.current.get() if movetrace.ON else None

        def tell() -> None:
            live = self.live
            # Always set (to None too): the committing task's context is its first mover's.
            token = movetrace.current.set(move) if movetrace.ON else None
            try:
                if move is not None:
                    move.resumed = movetrace.now()
                live.advance(row, state, public)
                live.row.step = row.number
                live.row.to_move = state.to_move()
                if state.outcome is not None:
                    live.row.status = "finished"
                    live.row.finished_at = row.at
                live.wake.set()
                self.broadcast()
                if move is not None:
                    move.broadcast = movetrace.now()
            finally:
                if token is not None:
                    movetrace.current.reset(token)

        return tell

    # --- fan-out ---------------------------------------------------------------------------

    def drop_strangers(self) -> None:
        """Close the channels a seat's change has left without a right to it (a person who
        left, or one whose seat is another's now), before anything more is sent."""
        live = self.live
        facts = facts_of(live)  # once a broadcast, not once a channel
        for connection in list(live.connections):
            if not admits(live, connection, facts):
                live.connections.discard(connection)
                connection.unseated = connection.seat is not None  # a watcher had none
                connection.close()

    def state_frame(self, seat: int | None, resumed_from: int | None = None) -> StateFrame:
        return self.live.state_frame(seat, resumed_from)

    def broadcast(self) -> None:
        live = self.live
        self.drop_strangers()
        texts: dict[int | None, str] = {}
        shared = live.shared_frame() if live.connections else None
        for connection in list(live.connections):
            seat = connection.seat
            if seat not in texts:
                texts[seat] = live.state_frame(seat, shared=shared).wire()
                if movetrace.ON:
                    movetrace.queued_text(texts[seat], seat)
            connection.send_text(texts[seat])
        self.schedule_sheets()

    def broadcast_seats(self) -> None:
        live = self.live
        self.drop_strangers()
        frame = SeatsFrame(table=live.id, step=live.step, seats=live.public_seats())
        text = frame.wire()  # once for every channel
        for connection in list(live.connections):
            connection.send_text(text)

    def _send_to_seat(self, seat: int, text: str) -> None:
        for connection in list(self.live.connections):
            if connection.seat == seat:
                connection.send_text(text)

    def schedule_sheets(self) -> None:
        """Work out the sheet of each seat with a channel here, unless done or under way."""
        self.sheets.schedule()

    # --- the table's row -------------------------------------------------------------------

    async def update_table(self, **values: Any) -> None:
        """Change the table's row in the database and here, then tell its seats and the
        other processes (they re-read it)."""
        live = self.live
        unknown = set(values) - {column.name for column in TableRow.__table__.columns}
        if unknown:
            raise ValueError(f"not columns of a table: {sorted(unknown)}")
        async with live.lock:
            await self.desk.store.update_table(live.id, **values)
            for name, value in values.items():
                setattr(live.row, name, value)
        self.broadcast()
        await self.desk.bus.publish("seats", live.id)

    # --- seats -----------------------------------------------------------------------------

    async def seats_changed(self) -> None:
        """After a seat's row changed in the database: re-read, start if full, tell."""
        live = self.live
        if live.status == "waiting":
            # whether it started is read back with the row, below
            await self.desk.store.start_if_full(live.id, time.time())
        async with live.lock:
            await self._catch_up()
        self.broadcast()
        await self.desk.bus.publish("seats", live.id)

    async def seat_by_token(self, token: str) -> tuple[int, str | None] | None:
        """The seat this token opens, with its stored token hash, as the database has it."""
        found = await self.desk.store.seat_by_token(self.id, token)
        return None if found is None else (found.seat, found.token_hash)

    async def take_seat(self, seat: int, person_id: str) -> str:
        """Seat the person, with a fresh token, the person's alone (the invite that opened it
        opens nothing any more), or ``SeatRefused``. Only while the seat is as read, and never
        a second seat of one person: the database decides, so of two requests at once one
        gets the seat. At a rated table, only a person with an account (``AccountNeeded``)."""
        await self.desk.ratings.refuse_guests(self.live.row.rated, [person_id])
        token = new_secret()
        why_not = await self.desk.store.take_seat(
            self.id, seat, person_id, self.live.seats[seat].person_id, secret_hash(token)
        )
        await self.seats_changed()  # refused: what was read was out of date, read it again
        if why_not is not None:
            raise SeatRefused(why_not)
        return token

    async def leave(self, seat: int, person_id: str) -> None:
        """The person gives up the seat. During a game the table's bot plays it until
        someone joins with its invite and takes it back. Remembered (``has_left``)."""
        live = self.live
        values: dict[str, object] = {}
        if live.status == "playing":
            # In the same write as the leaving, whatever the takeover was read as: a seat is
            # never left with no one to play it (a take-back at the same moment had taken
            # the bot away after this read, and the seat stayed empty for good).
            now = live.seats[seat]
            if now.takeover and now.bot:  # a bot plays it already: the same one goes on
                values.update(takeover=True, bot=now.bot)
            else:
                values.update(takeover=True, bot=live.row.takeover_bot, since=time.time())
        await self.desk.store.leave_seat(live.id, seat, person_id, **values)
        await self.seats_changed()

    async def has_left(self, seat: int, person_id: str) -> bool:
        """Whether the person once held the seat and gave it up: from memory, read from the
        database once after each reading of the seats (``leavers``), not once a question."""
        return await self.leavers.has_left(seat, person_id)

    async def take_over(self, seat: int, spec: str | None = None) -> bool:
        """A person's seat played by a bot (its time ran out, or the others chose a bot)."""
        holder = self.live.seats[seat].person_id
        bot = spec or self.live.row.takeover_bot
        if holder is not None:  # remembered: a rated table ranks that person last
            changed = await self.desk.store.stand_in(
                self.id, seat, holder, bot=bot, since=time.time()
            )
        else:
            changed = await self.desk.store.update_seat(
                self.id,
                seat,
                only_if={"takeover": False, "kind": "person"},
                takeover=True,
                bot=bot,
                since=time.time(),
            )
        if changed:
            await self.seats_changed()
        return changed

    async def hand_to_bot(self, seat: int, by: str, spec: str | None = None) -> None:
        """The person ``by`` has a bot play a missing person's seat (the table's takeover bot,
        or ``spec``), or ``SeatRefused`` saying why not (``clocks.hand_refusal``)."""
        why_not = hand_refusal(self.live, seat, by, spec, time.time())
        if why_not is not None:
            raise SeatRefused(why_not)
        if not await self.take_over(seat, spec):
            raise SeatRefused(problems.BOT_ALREADY(seat=seat))

    async def take_back(self, seat: int) -> bool:
        """The seat's person plays it again: only while that person still holds it (a
        take-back racing its own leaving must not take the bot from a seat left empty)."""
        live = self.live
        holder = live.seats[seat].person_id
        if holder is None:
            return False
        if live.row.clock != "none" and live.state.to_move() == seat and live.seats[seat].takeover:
            # Its time ran out on this move: taken back now, the seat's clock would start
            # afresh, and a person taking it back each time could hold the table for ever.
            raise GameError(problems.OUT_OF_TIME(seat=seat))
        changed = await self.desk.store.update_seat(
            live.id,
            seat,
            only_if={"takeover": True, "kind": "person", "person_id": holder},
            takeover=False,
            bot=None,
            since=time.time(),
        )
        if changed:
            await self.seats_changed()
        return changed

    async def set_notes(self, seat: int, card: str, place: str, mark: str) -> None:
        live = self.live
        notes = live.notes(seat)
        if notes is None:
            raise GameError(problems.NO_GRID(game=live.game.title))
        if live.row.sheet != "off":
            raise GameError(problems.ENGINE_SHEET())
        if card not in notes["cards"]:  # type: ignore[operator]
            raise GameError(problems.NO_ROW(card=repr(card)))
        if place not in notes["places"]:  # type: ignore[operator]
            raise GameError(problems.NO_COLUMN(place=repr(place)))
        async with self._notes_lock:
            # Changed here only once stored: a write refused (the database away) changes
            # nothing. Under the lock, so a change made meanwhile is not overwritten.
            marks = {name: dict(places) for name, places in live.seats[seat].notes.items()}
            row = marks.setdefault(card, {})
            if mark:
                row[place] = mark
            else:
                row.pop(place, None)
            stored = json.dumps(marks, sort_keys=True)
            await self.desk.store.update_seat(live.id, seat, notes=stored)
            live.seats[seat].notes = marks
        frame = NotesFrame(table=live.id, step=live.step, seat=seat, notes=live.notes(seat))
        self._send_to_seat(seat, frame.wire())

    # --- chat ------------------------------------------------------------------------------

    async def chat(self, seat: int | None, name: str, text: str) -> None:
        if self.live.status == EXPIRED:
            raise IllegalActionError(problems.TABLE_EXPIRED())
        await self.desk.store.add_chat(self.id, seat, name, text)
        await self.chat_log.deliver()
        await self.desk.bus.publish("chat", self.id)

    async def chat_history(self, after: int = 0) -> list[ChatRow]:
        return await self.chat_log.history(after)


class _CaughtUp(Exception):
    """A refusal that came after reading steps another process committed."""

    def __init__(self, error: GameError) -> None:
        super().__init__(str(error))
        self.error = error
