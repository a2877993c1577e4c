"""The app's cache of replays, reviews and records: one computation per key at a time,
bounded in computations at once, waiting and bytes kept; errors not kept; answers equal
to what the routes gave when they built them on the event loop."""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi import HTTPException
from starlette.requests import Request

from sleuth.core import GameError, make_game
from sleuth.review import review_record
from sleuth.server.problems import error_fields, said_or_text
from sleuth.server.reviews import (
    Body,
    BodyCache,
    Busy,
    FinishedGame,
    RecordWork,
    accepts_gzip,
    json_response,
    plain_json,
    record_json,
    replay_json,
    review_json,
)
from sleuth.server.schemas import ReplayOut, ReplayStep, ReviewOut
from support.game_cases import kit_for

SEED = 2**127 + 11  # as large as a dealt one: past 64 bits
# A short game, with a review: bots finish one quickly (its cases: ``FrontCases.short``).
SHORT = kit_for(lambda cases: cases.fronts.short).name


def computing(runs: list[str], name: str, gate: asyncio.Event) -> Callable[[], Awaitable[Body]]:
    async def compute() -> Body:
        runs.append(name)
        await gate.wait()
        return Body(name.encode() * 10, gzipped=False)

    return compute


async def test_requests_at_once_share_one_computation_and_the_oldest_is_dropped() -> None:
    cache = BodyCache(kept_bytes=20)  # two answers of 10 bytes
    runs: list[str] = []
    gate = asyncio.Event()
    first = asyncio.gather(
        *(cache.get(("a", "replay", None), computing(runs, "a", gate)) for _ in range(5))
    )
    await asyncio.sleep(0)
    gate.set()
    assert [body.data for body in await first] == [b"a" * 10] * 5
    assert runs == ["a"]  # five requests, one replay worked out
    await cache.get(("b", "replay", 1), computing(runs, "b", gate))
    await cache.get(("a", "replay", None), computing(runs, "a", gate))  # kept
    await cache.get(("c", "review", 0), computing(runs, "c", gate))  # over 20 bytes: b goes
    assert runs == ["a", "b", "c"]
    await cache.get(("b", "replay", 1), computing(runs, "b", gate))
    assert runs == ["a", "b", "c", "b"]


async def test_an_answer_larger_than_the_whole_cache_is_served_not_kept() -> None:
    cache = BodyCache(kept_bytes=5)
    runs: list[str] = []
    gate = asyncio.Event()
    gate.set()
    for _ in range(2):
        body = await cache.get(("a", "replay", 0), computing(runs, "a", gate))
        assert body.data == b"a" * 10
    assert runs == ["a", "a"]


async def test_a_failed_computation_is_not_kept() -> None:
    cache = BodyCache()
    calls = 0

    async def failing() -> Body:
        nonlocal calls
        calls += 1
        raise GameError("no review of this game")

    for _ in range(2):
        with pytest.raises(GameError, match="no review of this game"):
            await cache.get(("t", "review", None), failing)
    assert calls == 2


async def test_computations_at_once_and_waiting_are_bounded() -> None:
    cache = BodyCache(running=2, waiting=3)
    now = peak = 0
    gate = asyncio.Event()

    async def compute() -> Body:
        nonlocal now, peak
        now += 1
        peak = max(peak, now)
        await gate.wait()
        now -= 1
        return Body(b"{}", gzipped=False)

    asked = [asyncio.ensure_future(cache.get((f"t{n}", "review", None), compute)) for n in range(5)]
    for _ in range(5):
        await asyncio.sleep(0)
    assert (now, peak) == (2, 2)  # three wait their turn
    # A sixth table's review is refused, saying why; one under way is still joined.
    with pytest.raises(
        Busy, match="5 replays, reviews and records are being worked out: try again"
    ) as refused:
        await cache.get(("t5", "review", None), compute)
    # In words the page says in the person's language (issue #35).
    assert error_fields(said_or_text(refused.value)) == {
        "problem": "busy",
        "template": (
            "%(count)s replays, reviews and records are being worked out: "
            "try again in a few seconds"
        ),
        "values": {"count": 5},
    }
    again = asyncio.ensure_future(cache.get(("t4", "review", None), compute))
    gate.set()
    assert [body.data for body in await asyncio.gather(*asked, again)] == [b"{}"] * 6
    assert peak == 2
    await cache.get(("t5", "review", None), compute)  # its turn once the others are done


