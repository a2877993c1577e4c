"""A move a day that survives life (issue #36, item 4): a turn clock's time bank, spent when
a move takes longer than its time and worked out from the stored steps' times (the same
after a restart); a person's vacation, which stops their clocks up to the table's vacation
days; the reminder queued once a turn when a seat's time runs low, never for a bot's seat;
the bank and the vacation flag in every seat's frame, and nothing more of either.

Every time here is the test's own clock (``Desk.clock``): nothing sleeps, nothing is timed.
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from sleuth.core import ConfigError
from sleuth.server.bus import LocalBus
from sleuth.server.clocks import DAY, reminder_before, run_out_at
from sleuth.server.db import Database, open_database
from sleuth.server.desk import Desk
from sleuth.server.driver import drive
from sleuth.server.live import LiveTable
from sleuth.server.lobby import SeatPlan, TablePlan, check_plan, create_table
from sleuth.server.models import MailSettingsRow, NotificationRow
from sleuth.server.notify import CLOCK_LOW, Notices
from sleuth.server.owner import TableOwner
from sleuth.server.ratings import Ratings
from sleuth.server.schemas import TableIn
from sleuth.server.settings import Settings
from sleuth.server.store import Store
from sleuth.server.vacations import OnVacation, Vacations
from support.game_cases import kit_for

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
T0 = 2_000_000_000.0  # the game's start: after the seats' real times of creation
HOUR = 3600.0
PER_MOVE = HOUR
BANK = 2 * HOUR


class Clock:
    """The test's time: set, never waited for."""

    def __init__(self, at: float) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


@dataclass
class World:
    database: Database
    store: Store
    notices: Notices
    vacations: Vacations
    clock: Clock
    people: list[str]
    table_id: str
    tasks: set[asyncio.Task[Any]]

    def desk(self) -> Desk:
        def spawn(job: Any) -> asyncio.Task[Any]:
            if job.__name__ == "drive":
                # The table's own driver is not run (a test runs one when it means to): a
                # bot's seat would ask the workers this desk has none of.
                job.close()
                job = asyncio.sleep(0)
            task = asyncio.get_running_loop().create_task(job)
            self.tasks.add(task)
            return task

        return Desk(
            self.store,
            LocalBus(),
            None,  # type: ignore[arg-type]  # no bots, no sheets: no worker is asked
            0.0,
            spawn,
            Ratings(self.database),
            self.notices,
            vacations=self.vacations,
            clock=self.clock,
        )

    async def owner(self) -> TableOwner:
        """The table's owner as a process starting now builds it: from the stored rows."""
        row = await self.store.table(self.table_id)
        assert row is not None
        seats = await self.store.seats(self.table_id)
        steps = await self.store.steps(self.table_id)
        live = LiveTable.build(row, seats, steps, {})
        owner = TableOwner(live, self.desk())
        await owner.read_vacations()
        return owner

    async def clock_low_rows(self) -> list[tuple[str, int]]:
        query = select(NotificationRow.person_id, NotificationRow.step).where(
            NotificationRow.kind == CLOCK_LOW
        )
        rows = await self.database.read(lambda session: list(session.execute(query)))
        return sorted((person, step) for person, step in rows)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'bank.db'}"))
    await database.migrate()
    store = Store(database)
    notices = Notices(database)
    notices.enabled = True
    people = [(await store.create_person(name))[0].id for name in ("Ann", "Bob", "Cy")]
    plan = TablePlan(
        EXAMPLE,
        3,
        {},
        [SeatPlan("person")] * 3,
        sheet="off",
        clock="turn",
        per_move=PER_MOVE,
        bank=BANK,
        vacation_days=1,
    )
    created = await create_table(store, plan, None, dict(enumerate(people)))
    await store.update_table(created.table_id, started_at=T0)
    for person in people:  # every one of them asked for the reminder by mail
        await notices.save_settings(
            MailSettingsRow(
                person_id=person, address=f"{person}@example.org", language="en",
                your_move=False, game_over=False, invited=False, clock_low=True,
                updated_at=T0, confirmed_at=T0,
            )
        )  # fmt: skip
    world = World(
        database, store, notices, Vacations(database), Clock(T0), people, created.table_id, set()
    )
    try:
        yield world
    finally:
        for task in world.tasks:
            task.cancel()
        await database.close()


