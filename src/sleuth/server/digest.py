"""The daily digest of mail (issue #36, item 3): a person who chose one mail a day has the
queue's mail rows kept until the hour they chose, in their time zone, and then gets one
mail listing them (``mail_compose.compose_digest``). The rows are queued as any others, with
their first try at the digest's hour (``next_digest``). The claim of single mails passes
them over (``in_digest``); a sender takes all of one person's due rows in one statement
(``claim_person``), so with several processes each digest is sent once, and whole.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import ColumnElement, exists, func, or_, select, update
from sqlalchemy.orm import Session

from sleuth.core.said import Said, said

from .db import Database
from .models import MailSettingsRow, NotificationRow

UTC = "UTC"
ZONE_CHARS = 64


def check_zone(zone: str) -> str:
    """The IANA time zone (``Europe/Berlin``, ``UTC``) as given, or ``ValueError`` saying
    what is wrong with it."""
    if not zone or len(zone) > ZONE_CHARS or zone.startswith(("/", ".")) or ".." in zone:
        raise ValueError(_no_zone(zone))
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(_no_zone(zone)) from None
    return zone


def _no_zone(zone: str) -> Said:
    return said(
        "%(zone)s is not a time zone: write one such as Europe/Berlin or UTC", zone=repr(zone)
    )


def check_hour(hour: int) -> int:
    if not 0 <= hour <= 23:
        raise ValueError(said("the digest's hour is one from 0 to 23, not %(hour)s", hour=hour))
    return hour


def next_digest(at: float, hour: int, zone: str) -> float:
    """The first time after ``at`` that is ``hour``:00 in ``zone``."""
    local = datetime.fromtimestamp(at, ZoneInfo(zone))
    due = local.replace(hour=hour, minute=0, second=0, microsecond=0)
    if due <= local:
        due = (local + timedelta(days=1)).replace(hour=hour, minute=0, second=0, microsecond=0)
    return due.timestamp()


def _due_unheld(at: float) -> tuple[ColumnElement[bool], ...]:
    return (
        NotificationRow.channel == "mail",
        NotificationRow.sent_at.is_(None),
        NotificationRow.next_try_at.is_not(None),
        NotificationRow.next_try_at <= at,
        or_(NotificationRow.claimed_until.is_(None), NotificationRow.claimed_until < at),
    )


def in_digest() -> ColumnElement[bool]:
    """A row whose person chose one mail a day: the queue's claim of single mails passes it
    over (``Notices.claim``), so that no sender takes part of a person's day."""
    return exists().where(
        MailSettingsRow.person_id == NotificationRow.person_id,
        MailSettingsRow.digest_hour.is_not(None),
    )


async def digest_people(database: Database, at: float, limit: int) -> list[str]:
    """People in digest mode with rows due that no sender holds."""
    query = (
        select(NotificationRow.person_id)
        .where(*_due_unheld(at), in_digest())
        .group_by(NotificationRow.person_id)
        .order_by(func.min(NotificationRow.id))
        .limit(limit)
    )
    return await database.read(lambda session: list(session.scalars(query)))


async def claim_person(
    database: Database, person_id: str, token: str, at: float, lease: float
) -> list[NotificationRow]:
    """Every due mail row of the person that no sender holds, taken under ``token`` in one
    statement: the rows of one digest. A plain UPDATE, without SKIP LOCKED: of two senders
    at once on PostgreSQL, the second waits for the first's rows, finds them held and takes
    none, so a day is never split into two mails."""

    def work(session: Session) -> list[NotificationRow]:
        session.execute(
            update(NotificationRow)
            .where(NotificationRow.person_id == person_id, *_due_unheld(at))
            .values(claimed_by=token, claimed_until=at + lease)
            .execution_options(synchronize_session=False)
        )
        taken = select(NotificationRow).where(NotificationRow.claimed_by == token)
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
