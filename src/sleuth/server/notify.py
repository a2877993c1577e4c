"""The queue of notifications (issue #36, item 3): events to tell people, kept in the database.

A step that makes it a person's move, or ends the game, writes rows here (``step_events``,
``Notices.add``) for the people who asked for that kind of mail, and nothing else: the move
never waits on a mail server. A sender task of any process (``mail_sender.MailSender``) takes the
rows that are due (``claim``), sends them, and marks each sent (``mark_sent``) or tried
(``mark_failed``, with a later try after a growing wait, a bounded number of times).

A row names a person, a kind, a table and a step: nothing of the game's hidden state. The
mail is made when it is sent, from the table's id, its game's title and whose move it is.
Each row is one channel's: a mail, or a push to one of the person's browsers (``push``,
``target`` the subscription); an event is queued once for each, and each is sent once.

Several processes on one PostgreSQL each take different rows (``FOR UPDATE SKIP LOCKED``),
and a row taken is held for a lease: a sender killed with rows taken leaves them to another
once the lease has run out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from .db import Database
from .digest import in_digest, next_digest
from .models import (
    HookRow,
    MailSettingsRow,
    NotificationRow,
    PushSettingsRow,
    PushSubscriptionRow,
)
from .outage import DatabaseUnavailable
from .untargeted import Untargeted

if TYPE_CHECKING:  # the live table works out its reminders with this module's events
    from .live import SeatState

log = logging.getLogger("sleuth.server")

YOUR_MOVE = "your_move"
GAME_OVER = "game_over"
INVITED = "invited"
CLOCK_LOW = "clock_low"
KINDS = (YOUR_MOVE, GAME_OVER, INVITED, CLOCK_LOW)
MAIL = "mail"
PUSH = "push"
HOOK = "hook"  # to one of the person's chat services or webhooks (``hooks``)

MAX_ATTEMPTS = 8  # tries of one mail before it is given up
LONGEST_WAIT = 3600.0  # seconds between two tries at most
LEASE_SECONDS = 120.0  # a taken row's hold: longer than one mail's send may take
ERROR_CHARS = 500  # of a failed send's error, kept for the person's settings
HOURLY_CAP = 30  # mails to one person in any hour: the rest wait for the hour to pass
HOUR = 3600.0


@dataclass(frozen=True)
class Event:
    person_id: str
    kind: str
    table_id: str
    step: int


def step_events(
    table_id: str,
    step: int,
    seats: Sequence[SeatState],
    mover: int,
    waited_before: int | None,
    waited_after: int | None,
    finished: bool,
) -> list[Event]:
    """What a step makes known: the game's end to every person at the table, or "your
    move" to the person of the seat the game now waits for, if it waited for another
    before (a seat still waited for was told when its turn came; others may interrupt at
    any time in some games, and are not told each time they may), did not make the step,
    and is not played by a bot for now."""
    if finished:
        people = {s.person_id for s in seats if s.kind == "person" and s.person_id}
        return [Event(person, GAME_OVER, table_id, step) for person in sorted(people)]
    if waited_after is None or waited_after in (waited_before, mover):
        return []
    holder = seats[waited_after]
    if holder.played_by_bot or holder.person_id is None:
        return []
    if holder.person_id == seats[mover].person_id:
        return []
    return [Event(holder.person_id, YOUR_MOVE, table_id, step)]


def backoff(attempts: int, first: float) -> float:
    """Seconds before the next try of a mail tried ``attempts`` times: doubling, bounded."""
    return float(min(first * 2 ** (attempts - 1), LONGEST_WAIT))


class Notices:
    """The queue's writes and reads. ``enabled``: whether this service sends mail at all
    (``sleuth serve --smtp``), ``push_enabled``: whether it pushes to browsers; without
    either nothing is queued."""

    def __init__(self, database: Database | None) -> None:
        self._db_or_none = database
        self.enabled = False
        self.push_enabled = False
        self.push_key = ""  # the service's VAPID public key (``push``), the page subscribes with
        self.push_services: tuple[str, ...] = ()  # origins posted to besides the browsers'
        self.lease_seconds = LEASE_SECONDS  # ``sleuth serve --notify-lease``
        # Set when this process queues a row, so that its sender need not wait for its poll.
        self.queued = asyncio.Event()
        self.pushed = asyncio.Event()
        self.clock: Callable[[], float] = time.time  # a test's clock in its place
        self.hooks_enabled = False  # whether it posts to people's webhooks (``hooks``)
        self.hooked = asyncio.Event()
        # Sends a confirmation mail (person, address, language); set by ``mail.start_mail``.
        self.confirmer: Callable[[str, str, str], Awaitable[None]] | None = None
        self.untargeted = Untargeted(lambda: self.clock())
        # Tells the other processes that a person's choices changed (set by the hub: its bus).
        self.announce: Callable[[str], Awaitable[None]] | None = None

    @property
    def database(self) -> Database:
        return self._db

    @property
    def _db(self) -> Database:
        if self._db_or_none is None:
            raise RuntimeError("notifications without a database")
        return self._db_or_none

    @property
    def active(self) -> bool:
        """Whether any channel is on: else steps need not even work out their events."""
        return self.enabled or self.push_enabled or self.hooks_enabled

    async def targets_changed(self, person_id: str) -> None:
        """After a person's mail, push or hook choices were written (never before: a step
        queried meanwhile would note them again with the old choices)."""
        self.untargeted.forget(person_id)
        if self.announce is not None:
            await self.announce(person_id)

    async def add(self, events: Sequence[Event]) -> int:
        """Queue the events whose person asked for that kind by mail or push (a row for each
        of their browsers); how many rows were."""
        if not self.active:
            return 0
        events = [e for e in events if not self.untargeted.known(e.person_id)]
        if not events:
            return 0
        at = self.clock()
        changes = self.untargeted.changes
        chose: set[str] = set()  # the people with any choice, of a channel this process sends

        def row(event: Event, channel: str, target: int, due: float = at) -> dict[str, object]:
            return {
                "person_id": event.person_id,
                "kind": event.kind,
                "table_id": event.table_id,
                "step": event.step,
                "created_at": at,
                "attempts": 0,
                "next_try_at": due,
                "channel": channel,
                "target": target,
            }

        def work(session: Session) -> int:
            people = {e.person_id for e in events}
            rows = []
            if self.enabled:
                mailed = _wanted(session, MailSettingsRow, people)
                chose.update(mailed)
                # Nothing goes to an address its person has not confirmed (a stranger's, typed in).
                rows += [
                    row(e, MAIL, 0, _mail_due(mailed, e, at))
                    for e in events
                    if _asked(mailed, e) and _confirmed(mailed, e)
                ]
            if self.push_enabled:
                pushed = _wanted(session, PushSettingsRow, people)
                browsers = _subscriptions(session, people)
                chose.update(pushed, browsers)
                rows += [
                    row(e, PUSH, target)
                    for e in events
                    if _asked(pushed, e)
                    for target in browsers.get(e.person_id, [])
                ]
            if self.hooks_enabled:
                hooks = _hooks(session, people)
                chose.update(hooks)
                rows += [
                    row(e, HOOK, hook.id)
                    for e in events
                    for hook in hooks.get(e.person_id, [])
                    if getattr(hook, e.kind)
                ]
            if rows:
                # An event queued already (its step written twice) is queued once.
                dialect = postgresql if _is_postgres(session) else sqlite
                statement = dialect.insert(NotificationRow).on_conflict_do_nothing()
                session.execute(statement, rows)
            return len(rows)

        added = await self._db.write(work)
        self.untargeted.note({e.person_id for e in events} - chose, changes)
        if added:
            self.queued.set()
            self.pushed.set()
            self.hooked.set()
        return added

    async def add_quietly(self, events: Sequence[Event]) -> None:
        """``add`` where no one waits for it (after a move): a failure is logged only."""
        try:
            await self.add(events)
        except Exception:
            log.exception("notifications of table %s not queued", events[0].table_id)

    async def claim(
        self, limit: int, now: float | None = None, channel: str = MAIL
    ) -> tuple[str, list[NotificationRow]]:
        """Take up to ``limit`` due rows of ``channel`` no sender holds: the claim's token
        and the rows."""
        at = self.clock() if now is None else now
        token = secrets.token_hex(16)

        def work(session: Session) -> list[NotificationRow]:
            due = (
                select(NotificationRow.id)
                .where(
                    NotificationRow.channel == channel,
                    NotificationRow.sent_at.is_(None),
                    NotificationRow.next_try_at.is_not(None),
                    NotificationRow.next_try_at <= at,
                    or_(
                        NotificationRow.claimed_until.is_(None),
                        NotificationRow.claimed_until < at,
                    ),
                )
                .order_by(NotificationRow.id)
                .limit(limit)
            )
            if channel == MAIL:
                due = due.where(~in_digest())  # a digest's rows are taken whole (``digest``)
            if _is_postgres(session):
                # Rows another process is taking right now are passed over, not waited for.
                due = due.with_for_update(skip_locked=True)
            session.execute(
                update(NotificationRow)
                .where(NotificationRow.id.in_(due.scalar_subquery()))
                .values(claimed_by=token, claimed_until=at + self.lease_seconds)
                .execution_options(synchronize_session=False)
            )
            taken = select(NotificationRow).where(NotificationRow.claimed_by == token)
            return list(session.scalars(taken.order_by(NotificationRow.id)))

        return token, await self._db.write(work)

    async def mark_sent(self, row_id: int, token: str) -> None:
        change = (
            update(NotificationRow)
            .where(NotificationRow.id == row_id, NotificationRow.claimed_by == token)
            .values(sent_at=time.time(), claimed_until=None, last_error=None)
        )
        await self._db.write(lambda session: session.execute(change))

    async def mark_failed(
        self, row: NotificationRow, token: str, error: str, first_wait: float
    ) -> None:
        """One more failed try: tried again after a wait, or given up after the last."""
        attempts = row.attempts + 1
        at = time.time()
        next_try = None if attempts >= MAX_ATTEMPTS else at + backoff(attempts, first_wait)
        change = (
            update(NotificationRow)
            .where(NotificationRow.id == row.id, NotificationRow.claimed_by == token)
            .values(
                attempts=attempts,
                next_try_at=next_try,
                last_error=error[:ERROR_CHARS],
                claimed_until=None,
            )
        )
        await self._db.write(lambda session: session.execute(change))

    async def postpone(self, row_id: int, token: str, until: float) -> None:
        """A row held back by the hourly cap: tried again at ``until``, no try counted."""
        change = (
            update(NotificationRow)
            .where(NotificationRow.id == row_id, NotificationRow.claimed_by == token)
            .values(next_try_at=until, claimed_until=None)
        )
        await self._db.write(lambda session: session.execute(change))

    async def free_at(self, person_id: str, now: float) -> float | None:
        """When the person may be mailed again if the hourly cap is reached, else None.
        Their mails only count: pushes and hooks are not mail."""
        query = select(func.count(), func.min(NotificationRow.sent_at)).where(
            NotificationRow.person_id == person_id,
            NotificationRow.channel == MAIL,
            NotificationRow.sent_at > now - HOUR,
        )
        count, oldest = await self._db.read(lambda session: session.execute(query).one())
        if count < HOURLY_CAP or oldest is None:
            return None
        return float(oldest) + HOUR

    async def drop(self, row_id: int, token: str, reason: str) -> None:
        """A row not to send (its person turned the kind off, or has no address now)."""
        change = (
            update(NotificationRow)
            .where(NotificationRow.id == row_id, NotificationRow.claimed_by == token)
            .values(next_try_at=None, last_error=reason, claimed_until=None)
        )
        await self._db.write(lambda session: session.execute(change))

    # --- a person's settings ---------------------------------------------------------------

    async def settings(self, person_id: str) -> MailSettingsRow | None:
        return await self._db.read(lambda session: session.get(MailSettingsRow, person_id))

    async def save_settings(self, row: MailSettingsRow) -> None:
        await self._db.write(lambda session: session.merge(row))
        await self.targets_changed(row.person_id)

    async def confirm(self, person_id: str, address: str) -> bool:
        """The address confirmed, if it is still the person's; whether it is."""
        change = (
            update(MailSettingsRow)
            .where(MailSettingsRow.person_id == person_id, MailSettingsRow.address == address)
            .values(confirmed_at=func.coalesce(MailSettingsRow.confirmed_at, time.time()))
        )
        confirmed: bool = await self._db.write(
            lambda session: bool(session.execute(change).rowcount)  # type: ignore[attr-defined]
        )
        await self.targets_changed(person_id)
        return confirmed

    async def forget(self, person_id: str) -> None:
        """The person's address gone, and every mail to them not yet sent."""

        def work(session: Session) -> None:
            session.execute(delete(MailSettingsRow).where(MailSettingsRow.person_id == person_id))
            session.execute(
                delete(NotificationRow).where(
                    NotificationRow.person_id == person_id,
                    NotificationRow.channel == MAIL,
                    NotificationRow.sent_at.is_(None),
                )
            )

        await self._db.write(work)

    async def turn_off(self, person_id: str, kind: str) -> bool:
        """No more mail of ``kind`` to the person; whether they had an address."""
        change = (
            update(MailSettingsRow)
            .where(MailSettingsRow.person_id == person_id)
            .values({kind: False, "updated_at": time.time()})
        )
        return await self._db.write(lambda session: bool(session.execute(change).rowcount))  # type: ignore[attr-defined]

    async def last_failure(self, person_id: str) -> str | None:
        """The error of the person's newest mail if its last try failed (the channel is
        failing), else None."""
        query = (
            select(NotificationRow)
            .where(NotificationRow.person_id == person_id, NotificationRow.channel == MAIL)
            .order_by(NotificationRow.id.desc())
            .limit(1)
        )
        newest = await self._db.read(lambda session: session.scalar(query))
        if newest is None or newest.sent_at is not None or newest.attempts == 0:
            return None
        return newest.last_error


