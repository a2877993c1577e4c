"""The database restarted under two ``sleuth serve`` processes mid-game: each process's
connections, its LISTEN/NOTIFY listener and notifier included, come back by themselves;
an action during the outage is refused with a "try again" and not stored; afterwards the
people on both processes see every step at once (no waiting for the periodic re-read), and
no traceback is logged."""

from __future__ import annotations

import asyncio
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import httpx
import pytest

from support.game_cases import kit_for
from support.waits import until

from .client import Person, SeatClient, check_frames
from .conftest import Cluster, Server

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
pytestmark = pytest.mark.slow
PEOPLE_ONLY = {
    "game": EXAMPLE,
    "players": 3,
    "sheet": "off",
    "seats": [{"kind": "person"}] * 3,
}
BOTS_ONLY = {**PEOPLE_ONLY, "seats": [{"kind": "bot", "bot": "basic"}] * 3}
OUTAGE_SECONDS = 8.0
# The periodic re-read (``hub.SWEEP_SECONDS``) shows another process's step within 5 s
# even with no notification at all: a step seen through the bus takes milliseconds.
# Half a second for the median leaves a loaded machine plenty.
NOTIFIED_WITHIN = 0.5


@dataclass
class TimedSeat(SeatClient):
    """A seat that notes when each state frame arrived."""

    arrivals: list[tuple[int, float]] = field(default_factory=list)

    async def recv(self, timeout: float = 30) -> dict[str, Any]:
        frame = await super().recv(timeout)
        if frame["type"] == "state":
            self.arrivals.append((frame["step"], time.monotonic()))
        return frame

    def first_seen(self, step: int) -> float:
        return next(at for number, at in self.arrivals if number >= step)


async def seat_people(servers: list[Server], people: list[Person]) -> tuple[str, list[TimedSeat]]:
    """Seats 0 and 1 play on the first process, seat 2 on the second."""
    created = await people[0].post("/api/tables", PEOPLE_ONLY)
    table = created["table"]["id"]
    seats = []
    for number, (person, invite) in enumerate(zip(people, created["invites"], strict=True)):
        joined = await person.post(f"/api/tables/{table}/join", {"token": invite["token"]})
        server = servers[0] if number < 2 else servers[1]
        seats.append(TimedSeat(server.ws, table, joined["seat"], joined["token"]))
    for seat in seats:
        seat.rng.seed(seat.seat)
        await seat.connect()
    return table, seats


async def refused_in_outage(seats: list[TimedSeat]) -> tuple[TimedSeat, dict[str, Any]]:
    """The seat to move sends its action: the error frame it gets back."""
    state = seats[0].latest_state()
    assert state is not None
    mover = next(s for s in seats if s.seat in state["actors"])
    mine = mover.latest_state()
    assert mine is not None
    legal = mine["legal"]
    action = legal["actions"][0] if legal["actions"] else legal["families"][0]["example"]
    await mover.send({"type": "act", "action": action, "step": mine["step"]})
    while True:
        frame = await mover.recv(30)
        if frame["type"] == "error":
            return mover, frame


async def note_in_outage(seat: TimedSeat) -> dict[str, Any]:
    """A hand-kept note sent while the database is away is refused: the seat's marks as
    it is shown them afterwards."""
    await seat.send({"type": "notes", "card": "A", "place": "ring", "mark": "+"})
    refused = await seat.until("error")
    assert refused["code"] == "unavailable", refused
    await seat.send({"type": "hello"})
    marks: dict[str, Any] = (await seat.until("state"))["notes"]["marks"]
    return marks


async def reachable_again(client: httpx.AsyncClient) -> None:
    """A request that reads the database answers again (the person's identity)."""

    async def answered() -> bool | None:
        response = await client.get("/api/people/me")
        assert response.status_code in (200, 503), response.text
        return True if response.status_code == 200 else None

    await until(answered, "the service reached its database again", every=0.2)


def assert_notified(seats: list[TimedSeat], after: int, last: int) -> None:
    """Each step past ``after`` reached the seats on the other process through the bus:
    the time between the first seat and the last seat to see it."""
    spreads = [
        max(s.first_seen(step) for s in seats) - min(s.first_seen(step) for s in seats)
        for step in range(after + 1, last + 1)
    ]
    assert len(spreads) >= 5
    assert statistics.median(spreads) < NOTIFIED_WITHIN, spreads


