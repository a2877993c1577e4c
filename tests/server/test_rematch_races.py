"""A finished table's rematch at its edges: two processes on one PostgreSQL racing for it
(the one that loses names the winner's rematch at once, not when the bus's notice comes), a
cancellation between its commit and the telling of the seats (they learn of it all the
same), and the waiting-tables cap of a rematch seating a network bot (refused before the
bot is asked)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

pytest.importorskip("fastapi")

from sleuth.server.app import create_app
from sleuth.server.desk import Desk
from sleuth.server.hub import Hub
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.models import PersonRow, StepRow
from sleuth.server.owner import TableOwner
from sleuth.server.settings import Settings
from sleuth.server.store import Store
from support.waits import until, until_true

from .test_ratings import EXAMPLE, random_game
from .test_waiting_expiry import ORIGIN, too_many

PEOPLE = [SeatPlan("person"), SeatPlan("person"), SeatPlan("bot", "random")]


async def finished(store: Store, seats: list[SeatPlan], people: dict[int, str]) -> str:
    """A table of the example game played to its end, written as the service writes one."""
    plan = TablePlan(EXAMPLE, 3, {}, seats, sheet="off")
    created = await create_table(store, plan, None, people)
    table = created.table_id
    await store.update_table(table, seed="7")
    moves, _ = random_game(created.row.config, 7)
    for number, (seat, action, result) in enumerate(moves, start=1):
        step = StepRow(table_id=table, number=number, seat=seat, action=action,
                       result=result, at=number)  # fmt: skip
        await store.insert_step(step, None, number == len(moves))
    return table


@asynccontextmanager
async def serving(settings: Settings) -> AsyncIterator[FastAPI]:
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        yield app


def hub_of(app: FastAPI) -> Hub:
    hub: Hub = app.state.services.hub
    return hub


@asynccontextmanager
async def one_finished(tmp_path: Path) -> AsyncIterator[tuple[Hub, TableOwner, PersonRow]]:
    """One service on SQLite, and its owner of Ann's and Bob's finished table; Ann."""
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "key")
    async with serving(settings) as app:
        hub = hub_of(app)
        ann, _ = await hub.store.create_person("Ann")
        bob, _ = await hub.store.create_person("Bob")
        table = await finished(hub.store, PEOPLE, {0: ann.id, 1: bob.id})
        yield hub, await hub.get(table), ann


async def two_services(
    stack: AsyncExitStack, settings: Settings
) -> tuple[Hub, Hub, tuple[PersonRow, PersonRow], str]:
    """Two services on one database, and a finished table of Ann's and Bob's."""
    first = hub_of(await stack.enter_async_context(serving(settings)))
    second = hub_of(await stack.enter_async_context(serving(settings)))
    ann, _ = await first.store.create_person("Ann")
    bob, _ = await first.store.create_person("Bob")
    table = await finished(first.store, PEOPLE, {0: ann.id, 1: bob.id})
    return first, second, (ann, bob), table


async def test_the_process_that_loses_the_race_names_the_winners_rematch_at_once(
    postgres: Any, tmp_path: Path
) -> None:
    """Two services on one PostgreSQL (each its bus); the second's notices of seats held
    back: it asks for the rematch the first has dealt, and its table names that rematch
    at once (it had none until the notice came: a seat there was shown no rematch)."""
    settings = Settings(db_url=postgres(), key_file=tmp_path / "key")
    async with AsyncExitStack() as stack:
        first, second, (ann, bob), table = await two_services(stack, settings)
        bus = second.desk.bus
        assert bus.shared  # PostgreSQL's: the other's notices come through the database
        handler, release, held = bus.handler, asyncio.Event(), []
        assert handler is not None

        async def late(kind: str, table_id: str, number: int) -> None:
            if kind == "seats":
                held.append((kind, table_id))
                await release.wait()
            await handler(kind, table_id, number)

        bus.handler = late
        here, there = await first.get(table), await second.get(table)
        dealt, _ = await first.rematch(here, ann.id)
        assert here.live.row.rematch == dealt.id
        found, tokens = await second.rematch(there, bob.id)
        assert (found.id, tokens) == (dealt.id, {})
        assert there.live.row.rematch == dealt.id  # None until the notice came
        assert json.loads(there.state_frame(1).wire())["rematch"] == dealt.id
        await until_true(lambda: held == [("seats", table)], "the first's notice came")
        release.set()


async def test_a_rematch_whose_notice_was_lost_is_read_as_a_seat_connects(
    postgres: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process that dealt the rematch stopped before its notice went out: the other
    reads it before a seat's channel there opens (it read the step and status only)."""
    settings = Settings(db_url=postgres(), key_file=tmp_path / "key")
    async with AsyncExitStack() as stack:
        first, second, (ann, _), table = await two_services(stack, settings)
        here, there = await first.get(table), await second.get(table)

        async def lost(kind: str, table_id: str, number: int = 0) -> None:
            return None

        monkeypatch.setattr(first.desk.bus, "publish", lost)
        dealt, _ = await first.rematch(here, ann.id)
        assert there.live.row.rematch is None  # nothing told it
        await there.catch_up_if_behind()  # as a seat's channel opens
        assert there.live.row.rematch == dealt.id
        assert json.loads(there.state_frame(1).wire())["rematch"] == dealt.id