async def move(owner: TableOwner) -> int:
    """The seat the game waits on plays its first legal action; that seat."""
    live = owner.live
    seat = live.state.to_move()
    assert seat is not None
    await owner.act(seat, str(live.state.legal_actions(seat)[0]))
    return seat


# --- the bank -------------------------------------------------------------------------------


async def test_a_move_longer_than_its_time_spends_the_bank_exactly_and_a_restart_agrees(
    world: World,
) -> None:
    owner = await world.owner()
    first = owner.live.state.to_move()
    assert first is not None
    assert owner.live.deadline() == (first, T0 + PER_MOVE + BANK)
    world.clock.at = T0 + PER_MOVE + 1800  # half an hour over the move's time
    assert await move(owner) == first
    banks = [left.bank for left in owner.live.seat_times()]
    assert banks[first] == BANK - 1800
    assert sum(banks) == 3 * BANK - 1800  # nobody else's bank moved
    second = owner.live.state.to_move()
    assert second is not None and second != first
    assert owner.live.deadline() == (second, T0 + PER_MOVE + 1800 + PER_MOVE + BANK)
    # A move within its time spends nothing.
    world.clock.at += PER_MOVE - 1
    await move(owner)
    assert [left.bank for left in owner.live.seat_times()] == banks

    restarted = await world.owner()  # a process built from the rows alone
    assert [left.bank for left in restarted.live.seat_times()] == banks
    assert restarted.live.deadline() == owner.live.deadline()


async def test_the_bank_runs_out_and_stays_empty(world: World) -> None:
    owner = await world.owner()
    first = await_mover(owner)
    world.clock.at = T0 + PER_MOVE + 5 * BANK  # far past: the move and the whole bank
    await move(owner)
    assert owner.live.seat_times()[first].bank == 0.0


def await_mover(owner: TableOwner) -> int:
    seat = owner.live.state.to_move()
    assert seat is not None
    return seat


# --- vacations ------------------------------------------------------------------------------


async def test_a_vacation_stops_the_clock_up_to_the_tables_days_then_it_runs_again(
    world: World,
) -> None:
    owner = await world.owner()
    mover = await_mover(owner)
    person = world.people[mover]
    await world.vacations.start(person, 3, T0 + 600)  # three days, the table allows one
    await owner.refresh()
    # 600 s run, then the clock stands still for the table's one day, then runs again.
    assert owner.live.deadline() == (mover, T0 + PER_MOVE + BANK + DAY)
    frame = json.loads(owner.state_frame(None).wire())
    world.clock.at = T0 + 700
    on_vacation = json.loads(owner.state_frame(None).wire())["clock"]
    assert on_vacation["vacation"] == [seat == mover for seat in range(3)]
    # Every seat is shown the clock as if no vacation were coming (one to come is the
    # person's own), and no deadline while it lasts (the clock stands still).
    assert frame["clock"]["deadline"] == T0 + PER_MOVE + BANK
    assert (on_vacation["seat"], on_vacation["deadline"]) == (mover, None)

    # Ended early: the clock stood still only while it lasted.
    world.clock.at = T0 + 1600
    assert await world.vacations.end(person, world.clock.at)
    await owner.refresh()
    assert owner.live.deadline() == (mover, T0 + PER_MOVE + BANK + 1000)
    back = json.loads(owner.state_frame(1).wire())["clock"]
    assert (back["vacation"], back["deadline"]) == ([False] * 3, T0 + PER_MOVE + BANK + 1000)
    # The move made later uses the day's credit it stood still for.
    world.clock.at = T0 + PER_MOVE + 1000
    await move(owner)
    left = owner.live.seat_times()[mover]
    assert (left.bank, left.credit) == (BANK, DAY - 1000)
    restarted = await world.owner()
    assert restarted.live.seat_times() == owner.live.seat_times()


async def test_another_seats_vacation_does_not_stop_the_movers_clock(world: World) -> None:
    owner = await world.owner()
    mover = await_mover(owner)
    other = world.people[(mover + 1) % 3]
    await world.vacations.start(other, 2, T0)
    await owner.refresh()
    assert owner.live.deadline() == (mover, T0 + PER_MOVE + BANK)


