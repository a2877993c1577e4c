"""An invitation left unanswered expires (``invites.LIFETIME``), and an expired one opens
nothing: told by the invitations' own clock, set by the test. Of two invitations of one
account to one table at once, the database keeps one."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sleuth.server.db import open_database
from sleuth.server.invites import (
    ACCEPTED,
    DECLINED,
    LIFETIME,
    Invitations,
    InviteRefused,
    SeatView,
)
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.models import AccountRow
from sleuth.server.notify import INVITED, Event
from sleuth.server.settings import Settings
from sleuth.server.store import Store
from support.game_cases import kit_for

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name


async def test_an_expired_invitation_is_refused_and_listed_no_more(tmp_path: Path) -> None:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'q.db'}"))
    await database.migrate()
    store = Store(database)
    now = [1_000_000.0]
    invitations = Invitations(database, "off", "off", clock=lambda: now[0])
    try:
        ann, _ = await store.create_person("Ann")
        bob, _ = await store.create_person("Bob")
        await database.write(
            lambda session: session.add(
                AccountRow(person_id=bob.id, name="Bob", name_key="bob", password_hash="x",
                           created_at=0.0)
            )
        )  # fmt: skip
        plan = TablePlan(EXAMPLE, 3, {}, [SeatPlan("person")] * 2 + [SeatPlan("bot", "random")])
        table = (await create_table(store, plan, ann.id, {0: ann.id})).table_id
        view = SeatView(table, "waiting", ann.id, ["person", "person", "bot"], [ann.id, None, None])
        event, name = await invitations.invite(view, 1, ann.id, "bob")
        assert (event, name) == (Event(bob.id, INVITED, table, event.step), "Bob")
        assert [i.id for i in await invitations.open_for(bob.id)] == [event.step]
        now[0] += LIFETIME
        assert await invitations.open_for(bob.id) == []
        for state in (ACCEPTED, DECLINED):
            with pytest.raises(InviteRefused) as refused:
                await invitations.answer(event.step, bob.id, state)
            assert (refused.value.status, str(refused.value.said)) == (
                410,
                f"invitation {event.step} has expired",
            )
        # Expired, it no longer stands in the way of inviting Bob again.
        again, _ = await invitations.invite(view, 1, ann.id, "Bob")
        assert again.step == event.step + 1
        assert [i.id for i in await invitations.open_for(bob.id)] == [again.step]
        # Its seat taken by another's invite link: no longer listed.
        cy, _ = await store.create_person("Cy")
        assert await store.take_seat(table, 1, cy.id, None, "0" * 64) is None
        assert await invitations.open_for(bob.id) == []
        finished = SeatView(table, "finished", ann.id, view.kinds, view.holders)
        with pytest.raises(InviteRefused) as over:
            await invitations.invite(finished, 1, ann.id, "Bob")
        assert (over.value.status, str(over.value.said)) == (409, "the game is over")
    finally:
        await database.close()


async def test_two_invitations_of_one_account_at_once_make_one(tmp_path: Path) -> None:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'q.db'}"))
    await database.migrate()
    store = Store(database)
    invitations = Invitations(database, "off", "off")
    try:
        ann, _ = await store.create_person("Ann")
        bob, _ = await store.create_person("Bob")
        await database.write(
            lambda session: session.add(
                AccountRow(person_id=bob.id, name="Bob", name_key="bob", password_hash="x",
                           created_at=0.0)
            )
        )  # fmt: skip
        plan = TablePlan(EXAMPLE, 3, {}, [SeatPlan("person")] * 3)
        table = (await create_table(store, plan, ann.id, {0: ann.id})).table_id
        view = SeatView(table, "waiting", ann.id, ["person"] * 3, [ann.id, None, None])
        answers = await asyncio.gather(
            invitations.invite(view, 1, ann.id, "Bob"),
            invitations.invite(view, 2, ann.id, "Bob"),
            return_exceptions=True,
        )
        refused = [a for a in answers if isinstance(a, InviteRefused)]
        assert [(r.status, str(r.said)) for r in refused] == [
            (409, "Bob is invited to this table already")
        ]
        assert len(await invitations.open_for(bob.id)) == 1
    finally:
        await database.close()
