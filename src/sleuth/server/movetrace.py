"""Where a move's time goes in the server, for ``benchmarks/serve.py --trace``.

Off unless the environment names a file in ``SLEUTH_MOVE_TRACE``: then each move on a play
channel is timed at its phases (frame received, validated, the table's lock taken, queued
for a commit, its batch's commit begun and returned, the mover resumed, its frames queued,
each seat's frame written), and so are the event loop's lag (how late a callback due every
``LAG_EVERY`` seconds runs) and the garbage collector's pauses; the whole is written to that
file (``.PID`` appended) as JSON when the service stops. The times are ``time.perf_counter``
(the system's monotonic clock on Linux), so the benchmark's own process can set them beside
the times it sent and received at. Off, each hook is one test of ``ON``.
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
import os
import time
from typing import Any

import orjson

ON = bool(os.environ.get("SLEUTH_MOVE_TRACE"))
LAG_EVERY = 0.005  # seconds between the loop-lag probe's callbacks

# The move the current task is handling (its channel's reader task).
current: contextvars.ContextVar[Move | None] = contextvars.ContextVar("move", default=None)


class Move:
    __slots__ = (
        "batch",
        "broadcast",
        "commit_began",
        "committed",
        "locked",
        "queued",
        "received",
        "resumed",
        "sent",
        "step",
        "table",
        "validated",
    )

    def __init__(self, received: float) -> None:
        self.table = ""
        self.step = -1
        self.received = received
        self.validated = self.locked = self.queued = self.commit_began = 0.0
        self.committed = self.resumed = self.broadcast = 0.0
        self.batch = 0
        self.sent: dict[int, float] = {}  # seat -> when its frame was written

    def row(self) -> list[Any]:
        return [
            self.table,
            self.step,
            self.received,
            self.validated,
            self.locked,
            self.queued,
            self.commit_began,
            self.committed,
            self.batch,
            self.resumed,
            self.broadcast,
            self.sent,
        ]


moves: list[Move] = []
lags: list[tuple[float, float]] = []  # (when the probe ran, how late), late ones only
# (began, seconds, generation, seconds of this thread's CPU, objects collected): the CPU
# tells a collection's own work from the time its thread waited for a core meanwhile.
pauses: list[tuple[float, float, int, float, int]] = []
# A frame's text (by identity, the text kept so that the identity is not reused) -> its move.
_texts: dict[int, tuple[str, Move, int]] = {}
_gc_began = 0.0
_gc_cpu_began = 0.0


def now() -> float:
    return time.perf_counter()


def begin() -> Move:
    move = Move(now())
    current.set(move)
    return move


def mark(name: str) -> None:
    move = current.get()
    if move is not None:
        setattr(move, name, now())


def committed(batch: list[Move | None], began: float) -> None:
    """A batch of steps is committed: when its commit began and returned, and its size."""
    done = now()
    for move in batch:
        if move is not None:
            move.commit_began, move.committed, move.batch = began, done, len(batch)


def moved(table: str, step: int) -> None:
    """The current move's step is committed and its frames queued."""
    move = current.get()
    if move is not None:
        move.broadcast = move.broadcast or now()
        move.table, move.step = table, step
        moves.append(move)


def queued_text(text: str, seat: int | None) -> None:
    """A state frame queued for a seat's channel by the current move."""
    move = current.get()
    if move is not None and seat is not None:
        _texts[id(text)] = (text, move, seat)


def written(text: str) -> None:
    found = _texts.pop(id(text), None)
    if found is not None and found[0] is text:
        found[1].sent[found[2]] = now()


def _on_gc(phase: str, info: dict[str, Any]) -> None:
    global _gc_began, _gc_cpu_began
    if phase == "start":
        _gc_began = now()
        _gc_cpu_began = time.thread_time()
    else:
        cpu = time.thread_time() - _gc_cpu_began
        pauses.append((_gc_began, now() - _gc_began, info["generation"], cpu, info["collected"]))


async def _probe_lag() -> None:
    while True:
        due = now() + LAG_EVERY
        await asyncio.sleep(LAG_EVERY)
        late = now() - due
        if late > 0.002:
            lags.append((due, late))


def start(loop: asyncio.AbstractEventLoop) -> asyncio.Task[None] | None:
    """The lag probe and the collector's callbacks (``stop`` writes the file)."""
    if not ON:
        return None
    gc.callbacks.append(_on_gc)
    return loop.create_task(_probe_lag())


def stop(probe: asyncio.Task[None]) -> None:
    """At the service's shutdown (uvicorn ends the process with the signal it caught, so
    no exit handler would run): the probe stopped, everything written."""
    probe.cancel()
    gc.callbacks.remove(_on_gc)
    path = f"{os.environ['SLEUTH_MOVE_TRACE']}.{os.getpid()}"
    done = [move.row() for move in moves if move.step >= 0]
    with open(path, "wb") as out:
        out.write(
            orjson.dumps(
                {"moves": done, "lags": lags, "gc": pauses}, option=orjson.OPT_NON_STR_KEYS
            )
        )
