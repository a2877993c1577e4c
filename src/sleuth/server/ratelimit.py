"""Limits on making people and tables, per client address, kept in the service's database.

One client could otherwise make hundreds of identities and tables a second and flood the
open-tables list. The counting is the ``limits`` library's (fixed windows); its counters live
in the ``rate_limits`` table, so that every process of a service on one PostgreSQL counts
against the same limit (``limits`` has no storage of its own for a SQL database).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage, Storage
from limits.aio.strategies import FixedWindowRateLimiter
from sqlalchemy import case, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from sleuth.core.said import SaidValue

from . import problems
from .db import Database
from .models import RateRow

OFF = "off"
PRUNE_EVERY = 1000  # counts between two sweeps of expired counters


def parse_rate(text: str) -> tuple[RateLimitItem, ...]:
    """``20/minute``, ``5/second;100/hour`` (``limits``' notation), or ``off``: no limit.
    A ``ValueError`` names what is wrong."""
    if text.strip().lower() == OFF:
        return ()
    try:
        return tuple(parse_many(text))
    except ValueError:
        raise ValueError(
            f"{text!r} is not a rate: write e.g. 20/minute or 5/second;100/hour, or off"
        ) from None


class DatabaseStorage(Storage):
    """``limits``' counters as rows of ``rate_limits``: one upsert a count."""

    # limits registers storages by scheme; this one is made by hand, never from a URL.
    STORAGE_SCHEME: list[str] | None = ["sleuth-database"]  # noqa: RUF012 (limits' own type)

    def __init__(self, database: Database) -> None:
        super().__init__()
        self._db = database
        self._counted = 0

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return SQLAlchemyError

    async def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        self._counted += 1
        prune = self._counted % PRUNE_EVERY == 0

        def work(session: Session) -> int:
            if prune:
                session.execute(delete(RateRow).where(RateRow.expires_at <= now))
            dialect = session.get_bind().dialect.name
            insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
            lapsed = RateRow.expires_at <= now
            statement = (
                insert(RateRow)
                .values(key=key, count=amount, expires_at=now + expiry)
                .on_conflict_do_update(
                    index_elements=[RateRow.key],
                    set_={
                        "count": case((lapsed, amount), else_=RateRow.count + amount),
                        "expires_at": case((lapsed, now + expiry), else_=RateRow.expires_at),
                    },
                )
                .returning(RateRow.count)
            )
            return int(session.execute(statement).scalar_one())

        return await self._db.write(work)

    async def get(self, key: str) -> int:
        row = await self._row(key)
        return 0 if row is None else row[0]

    async def get_expiry(self, key: str) -> float:
        row = await self._row(key)
        return time.time() if row is None else row[1]

    async def _row(self, key: str) -> tuple[int, float] | None:
        query = select(RateRow.count, RateRow.expires_at).where(
            RateRow.key == key, RateRow.expires_at > time.time()
        )

        def work(session: Session) -> tuple[int, float] | None:
            found = session.execute(query).first()
            return None if found is None else (int(found[0]), float(found[1]))

        return await self._db.read(work)

    async def check(self) -> bool:
        return True

    async def reset(self) -> int | None:
        return await self._db.write(lambda session: _count(session.execute(delete(RateRow))))

    async def clear(self, key: str) -> None:
        await self._db.write(
            lambda session: session.execute(delete(RateRow).where(RateRow.key == key))
        )


def _count(result: object) -> int:
    return int(getattr(result, "rowcount", 0) or 0)


@dataclass(frozen=True)
class Refused:
    message: str
    retry_after: int  # seconds


@dataclass(frozen=True)
class Past:
    """The rate a count would go past, and the seconds until its window ends."""

    rate: RateLimitItem
    wait: int


async def count_within(
    limiter: FixedWindowRateLimiter,
    counts: Sequence[tuple[Sequence[RateLimitItem], tuple[str, ...]]],
) -> Past | None:
    """Count one against each of ``counts`` (its rates, and the identifiers they are kept
    by), or say which rate it would go past. Every rate is tested before any is hit, so a
    refusal counts nothing (unless another request took the last room between the test and
    the hit: then the hits made stand, as the window's)."""
    for rates, identifiers in counts:
        for rate in rates:
            if not await limiter.test(rate, *identifiers):
                return await _past(limiter, rate, identifiers)
    for rates, identifiers in counts:
        for rate in rates:
            if not await limiter.hit(rate, *identifiers):
                return await _past(limiter, rate, identifiers)
    return None


async def _past(
    limiter: FixedWindowRateLimiter, rate: RateLimitItem, identifiers: tuple[str, ...]
) -> Past:
    stats = await limiter.get_window_stats(rate, *identifiers)
    wait = max(1, math.ceil(stats.reset_time - time.time()))
    return Past(rate, wait)


class CreationLimits:
    """How many people and tables one client address may make, per the operator's rates."""

    def __init__(self, database: Database, people: str, tables: str) -> None:
        self._limiter = FixedWindowRateLimiter(DatabaseStorage(database))
        self._rates = {"people": parse_rate(people), "tables": parse_rate(tables)}

    async def hit(self, what: str, address: str) -> Refused | None:
        """Count one new ``what`` (people or tables) made from ``address``, or say why it
        is refused (then nothing is counted)."""
        past = await count_within(self._limiter, [(self._rates[what], (what, address))])
        if past is None:
            return None
        words = problems.TOO_MANY_NEW[what](**window_values(past.rate, past.wait))
        return Refused(words, past.wait)


READ_REFUSALS = {"records": problems.TOO_MANY_READS, "invites": problems.TOO_MANY_INVITE_CHECKS}


class ReadLimits:
    """How many replays, reviews and records (``records``) one client address may fetch,
    and how many invites it may check (``invites``), each per the operator's rate: each
    record is worked out once and kept, but sending a long game's replay again and again
    still costs the event loop every table shares; an invite's check asks the database and
    needs no identity. Counted in the process (a read writes nothing; with several
    processes, each allows the rate)."""

    def __init__(self, rate: str) -> None:
        self._limiter = FixedWindowRateLimiter(MemoryStorage())
        self._rates = parse_rate(rate)

    async def hit(self, address: str, what: str = "records") -> Refused | None:
        refusal = READ_REFUSALS[what]
        for rate in self._rates:
            if not await self._limiter.hit(rate, what, address):
                stats = await self._limiter.get_window_stats(rate, what, address)
                wait = max(1, math.ceil(stats.reset_time - time.time()))
                return Refused(refusal(**window_values(rate, wait)), wait)
        return None


def window_values(rate: RateLimitItem, wait: int) -> dict[str, SaidValue]:
    name = rate.GRANULARITY.name
    window = f"{rate.multiples} {name}s" if rate.multiples > 1 else name
    return {"amount": rate.amount, "window": window, "wait": wait}
