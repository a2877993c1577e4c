"""Tables: create one (each seat a person or a bot), list the open ones and one's own,
read one, ask for a rematch."""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import APIRouter, HTTPException, Query, Request

from sleuth.core import find_kit
from sleuth.core.serialize import JSONValue

from .. import problems
from ..access import Door
from ..deps import (
    Checked,
    MaybePerson,
    Person,
    Services,
    ServicesDep,
    Table,
    bearer_token,
    client_address,
    count_new,
    refuse_past,
    require,
)
from ..lobby import AWAY_DEFAULT, SeatPlan, TablePlan, WaitingTablesFull, check_plan, plan_of
from ..models import PersonRow
from ..netbots import net_name
from ..netchallenges import Challenge, Declined, StillWaiting
from ..owner import TableOwner
from ..problems import said_or_text
from ..ratings import AccountNeeded
from ..schemas import InviteOut, MyTableOut, TableCreated, TableIn, TableOut
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
    responses={
        401: {"description": "a network bot seated by no one it can ask, or a bot token unknown"},
        403: {"description": "a guest at a seat of a rated table"},
        409: {"description": "a network bot declined, did not answer, or still weighs"},
        429: {"description": "too many new tables, too many challenges, or too many waiting"},
    },
)
async def create(
    body: TableIn, request: Request, app: ServicesDep, person: MaybePerson
) -> TableCreated:
    """Deal a table. The invite of each seat that waits for a person is in the answer, once:
    its token is stored hashed. ``sit`` seats the creating person at once (by identity: that
    seat has no invite). A network bot's seat is asked first (``ask_network_bots``), except
    the bot whose own token comes as ``Authorization: Bearer`` (``sleuth bot arena``)."""
    plan = TablePlan(
        game=body.game,
        players=body.players,
        options=body.options,
        seats=[SeatPlan(s.kind, s.bot) for s in body.seats],
        sheet=body.sheet,
        clock=body.clock,
        per_move=body.per_move,
        away_after=AWAY_DEFAULT if body.away_after is None else body.away_after,
        bank=body.bank,
        vacation_days=body.vacation_days,
        takeover_bot=body.takeover_bot,
        spectators=body.spectators,
        listed=body.listed,
        rated=body.rated,
    )
    people: dict[int, str] = {}
    if body.sit is not None:
        if person is None:
            raise HTTPException(401, problems.SIT_WHO())
        if body.sit >= len(body.seats) or body.seats[body.sit].kind != "person":
            raise HTTPException(400, problems.SIT_NOT_PERSON(seat=body.sit))
        people[body.sit] = person.id
    # A plan that will be refused is not counted against the caller's limit.
    check_plan(plan, max_think=app.settings.max_think)
    names = {} if person is None else {person.id: person.name}
    own = await own_bot(request, app)
    try:
        await app.hub.ratings.refuse_guests(plan.rated, people.values())
        # Counted before any bot is asked: a bot is not asked for a table refused anyway.
        await count_new("tables", request, app)
        await app.hub.refuse_full(
            plan, person.id if person else None, list(people), client_address(request)
        )
        await ask_network_bots(plan, app, person, own)
        table, tokens = await app.hub.create(
            plan,
            person.id if person else None,
            people,
            names,
            max_think=app.settings.max_think,
            address=client_address(request),
        )
    except AccountNeeded as refused:
        raise HTTPException(403, said_or_text(refused)) from None
    except WaitingTablesFull as refused:
        raise HTTPException(429, said_or_text(refused)) from None
    except (Declined, StillWaiting) as declined:
        raise HTTPException(409, said_or_text(declined)) from None
    return created_answer(request, table, tokens)


async def own_bot(request: Request, app: Services) -> str | None:
    """The network bot whose own token the request carries (``Authorization: Bearer``), if
    any: the table is its own asking, so its seat needs no other consent. A token that is
    no bot's is refused (401), not ignored: its sender expects the bot to be seated."""
    token = bearer_token(request)
    if token is None:
        return None
    account = None if app.bots is None else await app.bots.by_token(token)
    if account is None:
        raise HTTPException(401, problems.BOT_TOKEN_UNKNOWN())
    return account.name


