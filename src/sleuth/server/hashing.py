"""Password hashes (argon2id), made and checked in processes of their own at the lowest
priority, never on the event loop nor in its process.

One hash at the default costs (OWASP's 7 MiB, 5 passes) takes about 17 ms of CPU. Made in
threads of the server's own process (at nice +10), each hash's end took the interpreter's
lock back in a thread of low priority; descheduled while it held the lock, that thread
held up the event loop every table shares (a priority inversion), and the loop's 0.5 ms
switch interval made such hand-overs frequent. In processes at nice 19 the hashes share
no lock with the tables and get only the CPU the tables leave.

A burst of sign-ins beyond what the processes keep up with is answered rather than queued
without end: once ``MOST_WAITING`` passwords wait for a process, the next is refused at once
(``PasswordsBusy``). The bound is a count, not a time: it was a wait of 5 seconds, and
beside 250 busy tables, where the CPU the tables leave comes in bursts, a password often
waited longer while the processes were still keeping up over the minute, so that most of
20 sign-ins a second were refused (benchmarks/serve.py --people).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import secrets
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

# Only what a hashing process needs to start: it imports this module (not the server's).
from .settings import PASSWORD_COSTS, Settings

T = TypeVar("T")
HASHING_PROCESSES = 2  # a burst of sign-ins waits its turn here, not on the tables' CPU
LOWEST_PRIORITY = 19  # the hashing processes' nice value: the tables' work always comes first
# Passwords that may wait for a hashing process: a few seconds of 20 sign-ins a second
# arriving at once, and about a second of the two processes' work on an idle machine.
MOST_WAITING = 64
RETRY_SECONDS = 5  # a refused sign-in's Retry-After: about what the queue takes to clear
DEFAULT_COST = Settings.password_cost
log = logging.getLogger(__name__)


def hasher_for(cost: str) -> PasswordHasher:
    """argon2id at the costs named ``cost`` (a name of ``PASSWORD_COSTS``)."""
    costs = PASSWORD_COSTS[cost]
    return PasswordHasher(
        time_cost=costs.time_cost, memory_cost=costs.memory_kib, parallelism=costs.parallelism
    )


class PasswordsBusy(Exception):
    """A password came while ``MOST_WAITING`` others waited for a hashing process, or the
    process hashing it died: refused, to be tried again (answered 503)."""


def _lowest_priority() -> None:
    """A hashing process's start (on Linux the call sets this, its only working thread)."""
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, 0, LOWEST_PRIORITY)


def _hash(hasher: PasswordHasher, password: str) -> str:
    return hasher.hash(password)


def _matches(hasher: PasswordHasher, hashed: str, password: str) -> bool:
    try:
        return hasher.verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False


def _on_loop(loop: asyncio.AbstractEventLoop, call: Callable[[], object]) -> None:
    with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nothing waits
        loop.call_soon_threadsafe(call)


class Passwords:
    """argon2id hashes at the operator's costs (``DEFAULT_COST`` unless given), in
    ``HASHING_PROCESSES`` processes started at the first hash. The turns are handed out
    here, first come first served, so that the passwords waiting are known: one that comes
    while ``most_waiting`` others wait is refused without being hashed, and every one let
    in is hashed however long it waits. A turn ends when its process is done with it, even
    if the sign-in that asked was given up meanwhile."""

    def __init__(
        self, hasher: PasswordHasher | None = None, most_waiting: int = MOST_WAITING
    ) -> None:
        self._hasher = hasher or hasher_for(DEFAULT_COST)
        self._processes: ProcessPoolExecutor | None = None
        self._turns = asyncio.Semaphore(HASHING_PROCESSES)
        self._decoy: str | None = None
        self.most_waiting = most_waiting
        self.waiting = 0  # passwords waiting for a turn

    def _pool(self) -> ProcessPoolExecutor:
        if self._processes is None:
            self._processes = ProcessPoolExecutor(
                HASHING_PROCESSES,
                # Not forked: the server's threads (the database's, uvicorn's) would be
                # copied mid-work into the child.
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_lowest_priority,
            )
        return self._processes

    def refuse_when_full(self) -> None:
        """Raise ``PasswordsBusy`` when a password coming now would be refused: asked
        before a sign-in's rate limits are charged, so that a refusal of ours, to be tried
        again in a few seconds, does not use up the person's tries."""
        if self._turns.locked() and self.waiting >= self.most_waiting:
            raise PasswordsBusy

    async def _in_process(self, work: Callable[..., T], *args: Any) -> T:
        """``work(hasher, *args)`` in a hashing process, when a turn comes."""
        self.refuse_when_full()
        self.waiting += 1
        try:
            await self._turns.acquire()
        finally:
            self.waiting -= 1
        try:
            pool = self._pool()
            job: Future[T] = pool.submit(work, self._hasher, *args)
        except BrokenProcessPool:
            self._turns.release()
            self._drop(pool)
            raise PasswordsBusy from None
        except BaseException:
            self._turns.release()
            raise
        loop = asyncio.get_running_loop()
        job.add_done_callback(lambda _: _on_loop(loop, self._turns.release))
        try:
            return await asyncio.wrap_future(job)
        except BrokenProcessPool:  # a hashing process died (killed, out of memory)
            self._drop(pool)
            raise PasswordsBusy from None

    def _drop(self, pool: ProcessPoolExecutor) -> None:
        """A broken pool is replaced at the next hash; every password it held is refused.
        Said in the log: a pool that cannot start refuses every sign-in, and the operator
        would see nothing else."""
        if self._processes is pool:
            log.warning("a password hashing process died or did not start: hashed anew")
            self._processes = None
            pool.shutdown(wait=False, cancel_futures=True)

    async def hash(self, password: str) -> str:
        return await self._in_process(_hash, password)

    async def verify(self, hashed: str | None, password: str) -> bool:
        """Whether ``password`` is the one ``hashed`` was made of. With no hash (no such
        account) a decoy is checked, so that the answer takes as long either way."""
        if hashed is None:
            if self._decoy is None:
                self._decoy = await self.hash(secrets.token_urlsafe(32))
            hashed = self._decoy
        return await self._in_process(_matches, hashed, password)

    def outdated(self, hashed: str) -> bool:
        """Whether ``hashed`` (one that matched) was made at other costs than these."""
        try:
            return self._hasher.check_needs_rehash(hashed)
        except InvalidHashError:
            return False

    def close(self) -> None:
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
            self._processes = None
