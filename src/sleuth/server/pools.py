"""Worker processes fed in turn by table, each job with a deadline.

A pool has a few worker processes and one queue per table: a free worker takes the next
job of the waiting table that has had the least worker time (``FairQueue``), so one
table's flood of jobs, or its long ones, wait behind its own jobs, not another table's. A
job may say how to tell it is no longer wanted (a sheet of a past step): it is dropped
when its turn comes, before it runs.
A job still running at its deadline fails with ``Overrun`` and its worker is killed (it
would go on spending a core) and replaced. A job that runs long drops to the lowest priority
and gives up its place: the spare worker takes it, so that a table's long searches (each
within its bounds) cost the quick tables a share of the cores, not a worker.

Each worker is a process of its own with a pipe, not a ``ProcessPoolExecutor``'s: an
executor can neither stop one job nor kill one of its processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

# How long a new worker may take to import the engines before it is given up on.
START_SECONDS = 120.0
# Workers yield the cores to the event loop: a bot thinking as long as it may must not
# slow every table's frames (the server's process keeps its priority). Niceness is added
# to the server's own.
WORKER_NICENESS = 10
# A job still running after LONG_JOB_SECONDS yields its core to the quick ones: its worker
# drops to BACKGROUND_NICENESS until the job ends (and stays there where the server may not
# raise a priority again: not as root).
LONG_JOB_SECONDS = 0.5
BACKGROUND_NICENESS = 19
# A table whose jobs lately took this long or more waits for one of all but the last free
# worker (``JobPool._dispatch``).
QUICK_JOB_SECONDS = 1.0


class Overrun(Exception):
    """The job ran past its deadline; its worker was killed."""


class Stale(Exception):
    """The job was no longer wanted when its turn came, and did not run."""


class WorkerDied(Exception):
    """The worker process ended during the job (killed, or out of memory)."""


@dataclass
class PoolCounts:
    ran: int = 0
    dropped: int = 0  # stale jobs never run
    overran: int = 0
    recycled: int = 0  # workers killed and replaced
    backgrounded: int = 0  # long jobs whose place a spare took


@dataclass
class _Pending:
    table: str
    function: Callable[[Any], Any]
    job: object
    future: asyncio.Future[Any]
    wanted: Callable[[], bool] | None
    replaces: object = None  # a job of its table with the same key waiting gives way


class FairQueue:
    """Jobs waiting, one queue a table; ``take`` serves the waiting table that has had the
    least worker time (fair queuing): a table whose jobs run long waits behind the tables
    whose jobs are quick, and a table's flood waits behind its own jobs only.

    A table's account is the worker time its jobs took; a table that starts asking again
    after a pause starts from the pool's clock (the account of the table served last), so
    that idling saves up no credit. Accounts behind the clock are forgotten."""

    def __init__(self) -> None:
        self._tables: dict[str, deque[_Pending]] = {}
        self._used: dict[str, float] = {}
        self._clock = 0.0
        self._recent: dict[str, float] = {}  # a table's recent job time, seconds (averaged)

    def __len__(self) -> int:
        return sum(len(jobs) for jobs in self._tables.values())

    def put(self, pending: _Pending) -> _Pending | None:
        """Queue the job; a job of the table with the same ``replaces`` key still waiting
        gives it its place in line, and is returned."""
        table = pending.table
        if table not in self._tables:
            self._used[table] = max(self._used.get(table, 0.0), self._clock)
        jobs = self._tables.setdefault(table, deque())
        if pending.replaces is not None:
            for index, waiting in enumerate(jobs):
                if waiting.replaces == pending.replaces:
                    jobs[index] = pending
                    return waiting
        jobs.append(pending)
        return None

    def quick(self, table: str) -> bool:
        """Whether the table's jobs have lately been quick (a new table's are)."""
        return self._recent.get(table, 0.0) < QUICK_JOB_SECONDS

    def take(self, quick_only: bool = False) -> _Pending | None:
        """The next job; ``quick_only``: only of a table whose jobs are quick, or none."""
        tables = [t for t in self._tables if self.quick(t)] if quick_only else self._tables
        if not tables:
            return None
        # In order of arrival among equals (dicts keep it): round-robin between quick ones.
        table = min(tables, key=self._used.__getitem__)
        jobs = self._tables.pop(table)
        pending = jobs.popleft()
        if jobs:
            self._tables[table] = jobs  # to the back of the line
        self._clock = max(self._clock, self._used[table])
        return pending

    def charge(self, table: str, seconds: float) -> None:
        """A job of the table took ``seconds`` of a worker."""
        self._used[table] = self._used.get(table, self._clock) + seconds
        self._recent[table] = (self._recent.get(table, seconds) + seconds) / 2
        if len(self._used) > 2 * len(self._tables) + 64:
            self._used = {
                t: used for t, used in self._used.items() if used > self._clock or t in self._tables
            }
            self._recent = {t: r for t, r in self._recent.items() if t in self._used}


def _serve(
    connection: Connection, parent: int, warm: Callable[[], None] | None, niceness: int
) -> None:
    """A worker's loop: a job in, its result (or its exception) out."""
    threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()
    if hasattr(os, "nice"):  # not on Windows
        with contextlib.suppress(OSError):
            os.nice(niceness)
    if warm is not None:
        warm()
    connection.send(("ready", None))
    while True:
        try:
            function, job = connection.recv()
        except (EOFError, OSError):
            return
        try:
            answer = ("ok", function(job))
        except Exception as error:
            answer = ("error", error)
        connection.send(answer)


