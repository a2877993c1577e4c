"""A vacation's bounds beyond its own days (issue #36, item 4): at most the server's
allowance of vacation days in any 365 days, one vacation at a time, each refusal in words
the page translates; and two requests at once, on SQLite or on PostgreSQL across two
processes, never store two vacations or pass the allowance.

Every time here is the test's own (``now``): nothing sleeps, nothing is timed.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import AsyncIterator, Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from sqlalchemy.orm import Session

from sleuth.cli.serve_cmd import vacation_days
from sleuth.core.said import words_of
from sleuth.server.clocks import DAY
from sleuth.server.db import Database, open_database
from sleuth.server.settings import Settings
from sleuth.server.store import Store
from sleuth.server.vacations import (
    YEAR,
    NoDaysLeft,
    OnVacation,
    PersonGone,
    VacationRefused,
    Vacations,
    days_left,
    days_taken,
)

from .conftest import Server

T0 = 2_000_000_000.0  # 2033-05-18 03:33:20 UTC
PASSWORD = "correct horse battery"


@pytest.fixture
async def sqlite(tmp_path: Path) -> AsyncIterator[Database]:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'vacations.db'}"))
    await database.migrate()
    try:
        yield database
    finally:
        await database.close()


async def person(database: Database) -> str:
    return (await Store(database).create_person("Ann"))[0].id


def test_days_left_over_a_rolling_year_exactly() -> None:
    ten = [(T0, T0 + 10 * DAY)]
    assert days_left([], T0, 30) == 30
    assert days_left(ten, T0 + 10 * DAY, 30) == 20
    assert days_left(ten, T0 + 100 * DAY, 30) == 20
    # Five days before the first vacation's anniversary: a vacation of 15 days or more ends
    # a year after it, and its days free as the window passes them.
    assert days_left(ten, T0 + 360 * DAY, 30) == 30
    # With 12 a year, ten taken: 2 left, until a 12 days' vacation's 365 days hold no more
    # than 2 of the first's (it then ends 2 days after the first's anniversary).
    assert days_left(ten, T0 + 362 * DAY, 12) == 2
    assert days_left(ten, T0 + 363 * DAY, 12) == 12
    assert days_left(ten, T0 + 10 * DAY, 10) == 0
    assert days_left([], T0, 0) == 0
    half = [(T0, T0 + 2.5 * DAY)]  # ended early: only its days are taken
    assert days_left(half, T0 + 3 * DAY, 30) == 27


spans_strategy = st.lists(
    st.tuples(st.integers(0, 400 * 24), st.integers(1, 40 * 24)), max_size=6
)  # (hours before now that a vacation ended, its hours)


@settings(max_examples=200, deadline=None)
@given(spans_strategy, st.integers(0, 60))
def test_days_left_is_the_most_no_365_days_can_exceed(
    raw: list[tuple[int, int]], allowance: int
) -> None:
    now = T0
    spans = sorted((now - (ago + hours) * 3600.0, now - ago * 3600.0) for ago, hours in raw)

    def most_in_a_year(spans: list[tuple[float, float]]) -> float:
        # The taken days are piecewise linear in the window's end: their most is at a corner.
        ends = {now} | {edge + YEAR for span in spans for edge in span}
        ends |= {end for _, end in spans}
        return max(days_taken(spans, end - YEAR, end) for end in ends)

    def fits(days: int) -> bool:
        return most_in_a_year([*spans, (now, now + days * DAY)]) <= allowance * DAY + 1e-6

    # Only what the service stores: one vacation at a time, none past the allowance.
    assume(all(one[1] <= other[0] for one, other in pairwise(spans)))
    assume(most_in_a_year(spans) <= allowance * DAY)
    left = days_left(spans, now, allowance)
    assert 0 <= left <= allowance
    assert left == 0 or fits(left)
    assert left == allowance or not fits(left + 1)


async def test_the_allowance_and_one_at_a_time_refused_in_words(sqlite: Database) -> None:
    vacations = Vacations(sqlite, days_a_year=30)
    ann = await person(sqlite)
    await vacations.start(ann, 10, T0)
    assert await vacations.days_left(ann, T0 + DAY) == 0  # one is under way
    with pytest.raises(OnVacation) as lasting:
        await vacations.start(ann, 2, T0 + DAY)
    words = words_of(lasting.value)
    assert words is not None
    assert (words.code, words.template, dict(words.values)) == (
        "on_vacation",
        "a vacation is under way until %(until)s: end it before starting another",
        {"until": "2033-05-28 03:33 UTC"},
    )
    assert await vacations.end(ann, T0 + 4 * DAY)  # ended early: four days taken
    assert await vacations.days_left(ann, T0 + 4 * DAY) == 26
    with pytest.raises(NoDaysLeft) as long:
        await vacations.start(ann, 27, T0 + 4 * DAY)
    words = words_of(long.value)
    assert words is not None
    assert (words.code, str(words)) == (
        "vacation_allowance",
        "at most 30 vacation days in any 365 days: 26 left now, 27 asked",
    )
    row = await vacations.start(ann, 26, T0 + 4 * DAY)
    assert (row.starts_at, row.ends_at) == (T0 + 4 * DAY, T0 + 30 * DAY)
    # Nothing left until the first day passes out of the 365: from then on, each day of a
    # new vacation's takes the place of an old one's leaving its 365 days.
    assert await vacations.days_left(ann, T0 + 30 * DAY) == 0
    with pytest.raises(NoDaysLeft, match="30 vacation days in any 365 days: 0 left now, 1"):
        await vacations.start(ann, 1, T0 + 364 * DAY)
    assert await vacations.days_left(ann, T0 + 365 * DAY) == 30
    assert await vacations.of([ann]) == {ann: [(T0, T0 + 4 * DAY), (T0 + 4 * DAY, T0 + 30 * DAY)]}


async def test_an_allowance_of_none_refuses_every_vacation(sqlite: Database) -> None:
    vacations = Vacations(sqlite, days_a_year=0)
    ann = await person(sqlite)
    with pytest.raises(NoDaysLeft, match="at most 0 vacation days in any 365 days: 0 left"):
        await vacations.start(ann, 1, T0)
    assert await vacations.of([ann]) == {}


ASKED = 8  # requests at once


async def at_once(processes: list[Vacations], ann: str, days: list[int], now: float) -> list[str]:
    """Each request of ``days`` at the same moment, spread over the processes: what each
    answered (``stored`` or its refusal's code)."""

    async def ask(index: int, length: int) -> str:
        try:
            await processes[index % len(processes)].start(ann, length, now)
        except VacationRefused as error:
            words = words_of(error)
            return words.code if words else str(error)
        return "stored"

    return list(await asyncio.gather(*(ask(i, d) for i, d in enumerate(days))))


async def check_races(processes: list[Vacations], ann: str) -> None:
    start = T0 + 40 * DAY
    answers = await at_once(processes, ann, [3] * ASKED, start)
    assert sorted(answers) == ["on_vacation"] * (ASKED - 1) + ["stored"]
    assert await processes[0].of([ann]) == {ann: [(start, start + 3 * DAY)]}
    # Ended after a day, then asked again at once, each for more than half of the 29 days
    # left: any two stored would pass the allowance.
    assert await processes[0].end(ann, start + DAY)
    answers = await at_once(processes, ann, [14, 15, 16, 20] * (ASKED // 4), start + DAY)
    assert answers.count("stored") == 1
    assert set(answers) == {"stored", "on_vacation"}
    first, second = (await processes[0].of([ann]))[ann]
    assert first == (start, start + DAY)
    assert second[0] == start + DAY
    assert (second[1] - second[0]) / DAY == [14, 15, 16, 20][answers.index("stored") % 4]


async def test_requests_at_once_store_one_vacation_on_sqlite(sqlite: Database) -> None:
    ann = await person(sqlite)
    await check_races([Vacations(sqlite, days_a_year=30)], ann)


async def test_requests_at_once_in_two_processes_store_one_vacation_on_postgres(
    postgres: Callable[[], str],
) -> None:
    url = postgres()
    # Two processes of the service on one database: each its own pool of connections.
    first, second = (open_database(Settings(db_url=url)) for _ in range(2))
    try:
        await first.migrate()
        ann = await person(first)
        await check_races([Vacations(first, days_a_year=30), Vacations(second, 30)], ann)
    finally:
        await first.close()
        await second.close()


async def test_requests_at_once_store_one_vacation_whatever_the_servers_isolation(
    postgres: Callable[[], str],
) -> None:
    # An operator may set another default isolation: the service's transactions keep the
    # one its locks are written for (under repeatable read a request that waited for the
    # lock would read from before the other's vacation, and both would be stored).
    url = postgres()
    setup = open_database(Settings(db_url=url))
    try:
        await setup.migrate()
        ann = await person(setup)

        def repeatable_read(session: Session) -> None:
            name = session.execute(text("SELECT current_database()")).scalar_one()
            setting = "default_transaction_isolation = 'repeatable read'"
            session.execute(text(f'ALTER DATABASE "{name}" SET {setting}'))

        await setup.write(repeatable_read)
    finally:
        await setup.close()
    first, second = (open_database(Settings(db_url=url)) for _ in range(2))
    try:
        shown = await first.read(
            lambda session: session.execute(text("SHOW default_transaction_isolation")).scalar_one()
        )
        assert shown == "repeatable read"
        await check_races([Vacations(first, days_a_year=30), Vacations(second, 30)], ann)
    finally:
        await first.close()
        await second.close()


async def test_a_vacation_of_a_person_gone_is_refused_in_words(
    postgres: Callable[[], str],
) -> None:
    # The account deleted between the request's sign-in check and its transaction: the
    # person's row is gone, and the vacation is refused (not a broken foreign key, a 500).
    database = open_database(Settings(db_url=postgres()))
    try:
        await database.migrate()
        with pytest.raises(PersonGone) as refused:
            await Vacations(database, days_a_year=30).start("gone", 3, T0)
        words = words_of(refused.value)
        assert words is not None and words.code == "no_identity"
    finally:
        await database.close()


async def test_the_service_tells_the_days_left_and_refuses_in_words(launch: Any) -> None:
    server: Server = launch(extra=("--vacation-days-a-year", "5"))
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as ann:
        made = await ann.post("/api/account", json={"name": "Ann", "password": PASSWORD})
        assert made.status_code == 201, made.text
        before = (await ann.get("/api/account/vacation")).json()
        assert before == {"starts_at": None, "ends_at": None, "days_left": 5, "days_a_year": 5}

        async def refused(answer: httpx.Response) -> tuple[int, str, str, dict[str, Any]]:
            body = answer.json()
            return answer.status_code, body["problem"], body["template"], body["values"]

        too_long = await ann.post("/api/account/vacation", json={"days": 6})
        assert await refused(too_long) == (
            409,
            "vacation_allowance",
            "at most %(most)s vacation days in any 365 days: %(left)s left now, %(days)s asked",
            {"most": 5, "left": 5, "days": 6},
        )
        started = await ann.post("/api/account/vacation", json={"days": 3})
        assert started.status_code == 201, started.text
        under_way = started.json()
        assert under_way["ends_at"] - under_way["starts_at"] == 3 * DAY
        assert (under_way["days_left"], under_way["days_a_year"]) == (0, 5)
        again = await ann.post("/api/account/vacation", json={"days": 1})
        until = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(under_way["ends_at"]))
        assert await refused(again) == (
            409,
            "on_vacation",
            "a vacation is under way until %(until)s: end it before starting another",
            {"until": until},
        )
        # Ended within seconds: those seconds are taken, so 4 whole days are left.
        ended = await ann.delete("/api/account/vacation")
        assert ended.json() == {
            "starts_at": None, "ends_at": None, "days_left": 4, "days_a_year": 5,
        }  # fmt: skip
        none = await ann.delete("/api/account/vacation")
        assert await refused(none) == (404, "no_vacation", "no vacation under way", {})


@pytest.mark.parametrize(
    ("text", "refusal"),
    [("366", "366 is not between 0 and 365 days"), ("-1", "-1 is not between 0 and 365 days"),
     ("2.5", "'2.5' is not a number of days"), ("x", "'x' is not a number of days")],
)  # fmt: skip
def test_the_serve_flag_refuses_a_yearly_allowance_out_of_bounds(text: str, refusal: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        vacation_days(text)
    assert str(refused.value) == refusal
    assert (vacation_days("0"), vacation_days("365")) == (0, 365)
