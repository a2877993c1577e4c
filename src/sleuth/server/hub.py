"""The tables this process has open: each one's owner (``owner.TableOwner``), by id.

The hub loads a table's owner on first use (replaying its steps), adopts the owner of a table
this process has just dealt, lets go of finished tables no one uses, and hands the bus's
notifications to the owner of the table they name. Everything a table does, its owner does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from typing import Any

from sleuth.agents.budgets import DEFAULT_MAX_THINK

from .bus import LocalBus
from .desk import Desk
from .expiry import WaitingExpiry
from .live import LiveTable
from .lobby import Created, TablePlan, WaitingTablesFull
from .models import ENDED, SeatRow, TableRow
from .netbots import BotAccounts
from .notify import Notices
from .outage import DatabaseUnavailable
from .owner import TableOwner
from .ratings import LeftOverPass, Ratings
from .rematches import deal_rematch, rematch_id
from .settings import MAX_WAITING_TABLES
from .store import Store
from .vacations import Vacations
from .workers import WorkerPool

log = logging.getLogger("sleuth.server")
SWEEP_SECONDS = 5.0
# A finished table no one has asked for in this long leaves memory (``get`` reads it again).
UNUSED_SECONDS = 60.0
TARGETS = "targets"  # the bus's word for "this person's ways to be told changed"
BOT_REVOKED = "bot_revoked"  # and for "this network bot's token is gone" (by its name)


class Hub:
    def __init__(self, store: Store, bus: LocalBus, pool: WorkerPool, bot_delay: float) -> None:
        self.store = store
        self.bus = bus
        # A hub built without a store (tests of its memory alone) rates and notifies nothing.
        database = None if store is None else store.database
        self.ratings = Ratings(database)
        self.left_over = LeftOverPass()  # the start's pass over tables left unrated
        self.notices = Notices(database)
        self.notices.announce = self._announce_targets
        self.vacations = None if database is None else Vacations(database)
        self.expiry = None if database is None else WaitingExpiry(database)
        # Tables this process expired, not yet all told: whether their own people were.
        self._untold: dict[str, bool] = {}
        # Waiting tables one creator or client address may hold (``Store.create_table``).
        self.waiting_cap = MAX_WAITING_TABLES
        self.desk = Desk(
            store,
            bus,
            pool,
            bot_delay,
            self.spawn,
            self.ratings,
            self.notices,
            vacations=self.vacations,
        )
        self.tables: dict[str, TableOwner] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closing = False

    # --- lifecycle -------------------------------------------------------------------------

    async def start(self) -> None:
        self.desk.pool.start()
        await self.bus.start(self.on_notice, self.catch_up_all)
        for table_id in await self.store.unfinished_tables():
            try:
                await self.get(table_id)
            except Exception:
                log.exception("table %s does not load", table_id)
        self.spawn(self._sweep())
        self.spawn(self._rate_left_over())

    async def close(self) -> None:
        self._closing = True
        for task in list(self._tasks):
            task.cancel()
        for owner in self.tables.values():
            owner.close()
        await self.bus.close()
        self.desk.pool.close()

    def spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # --- owners ----------------------------------------------------------------------------

    async def get(self, table_id: str) -> TableOwner:
        """The table's owner, its table replayed from its rows on first use; ``KeyError`` if
        there is none."""
        owner = self.tables.get(table_id)
        if owner is not None:
            owner.live.used_at = time.monotonic()
            if owner.live.behind:
                await owner.refresh()
            return owner
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            owner = self.tables.get(table_id)
            if owner is not None:
                return owner
            row = await self.store.table(table_id)
            if row is None:
                # Ids asked for that name no table must not pile up their locks.
                if self._loading.get(table_id) is lock:
                    del self._loading[table_id]
                raise KeyError(table_id)
            seats = await self.store.seats(table_id)
            steps = await self.store.steps(table_id)
            names = await self.desk.names([s.person_id for s in seats if s.person_id])
            # Replaying a long game takes the engine a while (290 ms for 1,562 steps): in a
            # thread, so that the loop keeps serving every other table meanwhile.
            live = await asyncio.to_thread(LiveTable.build, row, seats, steps, names)
            if self.vacations is not None and row.clock != "none":
                live.set_vacations(
                    await self.vacations.of(s.person_id for s in seats if s.person_id)
                )
            chat = await self.store.chat(table_id, limit=1)
            adopted = self.tables.get(table_id)
            if adopted is not None:
                return adopted  # created here while it was being read
            return self._take(live, chat[-1].id if chat else 0)

    def adopt(self, row: TableRow, seats: Sequence[SeatRow], names: dict[str, str]) -> TableOwner:
        """The owner of a table this process has just created, from the rows it committed
        (no steps, no chat yet): the same table ``get`` would read back."""
        known = self.tables.get(row.id)
        if known is not None:
            return known
        owner = self._take(LiveTable.build(row, seats, [], names), 0)
        if row.clock != "none":
            self.spawn(owner.refresh())  # its people's vacations
        return owner

    def _take(self, live: LiveTable, chat_seen: int) -> TableOwner:
        live.used_at = time.monotonic()
        owner = TableOwner(live, self.desk, chat_seen)
        self.tables[live.id] = owner
        owner.ensure_driver()
        return owner

    def now(self) -> float:
        """The time the tables' clocks run by (``Desk.clock``)."""
        return self.desk.clock()

    async def vacation_changed(self, person_id: str) -> None:
        """A person's vacation began or ended: their clocked tables under way read it again,
        here and in every other process (their deadlines move, the others see the flag)."""
        for row, _seat in await self.store.tables_of(person_id):
            if row.status == "playing" and row.clock != "none":
                with contextlib.suppress(KeyError):
                    await (await self.get(row.id)).refresh()
                await self.bus.publish("seats", row.id)

    def forget_unused(self, now: float, unfinished: set[str]) -> None:
        """Let go of the finished tables no one is at or has asked for in ``UNUSED_SECONDS``
        (their rows stay; ``get`` reads them again): a long-running service would otherwise
        keep every game it ever ran. ``unfinished``: the tables the database has unfinished
        (one finished by another process may still look unfinished here)."""
        for owner in list(self.tables.values()):
            live = owner.live
            finished = live.status in ENDED or live.id not in unfinished
            if finished and not live.connections and now - live.used_at > UNUSED_SECONDS:
                owner.close()
                del self.tables[live.id]
                self._loading.pop(live.id, None)

    def end_sessions(self, cookie_hashes: set[str]) -> None:
        """Close the play channels this process holds that were opened with one of these
        cookies (their hashes): a browser signed out, its session ended from another, or
        its account's password changed or the account deleted. Each table's own owner
        closes its channels."""
        if cookie_hashes:
            for owner in self.tables.values():
                owner.end_sessions(cookie_hashes)

    # --- dealing and finding tables --------------------------------------------------------

    async def create(
        self,
        plan: TablePlan,
        creator: str | None,
        people: dict[int, str] | None = None,
        names: dict[str, str] | None = None,
        programs: bool = False,
        max_think: float = DEFAULT_MAX_THINK,
        address: str | None = None,
    ) -> tuple[TableOwner, dict[int, str]]:
        """Deal a new table and adopt it: its owner, and each invite's token by seat. Asked
        from a client ``address``, refused (``lobby.WaitingTablesFull``) past ``waiting_cap``."""
        created = await self.desk.create(
            plan,
            creator,
            dict(people or {}),
            programs=programs,
            max_think=max_think,
            created_from=address,
            waiting_cap=self.waiting_cap if address is not None else 0,
        )
        return self.adopt(created.row, created.seats, names or {}), created.tokens

    async def refuse_full(
        self, plan: TablePlan, creator: str | None, people: Sequence[int], address: str | None
    ) -> None:
        """``WaitingTablesFull`` now if the table would wait for a person and its creator or
        ``address`` holds the most waiting tables: before its network bots are asked (each
        would have agreed, and the asker's challenges been spent, for a table refused). The
        deal's own check, in its transaction, stays the guard."""
        waits = any(s.kind == "person" and n not in people for n, s in enumerate(plan.seats))
        if address is None or not self.waiting_cap or not waits:
            return
        met = await self.store.waiting_cap_met(creator, address, self.waiting_cap)
        if met:
            raise WaitingTablesFull(met)

    async def seats_of(self, table_id: str) -> list[SeatRow]:
        """A table's seats as stored (a rematch's plan is read from them)."""
        return await self.store.seats(table_id)

    async def rematch(
        self,
        owner: TableOwner,
        person_id: str,
        max_think: float = DEFAULT_MAX_THINK,
        address: str | None = None,
        seats: Sequence[SeatRow] | None = None,
    ) -> tuple[TableOwner, dict[int, str]]:
        """The finished table's rematch, dealt now (with the invites of the seats that wait
        for a person) or, dealt before, as it is (no invites); ``KeyError`` if it has none.
        Asked from a client ``address``, held to the caps of waiting tables as ``create``.
        ``seats``: the table's, if the caller has just read them."""
        cap = self.waiting_cap if address is not None else 0
        created: Created | None = await deal_rematch(
            owner, person_id, max_think, address, cap, seats
        )
        if created is not None:
            live = owner.live
            names = {s.person_id: s.name for s in live.seats if s.person_id is not None}
            return self.adopt(created.row, created.seats, names), created.tokens
        again = await rematch_id(owner)
        if again is None:
            raise KeyError(owner.id)
        return await self.get(again), {}

    async def listed(self, offset: int, limit: int) -> list[TableOwner]:
        """A page of the listed tables not yet finished, newest first."""
        return [await self.get(row.id) for row in await self.store.listed_tables(offset, limit)]

    async def tables_of(self, person_id: str) -> list[tuple[TableOwner, int]]:
        """Every table where the person holds a seat, with that seat, newest first."""
        return [
            (await self.get(row.id), seat) for row, seat in await self.store.tables_of(person_id)
        ]

    # --- the bus ---------------------------------------------------------------------------

    async def catch_up_all(self) -> None:
        """After the bus was away (a restart of the database): every table open here may
        have missed steps, seats and chat, whose notifications were not kept for it, and
        people's changed choices of how to be told."""
        self.notices.untargeted.clear()
        for owner in list(self.tables.values()):
            await owner.after_outage()
        # After the tables: a failed read of the accounts costs the bots' check, not theirs.
        try:
            await self._close_revoked_bots()
        except Exception:
            log.exception("the network bots revoked while the bus was away are not closed")

    async def _close_revoked_bots(self) -> None:
        """Close the bots connected here, or holding a seat for a deal, whose accounts went
        while the bus was away (the notice of their revocation was not kept for this
        process)."""
        netbots = self.desk.netbots
        held = (name for bots in netbots.released.values() for name, _, _ in bots)
        names = sorted({*netbots.links, *netbots.reserved, *held})
        if not names or self.store is None:
            return
        existing = await BotAccounts(self.store.database).existing(names)
        for name in names:
            if name not in existing:
                netbots.revoke(name)

    async def _announce_targets(self, person_id: str) -> None:
        await self.bus.publish(TARGETS, person_id)

    async def revoke_bot(self, name: str) -> None:
        """A network bot's token is gone (revoked, or its owner's account deleted): its
        connection is closed (4401) in this process and, told by the bus, in every other
        (it stayed connected, and playing, on any process but the one that revoked it)."""
        self.desk.netbots.revoke(name)
        await self.bus.publish(BOT_REVOKED, name)

    async def on_notice(self, kind: str, table_id: str, number: int) -> None:
        if kind == TARGETS:  # a person's choices, changed in another process
            self.notices.untargeted.forget(table_id)
            return
        if kind == BOT_REVOKED:  # the id is the bot's name
            self.desk.netbots.revoke(table_id)
            return
        owner = self.tables.get(table_id)
        if owner is None:
            return
        try:
            await owner.on_notice(kind, number)
        except DatabaseUnavailable:
            # Read again once the database is back: by the bus's catch-up, or on demand.
            owner.live.behind = True

    async def _rate_left_over(self) -> None:
        """Rated tables that finished while no process was left to rate them (one stopped
        between the last step and the rating); ``left_over`` says how far it got."""
        left_over = self.left_over
        try:
            for table_id in await self.ratings.unrated():
                try:
                    owner = await self.get(table_id)
                    if await self.desk.rate_finished(owner.live):
                        left_over.rated += 1
                except Exception:
                    left_over.not_rated += 1
                    log.exception("table %s: not rated", table_id)
            left_over.state = "done"
        except Exception:
            left_over.state = "failed"
            log.exception("the rated tables left unrated could not be listed")

    async def expire_waiting(self) -> list[str]:
        """Expire the waiting tables idle for ``expiry``'s while: the ones this process
        expired (another's sweep may take some of them first; each is expired once)."""
        if self.expiry is None:
            return []
        expired = []
        for table_id in await self.expiry.due():
            if await self.expiry.expire(table_id):
                expired.append(table_id)
                self._untold[table_id] = False
        for table_id, told_here in sorted(self._untold.items()):
            # Stored as expired, so never due again: told here until it goes through (a
            # database down a moment must not leave its people untold, its bots held),
            # each part once (its people are not told twice when only the bus failed).
            try:
                if not told_here:
                    with contextlib.suppress(KeyError):
                        await (await self.get(table_id)).expired()
                    self._untold[table_id] = True
                await self.bus.publish("seats", table_id)
            except Exception:
                log.exception("table %s expired: not yet told, again at the next sweep", table_id)
            else:
                del self._untold[table_id]
        return expired

    async def _sweep(self) -> None:
        """A safety net for a missed notification, and tables another process started;
        waiting tables left idle too long expire."""
        while not self._closing:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                progress = await self.store.unfinished_progress()
                self.forget_unused(time.monotonic(), {table_id for table_id, _, _ in progress})
                for table_id, step, status in progress:
                    known = self.tables.get(table_id)
                    if known is None:
                        await self.get(table_id)
                    else:
                        await known.saw(step, status)
                await self.expire_waiting()
            except DatabaseUnavailable:
                pass  # said once for the outage (``outage.Reach``); the next sweep tries
            except Exception:
                log.exception("sweep failed")
