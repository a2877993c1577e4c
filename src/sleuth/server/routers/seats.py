"""Seats: join by an invite's token, leave, have a bot play a missing person's seat, take
one's seat back from its bot."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from ..deps import Checked, Person, Services, ServicesDep, Table
from ..live import LiveTable
from ..lobby import check_bot
from ..models import PersonRow
from ..schemas import JoinIn, JoinOut, ReplaceIn, TableOut
from ..store import new_secret, secret_hash
from ..wire import table_out

router = APIRouter(prefix="/api/tables/{table_id}", tags=["seats"])
NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"description": "no such table or seat"}}


def _seat(live: LiveTable, seat: int) -> None:
    if not 0 <= seat < len(live.seats):
        raise HTTPException(404, f"no seat {seat} at this {len(live.seats)}-seat table")


def _seated(live: LiveTable, person: PersonRow) -> None:
    if not any(s.person_id == person.id for s in live.seats):
        raise HTTPException(403, "only a person seated at this table may do that")


async def _take(live: LiveTable, seat: int, app: Services, person: PersonRow) -> str:
    """Seat ``person`` at ``seat`` and give the seat a fresh token, the person's alone: the
    invite that opened it (its creator holds every invite) opens nothing any more."""
    if any(s.person_id == person.id for s in live.seats if s.seat != seat):
        raise HTTPException(409, "you hold another seat at this table: one seat a person")
    holder = live.seats[seat].person_id
    if holder is not None and holder != person.id:
        raise HTTPException(409, f"seat {seat} is taken")
    token = new_secret()
    # Only while the seat is as read: of two people joining at once, one gets it.
    if not await app.store.update_seat(
        live.id,
        seat,
        only_if={"person_id": holder},
        person_id=person.id,
        token_hash=secret_hash(token),
    ):
        raise HTTPException(409, f"seat {seat} is taken")
    await app.hub.seats_changed(live)
    return token


@router.post("/join", dependencies=[Checked], responses=NOT_FOUND)
async def join(body: JoinIn, live: Table, app: ServicesDep, person: Person) -> JoinOut:
    """Take the seat whose token this is (a token opens exactly one seat); the answer
    carries the seat's new token, since the invite's stops working."""
    seat = await app.store.seat_by_token(live.id, body.token)
    if seat is None:
        raise HTTPException(403, "this token opens no seat at this table")
    if live.status == "finished":
        raise HTTPException(409, "the game is over")
    token = await _take(live, seat.seat, app, person)
    return JoinOut(table=live.id, seat=seat.seat, token=token)


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
    _seat(live, seat)
    if not live.row.listed:
        raise HTTPException(403, "this table is not listed: its seats open by invite only")
    if live.status != "waiting":
        raise HTTPException(409, "the game has started: seats are taken before the deal")
    if live.seats[seat].kind != "person":
        raise HTTPException(409, f"seat {seat} is a bot's")
    if live.seats[seat].person_id is not None:
        raise HTTPException(409, f"seat {seat} is taken")
    token = await _take(live, seat, app, person)
    return JoinOut(table=live.id, seat=seat, token=token)


@router.post("/seats/{seat}/leave", dependencies=[Checked], responses=NOT_FOUND)
async def leave(seat: int, live: Table, app: ServicesDep, person: Person) -> TableOut:
    """Give up one's seat. During a game the table's bot plays it until someone joins
    with its invite and takes it back."""
    _seat(live, seat)
    if live.seats[seat].person_id != person.id:
        raise HTTPException(403, f"seat {seat} is not yours")
    if live.status == "waiting":
        # The deal is made and the seat's view shown: leaving now to sit at another seat
        # would show a second hand. The seat is kept until the game starts.
        raise HTTPException(409, "the game has not started: a seat taken is kept until it does")
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
    _seat(live, seat)
    _seated(live, person)
    target = live.seats[seat]
    if target.kind != "person":
        raise HTTPException(409, f"seat {seat} is a bot's")
    if live.status != "playing":
        raise HTTPException(409, "only during a game")
    if any(c.seat == seat for c in live.connections):
        raise HTTPException(409, f"seat {seat}'s person is at the table")
    if body.bot is not None:
        # A bad spec, a program or too large a budget is a GameError: 400.
        check_bot(body.bot, live.game.name, max_think=app.settings.max_think)
    if not await app.hub.take_over(live, seat, body.bot):
        raise HTTPException(409, f"seat {seat} is played by a bot already")
    return table_out(live)


@router.post("/seats/{seat}/take-back", dependencies=[Checked], responses=NOT_FOUND)
async def take_back(seat: int, live: Table, app: ServicesDep, person: Person) -> TableOut:
    _seat(live, seat)
    if live.seats[seat].person_id != person.id:
        raise HTTPException(403, f"seat {seat} is not yours")
    if not await app.hub.take_back(live, seat):
        raise HTTPException(409, f"seat {seat} is not played by a bot")
    return table_out(live)
