"""Where the slowest moves of ``benchmarks/serve.py --trace`` spent their time.

The server, run with ``SLEUTH_MOVE_TRACE`` set (``sleuth.server.movetrace``), writes each
move's phases, its event loop's lag and its garbage collector's pauses; this process records
when each action was sent and each seat's frame received, and its own loop's lag. Both clocks
are the system's monotonic clock (``time.perf_counter`` on Linux), so every update measured
splits into the phases below; printed for the updates above the run's p99 and, beside them,
for all: each phase's mean, how often it was the largest, and the pauses that overlapped.
"""

from __future__ import annotations

import asyncio
import bisect
import itertools
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

# (name, what it is): the phases of one update, from the action sent to one seat's frame.
PHASES = (
    ("to_server", "sent -> the server's reader has the frame"),
    ("validate", "parsed and validated"),
    ("lock", "waiting for the table's lock"),
    ("rules", "the rules applied"),
    ("batch_wait", "queued until its batch's commit began"),
    ("commit", "the batch's commit (PostgreSQL, its fsync, the reply read)"),
    ("resume", "commit returned -> the step applied (where its mover's task runs again)"),
    ("fan_out", "the step applied, its frames built and queued"),
    ("write", "queued -> this seat's frame written"),
    ("to_client", "written -> the client's seat has it"),
)
LAG_EVERY = 0.005
LONGEST_PAUSE = 30.0  # seconds: a pause begun this long before an update is not looked for


