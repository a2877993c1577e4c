"""Invitations of an account by its name (issue #36, item 3: "you are invited").

Who may invite: the table's creator, the one person who holds every seat's invite link
today (``tables.create`` hands them all to the creator): inviting by name gives them no
power they lack, only a way that needs no link passed on by hand. To a free person's seat
of a table still waiting for its players, an account only (a guest has no name to be
found by, and no address to be told at).

An invitation carries no bearer token: it is opened by the invitee's own signed-in
identity, so a mail or push forwarded, or a link copied, lets no one else sit. It is
answered once: accepted, declined, or spent when its seat is taken otherwise or the game
begins; after ``LIFETIME`` it has expired.

What inviting reveals: whether an account of that name exists, no more (names are public
on every leaderboard and profile; whether that account takes mail or push is never said).
Every attempt past the table's checks is counted against the inviter's rate, found or not,
so names cannot be tried faster than invitations made; what one account receives is
capped too, so no one floods another's notifications.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from limits.aio.strategies import FixedWindowRateLimiter
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from sleuth.core.said import Said

from . import problems
from .accounts import name_key
from .db import Database
from .models import EXPIRED as EXPIRED_TABLE
from .models import AccountRow, InvitationRow, PersonRow, SeatRow, TableRow
from .notify import INVITED, Event
from .ratelimit import DatabaseStorage, count_within, parse_rate, window_values

OPEN = "open"
ACCEPTED = "accepted"
DECLINED = "declined"
SPENT = "spent"
EXPIRED = "expired"  # closed when the same account is invited to the table again
LIFETIME = 7 * 86400.0  # seconds an invitation stays open


class InviteRefused(Exception):
    """Refused, with the HTTP status and the words; nothing was changed."""

    def __init__(self, status: int, said: Said, retry_after: int | None = None) -> None:
        super().__init__(said)
        self.status = status
        self.said = said
        self.retry_after = retry_after


@dataclass(frozen=True)
class SeatView:
    """What the inviting checks need of the table as its owner holds it now."""

    table_id: str
    status: str  # waiting, playing, finished, expired
    creator: str | None
    kinds: list[str]  # each seat's kind
    holders: list[str | None]  # each seat's person


@dataclass(frozen=True)
class Invitation:
    """An open invitation as its invitee sees it: all of it public at the table."""

    id: int
    table_id: str
    seat: int
    game: str
    inviter: str  # the inviter's display name
    expires_at: float


class Invitations:
    """Invitations' writes and reads. ``inviter_rate``: attempts per inviting person,
    ``invitee_rate``: invitations per invited account (``limits``' notation, or ``off``;
    ``sleuth serve --max-invitations/--max-invitations-received``); ``clock`` stands in
    for ``time.time`` in tests."""

    def __init__(
        self,
        database: Database,
        inviter_rate: str,
        invitee_rate: str,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._db = database
        self._limiter = FixedWindowRateLimiter(DatabaseStorage(database))
        self._rates = {"inviter": parse_rate(inviter_rate), "invitee": parse_rate(invitee_rate)}
        self.clock = clock

    async def invite(
        self, table: SeatView, seat: int, inviter: str, name: str
    ) -> tuple[Event, str]:
        """Invite the account named ``name`` to ``seat``: the event that tells its person
        and the account's name as it spells it, or ``InviteRefused``."""
        _check_seat(table, seat, inviter)
        await self._count("inviter", inviter, {})
        found = await self._db.read(lambda session: _account(session, name))
        if found is None:
            raise InviteRefused(404, problems.NO_PLAYER(name=name))
        invitee, account_name = found
        if invitee == inviter:
            raise InviteRefused(400, problems.INVITE_YOURSELF())
        if invitee in table.holders:
            raise InviteRefused(409, problems.INVITEE_SEATED(name=account_name))
        now = self.clock()
        if await self._db.read(lambda s: _open_one(s, table.table_id, invitee, now)):
            raise InviteRefused(409, problems.INVITED_ALREADY(name=account_name))
        await self._count("invitee", invitee, {"name": account_name})
        row = InvitationRow(
            table_id=table.table_id,
            seat=seat,
            inviter_id=inviter,
            invitee_id=invitee,
            state=OPEN,
            created_at=now,
            expires_at=now + LIFETIME,
            answered_at=None,
        )

        def work(session: Session) -> int:
            session.execute(
                update(InvitationRow)
                .where(
                    InvitationRow.table_id == table.table_id,
                    InvitationRow.invitee_id == invitee,
                    InvitationRow.state == OPEN,
                    InvitationRow.expires_at <= now,
                )
                .values(state=EXPIRED)
            )
            session.add(row)
            session.flush()
            return row.id

        try:
            invitation_id = await self._db.write(work)
        except IntegrityError:  # invited by another request at this moment
            raise InviteRefused(409, problems.INVITED_ALREADY(name=account_name)) from None
        # The step of an invitation's notification is the invitation's number: one event each.
        return Event(invitee, INVITED, table.table_id, invitation_id), account_name

    async def open_for(self, person_id: str) -> list[Invitation]:
        """The person's open invitations whose seat is still free, newest first."""
        now = self.clock()

        def work(session: Session) -> list[Invitation]:
            query = (
                select(InvitationRow, TableRow.game, PersonRow.name)
                .join(TableRow, TableRow.id == InvitationRow.table_id)
                .join(PersonRow, PersonRow.id == InvitationRow.inviter_id)
                .join(
                    SeatRow,
                    (SeatRow.table_id == InvitationRow.table_id)
                    & (SeatRow.seat == InvitationRow.seat),
                )
                .where(
                    SeatRow.person_id.is_(None),  # a seat taken otherwise: spent
                    InvitationRow.invitee_id == person_id,
                    InvitationRow.state == OPEN,
                    InvitationRow.expires_at > now,
                    TableRow.status == "waiting",
                )
                .order_by(InvitationRow.id.desc())
            )
            return [
                Invitation(row.id, row.table_id, row.seat, game, inviter, row.expires_at)
                for row, game, inviter in session.execute(query)
            ]

        return await self._db.read(work)

    async def find(self, invitation_id: int, person_id: str) -> InvitationRow:
        """The person's invitation, if still open, or ``InviteRefused`` saying why not. One
        of another person is not found, as if it did not exist."""
        row = await self._db.read(lambda session: session.get(InvitationRow, invitation_id))
        if row is None or row.invitee_id != person_id:
            raise InviteRefused(404, problems.NO_INVITATION(invitation=invitation_id))
        _refuse_answered(row, self.clock())
        return row

    async def answer(self, invitation_id: int, person_id: str, state: str) -> None:
        """Mark the open invitation ``state`` (accepted, declined, spent), or refuse it if
        another request answered it first: an invitation is answered once."""
        now = self.clock()
        change = (
            update(InvitationRow)
            .where(
                InvitationRow.id == invitation_id,
                InvitationRow.invitee_id == person_id,
                InvitationRow.state == OPEN,
                InvitationRow.expires_at > now,
            )
            .values(state=state, answered_at=now)
        )
        changed = await self._db.write(lambda session: session.execute(change).rowcount)  # type: ignore[attr-defined]
        if not changed:
            await self.find(invitation_id, person_id)  # says why
            raise InviteRefused(409, problems.INVITATION_SPENT(invitation=invitation_id))

    async def spend(self, invitation_id: int) -> None:
        """An accepted invitation whose seat could not be taken after all: spent."""
        change = (
            update(InvitationRow)
            .where(InvitationRow.id == invitation_id)
            .values(state=SPENT, answered_at=self.clock())
        )
        await self._db.write(lambda session: session.execute(change))

    async def reopen(self, invitation_id: int) -> None:
        """An accepted invitation whose seating failed part way: open again, as it was."""
        change = (
            update(InvitationRow)
            .where(InvitationRow.id == invitation_id, InvitationRow.state == ACCEPTED)
            .values(state=OPEN, answered_at=None)
        )
        await self._db.write(lambda session: session.execute(change))

    async def _count(self, who: str, key: str, values: dict[str, str]) -> None:
        """Count one against ``who``'s rates, or refuse (nothing counted) past one."""
        past = await count_within(self._limiter, [(self._rates[who], ("invite", who, key))])
        if past is not None:
            said = problems.TOO_MANY_INVITATIONS if who == "inviter" else problems.INVITEE_FLOODED
            words = said(**window_values(past.rate, past.wait), **values)
            raise InviteRefused(429, words, past.wait)


