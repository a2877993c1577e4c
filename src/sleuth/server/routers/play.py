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

from .. import movetrace, problems
from ..access import Caller, Door, refusal
from ..connection import Connection
from ..deps import COOKIE, MaybePerson, Services, ServicesDep, client_address, origin_allowed
from ..frames import ErrorFrame, PongFrame
from ..jsontext import JsonProblem, strict_loads
from ..limits import RateLimit
from ..live import facts_of
from ..outage import DatabaseUnavailable
from ..owner import StaleActionError, TableOwner
from ..problems import said_or_text
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
BAD_REQUEST, SIGNED_OUT, FORBIDDEN, NOT_FOUND, FLOOD = 4400, 4401, 4403, 4404, 4429
# The seat is no longer this channel's (its person left it), or, at the handshake, the caller
# left it: opening it again would be refused.
SEAT_GONE = 4410
# The step a reconnecting client saw (echoed in its first frame): bounded like a message's.
LastStep = Annotated[int | None, Query(ge=0, le=MAX_STEP)]


async def refuse_parameters(ws: WebSocket, error: WebSocketRequestValidationError) -> None:
    """A socket's URL with a parameter out of its bounds (``?last_step=`` past 2^31, a seat
    that is no number): closed naming the first, instead of a bare refused handshake."""
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"][1:]) or "the URL"
    reason = f"{where}: {first['msg']}"
    await _refuse(ws, BAD_REQUEST, reason)  # its reason cut to a close frame's 123 bytes


