"""People's vacations (issue #36, item 4), kept in the database: while one lasts, the
person's clocks at every table stand still, up to each table's vacation days (``clocks``).

A vacation is asked for a number of days from now, and may be ended early (its end is then
the moment it was ended); none starts in the past, so a finished turn's time is never
changed by one asked later. Past vacations stay: finished turns' banks are worked out
from them. A person takes at most the server's ``days_a_year`` of vacation in any 365
days (days ended early are not counted), one vacation at a time.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from . import problems
from .clocks import DAY, VACATION_ASKED, Interval
from .db import Database
from .models import PersonRow, VacationRow
from .settings import VACATION_DAYS_A_YEAR

YEAR = 365 * DAY


class VacationRefused(Exception):
    """A vacation not started: its words (``problems``) say why."""


class OnVacation(VacationRefused):
    """A vacation asked for while one lasts: the words say until when."""


class PersonGone(VacationRefused):
    """A vacation asked for by a person whose row is gone (the account deleted meanwhile)."""


class NoDaysLeft(VacationRefused):
    """A vacation longer than the days left of the yearly allowance: the words say how many."""


def days_taken(spans: Iterable[Interval], since: float, until: float) -> float:
    """Seconds of the vacations ``spans`` between ``since`` and ``until``."""
    return sum(max(0.0, min(end, until) - max(start, since)) for start, end in spans)


def days_left(spans: list[Interval], now: float, days_a_year: int) -> int:
    """The most whole days a vacation from ``now`` may last: with it, the 365 days up to its
    end hold at most ``days_a_year`` days of vacation. (Every vacation starts when it is
    asked and none lasts past ``now``, so no other 365 days would hold more.)"""
    for days in range(days_a_year, 0, -1):
        end = now + days * DAY
        if days_taken(spans, end - YEAR, now) + days * DAY <= days_a_year * DAY:
            return days
    return 0


def _until(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))


class Vacations:
    def __init__(self, database: Database, days_a_year: int = VACATION_DAYS_A_YEAR) -> None:
        self._db = database
        self.days_a_year = days_a_year

    async def current(self, person_id: str, now: float) -> VacationRow | None:
        """The person's vacation under way now, if any."""
        query = select(VacationRow).where(
            VacationRow.person_id == person_id,
            VacationRow.starts_at <= now,
            VacationRow.ends_at > now,
        )
        return await self._db.read(lambda session: session.scalars(query.limit(1)).first())

    async def days_left(self, person_id: str, now: float) -> int:
        """The most days a vacation asked now may last (0 while one is under way)."""
        return await self._db.read(lambda session: self._left(session, person_id, now))

    def _left(self, session: Session, person_id: str, now: float) -> int:
        query = select(VacationRow.starts_at, VacationRow.ends_at).where(
            VacationRow.person_id == person_id, VacationRow.ends_at > now - YEAR
        )
        spans = [(start, end) for start, end in session.execute(query)]
        if any(end > now for _, end in spans):
            return 0
        return days_left(spans, now, self.days_a_year)

    async def start(self, person_id: str, days: int, now: float) -> VacationRow:
        """A vacation of ``days`` from now, or ``ValueError`` naming the bounds,
        ``OnVacation`` if one lasts already (it is ended first, then a new one asked), or
        ``NoDaysLeft`` if it would pass the yearly allowance."""
        least, most = VACATION_ASKED
        if isinstance(days, bool) or not isinstance(days, int) or not least <= days <= most:
            raise ValueError(problems.VACATION_DAYS(least=least, most=most, days=repr(days)))

        def work(session: Session) -> VacationRow:
            # The person's row locked until the commit (PostgreSQL; SQLite's one writer
            # thread runs one such transaction at a time): two requests at once, from any
            # process, read and add the person's vacations one after the other, never
            # both from the same vacations.
            locked = select(PersonRow.id).where(PersonRow.id == person_id).with_for_update()
            if session.execute(locked).first() is None:
                raise PersonGone(problems.NO_IDENTITY())
            lasting = select(VacationRow.ends_at).where(
                VacationRow.person_id == person_id, VacationRow.ends_at > now
            )
            until = session.scalars(lasting.order_by(VacationRow.ends_at.desc()).limit(1)).first()
            if until is not None:
                raise OnVacation(problems.ON_VACATION(until=_until(until)))
            left = self._left(session, person_id, now)
            if days > left:
                refusal = problems.VACATION_ALLOWANCE(most=self.days_a_year, left=left, days=days)
                raise NoDaysLeft(refusal)
            row = VacationRow(person_id=person_id, starts_at=now, ends_at=now + days * DAY)
            session.add(row)
            session.flush()
            session.expunge(row)
            return row

        return await self._db.write(work)

    async def end(self, person_id: str, now: float) -> bool:
        """The person's vacation under way ended now; whether there was one."""
        change = (
            update(VacationRow)
            .where(
                VacationRow.person_id == person_id,
                VacationRow.starts_at <= now,
                VacationRow.ends_at > now,
            )
            .values(ends_at=now)
        )
        return await self._db.write(lambda session: bool(session.execute(change).rowcount))  # type: ignore[attr-defined]

    async def of(self, people: Iterable[str]) -> dict[str, list[Interval]]:
        """Each person's vacations, (from, until), sorted: what their clocks stand still by."""
        wanted = sorted(set(people))
        if not wanted:
            return {}
        query = (
            select(VacationRow.person_id, VacationRow.starts_at, VacationRow.ends_at)
            .where(VacationRow.person_id.in_(wanted))
            .order_by(VacationRow.person_id, VacationRow.starts_at)
        )

        def work(session: Session) -> dict[str, list[Interval]]:
            found: dict[str, list[Interval]] = {}
            for person_id, starts_at, ends_at in session.execute(query):
                found.setdefault(person_id, []).append((starts_at, ends_at))
            return found

        return await self._db.read(work)
