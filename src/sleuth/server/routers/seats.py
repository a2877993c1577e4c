"""Seats: join by an invite's token, leave, have a bot play a missing person's seat, take
one's seat back from its bot. Who may do which is ``sleuth.server.access``'s to say."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from ..access import Caller, Door
from ..deps import Checked, Person, Services, ServicesDep, Table, require
from ..live import LiveTable
from ..lobby import check_bot
from ..models import PersonRow
from ..schemas import JoinIn, JoinOut, ReplaceIn, TableOut
from ..store import new_secret, secret_hash
from ..wire import table_out

router = APIRouter(prefix="/api/tables/{table_id}", tags=["seats"])
NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"description": "no such table or seat"}}


async def _take(live: LiveTable, seat: int, app: Services, person: PersonRow) -> str:
    """Seat ``person`` at ``seat`` and give the seat a fresh token, the person's alone: the
    invite that opened it (its creator holds every invite) opens nothing any more."""
    token = new_secret()
    # Only while the seat is as read, and never a second seat of one person: the database
    # decides, so of two requests at once one gets the seat.
    why_not = await app.store.take_seat(
        live.id, seat, person.id, live.seats[seat].person_id, secret_hash(token)
    )
    if why_not is not None:
        await app.hub.seats_changed(live)  # what was read was out of date: read it again
        raise HTTPException(409, why_not)
    await app.hub.seats_changed(live)
    return token


@router.post("/join", dependencies=[Checked], responses=NOT_FOUND)
async def join(body: JoinIn, live: Table, app: ServicesDep, person: Person) -> JoinOut:
    """Take the seat whose token this is (a token opens exactly one seat); the answer
    carries the seat's new token, since the invite's stops working."""
    seat = await app.store.seat_by_token(live.id, body.token)
    found = None if seat is None else seat.seat
    require(Door.JOIN, live, Caller(person.id, found))
    if found is None:  # JOIN has refused it already; this says so to the type checker
        raise HTTPException(403, "this token opens no seat at this table")
    token = await _take(live, found, app, person)
    return JoinOut(table=live.id, seat=found, token=token)


@router.post(
    "/seats/{seat}/sit",
    dependencies=[Checked],
    responses={**NOT_FOUND, 409: {"description": "the seat is not free"}},
)
async def sit(seat: int, live: Table, app: ServicesDep, person: Person) -> JoinOut:
    """Take a free person's seat at a listed table before its game starts: its creator
    listed it for anyone to join, so no invite is needed (an unlisted table's seats open by
    invite only). Once the game is on, no one takes a seat that way: a person who could
    leave one seat and sit at another would see two hands."""
    require(Door.SIT, live, person, seat)
    token = await _take(live, seat, app, person)
    return JoinOut(table=live.id, seat=seat, token=token)


@router.post("/seats/{seat}/leave", dependencies=[Checked], responses=NOT_FOUND)
async def leave(seat: int, live: Table, app: ServicesDep, person: Person) -> TableOut:
    """Give up one's seat. During a game the table's bot plays it until someone joins
    with its invite and takes it back."""
    require(Door.LEAVE, live, person, seat)
    await app.store.update_seat(live.id, seat, person_id=None)
    if live.status == "playing":
        await app.hub.take_over(live, seat)
    await app.hub.seats_changed(live)
    return table_out(live)


@router.post("/seats/{seat}/bot", dependencies=[Checked], responses=NOT_FOUND)
async def replace_by_bot(
    seat: int, body: ReplaceIn, live: Table, app: ServicesDep, person: Person
) -> TableOut:
    """A person seated here has a bot play a missing person's seat (the table's takeover
    bot, or the one named); that person may take the seat back."""
    require(Door.SEAT_TO_BOT, live, person, seat)
    if body.bot is not None:
        # A bad spec, a program or too large a budget is a GameError: 400.
        check_bot(body.bot, live.game.name, max_think=app.settings.max_think)
    if not await app.hub.take_over(live, seat, body.bot):
        raise HTTPException(409, f"seat {seat} is played by a bot already")
    return table_out(live)


@router.post("/seats/{seat}/take-back", dependencies=[Checked], responses=NOT_FOUND)
async def take_back(seat: int, live: Table, app: ServicesDep, person: Person) -> TableOut:
    require(Door.TAKE_BACK, live, person, seat)
    if not await app.hub.take_back(live, seat):
        raise HTTPException(409, f"seat {seat} is not played by a bot")
    return table_out(live)
