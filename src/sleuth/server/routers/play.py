"""The play channel: one WebSocket per seat, and one per spectator.

A seat's channel opens with the identity cookie of the person seated there, or with the
seat's token once a person holds the seat (the token is then that person's own); who may
open which channel is ``sleuth.server.access``'s to say. Every frame is built
from that seat's view (a spectator's from the spectator view) and its own sheet. Messages
are JSON, at most ``max_message_bytes`` long and rate-limited; a refused message gets an
error frame and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated

from fastapi import APIRouter, Query, WebSocket, WebSocketDisconnect
from fastapi.exceptions import WebSocketRequestValidationError
from pydantic import TypeAdapter, ValidationError

from sleuth.core import GameError, InvalidActionError

from ..access import Caller, Door, refusal
from ..connection import Connection
from ..deps import MaybePerson, Services, ServicesDep, facts_of, origin_allowed
from ..hub import StaleActionError
from ..jsontext import JsonProblem, strict_loads
from ..limits import RateLimit
from ..live import LiveTable
from ..outage import DatabaseUnavailable
from ..schemas import (
    MAX_STEP,
    ActMessage,
    ChatMessage,
    ClientMessage,
    HelloMessage,
    NotesMessage,
    PingMessage,
    TakeBackMessage,
)

router = APIRouter(tags=["play"])
MESSAGES: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
# Close codes past 4000 are the application's own (RFC 6455 §7.4.2).
BAD_REQUEST, FORBIDDEN, NOT_FOUND, FLOOD = 4400, 4403, 4404, 4429
# The step a reconnecting client saw (echoed in its first frame): bounded like a message's.
LastStep = Annotated[int | None, Query(ge=0, le=MAX_STEP)]


async def refuse_parameters(ws: WebSocket, error: WebSocketRequestValidationError) -> None:
    """A socket's URL with a parameter out of its bounds (``?last_step=`` past 2^31, a seat
    that is no number): closed naming the first, instead of a bare refused handshake."""
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"][1:]) or "the URL"
    reason = f"{where}: {first['msg']}"
    await ws.accept()
    # A close frame's reason holds at most 123 bytes (RFC 6455 §5.5).
    await ws.close(BAD_REQUEST, reason.encode()[:123].decode(errors="ignore"))


async def _open(ws: WebSocket, app: Services, table_id: str) -> LiveTable | None:
    if not origin_allowed(
        ws.headers.get("origin"), ws.headers.get("host"), app.settings.allowed_origins
    ):
        await ws.close(FORBIDDEN, "this Origin may not use the service")
        return None
    try:
        return await app.hub.get(table_id[:32])
    except KeyError:
        await ws.close(NOT_FOUND, "no such table")
        return None


@router.websocket("/ws/tables/{table_id}/seats/{seat}")
async def play(
    ws: WebSocket,
    table_id: str,
    seat: int,
    app: ServicesDep,
    person: MaybePerson,
    token: str | None = None,
    last_step: LastStep = None,
) -> None:
    live = await _open(ws, app, table_id)
    if live is None:
        return
    token_seat = None
    if token is not None and len(token) <= 100:
        found = await app.store.seat_by_token(live.id, token)
        token_seat = None if found is None else found.seat
    caller = Caller(person.id if person else None, token_seat)
    refused = refusal(Door.SEAT_CHANNEL, facts_of(live), caller, seat)
    if refused is not None:
        await ws.close(4000 + refused.status, refused.message)
        return
    await _serve(ws, app, live, Connection(seat, person.id if person else None), last_step)


@router.websocket("/ws/tables/{table_id}/watch")
async def watch(ws: WebSocket, table_id: str, app: ServicesDep, last_step: LastStep = None) -> None:
    live = await _open(ws, app, table_id)
    if live is None:
        return
    refused = refusal(Door.WATCH, facts_of(live), Caller())
    if refused is not None:
        await ws.close(4000 + refused.status, refused.message)
        return
    await _serve(ws, app, live, Connection(None, None), last_step)


async def _serve(
    ws: WebSocket, app: Services, live: LiveTable, connection: Connection, last_step: int | None
) -> None:
    await ws.accept()
    await app.hub.catch_up_if_behind(live)
    connection.send(live.state_frame(connection.seat, resumed_from=last_step))
    app.hub.attach(live, connection)
    writer = asyncio.get_running_loop().create_task(_write(ws, connection))
    try:
        await _read(ws, app, live, connection)
    except WebSocketDisconnect:
        pass
    finally:
        app.hub.detach(live, connection)
        connection.close()
        with contextlib.suppress(Exception):
            await writer
        with contextlib.suppress(Exception):
            await ws.close()


async def _write(ws: WebSocket, connection: Connection) -> None:
    while True:
        text = await connection.queue.get()
        if text is None:
            with contextlib.suppress(Exception):
                await ws.close(FLOOD if connection.overflowed else 1000)
            return
        await ws.send_text(text)


async def _read(ws: WebSocket, app: Services, live: LiveTable, connection: Connection) -> None:
    settings = app.settings
    limit = RateLimit(settings.rate_per_second, settings.rate_burst)
    refused = 0
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        error: tuple[str, str] | None = None
        if not limit.allow():
            error = ("rate_limited", f"more than {settings.rate_per_second:g} messages a second")
        elif text is None:
            error = ("malformed", "messages are JSON text, not binary")
        elif len(text.encode()) > settings.max_message_bytes:
            error = ("too_large", f"a message is at most {settings.max_message_bytes} bytes")
        else:
            error = await _handle(app, live, connection, text)
        if error is None:
            refused = 0
            continue
        refused += 1
        connection.send({"type": "error", "code": error[0], "message": error[1], "step": live.step})
        if refused >= settings.flood_close_after:
            connection.overflowed = True  # closes with FLOOD
            connection.close()
            return


async def _handle(
    app: Services, live: LiveTable, connection: Connection, text: str
) -> tuple[str, str] | None:
    try:
        value = strict_loads(text)
    except JsonProblem as problem:
        return "malformed", str(problem)
    except ValueError as error:
        return "malformed", f"not JSON: {error}"
    except RecursionError:
        return "malformed", "nested too deeply"
    try:
        message = MESSAGES.validate_python(value)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        return "malformed", f"{where}: {first['msg']}"
    seat = connection.seat
    if isinstance(message, PingMessage):
        connection.send({"type": "pong", "step": live.step})
        return None
    if isinstance(message, HelloMessage):
        connection.send(live.state_frame(seat, resumed_from=message.last_step))
        app.hub.schedule_sheets(live)
        return None
    if seat is None:
        return "forbidden", "a spectator only watches"
    try:
        if isinstance(message, ActMessage):
            await app.hub.act(live, seat, message.action, message.step)
        elif isinstance(message, ChatMessage):
            name = live.seats[seat].name or f"seat {seat}"
            await app.hub.chat(live, seat, name, message.text[: app.settings.max_chat_chars])
        elif isinstance(message, TakeBackMessage):
            if not await app.hub.take_back(live, seat):
                return "illegal", f"seat {seat} is not played by a bot"
        elif isinstance(message, NotesMessage):
            await app.hub.set_notes(live, seat, message.card, message.place, message.mark)
    except StaleActionError as error:
        return "stale", str(error)
    except DatabaseUnavailable as error:
        return "unavailable", str(error)  # not acknowledged: the client sends it again
    except GameError as error:
        return ("invalid" if isinstance(error, InvalidActionError) else "illegal"), str(error)
    return None
