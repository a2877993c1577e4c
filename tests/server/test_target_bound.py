"""A push or hook send has a bound in wall-clock time (issue #36 review, finding 2): a receiver
that never finishes answering (one that trickles its answer a byte at a time outlasts every
read timeout) holds no batch past the bound, and once it holds every sending thread, the
other people's sends go on in a new pool."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from sqlalchemy import select

from sleuth.server.db import Database, open_database
from sleuth.server.hooks import CheckedHook, Hooks
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.models import HookRow, NotificationRow, TableRow
from sleuth.server.notify import HOOK, YOUR_MOVE, Event, Notices
from sleuth.server.settings import Settings
from sleuth.server.store import Store
from sleuth.server.targets import SENDING_THREADS, TargetSender
from support.game_cases import kit_for

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
KINDS = {"your_move": True, "game_over": True, "invited": True, "clock_low": True}


class Receivers(TargetSender[HookRow]):
    """Hooks whose URL names "held" never answer until the test lets them go."""

    channel = HOOK
    what = "hook notifications"

    def __init__(self, notices: Notices, store: Store, let_go: threading.Event) -> None:
        super().__init__(notices, store, 3600.0, notices.hooked, 1.0)  # tried again in an hour
        self.hooks = Hooks(notices)
        self.let_go = let_go
        self.delivered: list[int] = []

    async def target_of(self, row: NotificationRow) -> HookRow | None:
        return await self.hooks.get(row.target)

    def post(self, target: HookRow, row: NotificationRow, table: TableRow) -> None:
        if "held" in target.url:
            self.let_go.wait(60)
            raise ConnectionError("let go by the test")
        self.delivered.append(row.id)

    async def tried(self, target_id: int, error: str | None) -> None:
        await self.hooks.tried(target_id, error)


async def _rows(database: Database) -> list[tuple[str, int, bool]]:
    query = select(NotificationRow).order_by(NotificationRow.id)
    rows = await database.read(lambda session: list(session.scalars(query)))
    return [(r.person_id, r.attempts, r.sent_at is not None) for r in rows]


async def test_receivers_that_never_answer_hold_no_batch_and_no_one_elses_sends(
    tmp_path: Path,
) -> None:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'q.db'}"))
    await database.migrate()
    let_go = threading.Event()
    try:
        store = Store(database)
        notices = Notices(database)
        notices.hooks_enabled = True
        people = [(await store.create_person(f"P{n}"))[0].id for n in range(SENDING_THREADS + 1)]
        plan = TablePlan(EXAMPLE, 3, {}, [SeatPlan("person")] + [SeatPlan("bot", "random")] * 2)
        table = (await create_table(store, plan, None, {0: people[0]})).table_id
        held, fine = people[:SENDING_THREADS], people[-1]
        for person in people:
            name = "held" if person in held else "fine"
            hook = CheckedHook(f"json://{name}.example.org/{person}", "json://...")
            await Hooks(notices).add(person, hook, "en", KINDS)
        for person in held:
            await notices.add([Event(person, YOUR_MOVE, table, 1)])
        sender = Receivers(notices, store, let_go)
        sender.send_seconds = 0.3
        # Over although none answered (the bound of 30 s only stops a sender that hangs).
        assert await asyncio.wait_for(sender.send_due(), 30) == SENDING_THREADS
        assert [(a, sent) for _, a, sent in await _rows(database)] == [(1, False)] * len(held)
        # Every thread of that pool is still held; the next person's send goes all the same.
        await notices.add([Event(fine, YOUR_MOVE, table, 2)])
        assert await asyncio.wait_for(sender.send_due(), 30) == 1
        assert [p for p, _, sent in await _rows(database) if sent] == [fine]
        assert len(sender.delivered) == 1
    finally:
        let_go.set()
        await asyncio.sleep(0)
        await database.close()