def _exit_with(parent: int) -> None:
    """A server killed with ``kill -9`` cannot stop its workers: they stop themselves."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


class Worker:
    """One worker process; its calls block (the pool makes them from its threads)."""

    def __init__(self, warm: Callable[[], None] | None, niceness: int = WORKER_NICENESS) -> None:
        self._warm = warm
        self.base_niceness = niceness
        self.niceness = niceness  # now, above the server's
        self._process: Any = None
        self._connection: Connection | None = None
        self._lock = threading.Lock()  # a start (ahead of time) and a call may overlap

    @property
    def running(self) -> bool:
        process = self._process  # read once: another thread may be stopping it
        return self._connection is not None and process is not None and process.is_alive()

    @property
    def pid(self) -> int | None:
        return None if self._process is None else int(self._process.pid)

    def start(self) -> Connection:
        with self._lock:
            return self._start()

    def ready(self) -> Connection:
        """The worker's pipe, the worker started first if it is not running."""
        with self._lock:
            if self._connection is not None and self._process.is_alive():
                return self._connection
            self._stop()
            return self._start()

    def _start(self) -> Connection:
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(
            target=_serve, args=(theirs, os.getpid(), self._warm, self.base_niceness), daemon=True
        )
        process.start()
        theirs.close()
        if not ours.poll(START_SECONDS):
            process.kill()
            process.join()
            raise WorkerDied("a worker did not start")
        ours.recv()
        self._process, self._connection = process, ours
        return ours

    def set_niceness(self, niceness: int) -> bool:
        """Whether the worker now runs at ``niceness`` above the server (lowering it back
        may take a privilege the server lacks)."""
        pid = self.pid
        if pid is None or not hasattr(os, "setpriority"):
            return False
        try:
            server = os.getpriority(os.PRIO_PROCESS, 0)
            os.setpriority(os.PRIO_PROCESS, pid, min(19, server + niceness))
        except OSError:
            return False
        self.niceness = niceness
        return True

    def back_to_base(self) -> bool:
        """Whether the worker runs at its own niceness again (after a long job)."""
        return self.niceness == self.base_niceness or self.set_niceness(self.base_niceness)

    def call(self, function: Callable[[Any], Any], job: object, timeout: float | None) -> Any:
        connection = self.ready()
        try:
            connection.send((function, job))
            if not connection.poll(timeout):
                self.stop()
                raise Overrun(f"no answer in {timeout:g} s")
            kind, value = connection.recv()
        except (EOFError, OSError, BrokenPipeError):
            self.stop()
            raise WorkerDied("a worker ended during a job") from None
        if kind == "error":
            raise value
        return value

    def stop(self) -> None:
        with self._lock:
            self._stop()

    def _stop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.join()
        if self._connection is not None:
            self._connection.close()
        self._process, self._connection = None, None


