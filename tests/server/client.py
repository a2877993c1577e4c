"""Test clients of the service: people over HTTP (httpx, with their identity cookie) and
their seats over real WebSockets; and the check of every frame against the engine."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from sleuth.core import find_kit
from sleuth.core.events import events_json, public
from sleuth.core.kit import RENDER, TextRender
from sleuth.core.records import replay_record
from sleuth.core.serialize import to_json
from sleuth.server import workers
from sleuth.server.live import encode_legal


class Person:
    def __init__(self, http: str, name: str) -> None:
        self.client = httpx.AsyncClient(base_url=http, timeout=30)
        self.name = name

    async def __aenter__(self) -> Person:
        response = await self.client.post("/api/people", json={"name": self.name})
        response.raise_for_status()
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.client.aclose()

    async def post(self, path: str, body: Any = None) -> Any:
        response = await self.client.post(path, json=body)
        response.raise_for_status()
        return response.json()

    async def get(self, path: str) -> Any:
        response = await self.client.get(path)
        response.raise_for_status()
        return response.json()

    @property
    def cookie(self) -> str:
        """The identity cookie's secret, for a play channel opened as this person."""
        return str(self.client.cookies["sleuth_id"])


async def closed_at_once(connection: ClientConnection) -> int:
    """The code a channel the service refuses is closed with, before any frame: the
    handshake is accepted (refused outright, a browser sees 1006 only and retries)."""
    try:
        frame = await asyncio.wait_for(connection.recv(), 30)
    except ConnectionClosed as closed:
        assert closed.rcvd is not None, "closed without a code"
        return closed.rcvd.code
    await connection.close()
    raise AssertionError(f"the channel opened and sent {str(frame)[:120]}")


async def refused_at(url: str) -> int:
    """``closed_at_once`` of a channel opened by its URL alone."""
    async with connect(url, open_timeout=20) as connection:
        return await closed_at_once(connection)


