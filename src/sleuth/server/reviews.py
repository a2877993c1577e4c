"""Replays, reviews and records of finished tables: worked out in processes of their own,
encoded once, kept per (table, seat).

Each walks through a whole game: a replay encodes every step's view (megabytes for a long
game), a review analyses every step (seconds of engine time). On the event loop, or in one
of its threads (pure Python holds the GIL), that held up every table of the process: eight
replays of a 407-step game took a seated person's ping from 0.6 ms to half a second. So a
small pool of worker processes does the work, from the table's moves only, and hands back
the answer's JSON, gzipped: a finished table's answer never changes, so it is encoded and
compressed once and kept (views repeat from step to step: 11 MB of JSON is 0.4 MB).

One computation per key at a time: requests that arrive while it runs wait for it rather
than start their own. At most ``RUNNING`` run at once, whoever asks (anyone may ask for any
finished table's replay or review); at most ``WAITING`` more wait their turn, and a request
past those is refused (``Busy``, a 503) rather than pile up. Of those, one client address
starts at most ``PER_ASKER`` (``Queued``, a 429, past them): a stranger asking for the
reviews of a dozen bots' tables at once filled the queue, and a player's own review after
its game got 503. One network of addresses (an IPv6 /48, an IPv4 /24) starts at most
``PER_NETWORK``, the waiting ones take their turns network by network, and a full queue
makes room for a network with fewer under way (``turns``): nine addresses, or the /64s of
one /48, filled it for everyone. The answers kept are bounded by their size, the least
recently asked dropped first.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import multiprocessing
import os
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, TypeVar

from fastapi import HTTPException, Request, Response

from sleuth.core import Game, find_kit
from sleuth.core.serialize import JSONValue, from_json
from sleuth.i18n import SOURCE

from . import problems
from .jsontext import Fragment, json_bytes, view_bytes
from .live import LiveTable, replayed_record
from .turns import Turns, network_of

# Answers kept, by their compressed size: a long game's replay is a few hundred kB.
KEPT_BYTES = 64 << 20
# Computations at once (each a worker process busy for up to seconds), and waiting.
RUNNING = 1
WAITING = 16
# Computations one client address may have started and not seen done, running or waiting,
# and one network of addresses (``turns.network_of``): a household's or an office's few.
PER_ASKER = 2
PER_NETWORK = 4
# Seconds a refused request is told to wait: one computation takes up to a few.
RETRY_SECONDS = 5
# Fast and still 30 times smaller for the views of a long game.
GZIP_LEVEL = 6

Key = tuple[str, str, int | None]  # (table, what: replay/review:LANGUAGE/record, seat)
T = TypeVar("T")


class Busy(Exception):
    """Too many replays, reviews and records are being worked out: the request may come
    again."""


class Queued(Exception):
    """The asker has ``PER_ASKER`` computations under way already: it may come again once
    they are done (its words are its ``args[0]``)."""


class Body(NamedTuple):
    """An answer's JSON as sent: gzipped, or as it is."""

    data: bytes
    gzipped: bool

    def plain(self) -> bytes:
        return gzip.decompress(self.data) if self.gzipped else self.data


@dataclass(frozen=True)
class FinishedGame:
    """What a worker needs of a table: its game, deal and moves, as plain values."""

    table: str
    game: str
    config: dict[str, JSONValue]
    seed: int
    salt: str
    moves: tuple[tuple[int, str], ...]

    @classmethod
    def of(cls, live: LiveTable) -> FinishedGame:
        config = json.loads(live.row.config)
        moves = tuple((step.seat, step.action) for step in live.steps)
        return cls(live.id, live.row.game, config, live.seed, live.row.salt, moves)

    def make_game(self) -> Game[Any]:
        game_type = find_kit(self.game).game
        return game_type.of(from_json(game_type.config_type, self.config, "config"))

    def record(self) -> dict[str, JSONValue]:
        return replayed_record(self.make_game(), self.seed, self.salt, self.moves)


# --- in a worker process -------------------------------------------------------------------


def replay_json(finished: FinishedGame, seat: int | None) -> bytes:
    """The replay's answer (``schemas.ReplayOut``), gzipped: the seat's view at every step."""
    game = finished.make_game()
    state = game.new(finished.seed)
    steps = [{"step": 0, "view": Fragment(view_bytes(state.view(seat)))}]
    for number, (mover, action) in enumerate(finished.moves, start=1):
        state = state.apply(mover, game.parse_action(action))
        steps.append({"step": number, "view": Fragment(view_bytes(state.view(seat)))})
    answer = {"table": finished.table, "seat": seat, "steps": steps}
    return gzip.compress(json_bytes(answer), GZIP_LEVEL)


