"""People's vacations (issue #36, item 4), kept in the database: while one lasts, the
person's clocks at every table stand still, up to each table's vacation days (``clocks``).

A vacation is asked for a number of days from now, and may be ended early (its end is then
the moment it was ended); none starts in the past, so a finished turn's time is never
changed by one asked later. Past vacations stay: finished turns' banks are worked out
from them.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from .clocks import DAY, VACATION_ASKED, Interval
from .db import Database
from .models import VacationRow


class OnVacation(Exception):
    """A vacation asked for while one lasts: the message says until when."""


class Vacations:
    def __init__(self, database: Database) -> None:
        self._db = database

    async def current(self, person_id: str, now: float) -> VacationRow | None:
        """The person's vacation under way now, if any."""
        query = select(VacationRow).where(
            VacationRow.person_id == person_id,
            VacationRow.starts_at <= now,
            VacationRow.ends_at > now,
        )
        return await self._db.read(lambda session: session.scalars(query.limit(1)).first())

    async def start(self, person_id: str, days: int, now: float) -> VacationRow:
        """A vacation of ``days`` from now, or ``ValueError`` naming the bounds, or
        ``OnVacation`` if one lasts already (it is ended first, then a new one asked)."""
        least, most = VACATION_ASKED
        if isinstance(days, bool) or not isinstance(days, int) or not least <= days <= most:
            raise ValueError(f"days: a vacation is {least}-{most} days, not {days!r}")

        def work(session: Session) -> VacationRow:
            lasting = select(VacationRow.id).where(
                VacationRow.person_id == person_id, VacationRow.ends_at > now
            )
            if session.scalars(lasting.limit(1)).first() is not None:
                raise OnVacation("a vacation is under way: end it first")
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
