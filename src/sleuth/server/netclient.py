"""``sleuth bot connect``: a bot program on this machine plays at a server's tables.

The client holds the bot's socket (``/ws/bot``, its token as a bearer) and relays: each
``hello`` starts the command afresh (a protocol bot plays one game a process, as under
``cmd:``), the hello, decisions and ``end`` go to its standard input, each line of its
standard output goes to the server. What the server says to people (``welcome``,
``error``) is printed on standard error. A challenge (``netchallenges``) is answered here,
by the games the client was told to accept (``accept``: None, every game; an empty set,
none), and never reaches the command: it plays the games it is seated at, nothing else. A
lost connection stops the command and is made again after a pause (the server seats the
bot's takeover bot meanwhile, and greets it with a fresh hello); an unknown token ends the
client.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import Sequence
from typing import IO, Any
from urllib.parse import urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from sleuth.agents import botproto as proto

RETRY_SECONDS = 2.0
STOP_SECONDS = 2.0
# Closes after which trying again is no use: an unknown token, a refused Origin.
FINAL_CLOSES = frozenset({4401, 4403})
TO_PROGRAM = frozenset({"hello", "decide", "end"})


class Refused(Exception):
    """The server refused the bot for good (its words are the message)."""


def socket_url(url: str) -> str:
    """The bot socket's URL from a server's (``http://host:8000``) or the socket's own."""
    parts = urlsplit(url)
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
    if scheme not in ("ws", "wss"):
        raise ValueError(f"{url!r}: expected an http(s):// or ws(s):// URL")
    path = parts.path if parts.path not in ("", "/") else "/ws/bot"
    return urlunsplit((scheme, parts.netloc, path, parts.query, ""))


class Program:
    """The bot command for one game: lines in, lines out (relayed to the socket)."""

    def __init__(self, process: asyncio.subprocess.Process, pump: asyncio.Task[None]) -> None:
        self.process = process
        self.pump = pump

    @classmethod
    async def start(cls, argv: Sequence[str], ws: ClientConnection, log: IO[str]) -> Program:
        process = await asyncio.create_subprocess_exec(
            *argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=proto.MAX_ANSWER_BYTES + 1,
        )
        pump = asyncio.get_running_loop().create_task(_pump(process, ws, log))
        return cls(process, pump)

    async def write(self, text: str) -> None:
        stdin = self.process.stdin
        if stdin is None or stdin.is_closing():
            return
        with contextlib.suppress(ConnectionError):
            stdin.write(text.encode() + b"\n")
            await stdin.drain()

    async def stop(self) -> None:
        """Close its input, give it a moment, then end it."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), STOP_SECONDS)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()
        with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
            await asyncio.wait_for(self.pump, STOP_SECONDS)


async def _pump(process: asyncio.subprocess.Process, ws: ClientConnection, log: IO[str]) -> None:
    assert process.stdout is not None  # PIPE given
    while True:
        try:
            line = await process.stdout.readline()
        except ValueError:  # a line past the limit: the server would refuse it anyway
            print(f"the bot wrote a line over {proto.MAX_ANSWER_BYTES} bytes", file=log)
            return
        if not line:
            return
        await ws.send(line.decode("utf-8", "replace").rstrip("\r\n"))


async def answer_challenge(
    ws: ClientConnection, message: dict[str, Any], accept: frozenset[str] | None, log: IO[str]
) -> None:
    game = message.get("game")
    taken = accept is None or game in accept
    await ws.send(json.dumps({"type": "accept" if taken else "decline", "id": message.get("id")}))
    rated = "rated" if message.get("rated") else "casual"
    word = "accepted" if taken else "declined"
    print(f"challenge from {message.get('from')}: {game}, {rated}: {word}", file=log, flush=True)


async def session(
    ws: ClientConnection,
    argv: Sequence[str],
    games: int | None,
    log: IO[str],
    accept: frozenset[str] | None = None,
    on_welcome: asyncio.Future[str] | None = None,
) -> int:
    """Relay until the connection ends or ``games`` games have ended; the games ended."""
    program: Program | None = None
    ended = 0
    if accept is not None:  # the lobby offers challenges to these games only
        await ws.send(json.dumps({"type": "games", "games": sorted(accept)}))
    try:
        async for text in ws:
            message: Any = json.loads(text)
            kind = message.get("type") if isinstance(message, dict) else None
            if kind == "welcome":
                print(f"connected as {message.get('spec')}", file=log, flush=True)
                if on_welcome is not None and not on_welcome.done():
                    on_welcome.set_result(str(message.get("spec")))
            elif kind == "challenge":
                await answer_challenge(ws, message, accept, log)
            elif kind not in TO_PROGRAM:
                print(f"server: {message.get('problem')}: {message.get('message')}", file=log)
            else:
                if kind == "hello":
                    if program is not None:
                        await program.stop()
                    program = await Program.start(argv, ws, log)
                if program is not None:
                    await program.write(str(text))
                if kind == "end" and program is not None:
                    await program.stop()
                    program, ended = None, ended + 1
                    if games is not None and ended >= games:
                        await ws.close()
                        return ended
    finally:
        if program is not None:
            await program.stop()
    return ended


async def relay(
    url: str,
    token: str,
    argv: Sequence[str],
    games: int | None = None,
    log: IO[str] = sys.stderr,
    accept: frozenset[str] | None = None,
    on_welcome: asyncio.Future[str] | None = None,
) -> None:
    """Play ``games`` games (``None``: until stopped), connecting again when the connection
    is lost; ``Refused`` if the server will not have the bot. Challenges to the games in
    ``accept`` are accepted (``None``: all), others declined; ``on_welcome`` is given the
    bot's spec (``net:NAME``) once the server has greeted it."""
    target = socket_url(url)
    headers = {"Authorization": f"Bearer {token}"}
    while True:
        try:
            async with connect(
                target, additional_headers=headers, max_size=proto.MAX_MESSAGE_BYTES + 1024
            ) as ws:
                played = await session(ws, argv, games, log, accept, on_welcome)
                if games is not None:
                    games -= played
                    if games <= 0:
                        return
        except ConnectionClosed as closed:
            received = closed.rcvd
            if received is not None and received.code in FINAL_CLOSES:
                raise Refused(received.reason) from None
            print("the connection was lost; connecting again", file=log, flush=True)
        except OSError as error:
            print(f"cannot reach {target}: {error}; trying again", file=log, flush=True)
        await asyncio.sleep(RETRY_SECONDS)