def _check_seat(table: SeatView, seat: int, inviter: str) -> None:
    if table.creator is None or table.creator != inviter:
        raise InviteRefused(403, problems.INVITE_CREATOR_ONLY())
    if table.status == "finished":
        raise InviteRefused(409, problems.GAME_OVER())
    if table.status == EXPIRED_TABLE:
        raise InviteRefused(409, problems.TABLE_EXPIRED())
    if table.status != "waiting":
        raise InviteRefused(409, problems.STARTED())
    if not 0 <= seat < len(table.kinds):
        raise InviteRefused(404, problems.NO_SEAT(seat=seat, seats=len(table.kinds)))
    if table.kinds[seat] != "person":
        raise InviteRefused(409, problems.BOTS_SEAT(seat=seat))
    if table.holders[seat] is not None:
        raise InviteRefused(409, problems.SEAT_TAKEN(seat=seat))


def _account(session: Session, name: str) -> tuple[str, str] | None:
    query = select(AccountRow.person_id, AccountRow.name).where(
        AccountRow.name_key == name_key(name.strip())
    )
    found = session.execute(query).first()
    return None if found is None else (found[0], found[1])


def _open_one(session: Session, table_id: str, invitee: str, now: float) -> bool:
    query = select(InvitationRow.id).where(
        InvitationRow.table_id == table_id,
        InvitationRow.invitee_id == invitee,
        InvitationRow.state == OPEN,
        InvitationRow.expires_at > now,
    )
    return session.scalar(query.limit(1)) is not None


def _refuse_answered(row: InvitationRow, now: float) -> None:
    if row.state == ACCEPTED:
        raise InviteRefused(409, problems.INVITATION_ACCEPTED(invitation=row.id))
    if row.state == DECLINED:
        raise InviteRefused(409, problems.INVITATION_DECLINED(invitation=row.id))
    if row.state == SPENT:
        raise InviteRefused(409, problems.INVITATION_SPENT(invitation=row.id))
    if row.state == EXPIRED or row.expires_at <= now:
        raise InviteRefused(410, problems.INVITATION_EXPIRED(invitation=row.id))
