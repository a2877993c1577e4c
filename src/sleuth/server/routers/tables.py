"""Tables: create one (each seat a person or a bot), list the open ones and one's own,
read one, ask for a rematch."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request

from ..access import Door
from ..deps import Checked, MaybePerson, Person, ServicesDep, Table, count_new, require
from ..lobby import SeatPlan, TablePlan, create_table, plan_of
from ..schemas import InviteOut, MyTableOut, TableCreated, TableIn, TableOut
from ..store import new_id
from ..wire import table_out

router = APIRouter(prefix="/api/tables", tags=["tables"])
PAGE = 50  # open tables a page at most
MAX_OFFSET = 100_000


def invite_url(request: Request, table_id: str, seat: int, token: str) -> str:
    return f"{str(request.base_url).rstrip('/')}/t/{table_id}?seat={seat}&token={token}"


def table_url(request: Request, table_id: str) -> str:
    return f"{str(request.base_url).rstrip('/')}/t/{table_id}"


@router.post(
    "",
    status_code=201,
    dependencies=[Checked],
    responses={429: {"description": "too many new tables"}},
)
async def create(
    body: TableIn, request: Request, app: ServicesDep, person: MaybePerson
) -> TableCreated:
    """Deal a table. The invite of each seat that waits for a person is in the answer, once:
    its token is stored hashed. ``sit`` seats the creating person at once (by identity: that
    seat has no invite)."""
    plan = TablePlan(
        game=body.game,
        players=body.players,
        options=body.options,
        seats=[SeatPlan(s.kind, s.bot) for s in body.seats],
        sheet=body.sheet,
        clock=body.clock,
        per_move=body.per_move,
        takeover_bot=body.takeover_bot,
        spectators=body.spectators,
        listed=body.listed,
    )
    people: dict[int, str] = {}
    if body.sit is not None:
        if person is None:
            raise HTTPException(401, "sit: POST /api/people with a display name first")
        if body.sit >= len(body.seats) or body.seats[body.sit].kind != "person":
            raise HTTPException(400, f"sit: seat {body.sit} is not a person's seat")
        people[body.sit] = person.id
    await count_new("tables", request, app)
    created = await create_table(
        app.store, plan, person.id if person else None, people, max_think=app.settings.max_think
    )
    names = {} if person is None else {person.id: person.name}
    live = app.hub.adopt(created.row, created.seats, names)
    return TableCreated(
        table=table_out(live),
        invites=[
            InviteOut(seat=seat, token=token, url=invite_url(request, live.id, seat, token))
            for seat, token in sorted(created.tokens.items())
        ],
        url=table_url(request, live.id),
    )


@router.get("")
async def listed(
    app: ServicesDep,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    limit: Annotated[int, Query(ge=1, le=PAGE)] = PAGE,
) -> list[TableOut]:
    """Tables their creators listed, not yet finished: to join a free seat or watch. A page
    of at most ``limit``, newest first; the next page starts at ``offset`` + ``limit``."""
    out = []
    for row in await app.store.listed_tables(offset, limit):
        out.append(table_out(await app.hub.get(row.id)))
    return out


@router.get("/mine")
async def mine(app: ServicesDep, person: Person) -> list[MyTableOut]:
    """Every table where this person holds a seat; ``your_move`` where the game waits on
    them."""
    out = []
    for row, seat in await app.store.tables_of(person.id):
        live = await app.hub.get(row.id)
        waiting = live.status == "playing" and live.state.to_move() == seat
        out.append(MyTableOut(table=table_out(live), seat=seat, your_move=waiting))
    return out


@router.get("/{table_id}", responses={404: {"description": "no such table"}})
async def read(live: Table) -> TableOut:
    return table_out(live)


@router.post(
    "/{table_id}/rematch",
    status_code=201,
    dependencies=[Checked],
    responses={404: {"description": "no such table"}, 409: {"description": "not over"}},
)
async def rematch(live: Table, request: Request, app: ServicesDep, person: Person) -> TableCreated:
    """The same game, rules and seats again, newly dealt; the people seated keep their
    seats (by their identity: those seats have no token at all). The answer carries an
    invite only for a seat that waits for a person (one whose person had left). Asked twice,
    it answers with the same new table, without invites."""
    require(Door.REMATCH, live, person)
    claimed = new_id()
    # Claimed in the database first: of people asking at once, on any process, one deals.
    if live.row.rematch is not None or not await app.store.claim_rematch(live.id, claimed):
        row = await app.store.table(live.id)
        try:
            again = await app.hub.get(row.rematch if row and row.rematch else "")
        except KeyError:
            raise HTTPException(409, "the rematch is being dealt: ask again in a moment") from None
        return TableCreated(table=table_out(again), invites=[], url=table_url(request, again.id))
    plan = plan_of(live.row, await app.store.seats(live.id))
    people = {s.seat: s.person_id for s in live.seats if s.kind == "person" and s.person_id}
    # The seats' bots were checked when the table was first dealt (a program only if the
    # operator seated it): the same seats again.
    try:
        created = await create_table(
            app.store,
            plan,
            person.id,
            people,
            live.id,
            programs=True,
            table_id=claimed,
            max_think=app.settings.max_think,
        )
    except Exception:
        await app.store.claim_rematch(live.id, None)
        raise
    await app.hub.update_table(live, rematch=created.table_id)
    names = {s.person_id: s.name for s in live.seats if s.person_id is not None}
    again = app.hub.adopt(created.row, created.seats, names)
    return TableCreated(
        table=table_out(again),
        invites=[
            InviteOut(seat=seat, token=token, url=invite_url(request, again.id, seat, token))
            for seat, token in sorted(created.tokens.items())
        ],
        url=table_url(request, again.id),
    )
