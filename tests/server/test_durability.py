"""Nothing acknowledged is lost: ``kill -9`` of the server mid-game, on SQLite and on
PostgreSQL, and a table served by two processes on one PostgreSQL, one of them killed."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from support.game_cases import kit_for

from .client import Person, SeatClient, check_frames
from .conftest import Server

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
pytestmark = pytest.mark.slow
# The example game for three people: no bot, no clock.
PEOPLE_ONLY = {
    "game": EXAMPLE,
    "players": 3,
    "sheet": "off",
    "seats": [{"kind": "person"}] * 3,
}


async def deal_bv(server: Server, clock: str = "live") -> tuple[str, list[SeatClient], Person]:
    """The example game: two people and a bot, a live clock of 600 s a move."""
    people = [await Person(server.http, f"P{n}").__aenter__() for n in range(2)]
    body = {
        "game": EXAMPLE,
        "players": 3,
        "sheet": "facts",
        "clock": clock,
        "per_move": 600,
        "seats": [{"kind": "person"}, {"kind": "bot", "bot": "basic"}, {"kind": "person"}],
    }
    created = await people[0].post("/api/tables", body)
    table = created["table"]["id"]
    clients = []
    for number, invite in enumerate(created["invites"]):
        joined = await people[number].post(f"/api/tables/{table}/join", {"token": invite["token"]})
        client = SeatClient(server.ws, table, invite["seat"], joined["token"])
        client.rng = random.Random(number)
        await client.connect()
        clients.append(client)
    return table, clients, people[1]


async def resume(client: SeatClient, base: str | None = None) -> None:
    """Reconnect with the last step seen; frames from before stay in ``client.frames``."""
    seen = client.latest_state()
    for _ in range(100):
        try:
            await client.connect(last_step=None if seen is None else seen["step"], base=base)
            await client.until("state")
            return
        except (OSError, ConnectionClosed, TimeoutError):
            await asyncio.sleep(0.2)
    raise TimeoutError("no reconnection")


async def drain(client: SeatClient) -> None:
    try:
        while True:
            await client.recv(1)
    except (ConnectionClosed, TimeoutError):
        pass


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
async def test_kill_9_mid_game_loses_nothing(launch: Any, postgres: Any, database: str) -> None:
    db = postgres() if database == "postgresql" else None
    server = launch(db)
    table, clients, person = await deal_bv(server)
    await asyncio.gather(*(c.play(until_step=12) for c in clients))
    acknowledged = max(c.latest_state()["step"] for c in clients)  # type: ignore[index]
    clock_before = clients[0].latest_state()["clock"]  # type: ignore[index]
    # An action in flight when the process dies: it may or may not have been committed,
    # but whatever was acknowledged must be there after the restart.
    state = clients[0].latest_state()
    assert state is not None
    mover = (
        next(c for c in clients if c.seat == state["to_move"]) if state["to_move"] != 1 else None
    )
    if mover is not None:
        mine = mover.latest_state()
        assert mine is not None
        await mover.send(
            {"type": "act", "action": mine["legal"]["actions"][0], "step": mine["step"]}
        )
    server.kill()
    for client in clients:
        await drain(client)
    acknowledged = max(acknowledged, *(c.latest_state()["step"] for c in clients))  # type: ignore[index]
    restarted = Server(server.db, server.key, port=server.port).start()
    launch_cleanup = restarted
    try:
        for client in clients:
            await resume(client)
        after = clients[0].latest_state()
        assert after is not None and after["step"] >= acknowledged
        if after["step"] == acknowledged and after["to_move"] == clock_before["seat"]:
            # The clock runs from the same moment: the deadline survived the restart.
            assert after["clock"]["deadline"] == clock_before["deadline"]
        finals = await asyncio.gather(*(c.play(timeout=240) for c in clients))
        assert finals[0]["outcome"] == finals[1]["outcome"]
        signed = await person.get(f"/api/tables/{table}/record")
        for client in clients:
            # Frames from before the kill agree with the record replayed after it.
            assert check_frames(signed["record"], client, "facts") > 0
    finally:
        launch_cleanup.stop()


async def test_two_processes_on_one_postgresql(launch: Any, postgres: Any) -> None:
    db = postgres()
    first = launch(db)
    second = launch(db)
    table, clients, person = await deal_bv(first)
    # Seat 2's person plays through the second process.
    await clients[1].close()
    await resume(clients[1], base=second.ws)
    await asyncio.gather(*(c.play(until_step=10) for c in clients))
    # Both processes serve the same table at the same step.
    states = [c.latest_state() for c in clients]
    assert states[0] is not None and states[1] is not None
    first.kill()
    await drain(clients[0])
    await resume(clients[0], base=second.ws)
    finals = await asyncio.gather(*(c.play(timeout=240) for c in clients))
    assert finals[0]["outcome"] == finals[1]["outcome"]
    person.client.base_url = second.http  # the first process is gone
    signed = await person.get(f"/api/tables/{table}/record")
    steps = signed["record"]["steps"]
    assert len(steps) == finals[0]["step"]  # one row per step: none lost, none twice
    for client in clients:
        assert check_frames(signed["record"], client, "facts") > 0


async def test_two_processes_race_for_one_step(launch: Any, postgres: Any) -> None:
    """One seat open on both processes sends two different actions for the same step at
    once: the database keeps one (a unique step number), the other is refused as stale,
    and both processes then show the same table."""
    db = postgres()
    first, second = launch(db), launch(db)
    async with Person(first.http, "Ann") as ann:
        created = await ann.post("/api/tables", PEOPLE_ONLY)
        table = created["table"]["id"]
        invites = [invite["token"] for invite in created["invites"]]
        token = (await ann.post(f"/api/tables/{table}/join", {"token": invites[0]}))["token"]
        for name, invite in (("Bob", invites[1]), ("Cy", invites[2])):  # one seat a person
            async with Person(first.http, name) as other:
                await other.post(f"/api/tables/{table}/join", {"token": invite})
        a = SeatClient(first.ws, table, 0, token)
        b = SeatClient(second.ws, table, 0, token)
        await a.connect()
        await b.connect()
        state_a, state_b = await a.until("state"), await b.until("state")
        while state_a["status"] != "playing":
            state_a = await a.until("state")
        assert state_a["to_move"] == 0 and state_b["step"] == state_a["step"] == 0
        actions = state_a["legal"]["actions"]
        await asyncio.gather(
            a.send({"type": "act", "action": actions[0], "step": 0}),
            b.send({"type": "act", "action": actions[-1], "step": 0}),
        )
        refusals = []
        for client in (a, b):
            try:
                while True:
                    frame = await client.recv(3)
                    if frame["type"] == "error":
                        refusals.append(frame)
            except TimeoutError:
                pass
        # Exactly one of the two was refused, as stale: the other holds step 1.
        assert [f["code"] for f in refusals] == ["stale"]
        assert "step 0 is past" in refusals[0]["message"]
        for client in (a, b):
            last = client.latest_state()
            assert last is not None and last["step"] == 1
        assert a.latest_state()["view"] == b.latest_state()["view"]  # type: ignore[index]
        table_row = await ann.get(f"/api/tables/{table}")
        assert table_row["step"] == 1
        await a.close()
        await b.close()


async def test_a_process_no_one_plays_on_reads_the_table_when_asked(
    launch: Any, postgres: Any
) -> None:
    """A process with no one at a table of people (no bot, no clock) only notes that the
    table moved on; asked for it (a page, a seat connecting), it reads it first."""
    db = postgres()
    first, second = launch(db), launch(db)
    people = [await Person(first.http, f"Q{n}").__aenter__() for n in range(3)]
    try:
        created = await people[0].post("/api/tables", PEOPLE_ONLY)
        table = created["table"]["id"]
        clients = []
        for person, invite in zip(people, created["invites"], strict=True):
            joined = await person.post(f"/api/tables/{table}/join", {"token": invite["token"]})
            clients.append(SeatClient(first.ws, table, joined["seat"], joined["token"]))
        async with Person(second.http, "Onlooker") as onlooker:
            assert (await onlooker.get(f"/api/tables/{table}"))["step"] == 0  # loaded there
            for client in clients:
                await client.connect()
            await asyncio.gather(*(c.play(until_step=6) for c in clients))
            reached = max(c.latest_state()["step"] for c in clients)  # type: ignore[index]
            assert reached >= 6
            assert (await onlooker.get(f"/api/tables/{table}"))["step"] == reached
        late = clients[0]
        await late.close()
        await resume(late, base=second.ws)
        shown = late.latest_state()
        assert shown is not None and shown["step"] == reached
        await asyncio.gather(*(c.play(timeout=240) for c in clients))
        signed = await people[0].get(f"/api/tables/{table}/record")
        # Every frame, those read on the second process too, is the seat's view then.
        assert check_frames(signed["record"], late, "off") > reached
        for client in clients:
            await client.close()
    finally:
        for person in people:
            await person.__aexit__(None, None, None)