@dataclass
class SeatClient:
    """One seat's play channel. Keeps every frame it ever received."""

    ws_base: str
    table: str
    seat: int | None
    token: str | None = None
    cookie: str | None = None  # the identity cookie's secret: opens the seat its person holds
    frames: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)
    connection: ClientConnection | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    @property
    def url(self) -> str:
        if self.seat is None:
            return f"{self.ws_base}/ws/tables/{self.table}/watch"
        seat = f"{self.ws_base}/ws/tables/{self.table}/seats/{self.seat}"
        return seat if self.token is None else f"{seat}?token={self.token}"

    async def connect(self, last_step: int | None = None, base: str | None = None) -> None:
        if base is not None:
            self.ws_base = base
        url = self.url
        if last_step is not None:
            url += ("&" if "?" in url else "?") + f"last_step={last_step}"
        headers = {} if self.cookie is None else {"Cookie": f"sleuth_id={self.cookie}"}
        self.connection = await connect(
            url, max_size=1 << 22, open_timeout=20, additional_headers=headers
        )

    async def refused(self) -> int:
        """The close code of this channel, which the service must refuse: accepted, then
        closed at once with its own code (never a frame of the table)."""
        await self.connect()
        assert self.connection is not None
        return await closed_at_once(self.connection)

    async def send(self, message: Any) -> None:
        assert self.connection is not None
        await self.connection.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = 30) -> dict[str, Any]:
        assert self.connection is not None
        text = await asyncio.wait_for(self.connection.recv(), timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        frame: dict[str, Any] = json.loads(text)
        self.frames.append(frame)
        return frame

    async def until(self, kind: str, timeout: float = 30) -> dict[str, Any]:
        while True:
            frame = await self.recv(timeout)
            if frame["type"] == kind:
                return frame

    def latest_state(self) -> dict[str, Any] | None:
        return next((f for f in reversed(self.frames) if f["type"] == "state"), None)

    async def close(self) -> None:
        if self.connection is not None:
            await self.connection.close()

    def has_sheet(self, step: int) -> bool:
        """Whether the seat has its sheet of ``step`` (in a sheet frame or a state frame)."""
        return any(
            f["step"] == step and (f["type"] == "sheet" or f.get("sheet") is not None)
            for f in self.frames
            if f["type"] in ("sheet", "state")
        )

    async def play(
        self, timeout: float = 120, until_step: int | None = None, read_sheet: bool = False
    ) -> dict[str, Any]:
        """Play random listed legal actions (stamped with the step seen) to the end, or
        until the table reaches ``until_step``; ``read_sheet``: each after the seat's sheet
        of the step has come (a sheet of a step that has passed is never worked out, so a
        table of people who all play at once would see few)."""
        deadline = asyncio.get_running_loop().time() + timeout
        acted_at = -1
        while True:
            state = self.latest_state()
            if state is not None and state["status"] == "finished":
                return state
            if state is not None and until_step is not None and state["step"] >= until_step:
                return state
            if (
                state is not None
                and self.seat in state["actors"]
                and state["legal"]["actions"]
                and acted_at != state["step"]
                and (not read_sheet or self.has_sheet(state["step"]))
            ):
                acted_at = state["step"]
                action = self.rng.choice(state["legal"]["actions"])
                await self.send({"type": "act", "action": action, "step": state["step"]})
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise TimeoutError(f"seat {self.seat}: no end in {timeout} s")
            frame = await self.recv(remaining)
            if frame["type"] == "error" and frame["code"] == "stale":
                acted_at = -1
            elif frame["type"] == "error" and frame["code"] == "unavailable":
                await asyncio.sleep(0.5)  # the database is away: try again, as told
                acted_at = -1


async def closed_code(client: SeatClient) -> int | None:
    """The close code once the server closes the channel."""
    try:
        while True:
            await client.recv(10)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None


def check_frames(record: dict[str, Any], client: SeatClient, level: str) -> int:
    """Every frame the seat got equals the engine's view of that seat at that step (and the
    seat's own sheet, and its legal actions); before the end no frame holds the seed or
    the reveal. Returns how many frames were checked."""
    replay = replay_record(record)
    game = replay.game
    render = find_kit(game.name).part(RENDER, TextRender)
    seed_text = str(replay.seed)
    states = list(replay.states())  # a finished game of a test: its states fit in memory
    last = len(states) - 1
    seat = client.seat
    checked = 0
    for text, frame in zip(client.raw, client.frames, strict=True):
        step = frame["step"]
        state = states[step]
        if step < last:
            assert seed_text not in text, f"seed leaked at step {step}"
            assert "reveal" not in frame, f"reveal at step {step}"
        if frame["type"] == "state":
            # The history every page tells in words: the record's public steps so far, each
            # with the public events of the state it led to.
            log = [
                [*entry, events_json(public(states[number].last_events()))]
                for number, entry in enumerate(record["steps"][:step], start=1)
            ]
            assert frame["log"] == log, f"log at {step}"
            view = state.view(seat)
            assert frame["view"] == json.loads(json.dumps(view.to_json())), f"step {step}"
            playing = frame["status"] == "playing"
            actors = sorted(state.actors()) if playing else []
            assert frame["actors"] == actors
            if seat is not None and seat in actors:
                assert frame["legal"] == encode_legal(state.legal_actions(seat))
            else:
                assert frame["legal"] == {"actions": [], "families": []}
            if frame["sheet"] is not None:
                assert frame["sheet"] == sheet_lines(render, view, level), f"lines {step}"
                assert frame["sheet_data"] == sheet_data(render, view, level), f"data {step}"
            checked += 1
        elif frame["type"] == "sheet":
            assert frame["seat"] == seat
            assert frame["sheet"] == sheet_lines(render, state.view(seat), level), f"sheet {step}"
            assert frame["data"] == sheet_data(render, state.view(seat), level), f"data {step}"
            checked += 1
    return checked


def sheet_lines(render: TextRender, view: Any, level: str) -> Any:
    """The sheet's typed lines as the seat's frames carry them: from its own view only."""
    lines = workers.sheet_lines(render, view, level, sheet_data(render, view, level))
    return json.loads(json.dumps(lines))


def sheet_data(render: TextRender, view: Any, level: str) -> Any:
    """The sheet's data as the seat's frames carry it: from its own view only."""
    data = None if render.sheet_data is None else render.sheet_data(view, level)
    return None if data is None else json.loads(json.dumps(to_json(data)))