def test_a_clock_run_stands_still_on_vacation_within_its_credit() -> None:
    assert run_out_at(0.0, 100.0, [], 50.0) == 100.0
    assert run_out_at(0.0, 100.0, [(10.0, 30.0)], 50.0) == 120.0
    assert run_out_at(0.0, 100.0, [(10.0, 30.0), (40.0, 100.0)], 50.0) == 150.0
    assert run_out_at(0.0, 100.0, [(200.0, 300.0)], 50.0) == 100.0  # after it ran out
    assert run_out_at(50.0, 100.0, [(0.0, 60.0)], 50.0) == 160.0  # begun before the turn


async def test_a_vacation_asked_badly_is_refused_naming_its_bounds_and_nothing_stored(
    world: World,
) -> None:
    person = world.people[0]
    for days in (0, -1, 61, 2.5, math.nan, "3", True):
        with pytest.raises(ValueError, match=r"days: a vacation is 1-60 days"):
            await world.vacations.start(person, days, T0)  # type: ignore[arg-type]
    assert await world.vacations.of([person]) == {}
    await world.vacations.start(person, 2, T0)
    with pytest.raises(OnVacation):
        await world.vacations.start(person, 5, T0 + 10)
    assert await world.vacations.of([person]) == {person: [(T0, T0 + 2 * DAY)]}


# --- the reminder ---------------------------------------------------------------------------


async def test_the_reminder_is_queued_once_a_turn_for_the_mover_only(world: World) -> None:
    owner = await world.owner()
    first = await_mover(owner)
    run_out = T0 + PER_MOVE + BANK
    low = run_out - reminder_before(PER_MOVE)
    assert reminder_before(PER_MOVE) == 900.0 and reminder_before(10 * DAY) == 12 * HOUR
    world.clock.at = low - 1
    await owner.remind()
    assert await world.clock_low_rows() == []
    world.clock.at = low
    await owner.remind()
    await owner.remind()
    owner._reminded = None  # a second process, or a restart: the queue keeps it once
    await owner.remind()
    await asyncio.gather(*world.tasks)
    assert await world.clock_low_rows() == [(world.people[first], 0)]

    world.clock.at = run_out - 1
    second_seat = await move(owner)
    assert second_seat == first
    mover = await_mover(owner)
    # The next seat's turn began just now: its time is not low, and nobody is reminded.
    await owner.remind()
    await asyncio.gather(*world.tasks)
    assert await world.clock_low_rows() == [(world.people[first], 0)]
    world.clock.at = run_out - 1 + PER_MOVE + BANK - 10
    await owner.remind()
    await asyncio.gather(*world.tasks)
    assert await world.clock_low_rows() == sorted(
        [(world.people[first], 0), (world.people[mover], 1)]
    )


async def test_the_driver_reminds_when_the_time_runs_low(world: World) -> None:
    owner = await world.owner()
    first = await_mover(owner)
    world.clock.at = T0 + PER_MOVE + BANK - 60
    driver = asyncio.get_running_loop().create_task(drive(owner))
    try:
        for _ in range(500):
            await asyncio.sleep(0.01)
            await asyncio.gather(*world.tasks)
            if await world.clock_low_rows():
                break
        assert await world.clock_low_rows() == [(world.people[first], 0)]
    finally:
        driver.cancel()


async def test_no_reminder_for_a_seat_a_bot_plays(world: World) -> None:
    owner = await world.owner()
    first = await_mover(owner)
    assert await owner.take_over(first)
    world.clock.at = T0 + PER_MOVE + BANK - 1
    await owner.remind()
    await asyncio.gather(*world.tasks)
    assert await world.clock_low_rows() == []


# --- the frame ------------------------------------------------------------------------------


async def test_every_seat_sees_every_bank_and_nothing_of_a_vacations_dates(world: World) -> None:
    owner = await world.owner()
    mover = await_mover(owner)
    await world.vacations.start(world.people[mover], 5, T0 + 100)
    await owner.refresh()
    world.clock.at = T0 + 200
    for seat in (None, 0, 1, 2):
        text = owner.state_frame(seat).wire()
        clock = json.loads(text)["clock"]
        assert clock == {
            "kind": "turn",
            "per_move": PER_MOVE,
            "seat": mover,
            "deadline": None,  # the clock stands still; until when is the person's own
            "banks": [BANK] * 3,
            "vacation": [seat_ == mover for seat_ in range(3)],
        }
        # When the vacation began and when it ends are the person's own.
        for private in (T0 + 100, T0 + 100 + 5 * DAY):
            assert repr(private) not in text and str(int(private)) not in text


