"""Load on ``sleuth serve``: N tables of simulated people on loopback WebSockets.

    python benchmarks/serve.py [--tables 250] [--seats 4] [--seconds 30] [--db both]

Each table is a Black Vienna game of ``--seats`` people (no bots); each person is one
WebSocket, and plays a random listed action ``--think`` seconds (on average) after the table
turns to them; a finished game is followed by its rematch. The server runs in its own
process (uvicorn), the people in this one: both share the machine's cores. Printed: actions
per second, and the action-to-update latency (from the mover sending its action to each
seat of the table receiving the new step's frame) at p50, p95 and p99; and the check that
no action was lost or applied twice (every seat saw every step once, in order, and the
database holds exactly the actions measured). Target on a 2-core machine: 250 tables
(1,000 seats), at least 500 actions/s, p99 under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

SRC = Path(__file__).resolve().parents[1] / "src"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


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


async def seat_loop(
    ws_base: str,
    cookie: str,
    table: str,
    seat: int,
    totals: Totals,
    think: float,
    stop: asyncio.Event,
    rng: random.Random,
    http: httpx.AsyncClient,
) -> None:
    while not stop.is_set():
        totals.tables.add(table)
        url = f"{ws_base}/ws/tables/{table}/seats/{seat}"
        async with connect(
            url,
            additional_headers={"Cookie": f"sleuth_id={cookie}"},
            max_size=1 << 22,
            open_timeout=60,
        ) as ws:
            last_step: int | None = None
            acted_at = -1
            rematch: str | None = None
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), 1.0)
                except TimeoutError:
                    continue
                frame = orjson.loads(text)
                if frame["type"] != "state":
                    continue
                step = frame["step"]
                if last_step is not None and step not in (last_step, last_step + 1):
                    totals.out_of_order += 1
                if last_step is not None and step == last_step + 1:
                    sent = totals.sent.get((table, step - 1))
                    if sent is not None and totals.measuring:
                        totals.latencies.append(time.perf_counter() - sent)
                last_step = step
                if frame["status"] == "finished":
                    rematch = frame.get("rematch")
                    if rematch is None and seat == 0 and totals.sending:
                        mine = {"Cookie": f"sleuth_id={cookie}"}
                        created = await http.post(f"/api/tables/{table}/rematch", headers=mine)
                        rematch = created.json()["table"]["id"]
                        totals.games += 1
                    if rematch is not None:
                        break
                    continue
                if frame["to_move"] == seat and frame["legal"]["actions"] and acted_at != step:
                    acted_at = step
                    await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
                    if not totals.sending:
                        continue
                    action = rng.choice(frame["legal"]["actions"])
                    totals.sent[(table, step)] = time.perf_counter()
                    totals.sent_all += 1
                    await ws.send(json.dumps({"type": "act", "action": action, "step": step}))
                    if totals.measuring:
                        totals.measured += 1
            if rematch is None:
                return
            table = rematch


def start_server(
    db: str, folder: Path, port: int, profile: str | None = None
) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    profiler = ["-m", "cProfile", "-o", profile] if profile else []
    command = [
        sys.executable,
        *profiler,
        "-m",
        "sleuth.cli.main",
        "serve",
        "--port",
        str(port),
        "--db",
        db,
        "--key",
        str(folder / "key"),
        "--workers",
        "1",
    ]
    log = (folder / f"server-{port}.log").open("wb")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.2)
    raise RuntimeError("the server did not start")


def start_postgres(folder: Path) -> tuple[str, Any]:
    bin_dir = next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)), None)
    if bin_dir is None:
        raise RuntimeError("PostgreSQL binaries absent (apt-get install -y postgresql)")
    owner = ["su", "nobody", "-s", "/bin/bash", "-c"] if os.geteuid() == 0 else ["bash", "-c"]
    shutil.chown(folder, "nobody") if os.geteuid() == 0 else None
    port = free_port()
    data = folder / "data"
    subprocess.run(
        [*owner, f"{bin_dir}/initdb -D {data} -A trust -U postgres >/dev/null"], check=True
    )
    subprocess.run(
        [
            *owner,
            f"{bin_dir}/pg_ctl -D {data} -o '-p {port} -k {folder} "
            f"-c listen_addresses=127.0.0.1' -l {folder}/log -w start >/dev/null",
        ],
        check=True,
    )
    subprocess.run(
        [str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "bench"],
        check=True,
    )

    def stop() -> None:
        subprocess.run([*owner, f"{bin_dir}/pg_ctl -D {data} -m fast stop >/dev/null"])

    return f"postgresql+asyncpg://postgres@127.0.0.1:{port}/bench", stop


async def run(db: str, args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    servers = args.servers if db.startswith("postgresql") else 1
    ports = [free_port() for _ in range(servers)]
    processes = [start_server(db, folder, port, args.profile) for port in ports]
    http_base = f"http://127.0.0.1:{ports[0]}"
    ws_bases = [f"ws://127.0.0.1:{port}" for port in ports]
    totals = Totals()
    stop = asyncio.Event()
    try:
        limits = httpx.Limits(max_connections=50)
        async with httpx.AsyncClient(base_url=http_base, timeout=60, limits=limits) as http:
            # One person a seat (a person holds one seat of a table): person k sits at
            # seat k of every table.
            cookies = []
            for seat in range(args.seats):
                me = await http.post("/api/people", json={"name": f"Load {seat}"})
                cookies.append(me.cookies["sleuth_id"])
                http.cookies.clear()
            body = {
                "game": "black-vienna",
                "players": args.seats,
                "sheet": "off",
                "seats": [{"kind": "person"}] * args.seats,
            }

            async def deal() -> str:
                created = (await http.post("/api/tables", json=body)).json()
                table: str = created["table"]["id"]
                for invite in created["invites"]:
                    joined = await http.post(
                        f"/api/tables/{table}/join",
                        json={"token": invite["token"]},
                        headers={"Cookie": f"sleuth_id={cookies[invite['seat']]}"},
                    )
                    joined.raise_for_status()
                return table

            tables = []
            for start in range(0, args.tables, 25):
                tables += await asyncio.gather(
                    *(deal() for _ in range(start, min(args.tables, start + 25)))
                )
            rng = random.Random(7)
            # With several processes (PostgreSQL), each table's seats use one of them.
            tasks = [
                asyncio.create_task(
                    seat_loop(
                        ws_bases[number % servers],
                        cookies[seat],
                        table,
                        seat,
                        totals,
                        args.think,
                        stop,
                        random.Random(rng.random()),
                        http,
                    )
                )
                for number, table in enumerate(tables)
                for seat in range(args.seats)
            ]
            await asyncio.sleep(args.warmup)
            # The people's own full collections (a few a run, each up to 140 ms with 1,000
            # connections here) would count as the server's latency: the people's process,
            # the measuring instrument, does without them while measuring.
            gc.collect()
            gc.disable()
            server_memory = sum(rss_megabytes(p.pid) for p in processes)
            totals.measuring = True
            began = time.perf_counter()
            server_cpu = sum(cpu_seconds(p.pid) for p in processes)
            client_cpu = time.process_time()
            try:
                await asyncio.sleep(args.seconds)
            finally:
                gc.enable()
            totals.measuring = False
            elapsed = time.perf_counter() - began
            server_cpu = sum(cpu_seconds(p.pid) for p in processes) - server_cpu
            client_cpu = time.process_time() - client_cpu
            server_memory_after = sum(rss_megabytes(p.pid) for p in processes)
            totals.sending = False
            await asyncio.sleep(3)  # let the last actions land
            stop.set()
            # A person still thinking (a long --think) is not waited for.
            _, thinking = await asyncio.wait(tasks, timeout=5)
            for task in thinking:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            stored = 0
            for table in totals.tables:
                stored += (await http.get(f"/api/tables/{table}")).json()["step"]
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            process.wait(30)
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
        "actions_per_s": totals.measured / elapsed,
        "p50_ms": pct(0.50),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "updates": len(latencies),
        "out_of_order": totals.out_of_order,
        "stored_steps": stored,
        "sent": totals.sent_all,
        "games_finished": totals.games,
        "mean_ms": 1000 * statistics.fmean(latencies) if latencies else float("nan"),
        "server_cpu_ms": 1000 * server_cpu / max(1, totals.measured),
        "client_cpu_ms": 1000 * client_cpu / max(1, totals.measured),
        "server_mb": (server_memory, server_memory_after),
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


def run_people(main: Any) -> Any:
    """The simulated people's event loop: uvloop where installed (uvicorn's own choice for
    the server), so that the people take less of the machine the server shares with them."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=0.45, help="mean seconds before a move")
    parser.add_argument("--servers", type=int, default=1, help="processes (PostgreSQL only)")
    parser.add_argument("--profile", default=None, help="write the server's cProfile here")
    parser.add_argument("--db", choices=("sqlite", "postgresql", "both"), default="both")
    args = parser.parse_args()
    for kind in ["sqlite", "postgresql"] if args.db == "both" else [args.db]:
        folder = Path(tempfile.mkdtemp(prefix="sleuth-bench-"))
        folder.chmod(0o755)
        stop_pg = None
        try:
            if kind == "sqlite":
                db = f"sqlite:///{folder / 'bench.db'}"
            else:
                db, stop_pg = start_postgres(folder)
            result = run_people(run(db, args, folder))
        finally:
            if stop_pg is not None:
                stop_pg()
            shutil.rmtree(folder, ignore_errors=True)
        print(
            f"{result['db']:>10}: {result['tables']} tables, {result['seats']} seats: "
            f"{result['actions_per_s']:.0f} actions/s; action-to-update latency "
            f"p50 {result['p50_ms']:.1f} ms, p95 {result['p95_ms']:.1f} ms, "
            f"p99 {result['p99_ms']:.1f} ms over {result['updates']} updates; "
            f"{result['games_finished']} games finished; actions sent {result['sent']}, "
            f"stored {result['stored_steps']}; out-of-order frames {result['out_of_order']}; "
            f"CPU per action: server process {result['server_cpu_ms']:.2f} ms, "
            f"people {result['client_cpu_ms']:.2f} ms; server memory "
            f"{result['server_mb'][0]:.0f} MB at the start, {result['server_mb'][1]:.0f} MB at "
            "the end",
            flush=True,
        )


if __name__ == "__main__":
    main()
