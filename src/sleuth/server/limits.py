"""Limits: a token bucket per play channel, spectators' channels per client address, and
HTTP bodies bounded and plain JSON."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any, TypeVar

from sleuth.core.said import Said

from . import problems
from .jsontext import is_json, json_bytes, problem_in
from .settings import SEAT_CHANNELS

ASGIApp = Any
K = TypeVar("K")


class RateLimit:
    """``rate`` messages a second sustained, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class ChatLimits:
    """One token bucket of chat lines per person, shared by the play channel and HTTP's chat
    route, so switching between them (or opening more channels) does not multiply the rate."""

    KEPT = 10_000  # buckets kept before the full ones (idle people's) are dropped

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[str, RateLimit] = {}

    def allow(self, person: str) -> bool:
        bucket = self._buckets.get(person)
        if bucket is None:
            if len(self._buckets) >= self.KEPT:
                self._drop_idle()
            bucket = self._buckets[person] = RateLimit(self.rate, self.burst)
        return bucket.allow()

    def _drop_idle(self) -> None:
        now = time.monotonic()
        for person, bucket in list(self._buckets.items()):
            if bucket.tokens + (now - bucket.at) * bucket.rate >= bucket.burst:
                del self._buckets[person]


class WatchLimits:
    """Spectators' channels open from one client address (``deps.client_address``: an IPv6
    /64 as one), at one table and over all: each channel opened and closed made every seat
    at the table a frame of who is there, so one client opening and closing hundreds sent a
    seated person a flood of them. Counted in the process: each one holds its own channels.
    """

    def __init__(self, per_table: int, per_address: int) -> None:
        self.per_table = per_table
        self.per_address = per_address
        self._at_table: Counter[tuple[str, str]] = Counter()
        self._all: Counter[str] = Counter()

    def take(self, address: str, table_id: str) -> Said | None:
        """Count one more channel of ``address`` watching ``table_id``, or say why not
        (then nothing is counted). Each one taken is given back once (``give_back``)."""
        at_table = self._at_table[address, table_id]
        if at_table >= self.per_table:
            return problems.WATCHING_THIS_TABLE(count=at_table)
        if self._all[address] >= self.per_address:
            return problems.WATCHING_TABLES(count=self._all[address])
        self._at_table[address, table_id] += 1
        self._all[address] += 1
        return None

    def give_back(self, address: str, table_id: str) -> None:
        """A channel ``take`` counted has closed."""
        _less(self._at_table, (address, table_id))
        _less(self._all, address)


class SeatChannels:
    """Play channels open to one seat (its person's tabs and devices), counted in the
    process: a seated person opening hundreds made every open and close at the table walk
    them all. ``most`` at once; each one taken is given back once (``give_back``)."""

    def __init__(self, most: int = SEAT_CHANNELS) -> None:
        self.most = most
        self._open: Counter[tuple[str, int]] = Counter()

    def take(self, table_id: str, seat: int) -> Said | None:
        """Count one more channel of the seat, or say why not (then nothing is counted)."""
        if self._open[table_id, seat] >= self.most:
            return problems.SEAT_CHANNELS(count=self._open[table_id, seat])
        self._open[table_id, seat] += 1
        return None

    def give_back(self, table_id: str, seat: int) -> None:
        _less(self._open, (table_id, seat))


def _less(counter: Counter[K], key: K) -> None:
    # Gone at zero: a client that once watched keeps no entry for good.
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class Bodies:
    """Every HTTP body read once, before any route: refused (413) past ``limit`` bytes, by
    its Content-Length or, without one, once that many bytes have arrived; and a JSON body
    holding what ``strict_loads`` refuses (NaN, 1e999, integers past 128 bits, lone
    surrogates: Python's parser takes them, and the error answer then failed to encode, a
    500) refused (422) naming the field, as FastAPI's own validation errors do. Other
    bodies pass unchanged (malformed JSON is FastAPI's own 422)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _answer(send, 413, {"detail": f"the body is larger than {self.limit} bytes"})
            return
        strict = scope["method"] in BODY_METHODS and is_json(headers.get(b"content-type"))
        if length is not None and not strict:
            await self.app(scope, receive, send)  # bounded by its length, nothing to check
            return
        body = await _read(receive, self.limit)
        if body is None:
            await _answer(send, 413, {"detail": f"the body is larger than {self.limit} bytes"})
            return
        problem = problem_in(body) if strict else None
        if problem is not None:
            where = ["body", *problem.where]
            detail = [{"type": "json_invalid", "loc": where, "msg": problem.message}]
            await _answer(send, 422, {"detail": detail})
            return
        sent = False

        async def replay() -> Any:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _read(receive: Any, limit: int) -> bytes | None:
    """The whole body, or None once it passes ``limit`` bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body"):
            break
    return b"".join(chunks)


async def _answer(send: Any, status: int, payload: object) -> None:
    body = json_bytes(payload)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
