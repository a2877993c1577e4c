"""Waiting on the queue of notifications itself instead of for a while: a test that checks a
message came once waits until the server has marked every row of the queue sent, given up or
dropped, and none is held by a sender. A receiver records a message before it answers, and a
sender marks a row sent only after that answer, so by then every sending has been seen."""

from __future__ import annotations

import asyncio
import time

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from sleuth.server.db import open_database
from sleuth.server.models import NotificationRow
from sleuth.server.settings import Settings


def _open_rows(session: Session) -> tuple[int, int]:
    """(rows still to send or held by a sender, rows marked sent)."""
    rows = NotificationRow
    waiting = select(func.count()).where(
        or_(
            rows.claimed_until.is_not(None),
            rows.sent_at.is_(None) & rows.next_try_at.is_not(None),
        )
    )
    sent = select(func.count()).where(rows.sent_at.is_not(None))
    return int(session.scalar(waiting) or 0), int(session.scalar(sent) or 0)


async def wait_queue_settled(db_url: str, sent: int, seconds: float = 60.0) -> None:
    """Until no row is left to send or held, and exactly ``sent`` rows are marked sent;
    fails the test saying what the queue held when ``seconds`` ran out."""
    database = open_database(Settings(db_url=db_url))
    deadline = time.monotonic() + seconds
    try:
        while True:
            waiting, done = await database.read(_open_rows)
            if waiting == 0 and done == sent:
                return
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"the queue did not settle in {seconds:.0f} s: {waiting} rows still to "
                    f"send or held, {done} marked sent where {sent} were owed"
                )
            await asyncio.sleep(0.05)
    finally:
        await database.close()