async def test_a_table_without_a_clock_shows_no_bank(tmp_path: Path) -> None:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'none.db'}"))
    await database.migrate()
    store = Store(database)
    try:
        plan = TablePlan(EXAMPLE, 3, {}, [SeatPlan("bot", "random")] * 3, sheet="off")
        created = await create_table(store, plan, None, {})
        assert (created.row.bank, created.row.vacation_days) == (0.0, 0)
        live = LiveTable.build(created.row, created.seats, [], {})
        assert json.loads(live.state_frame(None).wire())["clock"] == {
            "kind": "none", "per_move": None, "seat": None, "deadline": None,
            "banks": [], "vacation": [],
        }  # fmt: skip
    finally:
        await database.close()


# --- options --------------------------------------------------------------------------------


def plan(**time: Any) -> TablePlan:
    return TablePlan(EXAMPLE, 3, {}, [SeatPlan("person")] * 3, sheet="off", **time)


@pytest.mark.parametrize(
    ("time", "refusal"),
    [
        ({"clock": "turn", "bank": -1.0}, "bank: a turn clock's time bank is 0-2592000 seconds"),
        ({"clock": "turn", "bank": 31 * DAY}, "bank: a turn clock's time bank is 0-2592000"),
        ({"clock": "turn", "bank": math.nan}, "bank: a turn clock's time bank is 0-2592000"),
        ({"clock": "turn", "bank": math.inf}, "bank: a turn clock's time bank is 0-2592000"),
        ({"clock": "turn", "bank": "60"}, "bank: a turn clock's time bank is 0-2592000"),
        ({"clock": "live", "bank": 3601.0}, "bank: a live clock's time bank is 0-3600 seconds"),
        ({"clock": "turn", "vacation_days": -1}, "vacation_days: a turn clock allows 0-30 days"),
        ({"clock": "turn", "vacation_days": 31}, "vacation_days: a turn clock allows 0-30 days"),
        ({"clock": "turn", "vacation_days": 2.5}, "vacation_days: a turn clock allows 0-30 days"),
        ({"clock": "turn", "vacation_days": True}, "vacation_days: a turn clock allows 0-30"),
        ({"clock": "live", "vacation_days": 1}, "vacation_days: a live clock allows 0-0 days"),
        ({"clock": "none", "bank": 60.0}, "bank, vacation_days: only at a table with a clock"),
    ],
)
def test_a_bank_or_vacation_days_out_of_range_is_refused_naming_the_range(
    time: dict[str, Any], refusal: str
) -> None:
    with pytest.raises(ConfigError, match=refusal.replace("+", r"\+")):
        check_plan(plan(**time))


def test_the_defaults_by_clock_and_the_wire_refuses_what_is_not_a_number() -> None:
    check_plan(plan(clock="turn", bank=0.0, vacation_days=0))
    check_plan(plan(clock="turn", bank=30 * DAY, vacation_days=30))
    body = {"game": EXAMPLE, "players": 3, "seats": [{"kind": "person"}] * 3, "clock": "turn"}
    for bad in ({"bank": "NaN"}, {"bank": "x"}, {"bank": -1}, {"vacation_days": 1.5}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            TableIn.model_validate_json(json.dumps({**body, **bad}))
    with pytest.raises(ValueError, match="bank"):
        TableIn.model_validate_json(json.dumps(body)[:-1] + ', "bank": NaN}')
    accepted = TableIn.model_validate({**body, "bank": 600, "vacation_days": 3})
    assert (accepted.bank, accepted.vacation_days) == (600.0, 3)


async def test_a_new_turn_clock_table_has_the_default_bank_and_vacation_days(
    tmp_path: Path,
) -> None:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'd.db'}"))
    await database.migrate()
    store = Store(database)
    try:
        bots = [SeatPlan("bot", "random")] * 3
        turn = await create_table(store, TablePlan(EXAMPLE, 3, {}, bots, clock="turn"), None)
        live = await create_table(store, TablePlan(EXAMPLE, 3, {}, bots, clock="live"), None)
        assert (turn.row.bank, turn.row.vacation_days) == (2 * DAY, 7)
        assert (live.row.bank, live.row.vacation_days) == (0.0, 0)
    finally:
        await database.close()
