"""What ``benchmarks/serve.py`` measures and prints: the measured window (its length, the
CPU of the server, its child processes and the people, the server's memory), the summary of
a run (throughput, the action-to-update latency's percentiles, the checks that nothing was
lost) and its line of report."""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from serve_hostile import Hostility, largest_search

if TYPE_CHECKING:
    from serve_pg import PgProbe
    from serve_trace import ClientTrace


@dataclass
class Totals:
    sent: dict[tuple[str, int], float] = field(default_factory=dict)  # (table, step) -> time
    latencies: list[float] = field(default_factory=list)
    measured: int = 0  # actions sent while measuring
    out_of_order: int = 0
    games: int = 0
    measuring: bool = False
    sending: bool = True
    sent_all: int = 0
    tables: set[str] = field(default_factory=set)
    bot_turns: dict[tuple[str, int], float] = field(default_factory=dict)  # turned to a bot
    bot_times: list[float] = field(default_factory=list)
    outage: bool = False  # the mail server is stopped (``--people``)
    outage_latencies: list[float] = field(default_factory=list)
    trace: ClientTrace | None = None  # ``--trace``: each update's times, the loop's lag


@dataclass
class Window:
    """The measured interval: its length, the CPU the server and the people spent in it,
    and the server's memory at its start and end."""

    elapsed: float = 0.0
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    server_mb: tuple[float, float] = (0.0, 0.0)
    helpers_cpu: float = 0.0  # the server's child processes': bot workers, password hashing
    signers_cpu: float = 0.0  # the sign-in client's and mail server's process (``--people``)
    # PostgreSQL's processes' CPU, its transactions and statements (``serve_pg``).
    pg: tuple[float, int, int] | None = None


async def measure_window(
    seconds: float,
    totals: Totals,
    processes: list[subprocess.Popen[bytes]],
    signers: int | None = None,
    probe: PgProbe | None = None,
) -> Window:
    """``signers``: the process id of the people signing in (``--people``), whose CPU on
    the same cores is counted apart so that a reader can judge what it took from the
    server."""
    # The people's own full collections (a few a run, each up to 140 ms with 1,000
    # connections here) would count as the server's latency: the people's process, the
    # measuring instrument, does without them while measuring.
    if probe is not None:
        await probe.reset()
    pg_before = await probe.counts() if probe is not None else None
    gc.collect()
    gc.disable()
    memory = sum(rss_megabytes(p.pid) for p in processes)
    totals.measuring = True
    began = time.perf_counter()
    server_cpu = sum(cpu_seconds(p.pid) for p in processes)
    helpers_cpu = children_cpu({p.pid for p in processes})
    client_cpu = time.process_time()
    signers_cpu = cpu_seconds(signers) if signers is not None else 0.0
    try:
        await asyncio.sleep(seconds)
    finally:
        gc.enable()
        totals.measuring = False
    helpers_after = children_cpu({p.pid for p in processes})
    pg = None
    if probe is not None and pg_before is not None:
        pg_after = await probe.counts()
        await probe.write_top()
        pg = (
            pg_after.cpu - pg_before.cpu,
            pg_after.transactions - pg_before.transactions,
            pg_after.statements - pg_before.statements,
        )
    return Window(
        time.perf_counter() - began,
        sum(cpu_seconds(p.pid) for p in processes) - server_cpu,
        time.process_time() - client_cpu,
        (memory, sum(rss_megabytes(p.pid) for p in processes)),
        sum(cpu - helpers_cpu.get(pid, 0.0) for pid, cpu in helpers_after.items()),
        cpu_seconds(signers) - signers_cpu if signers is not None else 0.0,
        pg,
    )


