"""The routes that go through a whole game (replay, review, record) leave the event loop
free: a seated person's ping stays quick while several are asked of a long game.

The long game is written to the database before the server starts (a finished game of bots
at the largest table of a game whose games run long, over a thousand steps), so no test
waits for bots to play it.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from sleuth.core import find_kit
from sleuth.core.serialize import from_json
from sleuth.server.db import open_database
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.models import StepRow
from sleuth.server.settings import Settings
from sleuth.server.store import Store
from support.game_cases import kit_for

from .client import Person

# A game whose games between random players run to thousands of steps (its cases:
# ``long_games``), at its largest table.
LONG_GAME = kit_for(lambda cases: cases.long_games)
GAME, PLAYERS = LONG_GAME.name, LONG_GAME.game.max_players
SEED = 2**127 + 12345  # as large as a dealt one
# The game goes on at least this long: no move that would end it is taken before.
LONG = 400
# The measure: under load a seated person's ping stays under 50 ms (median); the
# worst of them gets a generous margin, the machine being shared.
PING_MEDIAN, PING_MAX = 0.050, 1.0
PING_EVERY = 0.1  # seconds: well within the channel's rate limit


def long_moves(config: str, seed: int) -> list[tuple[int, str, str]]:
    """A whole game of random legal moves (seat, action, result), at least ``LONG`` long."""
    game_type = find_kit(GAME).game
    game = game_type.of(from_json(game_type.config_type, json.loads(config), "config"))
    rng = random.Random(0)
    state = game.new(seed)
    moves: list[tuple[int, str, str]] = []
    while state.outcome is None:
        seat = min(state.actors())
        legal = state.legal_actions(seat)
        for _ in range(50):
            action = legal[rng.randrange(len(legal))]
            after = state.apply(seat, action)
            if after.outcome is None or len(moves) >= LONG:
                break
        state = after
        moves.append((seat, str(action), state.last_result()))
    return moves


async def store_long_game(db_url: str, key_file: Path) -> tuple[str, int]:
    """A finished table of six bots with a long game, written as the service writes one:
    its id and number of steps."""
    database = open_database(Settings(db_url=db_url, key_file=key_file))
    await database.migrate()
    store = Store(database)
    try:
        plan = TablePlan(GAME, PLAYERS, {}, [SeatPlan("bot", "random")] * PLAYERS, sheet="off")
        created = await create_table(store, plan, None)
        table = created.table_id
        await store.update_table(table, seed=str(SEED))
        moves = long_moves(created.row.config, SEED)
        await asyncio.gather(
            *(
                store.insert_step(
                    StepRow(
                        table_id=table, number=n, seat=seat, action=action, result=result, at=n
                    ),
                    None,
                    n == len(moves),
                )
                for n, (seat, action, result) in enumerate(moves, start=1)
            )
        )
        return table, len(moves)
    finally:
        await database.close()


async def seated_channel(server: Any, ann: Person) -> ClientConnection:
    """Ann's seat at a table of her own, by her identity cookie, its first frame read."""
    seats = [{"kind": "person"}, {"kind": "person"}]
    created = await ann.post("/api/tables", {"game": GAME, "players": 2, "seats": seats, "sit": 0})
    cookie = ann.client.cookies.get("sleuth_id")
    channel = await connect(
        f"{server.ws}/ws/tables/{created['table']['id']}/seats/0",
        additional_headers={"Cookie": f"sleuth_id={cookie}"},
        max_size=1 << 22,
    )
    assert json.loads(await channel.recv())["type"] == "state"
    return channel


def fetch(base: str, paths: Sequence[str]) -> list[tuple[int, int]]:
    """Each path asked at once, each by a client of its own in a thread (the answers' bytes
    are read off the test's event loop, which times the pings), each from a network of its
    own through the trusted proxy (an address has two computations under way at most, a /24
    four): (status, bytes) each."""

    def one(number: int, path: str) -> tuple[int, int]:
        forwarded = {"x-forwarded-for": f"10.0.{number + 1}.1"}
        answer = httpx.get(base + path, headers=forwarded, timeout=300)
        return answer.status_code, len(answer.content)

    async def all_at_once() -> list[tuple[int, int]]:
        asked = (asyncio.to_thread(one, n, p) for n, p in enumerate(paths))
        return list(await asyncio.gather(*asked))

    return asyncio.run(all_at_once())


