"""A step that hands the move to a person who has no way to be told (no address, browser or
hook) asks the database nothing after the first time; any change of that person's choices,
here or in another process, is seen by the next step."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sleuth.server.db import Database, open_database
from sleuth.server.hooks import CheckedHook, Hooks
from sleuth.server.hub import TARGETS, Hub
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.models import MailSettingsRow
from sleuth.server.notify import YOUR_MOVE, Event, Notices
from sleuth.server.push import Subscription, Subscriptions
from sleuth.server.settings import Settings
from sleuth.server.store import Store
from sleuth.server.untargeted import Untargeted
from support.game_cases import kit_for

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
KINDS = {"your_move": True, "game_over": True, "invited": True, "clock_low": True}


class CountedWrites:
    """The database, counting the transactions that write."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.writes = 0

    async def write(self, work: Callable[[Any], Any]) -> Any:
        self.writes += 1
        return await self.database.write(work)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.database, name)


async def _table(database: Database) -> tuple[str, str, str]:
    store = Store(database)
    ann, _ = await store.create_person("Ann")
    bob, _ = await store.create_person("Bob")
    plan = TablePlan(EXAMPLE, 3, {}, [SeatPlan("person")] * 2 + [SeatPlan("bot", "random")])
    table = (await create_table(store, plan, None, {0: ann.id, 1: bob.id})).table_id
    return table, ann.id, bob.id


@pytest.fixture
async def database(tmp_path: Path) -> Any:
    opened = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'q.db'}"))
    await opened.migrate()
    yield opened
    await opened.close()


def _every_channel(database: Any) -> Notices:
    notices = Notices(database)
    notices.enabled = notices.push_enabled = notices.hooks_enabled = True
    return notices


async def test_a_person_no_one_can_tell_costs_one_query_only(database: Database) -> None:
    table, ann, _ = await _table(database)
    counted = CountedWrites(database)
    notices = _every_channel(counted)
    for step in range(1, 6):
        assert await notices.add([Event(ann, YOUR_MOVE, table, step)]) == 0
    assert counted.writes == 1


async def test_each_new_way_to_be_told_is_seen_by_the_next_step(database: Database) -> None:
    table, ann, bob = await _table(database)
    notices = _every_channel(database)
    step = iter(range(1, 100))

    async def told(person: str) -> int:
        return await notices.add([Event(person, YOUR_MOVE, table, next(step))])

    assert (await told(ann), await told(bob)) == (0, 0)  # both noted: no way to tell them
    browser = Subscription("https://push.example.org/ann", "k" * 87, "a" * 22)
    await Subscriptions(notices).add(ann, browser, "en")
    assert (await told(ann), await told(bob)) == (1, 0)
    await Hooks(notices).add(
        bob, CheckedHook("json://hooks.example.org/b", "json://..."), "en", KINDS
    )
    assert await told(bob) == 1
    cid = (await Store(database).create_person("Cid"))[0].id
    assert await told(cid) == 0
    await notices.save_settings(
        MailSettingsRow(person_id=cid, address="cid@example.org", language="en", updated_at=0.0,
                        confirmed_at=1.0, **KINDS)
    )  # fmt: skip
    assert await told(cid) == 1


def test_a_finding_is_not_noted_if_a_choice_changed_while_it_was_queried() -> None:
    now = [0.0]
    untargeted = Untargeted(lambda: now[0], keep_seconds=60.0)
    before = untargeted.changes
    untargeted.forget("someone else")  # any person's change: the query may predate it
    untargeted.note(["ann"], before)
    assert not untargeted.known("ann")
    untargeted.note(["ann"], untargeted.changes)
    assert untargeted.known("ann")
    now[0] = 60.5  # a note lives a minute: a word lost between processes costs no more
    assert not untargeted.known("ann")


async def test_another_processs_word_and_a_reconnected_bus_forget_the_notes() -> None:
    hub = Hub(store=None, bus=None, pool=None, bot_delay=0)  # type: ignore[arg-type]
    noted = hub.notices.untargeted
    noted.note(["ann", "bob"], noted.changes)
    await hub.on_notice(TARGETS, "ann", 0)
    assert (noted.known("ann"), noted.known("bob")) == (False, True)
    await hub.catch_up_all()
    assert not noted.known("bob")