async def test_a_rematch_committed_as_its_asker_went_is_told_to_the_seats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The asker cancelled (a client gone) after the deal's commit, before the table here
    named it: the seats are told, and the other processes."""
    async with one_finished(tmp_path) as (hub, owner, ann):
        table = owner.id
        told: list[str | None] = []
        published: list[tuple[str, str]] = []
        monkeypatch.setattr(owner, "broadcast", lambda: told.append(owner.live.row.rematch))

        async def publish(kind: str, table_id: str, number: int = 0) -> None:
            published.append((kind, table_id))

        monkeypatch.setattr(hub.desk.bus, "publish", publish)

        async def committed() -> str | None:
            row = await hub.store.table(table)
            return None if row is None else row.rematch

        await owner.live.lock.acquire()  # the telling waits for it after the commit
        asking = asyncio.create_task(hub.rematch(owner, ann.id))
        stored = [await until(committed, "the rematch committed")]
        asking.cancel()
        with pytest.raises(asyncio.CancelledError):
            await asking
        owner.live.lock.release()
        await until_true(lambda: told != [], "the seats told")
        assert (owner.live.row.rematch, told, published) == (
            stored[0],
            stored,
            [("seats", table)],
        )


async def test_a_rematch_dealt_while_the_bus_fails_is_answered_not_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bus's publish fails after the deal (the database away a moment): the asker gets
    the dealt rematch and the seats here are told (the other processes read it when a seat
    next connects there), rather than an error for a rematch that exists."""
    async with one_finished(tmp_path) as (hub, owner, ann):
        table = owner.id

        async def failing(kind: str, table_id: str, number: int = 0) -> None:
            raise ConnectionError("the bus is away")

        monkeypatch.setattr(hub.desk.bus, "publish", failing)
        dealt, _ = await hub.rematch(owner, ann.id)
        row = await hub.store.table(table)
        assert row is not None
        assert (row.rematch, owner.live.row.rematch) == (dealt.id, dealt.id)
        assert json.loads(owner.state_frame(1).wire())["rematch"] == dealt.id


