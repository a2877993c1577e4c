"""Fuzzing the play channel (hypothesis): connections to a seat (by cookie or token), to
another's seat and as a spectator, with URL parameters in and out of bounds, each sending
a few messages: well-formed ones with fuzzed values, legal moves (so games go on and end),
any JSON, text that is no JSON, JSON text with a value no JSON value is (NaN, 1e999, a
lone surrogate, a number past 128 bits) and binary frames. Every connection must keep
serving (a ping after its messages gets its pong) or be closed with one of the channel's
own codes, and the server must log no traceback.

The default suite sends a small budget; ``-m soak`` a large one (left out by default)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .conftest import Server
from .fuzz_world import BOT, PERSON, World, build_world, table_body, unlimited_server

# The channel's own close codes: a bad URL parameter, no right to the seat, no such table
# or seat, flooding.
OWN_CLOSE_CODES = {4400, 4403, 4404, 4429}
ERROR_CODES = {"rate_limited", "malformed", "too_large", "forbidden", "stale", "invalid", "illegal"}
LEGAL = "legal move"  # sent as a legal action of the seat's latest state, at its step
NOT_JSON_VALUES = ("NaN", "Infinity", "-Infinity", "1e999", str(2**200), '"\\udc00"')
MARK = "\u2407mark\u2407"

# Text a WebSocket can carry (UTF-8: no surrogates).
texts = st.text(st.characters(exclude_categories=["Cs"]), max_size=60)
numbers = st.one_of(
    st.integers(-3, 40),
    st.integers(-(2**80), 2**80),
    st.sampled_from([2**31 - 1, 2**31, 2**63, 2**64, -(2**63) - 1]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.none(),
)
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), numbers, texts),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=12,
)
well_formed = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("act"), "action": st.one_of(texts, st.dictionaries(texts, json_values))},
        optional={"step": numbers},
    ),
    st.fixed_dictionaries({"type": st.just("chat"), "text": texts}),
    st.fixed_dictionaries({"type": st.just("hello")}, optional={"last_step": numbers}),
    st.fixed_dictionaries({"type": st.sampled_from(["take_back", "ping", "teleport"])}),
    st.fixed_dictionaries(
        {
            "type": st.just("notes"),
            "card": texts,
            "place": texts,
            "mark": st.sampled_from(["", "+", "-", "?", "!", "++"]),
        }
    ),
)


@st.composite
def not_json_value(draw: st.DrawFn) -> str:
    """A well-formed message's JSON text with one value spelled as no JSON value is."""
    message = dict(draw(well_formed))
    key = draw(st.sampled_from([*message.keys(), "extra"]))
    message[key] = MARK
    return json.dumps(message).replace(json.dumps(MARK), draw(st.sampled_from(NOT_JSON_VALUES)))


messages = st.one_of(
    well_formed,
    st.just(LEGAL),
    json_values,
    texts,
    not_json_value(),
    st.binary(max_size=40),
)
# Mostly none or a step in bounds; out of bounds (refused with 4400) one time in five.
url_steps = st.one_of(st.sampled_from([*[None] * 5, -1, 2**31, 2**70, "x"]), st.integers(0, 30))


@dataclass
class Tally:
    connections: int = 0
    messages: int = 0
    closes: Counter[int | None] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    frames: Counter[str] = field(default_factory=Counter)


class Tables:
    """A table being played by Ann (seat 0, her cookie) and Bob (seat 1, his token), with
    a bot at seat 2; once a game is over, the next connections go to a new one."""

    def __init__(self, server: Server, world: World) -> None:
        self.server = server
        self.world = world
        self.current = world.playing[0]
        self.bob_token = world.seat_tokens[(self.current, 1)]

    def renew(self) -> None:
        ann = httpx.Client(base_url=self.server.http, timeout=30)
        bob = httpx.Client(base_url=self.server.http, timeout=30)
        try:
            ann.cookies.set("sleuth_id", self.world.cookies["Ann"])
            bob.cookies.set("sleuth_id", self.world.cookies["Bob"])
            made = ann.post("/api/tables", json=table_body([PERSON, PERSON, BOT], sit=0)).json()
            table = made["table"]["id"]
            invite = next(i["token"] for i in made["invites"] if i["seat"] == 1)
            self.bob_token = bob.post(f"/api/tables/{table}/join", json={"token": invite}).json()[
                "token"
            ]
            self.current = table
        finally:
            ann.close()
            bob.close()


