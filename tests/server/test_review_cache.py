"""The app's review cache: one computation per key at a time, bounded, errors not kept."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

pytest.importorskip("fastapi")

from sleuth.core import GameError
from sleuth.server.reviews import ReviewCache


async def test_requests_at_once_share_one_computation_and_the_oldest_is_dropped() -> None:
    cache = ReviewCache(size=2)
    runs: list[str] = []
    gate = asyncio.Event()

    def computing(name: str) -> Callable[[], Awaitable[dict[str, Any]]]:
        async def compute() -> dict[str, Any]:
            runs.append(name)
            await gate.wait()
            return {"table": name}

        return compute

    first = asyncio.gather(*(cache.get(("a", None), computing("a")) for _ in range(5)))
    await asyncio.sleep(0)
    gate.set()
    assert await first == [{"table": "a"}] * 5
    assert runs == ["a"]  # five requests, one review worked out
    await cache.get(("b", 1), computing("b"))
    await cache.get(("a", None), computing("a"))  # kept: not worked out again
    await cache.get(("c", 0), computing("c"))  # over the size: b, the least recent, goes
    assert runs == ["a", "b", "c"]
    await cache.get(("b", 1), computing("b"))
    assert runs == ["a", "b", "c", "b"]


async def test_a_failed_review_is_not_kept() -> None:
    cache = ReviewCache()
    calls = 0

    async def failing() -> dict[str, Any]:
        nonlocal calls
        calls += 1
        raise GameError("no review of this game")

    for _ in range(2):
        with pytest.raises(GameError, match="no review of this game"):
            await cache.get(("t", None), failing)
    assert calls == 2


async def test_at_most_two_reviews_are_worked_out_at_once() -> None:
    cache = ReviewCache(running=2)
    now = peak = 0
    gate = asyncio.Event()

    async def compute() -> dict[str, Any]:
        nonlocal now, peak
        now += 1
        peak = max(peak, now)
        await gate.wait()
        now -= 1
        return {}

    asked = asyncio.gather(*(cache.get((f"t{n}", None), compute) for n in range(6)))
    for _ in range(5):
        await asyncio.sleep(0)
    assert (now, peak) == (2, 2)  # four wait their turn
    gate.set()
    assert await asked == [{}] * 6
    assert peak == 2