def request(accept_encoding: str | None) -> Request:
    headers = [] if accept_encoding is None else [(b"accept-encoding", accept_encoding.encode())]
    return Request({"type": "http", "method": "GET", "path": "/", "headers": headers})


async def test_an_answer_is_sent_gzipped_to_a_client_that_takes_it_and_plain_otherwise() -> None:
    plain = b'{"table":"t"}'
    kept = Body(gzip.compress(plain), gzipped=True)

    async def ready(body: Body) -> Body:
        return body

    zipped = await json_response(ready(kept), request("gzip, deflate"))
    assert zipped.body == kept.data and zipped.headers["content-encoding"] == "gzip"
    for header in (None, "identity", "gzip;q=0", "gzip;q=0, *"):
        answer = await json_response(ready(kept), request(header))
        assert answer.body == plain and "content-encoding" not in answer.headers, header
    record = await json_response(ready(Body(plain, False)), request("gzip"), {"x-name": "r"})
    assert record.body == plain and record.headers["x-name"] == "r"
    assert "content-encoding" not in record.headers

    async def busy() -> Body:
        raise Busy("16 replays, reviews and records are being worked out: try again later")

    with pytest.raises(HTTPException) as refused:
        await json_response(busy(), request("gzip"))
    assert refused.value.status_code == 503 and "try again" in refused.value.detail
    assert refused.value.headers == {"retry-after": "5"}


@pytest.mark.parametrize(
    ("header", "takes"),
    [("gzip", True), ("br, GZIP;q=0.5", True), ("*", True), ("*;q=0", False), ("gzip;q=x", False)],
)
def test_accept_encoding_is_read_by_its_qualities(header: str, takes: bool) -> None:
    assert accepts_gzip(header) is takes


def finished_game() -> FinishedGame:
    game = make_game(SHORT, 3)
    rng = random.Random(3)
    state = game.new(SEED)
    moves: list[tuple[int, str]] = []
    while state.outcome is None:
        seat = min(state.actors())
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        state = state.apply(seat, action)
        moves.append((seat, str(action)))
    return FinishedGame("t1", game.name, game.config_json(), SEED, "5a" * 16, tuple(moves))


@pytest.mark.parametrize("seat", [None, 0, 2])
def test_a_replay_is_what_the_route_built_on_the_event_loop(seat: int | None) -> None:
    finished = finished_game()
    game = finished.make_game()
    state = game.new(finished.seed)
    steps = [ReplayStep(step=0, view=state.view(seat).to_json())]
    for number, (mover, action) in enumerate(finished.moves, start=1):
        state = state.apply(mover, game.parse_action(action))
        steps.append(ReplayStep(step=number, view=state.view(seat).to_json()))
    before = ReplayOut(table="t1", seat=seat, steps=steps).model_dump(mode="json")
    assert json.loads(gzip.decompress(replay_json(finished, seat))) == before


def test_a_review_and_a_record_are_what_the_routes_built() -> None:
    finished = finished_game()
    record = record_json(finished)
    assert record["seed"] == SEED and record["outcome"] is not None
    assert json.loads(plain_json(record)) == record
    review = review_record(record, [1]).to_json()
    before: Any = ReviewOut(table="t1", seat=1, review=review).model_dump(mode="json")
    assert json.loads(gzip.decompress(review_json(finished, 1))) == before


def die_once(marker: str) -> str:
    """In a worker: dies the first time (as one killed or out of memory), answers after."""
    path = Path(marker)
    if not path.exists():
        path.write_text("died")
        os._exit(1)
    return "answered"


def die(_: str) -> str:
    os._exit(1)


async def test_a_worker_that_dies_is_replaced_once_then_the_request_is_refused(
    tmp_path: Path,
) -> None:
    work = RecordWork(1)
    try:
        assert await work.run(die_once, str(tmp_path / "died")) == "answered"
        with pytest.raises(Busy, match="the worker stopped while working this out: try again"):
            await work.run(die, "")
        assert await work.run(die_once, str(tmp_path / "died")) == "answered"  # a new pool
    finally:
        work.close()