async def ask_network_bots(
    plan: TablePlan, app: Services, person: PersonRow | None, own: str | None = None
) -> None:
    """Each network bot the table seats is asked as a challenge asks it (counted against
    the person's challenges; its games and its answer honoured): a table seats a bot only
    with its consent. The bot ``own`` is not asked: its own token asks for the table.
    Raises what ``Challenges.ask`` raises, or 400/401/429."""
    seated = (net_name(seat.bot) for seat in plan.seats)
    bots = [name for name in seated if name is not None and name != own]
    if not bots:
        return
    if person is None:
        raise HTTPException(401, problems.NET_BOT_WHO())
    asked = Challenge(
        game=find_kit(plan.game).name,
        players=plan.players,
        options=cast("dict[str, JSONValue]", dict(plan.options)),
        seats=["person" if seat.kind == "person" else seat.bot or "" for seat in plan.seats],
        rated=plan.rated,
        challenger=person.name,
    )
    for name in bots:
        refuse_past(await app.challenges.count(person.id))
        await app.challenges.ask(name, person.id, asked)


def created_answer(request: Request, table: TableOwner, tokens: dict[int, str]) -> TableCreated:
    return TableCreated(
        table=table_out(table.live),
        invites=[
            InviteOut(seat=seat, token=token, url=invite_url(request, table.id, seat, token))
            for seat, token in sorted(tokens.items())
        ],
        url=table_url(request, table.id),
    )


@router.get("")
async def listed(
    app: ServicesDep,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    limit: Annotated[int, Query(ge=1, le=PAGE)] = PAGE,
) -> list[TableOut]:
    """Tables their creators listed, not yet finished: to join a free seat or watch. A page
    of at most ``limit``, newest first; the next page starts at ``offset`` + ``limit``."""
    return [table_out(table.live) for table in await app.hub.listed(offset, limit)]


@router.get("/mine")
async def mine(app: ServicesDep, person: Person) -> list[MyTableOut]:
    """Every table where this person holds a seat; ``your_move`` where the game waits on
    them, and ``waiting_since`` since when: the time of the last step, or the game's start.
    Both are public (every seat sees whose move it is and when a step was taken)."""
    out = []
    for table, seat in await app.hub.tables_of(person.id):
        live = table.live
        waiting = live.status == "playing" and live.state.to_move() == seat
        since = None
        if waiting:
            since = live.steps[-1].at if live.steps else live.row.started_at
        out.append(
            MyTableOut(table=table_out(live), seat=seat, your_move=waiting, waiting_since=since)
        )
    return out


@router.get("/{table_id}", responses={404: {"description": "no such table"}})
async def read(table: Table) -> TableOut:
    return table_out(table.live)


@router.post(
    "/{table_id}/rematch",
    status_code=201,
    dependencies=[Checked],
    responses={
        403: {"description": "a guest asks for a rated table's rematch"},
        404: {"description": "no such table"},
        409: {"description": "not over, or a network bot declined (or did not answer)"},
        429: {
            "description": "too many challenges (a network bot seated is asked again), or "
            "too many waiting tables (one of its seats waits for a person)"
        },
    },
)
async def rematch(table: Table, request: Request, app: ServicesDep, person: Person) -> TableCreated:
    """The same game, rules and seats again, newly dealt; the people seated keep their
    seats (by their identity: those seats have no token at all). The answer carries an
    invite only for a seat that waits for a person (one whose person had left). Asked twice,
    it answers with the same new table, without invites. A network bot seated is asked
    again first, as a new table asks it (``ask_network_bots``)."""
    require(Door.REMATCH, table, person)
    seats = None
    try:
        if table.live.row.rematch is None:  # its network bots agreed to one game, not more
            seats = await app.hub.seats_of(table.id)
            plan = plan_of(table.live.row, seats)
            # Its people as seated: a rated table's guests wait too, but this check only
            # spares the bots' asking; the deal's is the guard.
            seated = [s.seat for s in table.live.seats if s.person_id is not None]
            await app.hub.refuse_full(plan, person.id, seated, client_address(request))
            if any(net_name(seat.bot) is not None for seat in plan.seats):
                await ask_network_bots(plan, app, person)
                seats = None  # they may have changed while the bots were asked: read again
        again, tokens = await app.hub.rematch(
            table, person.id, app.settings.max_think, client_address(request), seats
        )
    except KeyError:
        raise HTTPException(404, problems.NO_TABLE(table=repr(table.id))) from None
    except AccountNeeded as refused:
        raise HTTPException(403, said_or_text(refused)) from None
    except WaitingTablesFull as refused:
        raise HTTPException(429, said_or_text(refused)) from None
    except (Declined, StillWaiting) as declined:
        raise HTTPException(409, said_or_text(declined)) from None
    return created_answer(request, again, tokens)
