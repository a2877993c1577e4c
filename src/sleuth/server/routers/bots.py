"""Network bots (``sleuth.server.netbots``): their accounts, the list of those connected,
and the socket a bot plays through.

The socket ``/ws/bot`` opens with ``Authorization: Bearer TOKEN``; an unknown token is told
so and closed (4401). Its messages are the bot protocol's, bounded like the play channel's:
at most ``max_message_bytes`` (and the protocol's own answer limit), rate-limited, and a
refused one gets an error message and changes nothing; too many refused in a row close it.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any, cast

from fastapi import APIRouter, HTTPException, Path, Request, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, Field

from sleuth.agents import botproto as proto
from sleuth.core import all_kits, find_kit
from sleuth.core.serialize import JSONValue

from .. import problems
from ..deps import (
    Checked,
    Person,
    Services,
    ServicesDep,
    bearer_token,
    client_address,
    count_new,
    origin_allowed,
    refuse_past,
)
from ..limits import RateLimit
from ..lobby import SeatPlan, TablePlan, check_plan, default_takeover
from ..netbots import BotAccounts, BotLink, check_name
from ..netchallenges import Challenge, Declined, StillWaiting
from ..problems import said_or_text
from ..ratings import AccountNeeded
from ..schemas import OptionValue, TableCreated
from .account import SignedInHolder
from .play import FLOOD, FORBIDDEN
from .tables import created_answer

router = APIRouter(tags=["bots"])
UNAUTHORIZED = 4401


class BotIn(BaseModel):
    name: str = Field(min_length=1, max_length=40)


class BotIssued(BaseModel):
    """A new bot account: its token is shown this once, and kept only as its hash."""

    name: str
    spec: str  # what a table's seat names to seat it
    token: str


class BotRatingOut(BaseModel):
    game: str
    rating: float  # mu - 3 sigma, as the boards order by
    mu: float
    sigma: float
    games: int
    wins: int


class NetBotOut(BaseModel):
    name: str
    spec: str
    playing: bool
    games: list[str]  # the games it takes challenges to
    ratings: list[BotRatingOut]  # its rating in each game it has a rated result in


class ChallengeIn(BaseModel):
    """A game the challenger proposes: they sit at seat 0, the bot at seat 1, the game's
    own bot at any other."""

    game: str = Field(min_length=1, max_length=64)
    players: int = Field(ge=2, le=12)
    options: dict[Annotated[str, Field(max_length=64)], OptionValue] = Field(
        default={}, max_length=32
    )
    rated: bool = False


def _accounts(app: Services) -> BotAccounts:
    if app.bots is None:
        raise HTTPException(503, "network bots are not served here")
    return app.bots


@router.post(
    "/api/bots",
    status_code=201,
    dependencies=[Checked],
    responses={
        400: {"description": "a malformed or taken name"},
        401: {"description": "not signed in"},
    },
)
async def issue(body: BotIn, app: ServicesDep, holder: SignedInHolder) -> BotIssued:
    """Issue a bot account for the signed-in person: its token is in this answer only."""
    token = await _accounts(app).issue(holder.person.id, body.name)
    return BotIssued(name=body.name, spec=f"net:{body.name}", token=token)


@router.get("/api/bots/mine")
async def mine(app: ServicesDep, holder: SignedInHolder) -> list[str]:
    """The names of the bot accounts the signed-in person issued."""
    return await _accounts(app).of(holder.person.id)


@router.delete(
    "/api/bots/{name}",
    status_code=204,
    dependencies=[Checked],
    responses={401: {"description": "not signed in"}, 404: {"description": "no such bot of yours"}},
)
async def revoke(
    name: Annotated[str, Path(max_length=40)], app: ServicesDep, holder: SignedInHolder
) -> None:
    """Remove one of the signed-in person's bot accounts: its token no longer connects, and
    a connection open with it is closed, in every process (its name is retired)."""
    if not await _accounts(app).revoke(holder.person.id, name):
        raise HTTPException(404, problems.NET_BOT_NOT_YOURS(name=name))
    await app.hub.revoke_bot(name)


@router.get("/api/bots")
async def connected(app: ServicesDep) -> list[NetBotOut]:
    """The network bots connected now, each with whether it is playing at a table, the
    games it takes challenges to, and its ratings."""
    every_game = sorted(kit.name for kit in all_kits())
    out = []
    for name, playing in app.netbots.listed():
        link = app.netbots.links.get(name)
        games = every_game if link is None or link.games is None else sorted(link.games)
        rows = await app.hub.ratings.of_player(f"bot:net:{name}")
        ratings = [
            BotRatingOut(
                game=r.game, rating=r.ordinal, mu=r.mu, sigma=r.sigma, games=r.games, wins=r.wins
            )
            for r in rows
        ]
        out.append(
            NetBotOut(name=name, spec=f"net:{name}", playing=playing, games=games, ratings=ratings)
        )
    return out


@router.post(
    "/api/bots/{name}/challenge",
    status_code=201,
    dependencies=[Checked],
    responses={
        400: {"description": "the bot is not connected, is playing, or takes no such game"},
        403: {"description": "a guest challenges to a rated game"},
        409: {"description": "the bot declined, did not answer, or still weighs a challenge"},
        429: {"description": "too many challenges"},
    },
)
async def challenge(
    name: Annotated[str, Path(max_length=40)],
    body: ChallengeIn,
    request: Request,
    app: ServicesDep,
    person: Person,
) -> TableCreated:
    """Challenge a connected network bot: it accepts or declines (no answer in time is a
    decline); on accept the table is dealt, the challenger at seat 0 and the bot at seat 1."""
    refuse_past(await app.challenges.count(person.id))
    check_name(name)
    max_think = app.settings.max_think
    takeover = default_takeover(find_kit(body.game).name)
    seats = [SeatPlan("person"), SeatPlan("bot", f"net:{name}")]
    seats += [SeatPlan("bot", takeover)] * (body.players - 2)
    plan = TablePlan(body.game, body.players, body.options, seats, sheet="facts", rated=body.rated)
    game = check_plan(plan, max_think=max_think)[0]
    asked = Challenge(
        game=game,
        players=body.players,
        options=cast("dict[str, JSONValue]", dict(body.options)),
        seats=["person", *(seat.bot or "" for seat in seats[1:])],
        rated=body.rated,
        challenger=person.name,
    )
    try:
        await app.hub.ratings.refuse_guests(plan.rated, [person.id])
        await app.challenges.ask(name, person.id, asked)
        await count_new("tables", request, app)
        # Every seat is taken as it is dealt (the challenger's, the bots'): the table starts
        # at once, so no cap of waiting tables applies. The address is passed all the same,
        # so that a challenge that ever seats a person later is held to it as any table.
        table, tokens = await app.hub.create(
            plan,
            person.id,
            {0: person.id},
            {person.id: person.name},
            max_think=max_think,
            address=client_address(request),
        )
    except AccountNeeded as refused:
        raise HTTPException(403, said_or_text(refused)) from None
    except (Declined, StillWaiting) as declined:
        raise HTTPException(409, said_or_text(declined)) from None
    return created_answer(request, table, tokens)


@router.websocket("/ws/bot")
async def bot_socket(ws: WebSocket, app: ServicesDep) -> None:
    if not origin_allowed(
        ws.headers.get("origin"), ws.headers.get("host"), app.settings.allowed_origins
    ):
        await ws.close(FORBIDDEN, "this Origin may not use the service")
        return
    token = bearer_token(ws)
    account = None if token is None or app.bots is None else await app.bots.by_token(token)
    await ws.accept()
    if account is None:
        refused = problems.BOT_TOKEN_UNKNOWN()
        error: dict[str, JSONValue] = {
            "type": "error",
            "problem": refused.code,
            "message": str(refused),
        }
        await ws.send_text(proto.encode(error).decode())
        await ws.close(UNAUTHORIZED, str(refused))
        return
    link = app.netbots.connect(account.name)
    link.send({"type": "welcome", "name": account.name, "spec": f"net:{account.name}"})
    writer = asyncio.get_running_loop().create_task(_write(ws, link))
    try:
        await _read(ws, app, link)
    except WebSocketDisconnect:
        pass
    finally:
        app.netbots.disconnect(link)
        with contextlib.suppress(Exception):
            await writer
        with contextlib.suppress(Exception):
            await ws.close()


async def _write(ws: WebSocket, link: BotLink) -> None:
    while True:
        text = await link.outbox.get()
        if text is None:
            with contextlib.suppress(Exception):
                code = FLOOD if link.flooded else UNAUTHORIZED if link.revoked else 1000
                await ws.close(code)
            return
        await ws.send_text(text)


async def _read(ws: WebSocket, app: Services, link: BotLink) -> None:
    settings = app.settings
    limit = RateLimit(settings.rate_per_second, settings.rate_burst)
    largest = min(settings.max_message_bytes, proto.MAX_ANSWER_BYTES)
    refused = 0
    while not link.closed:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        problem: tuple[str, str] | None = None
        decoded: dict[str, Any] | None = None
        if text is None:
            problem = ("malformed", problems.BINARY())
        elif len(text.encode()) > largest:
            problem = ("too_large", problems.TOO_LARGE(bytes=largest))
        else:
            try:
                decoded = proto.decode(text.encode())
            except proto.ProtocolError as error:
                problem = ("malformed", str(error))
        # An answer to what the server asked costs nothing: at a table of bots decisions
        # come as fast as they are answered, and the server sets that pace itself.
        answer = decoded is not None and link.answers(decoded)
        if not answer and not limit.allow():
            problem = ("rate_limited", problems.RATE_LIMITED(rate=f"{settings.rate_per_second:g}"))
        elif decoded is not None:
            try:
                link.received(decoded)
            except proto.ProtocolError as error:
                problem = ("malformed", str(error))
        if problem is None:
            refused = 0
            continue
        refused += 1
        # A decision waiting for an answer is lost to a wrong one, as over a pipe.
        link.fail_pending(proto.ProtocolError(problem[1]))
        link.tell(*problem)
        if refused >= settings.flood_close_after:
            link.flooded = True
            link.close()
            return
