"""The play channel's guards: a token opens exactly one seat, the Origin is checked, and
malformed, oversized and flooding messages are refused with the table unchanged;
reconnection resumes; chat reaches the table."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from support.game_cases import kit_for

from .client import Person, SeatClient, closed_code, refused_at
from .conftest import Server

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name


async def people_table(
    server: Server, game: str = EXAMPLE, **extra: Any
) -> tuple[str, list[str], list[Person]]:
    """A table of three people, all joined: no bot moves behind the test."""
    people = [await Person(server.http, f"P{n}").__aenter__() for n in range(3)]
    body = {
        "game": game,
        "players": 3,
        "sheet": "off",
        "seats": [{"kind": "person"}] * 3,
        **extra,
    }
    created = await people[0].post("/api/tables", body)
    table = created["table"]["id"]
    invites = [invite["token"] for invite in created["invites"]]
    # Each seat's own token: joining spends the invite and gives the seat a token of its own.
    tokens = [
        (await person.post(f"/api/tables/{table}/join", {"token": token}))["token"]
        for person, token in zip(people, invites, strict=True)
    ]
    return table, tokens, people


async def test_a_token_opens_only_its_seat(launch: Any) -> None:
    server = launch()
    table, tokens, people = await people_table(server)
    for seat in range(3):
        for other in range(3):
            if other == seat:
                continue
            url = f"{server.ws}/ws/tables/{table}/seats/{seat}?token={tokens[other]}"
            assert await refused_at(url) == 4403
    assert await refused_at(f"{server.ws}/ws/tables/{table}/seats/0?token=not-a-token") == 4403
    # No token, no cookie.
    assert await refused_at(f"{server.ws}/ws/tables/{table}/seats/0") == 4403
    # A token of this table does not open a seat elsewhere either.
    other_table, _, _ = await people_table(server)
    url = f"{server.ws}/ws/tables/{other_table}/seats/0?token={tokens[0]}"
    assert await refused_at(url) == 4403
    # Nor a table or a seat that is not there.
    assert await refused_at(f"{server.ws}/ws/tables/nosuchtable/seats/0") == 4404
    assert await refused_at(f"{server.ws}/ws/tables/{table}/seats/7") == 4404
    # Its own seat opens, and the frames it gets are that seat's view.
    client = SeatClient(server.ws, table, 1, tokens[1])
    await client.connect()
    frame = await client.until("state")
    assert frame["seat"] == 1 and frame["view"]["seat"] == 1
    assert frame["view"]["hand"] is not None
    # A message cannot name another seat to act for.
    mover = frame["to_move"]
    await client.send({"type": "act", "action": "ask 2 ABC", "seat": mover})
    error = await client.until("error")
    assert error["code"] == "malformed" and "seat" in error["message"]
    # The identity cookie of seat 2's person does not open seat 1 either.
    cookie = people[2].client.cookies.get("sleuth_id")
    assert await SeatClient(server.ws, table, 1, cookie=cookie).refused() == 4403
    async with connect(
        f"{server.ws}/ws/tables/{table}/seats/2",
        additional_headers={"Cookie": f"sleuth_id={cookie}"},
    ) as own:
        first = json.loads(await own.recv())
        assert first["seat"] == 2
    await client.close()


async def test_origin_is_checked(launch: Any) -> None:
    server = launch()
    table, tokens, people = await people_table(server)
    url = f"{server.ws}/ws/tables/{table}/seats/0?token={tokens[0]}"
    with pytest.raises(InvalidStatus) as refused:
        await connect(url, origin="http://evil.example")  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    async with connect(url, origin=f"http://127.0.0.1:{server.port}") as ws:  # type: ignore[arg-type]
        assert json.loads(await ws.recv())["type"] == "state"
    response = await people[0].client.post(
        "/api/people", json={"name": "X"}, headers={"Origin": "http://evil.example"}
    )
    assert response.status_code == 403


async def test_bad_messages_change_nothing(launch: Any) -> None:
    server = launch()
    table, tokens, _ = await people_table(server)
    first = await people_table_first_frame(server, table, tokens)
    mover = first["to_move"]
    client = SeatClient(server.ws, table, mover, tokens[mover])
    await client.connect()
    before = await client.until("state")
    legal = before["legal"]["actions"]
    bad: list[tuple[str | bytes, str]] = [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        (json.dumps({"type": "act"}), "malformed"),
        (json.dumps({"type": "teleport"}), "malformed"),
        (json.dumps({"type": "act", "action": "ask 9 ZZZ"}), "invalid"),
        (json.dumps({"type": "act", "action": {"kind": "nope"}}), "invalid"),
        (json.dumps({"type": "act", "action": legal[0], "step": before["step"] + 5}), "stale"),
        (json.dumps({"type": "act", "action": "x" * 10_000}), "too_large"),
        (b"\x00\x01", "malformed"),
    ]
    for message, code in bad:
        if isinstance(message, str):
            await client.send(message)
        else:
            assert client.connection is not None
            await client.connection.send(message)
        error = await client.until("error")
        assert error["code"] == code, (message, error)
        assert error["step"] == before["step"]
    # Another seat acting out of turn: refused by the rules, naming why.
    other = (mover + 1) % 3
    intruder = SeatClient(server.ws, table, other, tokens[other])
    await intruder.connect()
    await intruder.until("state")
    await intruder.send({"type": "act", "action": legal[0]})
    error = await intruder.until("error")
    assert error["code"] == "illegal" and f"seat {mover}" in error["message"]
    # Nothing changed: the table is at the same step, with the same view.
    await client.send({"type": "hello", "last_step": before["step"]})
    after = await client.until("state")
    assert after["step"] == before["step"] and after["view"] == before["view"]
    # A legal action still goes through.
    await client.send({"type": "act", "action": legal[0], "step": before["step"]})
    moved = await client.until("state")
    assert moved["step"] == before["step"] + 1
    await client.close()
    await intruder.close()


async def people_table_first_frame(server: Server, table: str, tokens: list[str]) -> dict[str, Any]:
    client = SeatClient(server.ws, table, 0, tokens[0])
    await client.connect()
    frame = await client.until("state")
    await client.close()
    return frame


async def test_flooding_is_refused_then_closed(launch: Any) -> None:
    server = launch()
    table, tokens, _ = await people_table(server)
    client = SeatClient(server.ws, table, 0, tokens[0])
    await client.connect()
    before = await client.until("state")
    # 400 chat messages at once: the first ones pass (the burst), then the rate limit
    # refuses them, and a connection that keeps flooding is closed.
    for n in range(400):
        try:
            await client.send({"type": "chat", "text": f"spam {n}"})
        except Exception:
            break
    code = await closed_code(client)
    assert code == 4429
    kinds = [f.get("code") for f in client.frames if f["type"] == "error"]
    assert kinds.count("rate_limited") >= 200
    chats = [f for f in client.frames if f["type"] == "chat"]
    assert 1 <= len(chats) <= 60  # the burst of 40 and what the rate refilled meanwhile
    # The table is unchanged, and the seat reconnects.
    again = SeatClient(server.ws, table, 0, tokens[0])
    await again.connect(last_step=before["step"])
    frame = await again.until("state")
    assert frame["step"] == before["step"] and frame["resumed_from"] == before["step"]
    await again.close()


async def test_oversized_frames_and_bodies(launch: Any) -> None:
    server = launch()
    table, tokens, people = await people_table(server)
    client = SeatClient(server.ws, table, 0, tokens[0])
    await client.connect()
    before = await client.until("state")
    try:
        await client.send("x" * (2 << 20))  # past the protocol's own 1 MiB limit
        code = await closed_code(client)
    except ConnectionClosed as closed:  # the server may close before the send returns
        code = closed.rcvd.code if closed.rcvd is not None else None
    assert code == 1009
    again = SeatClient(server.ws, table, 0, tokens[0])
    await again.connect()
    assert (await again.until("state"))["step"] == before["step"]
    response = await people[0].client.post(
        "/api/people",
        content=b'{"name": "' + b"x" * 100_000 + b'"}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413
    await again.close()


async def test_reconnection_resumes_and_chat(launch: Any) -> None:
    server = launch()
    table, tokens, people = await people_table(server)
    clients = [SeatClient(server.ws, table, s, tokens[s]) for s in range(3)]
    for client in clients:
        await client.connect()
        await client.until("state")
    for _ in range(4):  # a few moves
        state = clients[0].latest_state()
        assert state is not None
        mover = clients[state["to_move"]]
        mine = mover.latest_state()
        assert mine is not None
        await mover.send(
            {"type": "act", "action": mine["legal"]["actions"][0], "step": mine["step"]}
        )
        for client in clients:
            while (client.latest_state() or {}).get("step") != mine["step"] + 1:
                await client.recv()
    seen = clients[1].latest_state()
    assert seen is not None and seen["step"] == 4
    await clients[1].close()
    # Moves while seat 1 is away.
    state = clients[0].latest_state()
    assert state is not None
    mover = clients[state["to_move"]] if state["to_move"] != 1 else None
    if mover is not None:
        mine = mover.latest_state()
        assert mine is not None
        await mover.send({"type": "act", "action": mine["legal"]["actions"][0], "step": 4})
        await mover.until("state")
    await people[0].post(f"/api/tables/{table}/chat", {"text": "hello table"})
    back = SeatClient(server.ws, table, 1, tokens[1])
    await back.connect(last_step=4)
    frame = await back.until("state")
    assert frame["resumed_from"] == 4
    assert frame["step"] == (5 if mover is not None else 4)
    assert frame["view"]["seat"] == 1
    history = await people[1].get(f"/api/tables/{table}/chat")
    assert [c["text"] for c in history] == ["hello table"]
    await back.send({"type": "chat", "text": "hi"})
    heard = await clients[2].until("chat")
    while heard["text"] != "hi":
        heard = await clients[2].until("chat")
    assert heard["seat"] == 1 and heard["name"] == "P1"
    # My tables: each person sees the table, with "your move" where the game waits on them.
    marks = []
    for seat, person in enumerate(people):
        mine_list = await person.get("/api/tables/mine")
        entry = next(m for m in mine_list if m["table"]["id"] == table)
        assert entry["seat"] == seat
        marks.append(entry["your_move"])
    assert marks == [seat == frame["to_move"] for seat in range(3)]
    for client in (*clients, back):
        await client.close()


async def test_spectators(launch: Any) -> None:
    server = launch()
    table, _, _ = await people_table(server)
    watcher = SeatClient(server.ws, table, None)
    await watcher.connect()
    frame = await watcher.until("state")
    assert frame["seat"] is None and frame["view"]["hand"] is None
    assert frame["legal"] == {"actions": [], "families": []}
    await watcher.send({"type": "act", "action": "ask 1 ABC"})
    assert (await watcher.until("error"))["code"] == "forbidden"
    await watcher.close()
    closed, _, _ = await people_table(server, spectators=False)
    assert await refused_at(f"{server.ws}/ws/tables/{closed}/watch") == 4403
    await asyncio.sleep(0)