def _is_postgres(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


Choices = type[MailSettingsRow] | type[PushSettingsRow]


def _wanted(session: Session, table: Choices, people: set[str]) -> dict[str, object]:
    """Each person's choices of one channel, of those who made any."""
    query = select(table.person_id, table).where(table.person_id.in_(people))
    return {person_id: row for person_id, row in session.execute(query)}


def _asked(choices: dict[str, object], event: Event) -> bool:
    chosen = choices.get(event.person_id)
    return chosen is not None and bool(getattr(chosen, event.kind))


def _mail_due(choices: dict[str, object], event: Event, at: float) -> float:
    """Now, or for a person who chose one mail a day, their digest's hour."""
    chosen = choices.get(event.person_id)
    hour = getattr(chosen, "digest_hour", None)
    if hour is None:
        return at
    return next_digest(at, hour, getattr(chosen, "digest_zone", None) or "UTC")


def _confirmed(choices: dict[str, object], event: Event) -> bool:
    return getattr(choices.get(event.person_id), "confirmed_at", None) is not None


def _subscriptions(session: Session, people: set[str]) -> dict[str, list[int]]:
    query = select(PushSubscriptionRow.person_id, PushSubscriptionRow.id).where(
        PushSubscriptionRow.person_id.in_(people)
    )
    found: dict[str, list[int]] = {}
    for person_id, subscription_id in session.execute(query.order_by(PushSubscriptionRow.id)):
        found.setdefault(person_id, []).append(subscription_id)
    return found


def _hooks(session: Session, people: set[str]) -> dict[str, list[HookRow]]:
    query = select(HookRow).where(HookRow.person_id.in_(people)).order_by(HookRow.id)
    found: dict[str, list[HookRow]] = {}
    for hook in session.scalars(query):
        found.setdefault(hook.person_id, []).append(hook)
    return found


async def send_forever(
    send_due: Callable[[], Awaitable[object]], woken: asyncio.Event, poll: float, what: str
) -> None:
    """A channel's sender: send what is due until nothing is, then wait for a row this
    process queues (``woken``) or ``poll`` seconds (rows of other processes, rows due again).
    A database away for the moment is waited out quietly (the service says so already);
    any other failure is logged and the sender goes on."""
    while True:
        # Cleared before looking, so that a row queued meanwhile wakes the next wait.
        woken.clear()
        try:
            while await send_due():
                pass
        except asyncio.CancelledError:
            raise
        except DatabaseUnavailable:
            log.info("%s: the database is away; trying again", what)
        except Exception:
            log.exception("%s: the sender failed; trying again", what)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(woken.wait(), poll)
