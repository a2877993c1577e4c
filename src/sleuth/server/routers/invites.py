"""Invitations of an account by its name (``sleuth.server.invites``): the table's creator
invites one to a free seat; the invited account, signed in, sees its invitations and
accepts one (it is seated) or declines it."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, NoReturn

from fastapi import APIRouter, HTTPException, Path

from sleuth.core import find_kit

from .. import problems
from ..deps import Checked, Person, ServicesDep, Table
from ..invites import ACCEPTED, DECLINED, SPENT, InviteRefused, SeatView
from ..owner import SeatRefused
from ..problems import said_or_text
from ..ratings import AccountNeeded
from ..schemas import Name, Strict
from .account import SignedInHolder

router = APIRouter(tags=["invitations"])
ANSWERS: dict[int | str, dict[str, Any]] = {
    401: {"description": "not signed in to an account"},
    404: {"description": "no such invitation of this account's"},
    409: {"description": "answered already, or spent: its seat was taken or the game began"},
    410: {"description": "expired"},
}
InvitationId = Annotated[int, Path(ge=1, le=2**31 - 1)]


class InviteAccountIn(Strict):
    name: Name  # the account's name, as it signs in


class InvitationOut(Strict):
    id: int
    table: str
    seat: int
    game: str  # the game's name
    title: str  # the game's title
    inviter: str  # the inviting person's display name
    expires_at: float


class InvitedOut(Strict):
    id: int
    table: str
    seat: int
    invitee: str  # the account's name as it spells it


class SeatedOut(Strict):
    table: str
    seat: int
    token: str  # the seat's own token, as ``join`` answers


def _refused(refused: InviteRefused) -> NoReturn:
    headers = None if refused.retry_after is None else {"Retry-After": str(refused.retry_after)}
    raise HTTPException(refused.status, refused.said, headers=headers) from None


@router.post(
    "/api/tables/{table_id}/seats/{seat}/invite-account",
    status_code=201,
    dependencies=[Checked],
    responses={
        403: {"description": "not the table's creator"},
        404: {"description": "no such table, seat or player"},
        409: {"description": "the seat is not free, the game began, or invited already"},
        429: {"description": "too many invitations"},
    },
)
async def invite_account(
    seat: int, body: InviteAccountIn, table: Table, app: ServicesDep, person: Person
) -> InvitedOut:
    """Invite the account named ``name`` to this free person's seat: only the table's
    creator, before the game begins. The account is told as it chose (mail, push) and sees
    the invitation in its page; only it can accept it."""
    live = table.live
    view = SeatView(
        table.id,
        live.status,
        live.row.created_by,
        [s.kind for s in live.seats],
        [s.person_id for s in live.seats],
    )
    try:
        event, name = await app.invites.invite(view, seat, person.id, body.name)
    except InviteRefused as refused:
        _refused(refused)
    await app.hub.notices.add_quietly([event])
    return InvitedOut(id=event.step, table=table.id, seat=seat, invitee=name)


@router.get("/api/invitations", responses={401: {"description": "not signed in"}})
async def invitations(app: ServicesDep, holder: SignedInHolder) -> list[InvitationOut]:
    """The account's open invitations, newest first."""
    found = await app.invites.open_for(holder.person.id)
    return [
        InvitationOut(
            id=i.id,
            table=i.table_id,
            seat=i.seat,
            game=i.game,
            title=find_kit(i.game).game.title,
            inviter=i.inviter,
            expires_at=i.expires_at,
        )
        for i in found
    ]


@router.post("/api/invitations/{invitation_id}/accept", dependencies=[Checked], responses=ANSWERS)
async def accept(
    invitation_id: InvitationId, app: ServicesDep, holder: SignedInHolder
) -> SeatedOut:
    """Take the invitation's seat: only the invited account, once."""
    person = holder.person
    try:
        row = await app.invites.find(invitation_id, person.id)
    except InviteRefused as refused:
        _refused(refused)
    try:
        table = await app.hub.get(row.table_id)
    except KeyError:
        raise HTTPException(404, problems.NO_TABLE(table=repr(row.table_id))) from None
    seat = table.live.seats[row.seat]
    if table.live.status != "waiting" or seat.person_id not in (None, person.id):
        # Another accept of this invitation may have taken the seat since ``find``: it
        # says so (accepted already), as a second accept after it would.
        try:
            await app.invites.answer(invitation_id, person.id, SPENT)
        except InviteRefused as refused:
            _refused(refused)
        raise HTTPException(409, problems.INVITATION_SPENT(invitation=invitation_id))
    # One seat a person, as at any table: said before the invitation is used.
    mine = next((n for n, s in enumerate(table.live.seats) if s.person_id == person.id), None)
    if mine is not None and mine != row.seat:
        raise HTTPException(409, problems.ONE_SEAT())
    try:
        await app.invites.answer(invitation_id, person.id, ACCEPTED)
    except InviteRefused as refused:
        _refused(refused)
    try:
        token = await table.take_seat(row.seat, person.id)
    except (SeatRefused, AccountNeeded) as refused:
        await app.invites.spend(invitation_id)
        raise HTTPException(409, said_or_text(refused)) from None
    except BaseException:
        # Failed or cancelled half way: not accepted without its seat, open to answer again.
        await asyncio.shield(app.invites.reopen(invitation_id))
        raise
    return SeatedOut(table=table.id, seat=row.seat, token=token)


@router.post("/api/invitations/{invitation_id}/decline", dependencies=[Checked], responses=ANSWERS)
async def decline(invitation_id: InvitationId, app: ServicesDep, holder: SignedInHolder) -> None:
    """Say no: the invitation is answered and opens nothing any more."""
    try:
        await app.invites.answer(invitation_id, holder.person.id, DECLINED)
    except InviteRefused as refused:
        _refused(refused)