class JobPool:
    """``workers`` processes (0: two threads of this process, for tests: a thread cannot
    be killed, so an overrun there is only given up on) fed by a ``FairQueue``, and a spare
    process, started ahead, that takes an overrunning worker's place at once."""

    def __init__(
        self,
        workers: int,
        deadline: float | None,
        warm: Callable[[], None] | None = None,
        spare: bool = True,
        niceness: int = WORKER_NICENESS,
    ) -> None:
        self.deadline = deadline
        self.counts = PoolCounts()
        self._queue = FairQueue()
        self._idle: list[Worker | None] = (
            [Worker(warm, niceness) for _ in range(workers)] if workers > 0 else [None, None]
        )
        self._spare = Worker(warm, niceness) if workers > 0 and spare else None
        # The long job's worker that gave its place to the spare (one at a time: the spare
        # is the only place there is to give until that worker becomes the spare again).
        self._background: Worker | None = None
        self._slots = len(self._idle)
        # A thread for each worker's calls, the background one's too, and one for a start.
        self._threads = ThreadPoolExecutor(self._slots + 2)
        self._running: set[asyncio.Task[None]] = set()
        self._all = [w for w in (*self._idle, self._spare) if w is not None]

    @property
    def waiting(self) -> int:
        return len(self._queue)

    def start(self) -> None:
        """Start the workers now, off the event loop: the first jobs would otherwise wait
        for the engines' imports."""
        for worker in self._all:
            self._threads.submit(worker.ready)

    def worker_pids(self) -> list[int]:
        """The processes that take jobs now (not the spare)."""
        workers = [w for w in self._all if w is not self._spare]
        return [pid for pid in (w.pid for w in workers) if pid is not None]

    async def run(
        self,
        table: str,
        function: Callable[[Any], Any],
        job: object,
        wanted: Callable[[], bool] | None = None,
        replaces: object = None,
    ) -> Any:
        """The job's result, or its exception, ``Overrun`` or ``Stale``; ``wanted`` is
        asked when the job's turn comes; a job of the table with the same ``replaces`` key
        still waiting is dropped (``Stale``) and this one takes its place in line."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        replaced = self._queue.put(_Pending(table, function, job, future, wanted, replaces))
        if replaced is not None:
            self._drop(replaced)
        self._dispatch()
        try:
            return await future
        finally:
            # A raised Stale or Overrun holds this frame in its traceback and the future
            # holds the error: without this, every dropped job (most of a busy table's
            # interrupt questions) is a reference cycle, with its view, that only a full
            # collection frees, and at 250 tables those stopped the event loop for 0.6 s.
            del future

    def _dispatch(self) -> None:
        while self._idle:
            # With two workers or more, the last one idle is kept for tables whose jobs are
            # quick: tables of long searches (each within its bounds) must not take every
            # worker and make every other table's bots wait their deadlines out.
            quick_only = len(self._idle) == 1 and self._slots >= 2
            pending = self._queue.take(quick_only)
            if pending is None:
                return
            if pending.future.done():  # its asker stopped waiting (a table let go)
                continue
            if pending.wanted is not None and not pending.wanted():
                self._drop(pending)
                continue
            worker = self._idle.pop()
            task = asyncio.get_running_loop().create_task(self._run_on(worker, pending))
            self._running.add(task)
            task.add_done_callback(self._running.discard)

    def _drop(self, pending: _Pending) -> None:
        self.counts.dropped += 1
        _settle(pending.future, None, Stale())

    async def _run_on(self, worker: Worker | None, pending: _Pending) -> None:
        loop = asyncio.get_running_loop()
        began = time.monotonic()
        try:
            if worker is None:
                call = loop.run_in_executor(self._threads, pending.function, pending.job)
                result = await asyncio.wait_for(call, self.deadline)
            else:
                long = loop.call_later(LONG_JOB_SECONDS, self._went_long, worker)
                try:
                    result = await loop.run_in_executor(
                        self._threads, worker.call, pending.function, pending.job, self.deadline
                    )
                finally:
                    long.cancel()
            self.counts.ran += 1
            _settle(pending.future, result, None)
            if worker is not None:
                # A server that may not raise a priority again (not root) keeps the worker at
                # the lower one: slower only while the machine is busy, where replacing it
                # would cost a new process and its imports after every long job.
                worker.back_to_base()
        except (Overrun, TimeoutError):
            self.counts.overran += 1
            _settle(pending.future, None, Overrun(f"no answer in {self.deadline:g} s"))
            if worker is not None and worker is not self._background:
                worker = await self._replace(worker)
        except BaseException as error:
            _settle(pending.future, None, error)
            if isinstance(error, asyncio.CancelledError):
                raise
        finally:
            self._queue.charge(pending.table, time.monotonic() - began)
            if worker is not None and worker is self._background:
                self._retire(worker)
            else:
                self._idle.append(worker)
            self._dispatch()

    def _went_long(self, worker: Worker) -> None:
        """The job has run LONG_JOB_SECONDS: its worker yields the cores, and the spare, if
        it is up, takes its place, so that the quick tables keep as many workers as before
        (the long job goes on at the lowest priority until it ends or its deadline)."""
        worker.set_niceness(BACKGROUND_NICENESS)
        spare = self._spare
        if spare is None or not spare.running:
            return
        self.counts.backgrounded += 1
        self._background = worker
        self._spare = None
        self._idle.append(spare)
        self._dispatch()

    def _retire(self, worker: Worker) -> None:
        """A long job's worker, its job over, becomes the spare again (restarted in the
        background if its job overran)."""
        self._background = None
        self._spare = worker
        if not worker.running:  # killed at its deadline
            self.counts.recycled += 1
            asyncio.get_running_loop().run_in_executor(self._threads, _quietly, worker.ready)

    async def _replace(self, killed: Worker) -> Worker:
        """The worker that takes a killed one's place: the spare if it is up (the killed
        one, restarted in the background, becomes the spare), else the killed one restarted
        before it takes another job (whose deadline must not pay for the imports)."""
        self.counts.recycled += 1
        loop = asyncio.get_running_loop()
        spare = self._spare
        if spare is not None and spare.running:
            self._spare = killed
            loop.run_in_executor(self._threads, _quietly, killed.ready)
            return spare
        await loop.run_in_executor(self._threads, _quietly, killed.ready)
        return killed

    def close(self) -> None:
        for task in list(self._running):
            task.cancel()
        for worker in self._all:
            worker.stop()
        self._threads.shutdown(wait=False, cancel_futures=True)


def _quietly(start: Callable[[], object]) -> None:
    """A worker's start whose failure is not fatal: its next job starts it again."""
    with contextlib.suppress(Exception):
        start()


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)