def open_channel(
    tables: Tables, target: str, last_step: int | str | None
) -> tuple[ClientConnection, dict[str, str]]:
    base = f"{tables.server.ws}/ws/tables/{tables.current}"
    headers: dict[str, str] = {}
    query: dict[str, str] = {}
    if target == "ann":
        url = f"{base}/seats/0"
        headers["Cookie"] = f"sleuth_id={tables.world.cookies['Ann']}"
    elif target == "bob":
        url = f"{base}/seats/1"
        query["token"] = tables.bob_token
    elif target == "intruder":  # Bob's token at Ann's seat
        url = f"{base}/seats/0"
        query["token"] = tables.bob_token
    else:
        url = f"{base}/watch"
    if last_step is not None:
        query["last_step"] = str(last_step)
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return connect(url, additional_headers=headers, open_timeout=20, max_size=1 << 22), headers


def outgoing(message: object, state: dict[str, Any] | None) -> str | bytes:
    if isinstance(message, bytes | str) and message is not LEGAL:
        return message
    if message is LEGAL:
        legal = (state or {}).get("legal", {}).get("actions") or ["pass"]
        return json.dumps({"type": "act", "action": legal[0], "step": (state or {}).get("step")})
    return json.dumps(message)


def run_connection(
    tables: Tables, tally: Tally, target: str, last_step: int | str | None, sent: list[object]
) -> None:
    # Every handshake is accepted: a channel refused is closed with the service's own code.
    channel, _ = open_channel(tables, target, last_step)
    tally.connections += 1
    state: dict[str, Any] | None = None
    with channel:
        try:
            for message in sent:
                channel.send(outgoing(message, state))
                tally.messages += 1
                state = drain(channel, tally, state, wait=0.0)
            channel.send(json.dumps({"type": "ping"}))
            state = drain(channel, tally, state, wait=20.0, until="pong")
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else None
            tally.closes[code] += 1
            assert code in OWN_CLOSE_CODES, (target, last_step, sent, closed)
            return
    if state is not None and state.get("status") == "finished":
        tables.renew()


def drain(
    channel: ClientConnection,
    tally: Tally,
    state: dict[str, Any] | None,
    wait: float,
    until: str | None = None,
) -> dict[str, Any] | None:
    """Read the frames waiting (and, with ``until``, up to that frame): each is JSON of a
    known type, every error names a known code; returns the latest state."""
    while True:
        try:
            text = channel.recv(timeout=wait if until else 0.02)
        except TimeoutError:
            assert until is None, f"no {until} within {wait} s"
            return state
        frame = json.loads(text)
        tally.frames[frame["type"]] += 1
        if frame["type"] == "error":
            assert frame["code"] in ERROR_CODES and isinstance(frame["message"], str), frame
            tally.errors[frame["code"]] += 1
        if frame["type"] == "state":
            state = frame
        if until is not None and frame["type"] == until:
            return state


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("fuzz-socket")
    running = unlimited_server(folder)
    yield running
    running.stop()


def run_fuzz(server: Server, budget: int) -> Tally:
    tables = Tables(server, build_world(server, waiting=0, invited=0, playing=1, finished=0))
    tally = Tally()

    @given(
        target=st.sampled_from(["ann", "bob", "watcher", "intruder"]),
        last_step=url_steps,
        sent=st.lists(messages, min_size=3, max_size=10),
    )
    @settings(
        max_examples=budget,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def check(target: str, last_step: int | str | None, sent: list[object]) -> None:
        run_connection(tables, tally, target, last_step, sent)

    check()
    return tally


def check_tally(tally: Tally, server: Server) -> None:
    print(
        f"\n{tally.messages} messages over {tally.connections} connections; closes "
        f"{dict(tally.closes)}; frames {dict(tally.frames)}; errors {dict(tally.errors)}"
    )
    assert server.log is not None
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-4000:]
    # The fuzz reached the channel's work, not only its refusals.
    assert tally.frames["state"] > 0 and tally.frames["pong"] > 0
    assert tally.errors["malformed"] > 0 and tally.closes[4400] > 0


def test_fuzz_play_channel(server: Server) -> None:
    check_tally(run_fuzz(server, budget=100), server)


@pytest.mark.soak
def test_fuzz_play_channel_at_length(server: Server) -> None:
    check_tally(run_fuzz(server, budget=1000), server)
