"""Waiting tables expire: one dealt and never started holds its seats, its invitations and
any network bot seated there, and a listed one a line of the lobby, for good unless
something ends it. A waiting table with no sign of life (made, a seat taken, a chat line:
``TableRow.active_at``) for the operator's while (``sleuth serve --waiting-expiry``) is
expired by the hub's sweep: unlisted, its invitations spent, its network bots free, no
seat taken there any more (``access``, ``Store.take_seat``), and its status ``expired``,
which its page and "My tables" show.

Every process sweeps, and the database decides: a table is expired by the one write that
finds it still waiting and still idle (so a seat taken at that moment keeps it, in either
order, across processes too), and only the process whose write did it tells anyone.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from sqlalchemy import ColumnElement, and_, exists, or_, select, update
from sqlalchemy.orm import Session

from .db import Database
from .invites import OPEN, SPENT
from .live import LiveTable
from .models import EXPIRED, WAITING, InvitationRow, SeatRow, TableRow
from .notify import GAME_OVER, Event
from .settings import WAITING_EXPIRY_HOURS

HOUR = 3600.0
# A waiting table at which no person sits (dealt with no identity, or its creator sat no
# one) expires after this long at most: a client with no cookie dealt 50 of them, and so
# held its address's cap of waiting tables for the whole while.
EMPTY_SECONDS = HOUR
DUE_AT_ONCE = 500  # tables a sweep expires at most: the rest wait for the next


class WaitingExpiry:
    """Which waiting tables are due, and their expiry, each once. ``seconds``: a waiting
    table's while after its last sign of life (0: never); ``clock``: the time they are
    told by (tests set their own)."""

    def __init__(
        self,
        database: Database,
        seconds: float = WAITING_EXPIRY_HOURS * HOUR,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._db = database
        self.seconds = seconds
        self.clock = clock

    async def due(self) -> list[str]:
        """The waiting tables idle for the while, oldest first."""
        if not self.seconds:
            return []
        query = (
            select(TableRow.id)
            .where(TableRow.status == WAITING, self._idle(self.clock()))
            .order_by(TableRow.active_at, TableRow.id)
            .limit(DUE_AT_ONCE)
        )
        return await self._db.read(lambda session: list(session.scalars(query)))

    def _idle(self, now: float) -> ColumnElement[bool]:
        """A table idle for the while, or (no person seated there) for ``EMPTY_SECONDS``."""
        someone = exists().where(SeatRow.table_id == TableRow.id, SeatRow.person_id.is_not(None))
        empty_while = min(self.seconds, EMPTY_SECONDS)
        return or_(
            TableRow.active_at <= now - self.seconds,
            and_(TableRow.active_at <= now - empty_while, ~someone),
        )

    async def expire(self, table_id: str) -> bool:
        """Expire the table if it is still waiting and idle for the while: whether this call
        did (another process's sweep, or a seat taken meanwhile, leave it as it is). With no
        while (0) never: ``_idle`` would call every waiting table idle."""
        if not self.seconds:
            return False
        now = self.clock()
        change = (
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.status == WAITING, self._idle(now))
            .values(status=EXPIRED, finished_at=now, created_from=None)
        )
        # Its invitations are spent; its invite links stay, to be told it expired
        # (``access``: an expired table seats no one).
        invitations = (
            update(InvitationRow)
            .where(InvitationRow.table_id == table_id, InvitationRow.state == OPEN)
            .values(state=SPENT, answered_at=now)
        )

        def work(session: Session) -> bool:
            if not session.execute(change).rowcount:  # type: ignore[attr-defined]
                return False
            session.execute(invitations)
            return True

        return await self._db.write(work)


def expiry_events(live: LiveTable) -> list[Event]:
    """Who is told of the table's expiry: each person seated there, as of a game's end (the
    kind they chose to hear of the table ending by), in words of its own (``event_words``:
    the senders see the table expired)."""
    people = sorted({s.person_id for s in live.seats if s.kind == "person" and s.person_id})
    return [Event(person, GAME_OVER, live.id, live.step) for person in people]
