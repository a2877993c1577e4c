"""Waiting for a thing to have happened, not for a while: a test asks a probe again and
again until it answers, and fails saying what it waited for once a bound it is never meant
to reach has passed. A loaded machine makes the
wait longer, never the test wrong; a broken server makes it fail, never hang."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")
# Far beyond what any awaited thing takes on a loaded machine: reached only when it is broken.
BOUND_SECONDS = 60.0


async def until(
    probe: Callable[[], Awaitable[T | None]],
    what: str,
    seconds: float = BOUND_SECONDS,
    every: float = 0.05,
) -> T:
    """The probe's first answer that is not None (asked at once, then every ``every``
    seconds); ``AssertionError`` naming ``what`` if none came in ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        answer = await probe()
        if answer is not None:
            return answer
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not so after {seconds:g} s")
        await asyncio.sleep(every)


async def until_true(
    check: Callable[[], bool], what: str, seconds: float = BOUND_SECONDS, every: float = 0.05
) -> None:
    """``until`` for a condition of the test's own process (a pool's counts, a task's)."""

    async def asked() -> bool | None:
        return True if check() else None

    await until(asked, what, seconds, every)
