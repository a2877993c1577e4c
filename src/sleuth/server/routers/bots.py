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

from fastapi import APIRouter, HTTPException, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, Field

from sleuth.agents import botproto as proto
from sleuth.core.serialize import JSONValue

from .. import problems
from ..deps import Checked, Services, ServicesDep, origin_allowed
from ..limits import RateLimit
from ..netbots import BotAccounts, BotLink
from .account import SignedInHolder
from .play import FLOOD, FORBIDDEN

router = APIRouter(tags=["bots"])
UNAUTHORIZED = 4401
TOKEN_CHARS = 100


class BotIn(BaseModel):
    name: str = Field(min_length=1, max_length=40)


class BotIssued(BaseModel):
    """A new bot account: its token is shown this once, and kept only as its hash."""

    name: str
    spec: str  # what a table's seat names to seat it
    token: str


class NetBotOut(BaseModel):
    name: str
    spec: str
    playing: bool


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


@router.get("/api/bots")
async def connected(app: ServicesDep) -> list[NetBotOut]:
    """The network bots connected now, each with whether it is playing at a table."""
    return [
        NetBotOut(name=name, spec=f"net:{name}", playing=playing)
        for name, playing in app.netbots.listed()
    ]


def _bearer(ws: WebSocket) -> str | None:
    scheme, _, token = (ws.headers.get("authorization") or "").partition(" ")
    if scheme.lower() != "bearer" or not token or len(token) > TOKEN_CHARS:
        return None
    return token.strip()


@router.websocket("/ws/bot")
async def bot_socket(ws: WebSocket, app: ServicesDep) -> None:
    if not origin_allowed(
        ws.headers.get("origin"), ws.headers.get("host"), app.settings.allowed_origins
    ):
        await ws.close(FORBIDDEN, "this Origin may not use the service")
        return
    token = _bearer(ws)
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
                await ws.close(FLOOD if link.flooded else 1000)
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
        if not limit.allow():
            problem = ("rate_limited", problems.RATE_LIMITED(rate=f"{settings.rate_per_second:g}"))
        elif text is None:
            problem = ("malformed", problems.BINARY())
        elif len(text.encode()) > largest:
            problem = ("too_large", problems.TOO_LARGE(bytes=largest))
        else:
            try:
                link.received(proto.decode(text.encode()))
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