def review_json(finished: FinishedGame, seat: int | None, language: str = SOURCE) -> bytes:
    """The review's answer (``schemas.ReviewOut``), gzipped, its seats' notes in
    ``language``; ``GameError`` if its game has no review."""
    from sleuth.review import review_record
    from sleuth.review.annotate import notes_in

    review = review_record(finished.record(), None if seat is None else [seat])
    seats = [replace(s, notes=tuple(notes_in(s, review.exact, language))) for s in review.seats]
    answer = {
        "table": finished.table,
        "seat": seat,
        "review": replace(review, seats=tuple(seats)).to_json(),
    }
    return gzip.compress(plain_json(answer), GZIP_LEVEL)


def record_json(finished: FinishedGame) -> dict[str, JSONValue]:
    return finished.record()


def plain_json(value: object) -> bytes:
    """JSON as the routes' own answers write it; any integer (a record's 128-bit seed is
    past orjson's 64 bits)."""
    text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text.encode()


REPLAY_NICENESS = 10  # above the server's, as the bots' workers


def _warm(parent: int) -> None:
    # Below the event loop's priority, as the bots' and sheets' workers: a long replay must
    # not slow every table's frames.
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(REPLAY_NICENESS)
    # The engines and the review imported once per worker, not on its first request.
    import sleuth.review  # noqa: F401
    from sleuth.core import all_kits

    for kit in all_kits():
        kit.game.options()
    threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()


def _exit_with(parent: int) -> None:
    """A server killed with ``kill -9`` cannot stop its workers: they stop themselves."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


# --- in the server ---------------------------------------------------------------------------


class BodyCache:
    """Answers by key: one computation per key at a time, ``running`` at once and
    ``waiting`` more, the rest refused, and at most ``per_asker`` of those started by one
    asker, ``per_network`` by one network of askers, in turns by network (``turns``); at
    most ``kept_bytes`` of answers kept."""

    def __init__(
        self,
        kept_bytes: int = KEPT_BYTES,
        running: int = RUNNING,
        waiting: int = WAITING,
        per_asker: int = PER_ASKER,
        per_network: int = PER_NETWORK,
    ) -> None:
        self.kept_bytes = kept_bytes
        self.running = running
        self.waiting = waiting
        self.per_asker = per_asker
        self.per_network = per_network
        self._turns: Turns[Key] = Turns(running)
        self._kept: OrderedDict[Key, Body] = OrderedDict()
        self._size = 0
        self._pending: dict[Key, asyncio.Task[Body]] = {}
        self._askers: dict[Key, tuple[str | None, str]] = {}  # who started each pending one
        self._started: Counter[str] = Counter()  # pending computations by who started them
        self._networks: Counter[str] = Counter()  # and by the network they asked from

    async def get(
        self, key: Key, compute: Callable[[], Awaitable[Body]], asker: str | None = None
    ) -> Body:
        """The answer of ``key``, kept, under way or worked out by ``compute``. ``asker``:
        who asks (a client address), counted against ``per_asker`` if it starts one; a
        request joining a computation under way starts nothing and is never refused."""
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
            return found
        task = self._pending.get(key)
        if task is None:
            network = network_of(asker)
            if asker is not None and self._started[asker] >= self.per_asker:
                raise Queued(problems.READS_QUEUED(count=self._started[asker]))
            if asker is not None and self._networks[network] >= self.per_network:
                raise Queued(problems.READS_QUEUED_NETWORK(count=self._networks[network]))
            if len(self._pending) >= self.running + self.waiting and not self._room_for(network):
                raise Busy(problems.READS_BUSY(count=len(self._pending)))
            task = asyncio.ensure_future(self._in_turn(key, network, compute))
            self._pending[key] = task
            self._askers[key] = (asker, network)
            if asker is not None:
                self._started[asker] += 1
            self._networks[network] += 1
            task.add_done_callback(lambda done: self._done(key, done))
        return await asyncio.shield(task)  # one request leaving does not cancel the others'

    def _room_for(self, network: str) -> bool:
        """Room made in the full queue for one more of ``network``: the newest waiting
        computation of the network with the most under way is dropped (its askers get
        ``Busy``), if that network has at least two more than ``network``."""
        waiting = self._turns.networks_waiting()
        if not waiting:
            return False
        fullest = max(waiting, key=lambda n: self._networks[n])
        if self._networks[fullest] < self._networks[network] + 2:
            return False
        dropped = self._turns.drop_newest(
            fullest, Busy(problems.READS_BUSY(count=len(self._pending)))
        )
        if dropped is not None:
            self._release(dropped)
        return dropped is not None

    def _done(self, key: Key, task: asyncio.Task[Body]) -> None:
        if self._pending.get(key) is task:  # not dropped from the queue before it ended
            self._release(key)

    def _release(self, key: Key) -> None:
        """``key``'s computation no longer counts for its asker and network."""
        self._pending.pop(key, None)
        asker, network = self._askers.pop(key)
        for counter, who in ((self._started, asker), (self._networks, network)):
            if who is not None:
                counter[who] -= 1
                if counter[who] <= 0:
                    del counter[who]

    async def _in_turn(
        self, key: Key, network: str, compute: Callable[[], Awaitable[Body]]
    ) -> Body:
        await self._turns.take(network, key)
        try:
            found = await compute()
        finally:
            self._turns.give_back()
        self._keep(key, found)
        return found

    def _keep(self, key: Key, body: Body) -> None:
        if len(body.data) > self.kept_bytes:
            return  # served, not kept: it would push out everything else
        self._kept[key] = body
        self._size += len(body.data)
        while self._size > self.kept_bytes:
            _, dropped = self._kept.popitem(last=False)
            self._size -= len(dropped.data)