def summary(
    db: str,
    servers: int,
    args: argparse.Namespace,
    totals: Totals,
    window: Window,
    stored: int,
    hostility: Hostility | None,
) -> dict[str, Any]:
    latencies = sorted(totals.latencies)

    def pct(p: float) -> float:
        return (
            1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))]
            if latencies
            else float("nan")
        )

    return {
        "db": db.split(":")[0] + (f" x{servers}" if servers > 1 else ""),
        "tables": args.tables,
        "seats": args.tables * args.seats,
        "actions_per_s": totals.measured / window.elapsed,
        "p50_ms": pct(0.50),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "updates": len(latencies),
        "out_of_order": totals.out_of_order,
        "stored_steps": stored,
        "sent": totals.sent_all,
        "games_finished": totals.games,
        "mean_ms": 1000 * statistics.fmean(latencies) if latencies else float("nan"),
        "server_cpu_ms": 1000 * window.server_cpu / max(1, totals.measured),
        "client_cpu_ms": 1000 * window.client_cpu / max(1, totals.measured),
        "helpers_cpu_ms": 1000 * window.helpers_cpu / max(1, totals.measured),
        "signers_cpu_s": window.signers_cpu,
        "window_s": window.elapsed,
        "server_mb": window.server_mb,
        "bot_median_ms": 1000 * statistics.median(totals.bot_times)
        if totals.bot_times
        else float("nan"),
        "bot_decisions": len(totals.bot_times),
        "outage_p99_ms": 1000
        * sorted(totals.outage_latencies)[
            min(len(totals.outage_latencies) - 1, int(0.99 * len(totals.outage_latencies)))
        ]
        if totals.outage_latencies
        else float("nan"),
        "outage_updates": len(totals.outage_latencies),
        "hostile": hostility,
        **pg_figures(window, totals.measured),
    }


def pg_figures(window: Window, actions: int) -> dict[str, float]:
    """PostgreSQL's CPU (ms), transactions and statements, each per action measured."""
    if window.pg is None:
        return {}
    cpu, transactions, statements = window.pg
    per = max(1, actions)
    return {
        "pg_cpu_ms": 1000 * cpu / per,
        "pg_xacts": transactions / per,
        "pg_statements": statements / per if statements else float("nan"),
    }


def rss_megabytes(pid: int) -> float:
    """A process's resident memory, from /proc: whether the server's memory holds steady
    over the run (the garbage collector's settings trade pauses against memory)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """A process's CPU time (user and system) so far, from /proc: a figure per action that
    other work on the machine disturbs far less than throughput or latency."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def children_cpu(parents: set[int]) -> dict[int, float]:
    """The CPU time so far of each child process of ``parents`` (the server's bot workers
    and password-hashing processes), by process id."""
    found: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) in parents:
                found[int(stat.parent.name)] = cpu_seconds(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
    return found


def pg_text(result: dict[str, Any]) -> str:
    if "pg_cpu_ms" not in result:
        return ""
    return (
        f", PostgreSQL {result['pg_cpu_ms']:.2f} ms ({result['pg_xacts']:.2f} transactions, "
        f"{result['pg_statements']:.2f} statements)"
    )


def report(result: dict[str, Any], hostile: bool) -> None:
    print(
        f"{result['db']:>10}: {result['tables']} tables, {result['seats']} seats: "
        f"{result['actions_per_s']:.0f} actions/s; action-to-update latency "
        f"p50 {result['p50_ms']:.1f} ms, p95 {result['p95_ms']:.1f} ms, "
        f"p99 {result['p99_ms']:.1f} ms over {result['updates']} updates; "
        f"{result['games_finished']} games finished; actions sent {result['sent']}, "
        f"stored {result['stored_steps']}; out-of-order frames {result['out_of_order']}; "
        f"CPU per action: server process {result['server_cpu_ms']:.2f} ms, its child "
        f"processes {result['helpers_cpu_ms']:.2f} ms, people {result['client_cpu_ms']:.2f} ms"
        f"{pg_text(result)}; "
        "server memory "
        f"{result['server_mb'][0]:.0f} MB at the start, {result['server_mb'][1]:.0f} MB at "
        "the end",
        flush=True,
    )
    if result["bot_decisions"]:
        print(
            f"{'':>10}  bots: median decision {result['bot_median_ms']:.0f} ms over "
            f"{result['bot_decisions']} decisions",
            flush=True,
        )
    if hostile:
        done: Hostility = result["hostile"]
        print(
            f"{'':>10}  beside the hostile client: {done.bot_tables} table(s) of bots at the "
            f"largest budget ({largest_search()}), {done.sheet_steps} steps of the full-sheet "
            f"table at the rate limit, {done.replays} replays ({done.refused} refused past the "
            "server's rate)",
            flush=True,
        )