async def at(person: Person, table: str, status: str, step: int = 0) -> dict[str, Any]:
    """The table as the person's process shows it once it has the status and the step (the
    process loads the table on the first asking, and follows it from then on)."""

    async def there() -> dict[str, Any] | None:
        row: dict[str, Any] = await person.get(f"/api/tables/{table}")
        return row if row["status"] == status and row["step"] >= step else None

    return await until(there, f"table {table} {status} at step {step}", 180, every=0.2)


async def test_a_database_restart_mid_game(launch: Any, own_postgres: Cluster) -> None:
    db = own_postgres.database()
    # Bots think for a while before each move: their game is still on during the outage.
    servers = [launch(db, extra=("--bot-delay", "0.3")) for _ in range(2)]
    people = [await Person(servers[0].http, name).__aenter__() for name in ("Ann", "Bob")]
    people.append(await Person(servers[1].http, "Cy").__aenter__())
    try:
        table, seats = await seat_people(servers, people)
        await asyncio.gather(*(s.play(until_step=6) for s in seats))
        bots = (await people[0].post("/api/tables", BOTS_ONLY))["table"]["id"]
        for person in (people[0], people[2]):  # the bots' table under way on both processes
            await at(person, bots, "playing", step=1)

        own_postgres.stop("fast")
        stopped = time.monotonic()
        _, error = await refused_in_outage(seats)
        assert error["code"] == "unavailable", error
        assert "try again" in error["message"]
        chat = await people[2].client.post(f"/api/tables/{table}/chat", json={"text": "hello?"})
        assert chat.status_code == 503, chat.text
        assert "try again" in chat.json()["detail"]
        assert await note_in_outage(seats[2]) == {}  # the refused note is not kept either
        # The outage's length is the thing simulated: the database stays away that long.
        await asyncio.sleep(max(0.0, OUTAGE_SECONDS - (time.monotonic() - stopped)))
        own_postgres.start()

        for person in (people[0], people[2]):  # one on each process
            await reachable_again(person.client)
        row = await people[2].get(f"/api/tables/{table}")
        assert row["step"] == error["step"] == 6  # the refused action was not stored
        restarted_at = max(s.latest_state()["step"] for s in seats)  # type: ignore[index]
        finals = await asyncio.gather(*(s.play(timeout=240) for s in seats))
        assert finals[0]["outcome"] is not None
        assert finals[0]["outcome"] == finals[1]["outcome"] == finals[2]["outcome"]
        record = (await people[0].get(f"/api/tables/{table}/record"))["record"]
        assert len(record["steps"]) == finals[0]["step"]
        for seat in seats:
            # Every frame a seat got, on either process, is its view at that step.
            assert check_frames(record, seat, "off") > 0
        assert_notified(seats, restarted_at, finals[0]["step"])
        assert (await at(people[0], bots, "finished"))["step"] > 0
        for seat in seats:
            await seat.close()
    finally:
        for person in people:
            await person.__aexit__(None, None, None)
        for server in servers:
            server.stop()
    for server in servers:
        assert server.log is not None
        text = server.log.read_text()
        assert "Traceback" not in text, text
        assert "notify failed" not in text, text
        # One warning line for the outage, not one per step or per table.
        assert text.count("database unreachable") == 1, text


async def test_every_session_ended_by_the_database(launch: Any, postgres: Any) -> None:
    """The database ends every session (``pg_terminate_backend``, as a failover or an
    operator does) and takes new ones at once: the listeners connect again at once too."""
    db = postgres()
    servers = [launch(db) for _ in range(2)]
    people = [await Person(servers[0].http, name).__aenter__() for name in ("Di", "Ed")]
    people.append(await Person(servers[1].http, "Flo").__aenter__())
    try:
        _, seats = await seat_people(servers, people)
        await asyncio.gather(*(s.play(until_step=4) for s in seats))
        connection = await asyncpg.connect("postgresql://" + db.split("://", 1)[1])
        try:
            ended = await connection.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        finally:
            await connection.close()
        assert ended >= 2 * 3  # each process's listener, notifier and pooled connections
        finals = await asyncio.gather(*(s.play(timeout=240) for s in seats))
        assert finals[0]["outcome"] == finals[1]["outcome"] == finals[2]["outcome"]
        assert_notified(seats, 4, finals[0]["step"])
        for seat in seats:
            await seat.close()
    finally:
        for person in people:
            await person.__aexit__(None, None, None)
        for server in servers:
            server.stop()
    for server in servers:
        assert server.log is not None
        assert "Traceback" not in server.log.read_text()