class RecordWork:
    """The replays, reviews and records of finished tables, worked out by ``workers``
    processes (started on first use) and kept in a ``BodyCache``."""

    def __init__(self, workers: int = RUNNING, cache: BodyCache | None = None) -> None:
        self.workers = max(1, workers)
        self.cache = cache or BodyCache(running=self.workers)
        self._executor: Executor | None = None

    # ``asker``, of each: who asks (``BodyCache.get``), a client address.

    async def replay(self, live: LiveTable, seat: int | None, asker: str | None = None) -> Body:
        async def compute() -> Body:
            finished = FinishedGame.of(live)  # only when not kept: a tuple per move
            return Body(await self.run(replay_json, finished, seat), gzipped=True)

        return await self.cache.get((live.id, "replay", seat), compute, asker)

    async def review(
        self,
        live: LiveTable,
        seat: int | None,
        language: str = SOURCE,
        asker: str | None = None,
    ) -> Body:
        async def compute() -> Body:
            finished = FinishedGame.of(live)  # only when not kept: a tuple per move
            return Body(await self.run(review_json, finished, seat, language), gzipped=True)

        return await self.cache.get((live.id, f"review:{language}", seat), compute, asker)

    async def record(
        self,
        live: LiveTable,
        sign: Callable[[dict[str, JSONValue]], Mapping[str, Any]],
        asker: str | None = None,
    ) -> Body:
        """The signed record's answer: ``sign`` makes it of the record (signed here, so the
        key never leaves the server)."""

        async def compute() -> Body:
            record = await self.run(record_json, FinishedGame.of(live))
            return Body(plain_json(sign(record)), gzipped=False)  # a few kB: not worth it

        return await self.cache.get((live.id, "record", None), compute, asker)

    async def run(self, function: Callable[..., T], *arguments: Any) -> T:
        """``function(*arguments)`` in a worker: a module's function of picklable values."""
        loop = asyncio.get_running_loop()
        for _ in range(2):  # a worker that died (killed, out of memory): a new pool, once
            executor = self._get()
            try:
                return await loop.run_in_executor(executor, function, *arguments)
            except BrokenProcessPool:
                # Every job of the broken pool lands here: only the first replaces it.
                if self._executor is executor:
                    executor.shutdown(wait=False, cancel_futures=True)
                    self._executor = None
        raise Busy(problems.WORKER_STOPPED())

    def _get(self) -> Executor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_warm,
                initargs=(os.getpid(),),
            )
        return self._executor

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip: named, or ``*`` if gzip is not,
    without ``q=0``."""
    qualities: dict[str, float] = {}
    for part in accept_encoding.lower().split(","):
        name, _, parameters = part.partition(";")
        quality = parameters.strip().removeprefix("q=").strip()
        try:
            qualities[name.strip()] = float(quality) if quality else 1.0
        except ValueError:
            qualities[name.strip()] = 0.0
    return qualities.get("gzip", qualities.get("*", 0.0)) > 0


async def json_response(
    work: Awaitable[Body], request: Request, headers: Mapping[str, str] | None = None
) -> Response:
    """The answer ``work`` makes, gzipped if the client takes it (else unpacked in a
    thread: zlib lets go of the GIL); 503 while too many are being worked out, 429 while
    too many of them are the client's own."""
    retry = {"retry-after": str(RETRY_SECONDS)}
    try:
        body = await work
    except Queued as error:
        raise HTTPException(429, problems.said_or_text(error), headers=retry) from None
    except Busy as error:
        raise HTTPException(503, problems.said_or_text(error), headers=retry) from None
    sent = dict(headers or {})
    data = body.data
    if body.gzipped and accepts_gzip(request.headers.get("accept-encoding", "")):
        sent["content-encoding"] = "gzip"
    elif body.gzipped:
        data = await asyncio.to_thread(body.plain)
    if body.gzipped:
        sent["vary"] = "accept-encoding"
    return Response(data, media_type="application/json", headers=sent)