async def pings_while(
    channel: ClientConnection, load: asyncio.Future[list[tuple[int, int]]]
) -> list[float]:
    """The seat's ping round trips, one sent every ``PING_EVERY`` whether or not the last
    came back (pongs come in order): a loop held up for a second shows in every ping sent
    meanwhile, not in one."""
    sent: deque[float] = deque()
    times: list[float] = []

    async def receive() -> None:
        while True:
            frame = json.loads(await channel.recv())
            assert frame["type"] != "error", frame
            if frame["type"] == "pong":
                times.append(time.perf_counter() - sent.popleft())

    receiver: asyncio.Future[Any] = asyncio.ensure_future(receive())
    either: list[asyncio.Future[Any]] = [load, receiver]
    try:
        while not load.done() and not receiver.done():
            sent.append(time.perf_counter())
            await channel.send(json.dumps({"type": "ping"}))
            await asyncio.wait(either, timeout=PING_EVERY, return_when=asyncio.FIRST_COMPLETED)
        deadline = time.monotonic() + 30
        while sent and not receiver.done() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        if receiver.done():
            receiver.result()  # its error, if it stopped on one
    finally:
        receiver.cancel()
    assert not sent, f"{len(sent)} pings unanswered"
    return times


async def check_ping_under_load(launch: Any, tmp_path: Path, route: str, seats: list[Any]) -> None:
    db = f"sqlite:///{tmp_path / 'sleuth.db'}"
    table, steps = await store_long_game(db, tmp_path / "signing.key")
    assert steps >= LONG
    server = launch(db=db, extra=("--trusted-proxy", "127.0.0.1"))
    paths = [
        f"/api/tables/{table}/{route}" + ("" if seat is None else f"?seat={seat}") for seat in seats
    ]
    async with Person(server.http, "Ann") as ann:
        # The table read into memory first: the routes' own work is measured, not that.
        assert (await ann.get(f"/api/tables/{table}"))["status"] == "finished"
        channel = await seated_channel(server, ann)
        try:
            load = asyncio.ensure_future(asyncio.to_thread(fetch, server.http, paths))
            times = await pings_while(channel, load)
            answers = await load
        finally:
            await channel.close()
    assert [status for status, _ in answers] == [200] * len(paths)
    assert len(times) >= 5, f"the requests took {sum(times):.2f} s: too few pings to judge"
    median = statistics.median(times)
    summary = f"{len(times)} pings: median {median * 1000:.1f} ms, max {max(times) * 1000:.1f} ms"
    print(f"{route}: {summary}")  # the figures, with -s
    assert median < PING_MEDIAN, summary
    assert max(times) < PING_MAX, summary


async def test_replays_of_a_long_game_leave_a_seated_persons_ping_quick(
    launch: Any, tmp_path: Path
) -> None:
    # A spectator's and every seat's, and two of them asked twice: eight requests at once.
    seats = [None, *range(PLAYERS), None, 0]
    await check_ping_under_load(launch, tmp_path, "replay", seats)


async def test_reviews_of_a_long_game_leave_a_seated_persons_ping_quick(
    launch: Any, tmp_path: Path
) -> None:
    await check_ping_under_load(launch, tmp_path, "review", [0, 1, 0, 1])


async def test_records_of_a_long_game_leave_a_seated_persons_ping_quick(
    launch: Any, tmp_path: Path
) -> None:
    await check_ping_under_load(launch, tmp_path, "record", [None] * 8)


async def test_replays_reviews_and_records_past_the_rate_are_refused_with_the_wait(
    launch: Any, tmp_path: Path
) -> None:
    """Found by benchmark: a client asking for a finished game's replay two at a time, as
    fast as they came back (73 a second, each kept but a long game's bytes every time),
    doubled every other table's bots' decision time on two cores."""
    db = f"sqlite:///{tmp_path / 'sleuth.db'}"
    table, _ = await store_long_game(db, tmp_path / "signing.key")
    server = launch(db=db, extra=("--max-record-reads", "3/minute"))
    base = f"{server.http}/api/tables/{table}"
    async with httpx.AsyncClient(timeout=300) as client:
        answers = [
            await client.get(f"{base}/{route}")
            for route in ("replay?seat=0", "review?seat=0", "record", "replay?seat=0", "review")
        ]
    assert [a.status_code for a in answers] == [200, 200, 200, 429, 429]
    refused = answers[3]
    assert refused.json()["detail"].startswith(
        "too many replays, reviews and records from this address: at most 3 per minute; "
        "try again in "
    )
    assert 1 <= int(refused.headers["retry-after"]) <= 60
