"""Seats: join by an invite's token, leave, have a bot play a missing person's seat, take
one's seat back from its bot. Who may do which is ``sleuth.server.access``'s to say; the
table's owner changes the seat."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request

from .. import problems
from ..access import Caller, Door
from ..deps import Checked, Person, ServicesDep, Table, count_read, require
from ..lobby import check_bot
from ..models import PersonRow
from ..owner import SeatRefused, TableOwner
from ..problems import said_or_text
from ..ratings import AccountNeeded
from ..schemas import InviteCheckOut, JoinIn, JoinOut, ReplaceIn, TableOut
from ..wire import table_out

router = APIRouter(prefix="/api/tables/{table_id}", tags=["seats"])
NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"description": "no such table or seat"}}


async def _take(table: TableOwner, seat: int, person: PersonRow) -> str:
    """Seat ``person`` at ``seat``: the seat's new token, the person's alone (the invite
    that opened it, which its creator holds, opens nothing any more)."""
    try:
        return await table.take_seat(seat, person.id)
    except AccountNeeded as refused:
        raise HTTPException(403, said_or_text(refused)) from None
    except SeatRefused as refused:
        raise HTTPException(409, said_or_text(refused)) from None


@router.post("/join", dependencies=[Checked], responses=NOT_FOUND)
async def join(body: JoinIn, table: Table, person: Person) -> JoinOut:
    """Take the seat whose token this is (a token opens exactly one seat); the answer
    carries the seat's new token, since the invite's stops working."""
    seat = await table.seat_by_token(body.token)
    found = None if seat is None else seat[0]
    require(Door.JOIN, table, Caller(person.id, found))
    if found is None:  # JOIN has refused it already; this says so to the type checker
        raise HTTPException(403, problems.TOKEN_OPENS_NOTHING())
    token = await _take(table, found, person)
    return JoinOut(table=table.id, seat=found, token=token)


@router.post(
    "/invite",
    dependencies=[Checked],
    responses={**NOT_FOUND, 429: {"description": "too many invite checks"}},
)
async def check_invite(
    body: JoinIn, table: Table, request: Request, app: ServicesDep
) -> InviteCheckOut:
    """The seat this invite's token still opens, if any, and takes nothing: the page asks
    before it asks for a name, so that a used invite is said to be used. It tells the token's
    holder no more than ``join`` would (which seat it opens, whether it is spent). Counted
    per address, as the replays are: it asks the database and needs no identity."""
    await count_read(request, app, "invites")
    seat = await table.seat_by_token(body.token)
    return InviteCheckOut(seat=None if seat is None else seat[0])


@router.post(
    "/seats/{seat}/sit",
    dependencies=[Checked],
    responses={**NOT_FOUND, 409: {"description": "the seat is not free"}},
)
async def sit(seat: int, table: Table, person: Person) -> JoinOut:
    """Take a free person's seat at a listed table before its game starts: its creator
    listed it for anyone to join, so no invite is needed (an unlisted table's seats open by
    invite only). Once the game is on, no one takes a seat that way: a person who could
    leave one seat and sit at another would see two hands."""
    require(Door.SIT, table, person, seat)
    token = await _take(table, seat, person)
    return JoinOut(table=table.id, seat=seat, token=token)


@router.post("/seats/{seat}/leave", dependencies=[Checked], responses=NOT_FOUND)
async def leave(seat: int, table: Table, person: Person) -> TableOut:
    """Give up one's seat. During a game the table's bot plays it until someone joins
    with its invite and takes it back."""
    require(Door.LEAVE, table, person, seat)
    await table.leave(seat, person.id)
    return table_out(table.live)


@router.post(
    "/seats/{seat}/bot",
    dependencies=[Checked],
    responses={**NOT_FOUND, 409: {"description": "not yet, not at this table, or a bot's"}},
)
async def replace_by_bot(
    seat: int, body: ReplaceIn, table: Table, app: ServicesDep, person: Person
) -> TableOut:
    """A person seated here has a bot play a missing person's seat (the table's takeover
    bot, or the one named): at a table without a clock, once that person has been away the
    table's while (``away_after``); that person may take the seat back."""
    require(Door.SEAT_TO_BOT, table, person, seat)
    if body.bot is not None:
        # A bad spec, a program or too large a budget is a GameError: 400.
        check_bot(body.bot, table.live.game.name, max_think=app.settings.max_think)
    try:
        await table.hand_to_bot(seat, person.id, body.bot)
    except SeatRefused as refused:
        raise HTTPException(409, said_or_text(refused)) from None
    return table_out(table.live)


@router.post("/seats/{seat}/take-back", dependencies=[Checked], responses=NOT_FOUND)
async def take_back(seat: int, table: Table, person: Person) -> TableOut:
    require(Door.TAKE_BACK, table, person, seat)
    if not await table.take_back(seat):
        raise HTTPException(409, problems.NO_BOT_HERE(seat=seat))
    return table_out(table.live)