async def test_a_rematch_whose_commit_went_unanswered_is_read_back_and_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cancellation landed as the commit's answer came (the deal stored, its answer
    lost): the table's row is read back, the rematch named here and the other processes
    told, without waiting for a seat to connect."""
    async with one_finished(tmp_path) as (hub, owner, ann):
        table = owner.id
        deal = Desk.create

        async def lost(desk: Desk, *arguments: Any, **named: Any) -> Any:
            await deal(desk, *arguments, **named)
            raise asyncio.CancelledError

        monkeypatch.setattr(Desk, "create", lost)
        published: list[tuple[str, str]] = []

        async def publish(kind: str, table_id: str, number: int = 0) -> None:
            published.append((kind, table_id))

        monkeypatch.setattr(hub.desk.bus, "publish", publish)
        with pytest.raises(asyncio.CancelledError):
            await hub.rematch(owner, ann.id)
        row = await hub.store.table(table)
        assert row is not None and row.rematch is not None
        await until_true(lambda: published != [], "the other processes told")
        assert (owner.live.row.rematch, published) == (row.rematch, [("seats", table)])
        again = await hub.get(table)  # as a seat's channel or a request asks for it
        assert again is owner and again.live.row.rematch == row.rematch
        assert json.loads(again.state_frame(0).wire())["rematch"] == row.rematch


async def test_a_deal_under_way_as_its_asker_went_is_stored_and_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The asker cancelled while the deal is still under way (its commit not yet begun, or
    in the writer's thread): the deal goes on to its end, and the rematch it stored is named
    here and told to the other processes."""
    async with one_finished(tmp_path) as (hub, owner, ann):
        table = owner.id
        deal = Desk.create
        gate = asyncio.Event()
        began = asyncio.Event()

        async def slow(desk: Desk, *arguments: Any, **named: Any) -> Any:
            began.set()
            await gate.wait()
            return await deal(desk, *arguments, **named)

        monkeypatch.setattr(Desk, "create", slow)
        published: list[tuple[str, str]] = []

        async def publish(kind: str, table_id: str, number: int = 0) -> None:
            published.append((kind, table_id))

        monkeypatch.setattr(hub.desk.bus, "publish", publish)
        asking = asyncio.create_task(hub.rematch(owner, ann.id))
        await began.wait()
        asking.cancel()
        with pytest.raises(asyncio.CancelledError):
            await asking
        gate.set()
        await until_true(lambda: published != [], "the other processes told")
        row = await hub.store.table(table)
        assert row is not None and row.rematch is not None
        assert (owner.live.row.rematch, published) == (row.rematch, [("seats", table)])


async def test_a_rematch_past_the_waiting_cap_asks_no_network_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rematch that waits for a person (Bob's seat is free) and seats a network bot,
    asked by Ann holding the most waiting tables: refused before the bot is asked (it
    agreed, and her challenge was spent, for a 429)."""
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "key")
    async with serving(settings) as app:
        services = app.state.services
        transport = httpx.ASGITransport(app=app, client=("10.0.0.1", 1234))
        async with httpx.AsyncClient(
            transport=transport, base_url="http://testserver", headers=ORIGIN
        ) as ann:
            made = await ann.post("/api/people", json={"name": "Ann"})
            assert made.status_code == 200, made.text
            seats = [SeatPlan("person"), SeatPlan("person"), SeatPlan("bot", "net:arena")]
            table = await finished(services.hub.store, seats, {0: made.json()["id"]})
            asked: list[str] = []

            async def ask(name: str, person_id: str, challenge: Any) -> None:
                asked.append(name)

            monkeypatch.setattr(services.challenges, "ask", ask)
            services.netbots.connect("arena")  # it would agree
            services.hub.waiting_cap = 1
            body = {"game": EXAMPLE, "players": 3, "sit": 0, "seats": [{"kind": "person"}] * 3}
            waiting = await ann.post("/api/tables", json=body)
            assert waiting.status_code == 201, waiting.text
            refused = await ann.post(f"/api/tables/{table}/rematch")
            answer = refused.json()
            assert (refused.status_code, answer["detail"], answer["problem"]) == too_many(1)
            assert asked == []
            assert (await ann.get(f"/api/tables/{table}")).json()["rematch"] is None
            # Room for one more: the bot is asked, once.
            services.hub.waiting_cap = 2
            again = await ann.post(f"/api/tables/{table}/rematch")
            assert again.status_code == 201, again.text
            assert asked == ["arena"]