async def _refuse(ws: WebSocket, code: int, reason: str) -> None:
    """Closed with the service's own code, which the page says in words and never tries
    again: accepted first, since a handshake refused outright reaches a browser as 1006
    only, which the page takes for a lost network and retries for ever."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):  # gone already
        await ws.accept()
        await ws.close(code, reason.encode()[:123].decode(errors="ignore"))


async def _left_by(table: TableOwner, seat: int | None, person_id: str | None) -> bool:
    """Whether the caller gave the seat up (while its page was away, or while the page was
    opening it): the page turns into a spectator's, as it would have had it been open.
    Anyone else is refused as before, and learns nothing new."""
    return seat is not None and person_id is not None and await table.has_left(seat, person_id)


async def _open(ws: WebSocket, app: Services, table_id: str) -> TableOwner | None:
    if not origin_allowed(
        ws.headers.get("origin"), ws.headers.get("host"), app.settings.allowed_origins
    ):
        # Another site's page is refused at the handshake: it gets no channel at all.
        await ws.close(FORBIDDEN, "this Origin may not use the service")
        return None
    try:
        return await app.hub.get(table_id[:32])
    except KeyError:
        await _refuse(ws, NOT_FOUND, "no such table")
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
    table = await _open(ws, app, table_id)
    if table is None:
        return
    token_seat = token_hash = None
    if token is not None and len(token) <= 100:
        found = await table.seat_by_token(token)
        # Only while the seat still has that token as this process knows it: an invite read
        # just before someone joined with it opens nothing (the seat has the joiner's now).
        if found is not None and table.has_token(*found):
            token_seat, token_hash = found
    caller = Caller(person.id if person else None, token_seat)
    refused = refusal(Door.SEAT_CHANNEL, facts_of(table.live), caller, seat)
    if refused is not None:
        if refused.status == 403 and await _left_by(table, seat, person.id if person else None):
            await _refuse(ws, SEAT_GONE, str(problems.SEAT_GONE()))
            return
        await _refuse(ws, 4000 + refused.status, refused.message)
        return
    opened_by = token_hash if token_seat == seat else None
    cookie = ws.cookies.get(COOKIE) if person else None
    connection = Connection(
        seat,
        person.id if person else None,
        opened_by,
        cookie=cookie,
    )
    # Checked and counted in one call that awaits nothing (``take`` is synchronous), so two
    # channels opening at once cannot both pass the cap, though the awaits above come first;
    # given back once in ``finally``, as the spectators' are.
    too_many = app.seat_channels.take(table.id, seat)
    if too_many is not None:
        await _refuse(ws, FLOOD, str(too_many))
        return
    try:
        await _serve(ws, app, table, connection, last_step)
    finally:
        app.seat_channels.give_back(table.id, seat)


@router.websocket("/ws/tables/{table_id}/watch")
async def watch(ws: WebSocket, table_id: str, app: ServicesDep, last_step: LastStep = None) -> None:
    table = await _open(ws, app, table_id)
    if table is None:
        return
    refused = refusal(Door.WATCH, facts_of(table.live), Caller())
    if refused is not None:
        await _refuse(ws, 4000 + refused.status, refused.message)
        return
    # Counted before anything is awaited, so channels opened at once are all counted.
    address = client_address(ws)
    too_many = app.watchers.take(address, table.id)
    if too_many is not None:
        await _refuse(ws, FLOOD, str(too_many))
        return
    try:
        await _serve(ws, app, table, Connection(None, None), last_step)
    finally:
        app.watchers.give_back(address, table.id)


async def _serve(
    ws: WebSocket, app: Services, table: TableOwner, connection: Connection, last_step: int | None
) -> None:
    await ws.accept()
    await table.catch_up_if_behind()
    # Asked again with nothing awaited before the first frame: the seat may have changed
    # hands while the handshake was accepted.
    if not table.admits(connection):
        if await _left_by(table, connection.seat, connection.person_id):
            await ws.close(SEAT_GONE, str(problems.SEAT_GONE()))
        else:
            await ws.close(FORBIDDEN, str(problems.NOT_YOUR_SEAT_CHANNEL()))
        return
    connection.send(table.state_frame(connection.seat, resumed_from=last_step))
    table.attach(connection)
    writer = asyncio.get_running_loop().create_task(_write(ws, connection))
    try:
        await _read(ws, app, table, connection)
    except WebSocketDisconnect:
        pass
    finally:
        table.detach(connection)
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
                if connection.ended:
                    await ws.close(SIGNED_OUT, str(problems.SESSION_ENDED()))
                elif connection.unseated:
                    await ws.close(SEAT_GONE, str(problems.SEAT_GONE()))
                else:
                    await ws.close(FLOOD if connection.overflowed else 1000)
            return
        await ws.send_text(text)
        if movetrace.ON:
            movetrace.written(text)


async def _read(ws: WebSocket, app: Services, table: TableOwner, connection: Connection) -> None:
    settings = app.settings
    limit = RateLimit(settings.rate_per_second, settings.rate_burst)
    refused = 0
    while True:
        message = await ws.receive()
        if movetrace.ON:
            movetrace.begin()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        error: tuple[str, str] | None = None
        if not limit.allow():
            error = ("rate_limited", problems.RATE_LIMITED(rate=f"{settings.rate_per_second:g}"))
        elif text is None:
            error = ("malformed", problems.BINARY())
        elif len(text.encode()) > settings.max_message_bytes:
            error = ("too_large", problems.TOO_LARGE(bytes=settings.max_message_bytes))
        else:
            error = await _handle(app, table, connection, text)
        if error is None:
            refused = 0
            continue
        refused += 1
        connection.send(ErrorFrame.of(error[0], error[1], table.live.step))
        if refused >= settings.flood_close_after:
            connection.overflowed = True  # closes with FLOOD
            connection.close()
            return


async def _handle(
    app: Services, table: TableOwner, connection: Connection, text: str
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
    if movetrace.ON:
        movetrace.mark("validated")
    seat = connection.seat
    if connection.ended:
        # Read before its writer closed it: the session that opened it is over.
        return "signed_out", problems.SESSION_ENDED()
    if isinstance(message, PingMessage):
        connection.send(PongFrame(step=table.live.step))
        return None
    if not table.admits(connection):
        # The seat changed hands since the channel opened (its person left it, or joined
        # another): the channel shows and does nothing more.
        return "forbidden", problems.SEAT_GONE()
    if isinstance(message, HelloMessage):
        connection.send(table.state_frame(seat, resumed_from=message.last_step))
        table.schedule_sheets()
        return None
    if seat is None:
        return "forbidden", problems.SPECTATOR()
    try:
        if isinstance(message, ActMessage):
            await table.act(seat, message.action, message.step)
        elif isinstance(message, ChatMessage):
            if not app.chats.allow(connection.person_id or f"seat {seat}"):
                rate = f"{app.settings.rate_per_second:g}"
                return "rate_limited", problems.RATE_LIMITED(rate=rate)
            name = table.live.seats[seat].name or f"seat {seat}"
            await table.chat(seat, name, message.text[: app.settings.max_chat_chars])
        elif isinstance(message, TakeBackMessage):
            if not await table.take_back(seat):
                return "illegal", problems.NO_BOT_HERE(seat=seat)
        elif isinstance(message, NotesMessage):
            await table.set_notes(seat, message.card, message.place, message.mark)
    except StaleActionError as error:
        return "stale", said_or_text(error)
    except DatabaseUnavailable as error:
        return "unavailable", str(error)  # not acknowledged: the client sends it again
    except GameError as error:
        kind = "invalid" if isinstance(error, InvalidActionError) else "illegal"
        return kind, said_or_text(error)
    return None