@dataclass
class ClientTrace:
    """The client's side: each update measured and its loop's late callbacks."""

    samples: list[tuple[str, int, int, float, float]] = field(default_factory=list)
    lags: list[tuple[float, float]] = field(default_factory=list)
    # The machine's CPU pressure (Linux PSI) at the window's start and end, and when.
    pressure: list[tuple[float, float]] = field(default_factory=list)

    def note_pressure(self) -> None:
        self.pressure.append((time.perf_counter(), cpu_pressure()))

    def pressure_text(self) -> str:
        """The share of the window in which some runnable task waited for a core: how much
        of the machine others took (the load average counts the waiting, not the waited)."""
        if len(self.pressure) < 2 or self.pressure[0][1] < 0:
            return "CPU pressure unknown"
        (began, before), (ended, after) = self.pressure[0], self.pressure[-1]
        share = (after - before) / 1e6 / (ended - began)
        return f"a task waited for a core {100 * share:.0f}% of the window (PSI)"

    async def probe(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            due = time.perf_counter() + LAG_EVERY
            await asyncio.sleep(LAG_EVERY)
            late = time.perf_counter() - due
            if late > 0.002:
                self.lags.append((due, late))


def cpu_pressure() -> float:
    """Microseconds in which some task waited for a core, since boot (-1: unknown)."""
    try:
        first = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except OSError:
        return -1.0
    return float(first.rsplit("total=", 1)[1])


def load(folder: Path) -> dict[str, Any]:
    """The server processes' traces (one file each), merged."""
    merged: dict[str, Any] = {"moves": [], "lags": [], "gc": []}
    for path in sorted(folder.glob("trace.*")):
        found = orjson.loads(path.read_bytes())
        for key in merged:
            merged[key] += found[key]
    merged["lags"].sort()
    merged["gc"].sort()
    return merged


def phases(move: list[Any], seat: int, sent: float, received: float) -> list[float] | None:
    (_, _, got, valid, locked, queued, began, done, _, resumed, queued_all, written) = move
    seat_written = written.get(seat, written.get(str(seat)))
    if seat_written is None or not all((got, valid, locked, queued, began, done, resumed)):
        return None
    marks = [sent, got, valid, locked, queued, began, done, resumed, queued_all, seat_written]
    marks.append(received)
    return [b - a for a, b in itertools.pairwise(marks)]


def overlap(spans: list[tuple[float, float]], start: float, end: float) -> tuple[float, float]:
    """Of the pauses (began, seconds) sorted by start: the seconds of them within
    [start, end], and the longest one that touched it."""
    total = longest = 0.0
    first = bisect.bisect_left(spans, (start - LONGEST_PAUSE, 0.0))
    for began, seconds in spans[first:]:
        if began > end:
            break
        inside = min(end, began + seconds) - max(start, began)
        if inside > 0:
            total += inside
            longest = max(longest, seconds)
    return total, longest


def gc_split(records: list[list[Any]]) -> str:
    """Each generation's collections (records: began, seconds, generation, CPU seconds,
    objects collected): how many, their wall milliseconds in all and the longest, their CPU
    milliseconds in all and the most, and the objects they collected."""
    parts = []
    for generation in range(3):
        mine = [record for record in records if record[2] == generation]
        if mine:
            wall = [record[1] * 1000 for record in mine]
            cpu = [record[3] * 1000 for record in mine]
            parts.append(
                f"{generation}: {len(mine)}, wall {sum(wall):.0f}/{max(wall):.0f}, cpu "
                f"{sum(cpu):.0f}/{max(cpu):.0f}, {sum(record[4] for record in mine)} freed"
            )
    return " ".join(parts) or "none"


def breakdown(client: ClientTrace, folder: Path, p99_ms: float) -> str:
    server = load(folder)
    by_key = {(m[0], m[1]): m for m in server["moves"]}
    lags = [(due, late) for due, late in server["lags"]]
    # The pauses of the measured window only (not the start's).
    first = min(sample[3] for sample in client.samples) if client.samples else 0.0
    lags = [(due, late) for due, late in lags if due >= first]
    collections = [record for record in server["gc"] if record[0] >= first]
    pauses = [(record[0], record[1]) for record in collections]
    client_lags = [(due, late) for due, late in client.lags if due >= first]
    sizes: list[int] = []
    rows: list[tuple[float, list[float], tuple[float, float, float]]] = []
    for table, step, seat, sent, received in client.samples:
        move = by_key.get((table, step))
        split = phases(move, seat, sent, received) if move is not None else None
        if split is None:
            continue
        stalled = (
            overlap(lags, sent, received)[1],
            overlap(pauses, sent, received)[0],
            overlap(client_lags, sent, received)[1],
        )
        rows.append((received - sent, split, stalled))
        sizes.append(by_key[(table, step)][8])
    if not rows:
        return (
            f"trace: no update matched a traced move ({len(server['moves'])} moves traced, "
            f"{len(client.samples)} updates, first {server['moves'][:1]} {client.samples[:1]})"
        )
    slow = [row for row in rows if 1000 * row[0] >= p99_ms]
    slow_sizes = [size for row, size in zip(rows, sizes, strict=True) if 1000 * row[0] >= p99_ms]
    longest_lag = max((late for _, late in lags), default=0.0)
    lines = [
        f"trace: {client.pressure_text()}; {len(rows)} of {len(client.samples)} updates "
        f"matched; server gc pauses "
        f"{len(pauses)} ({sum(s for _, s in pauses) * 1000:.0f} ms in all, longest "
        f"{max((s for _, s in pauses), default=0) * 1000:.1f} ms; by generation "
        f"{gc_split(collections)}); server "
        f"loop late >2 ms {len(lags)} times (longest {longest_lag * 1000:.0f} ms); "
        f"client loop late {len(client_lags)} times (longest "
        f"{max((x for _, x in client_lags), default=0) * 1000:.0f} ms); steps a commit: "
        f"mean {statistics.fmean(sizes):.1f}, >=p99 {statistics.fmean(slow_sizes or [0]):.1f}",
        f"  {'phase':<11} {'all: mean':>10} {'median':>8} {'>=p99: mean':>12} {'largest':>8}",
    ]
    for number, (name, what) in enumerate(PHASES):
        every = [1000 * row[1][number] for row in rows]
        tail = [1000 * row[1][number] for row in slow]
        largest = sum(1 for row in slow if max(row[1]) == row[1][number])
        lines.append(
            f"  {name:<11} {statistics.fmean(every):>10.2f} {statistics.median(every):>8.2f} "
            f"{statistics.fmean(tail) if tail else float('nan'):>12.2f} {largest:>8}   {what}"
        )
    if slow:
        held = [row[2] for row in slow]
        lines.append(
            f"  the {len(slow)} updates >= p99 ({p99_ms:.1f} ms): the server's loop's longest "
            f"lateness within each, mean {statistics.fmean(s[0] for s in held) * 1000:.1f} ms"
            f" (median {statistics.median(s[0] for s in held) * 1000:.1f}); gc pauses within "
            f"each, mean {statistics.fmean(s[1] for s in held) * 1000:.1f} ms, "
            f"{sum(1 for s in held if s[1] > 0)} touched one; the client's loop's longest "
            f"lateness, mean {statistics.fmean(s[2] for s in held) * 1000:.1f} ms"
        )
    return "\n".join(lines)
