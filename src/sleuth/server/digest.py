"""The daily digest of mail (issue #36, item 3): a person who chose one mail a day has the
queue's mail rows kept until the hour they chose, in their time zone, and then gets one
mail listing them (``mail.compose_digest``). The rows are queued as any others, with
their first try at the digest's hour (``next_digest``); the sender that takes one of them
takes every other due row of that person under the same claim (``claim_rest``), so with
several processes each digest is sent once.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import Select, or_, select, update
from sqlalchemy.orm import Session

from .db import Database
from .models import NotificationRow

UTC = "UTC"
ZONE_CHARS = 64


def check_zone(zone: str) -> str:
    """The IANA time zone (``Europe/Berlin``, ``UTC``) as given, or ``ValueError`` saying
    what is wrong with it."""
    if not zone or len(zone) > ZONE_CHARS or zone.startswith(("/", ".")) or ".." in zone:
        raise ValueError(f"{zone!r} is not a time zone: write one such as Europe/Berlin or UTC")
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            f"{zone!r} is not a time zone: write one such as Europe/Berlin or UTC"
        ) from None
    return zone


def check_hour(hour: int) -> int:
    if not 0 <= hour <= 23:
        raise ValueError(f"the digest's hour is one from 0 to 23, not {hour}")
    return hour


def next_digest(at: float, hour: int, zone: str) -> float:
    """The first time after ``at`` that is ``hour``:00 in ``zone``."""
    local = datetime.fromtimestamp(at, ZoneInfo(zone))
    due = local.replace(hour=hour, minute=0, second=0, microsecond=0)
    if due <= local:
        due = (local + timedelta(days=1)).replace(hour=hour, minute=0, second=0, microsecond=0)
    return due.timestamp()


def _rest(person_id: str, token: str, at: float) -> Select[int]:
    return (
        select(NotificationRow.id)
        .where(
            NotificationRow.person_id == person_id,
            NotificationRow.channel == "mail",
            NotificationRow.sent_at.is_(None),
            NotificationRow.next_try_at.is_not(None),
            NotificationRow.next_try_at <= at,
            or_(
                NotificationRow.claimed_by == token,
                NotificationRow.claimed_until.is_(None),
                NotificationRow.claimed_until < at,
            ),
        )
        .order_by(NotificationRow.id)
    )


async def claim_rest(
    database: Database, person_id: str, token: str, at: float, lease: float
) -> list[NotificationRow]:
    """Every due mail row of the person that no other sender holds, taken under ``token``
    (with those taken already): the rows of one digest."""

    def work(session: Session) -> list[NotificationRow]:
        due = _rest(person_id, token, at)
        if session.get_bind().dialect.name == "postgresql":
            due = due.with_for_update(skip_locked=True)
        session.execute(
            update(NotificationRow)
            .where(NotificationRow.id.in_(due.scalar_subquery()))
            .values(claimed_by=token, claimed_until=at + lease)
            .execution_options(synchronize_session=False)
        )
        taken = select(NotificationRow).where(
            NotificationRow.claimed_by == token, NotificationRow.person_id == person_id
        )
        return list(session.scalars(taken.order_by(NotificationRow.id)))

    return await database.write(work)


async def reschedule(database: Database, person_id: str, at: float) -> None:
    """The person's mail rows not yet tried go at ``at`` (their new digest's hour, or now
    when they chose a mail per event again)."""
    change = (
        update(NotificationRow)
        .where(
            NotificationRow.person_id == person_id,
            NotificationRow.channel == "mail",
            NotificationRow.sent_at.is_(None),
            NotificationRow.attempts == 0,
            NotificationRow.next_try_at.is_not(None),
        )
        .values(next_try_at=at)
    )
    await database.write(lambda session: session.execute(change))
