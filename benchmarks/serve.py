"""Load on ``sleuth serve``: N tables of simulated people on loopback WebSockets.

    python benchmarks/serve.py [--tables 250] [--seats 4] [--seconds 30] [--db both]
    python benchmarks/serve.py --hostile [--bot-seats 1] [--db sqlite]

Each table is a game of the service's example game (``FrontCases.example`` in the games'
test cases) of ``--seats`` people (no bots); each person is one
WebSocket, and plays a random listed action ``--think`` seconds (on average) after the table
turns to them; a finished game is followed by its rematch. The server runs in its own
process (uvicorn), the people in this one: both share the machine's cores. Printed: actions
per second, and the action-to-update latency (from the mover sending its action to each
seat of the table receiving the new step's frame) at p50, p95 and p99; and the check that
no action was lost or applied twice (every seat saw every step once, in order, and the
database holds exactly the actions measured). Target on a 2-core machine: 250 tables
(1,000 seats), at least 500 actions/s, p99 under 100 ms.

``--bot-seats K`` makes the last K seats of each table bots (the game's ``medium`` level),
and the bots' decision time is measured too (from the frame that turns to a bot to the
frame of its step; the server runs with ``--bot-delay 0``). ``--hostile`` runs twice, side
by side: without and with one hostile client (``serve_hostile.py``, in a process of its
own) beside the tables, which keeps a table of bots at the largest budget the server allows
thinking (the heavy game, ``FrontCases.heavy``, its search's every bound), a table of it
with the full sheet played at the play channel's rate limit, and replay requests for its
finished games, two at a time (``--replays``), at the server's rate of replays, reviews
and records per address (``sleuth serve --max-record-reads``, 60 a minute by default).
Target: the ordinary tables' p99 under 100 ms, and their bots' median decision time within
2x of the run without.

``--people`` also runs twice, back to back: without and with people who have accounts
(``serve_people.py``, a process of its own): ``--sign-ins`` password sign-ins a second
(20), mail notifications through a mail server on loopback that is stopped for
``--smtp-outage`` seconds (60) in the middle of the measured window, and ``--mail-tables``
more tables (25, in both runs) whose people, accounts with confirmed addresses, move
``--mail-think`` seconds apart (6: each person gets a mail every half minute or so, under
the service's 30 mails a person an hour). Printed side by side, and then the sign-ins
(done, failed, p50, p99; a refusal's time counted too), the CPU the sign-in client and the
mail server took over the window (they share the server's cores) and the mails (queued,
received once, twice, after the outage), counted once the queue is empty. Target: p99
under 100 ms; no mail lost or sent twice.

On PostgreSQL the database's own CPU an action is printed too (its processes', from /proc),
with its transactions an action and, with ``--pg-statements [FILE]``, its statements an
action (``pg_stat_statements``, loaded for the run; FILE: the window's most run statements
written there), in ``serve_pg.py``.

What is measured and printed is in ``serve_measure.py``; the people with accounts in
``serve_people.py``, the hostile client in ``serve_hostile.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

SRC = Path(__file__).resolve().parents[1] / "src"
HOSTILE = Path(__file__).resolve().parent / "serve_hostile.py"
sys.path.insert(0, str(HOSTILE.parent))  # run as a script or loaded by a test

from serve_hostile import Hostility, fronts_game, new_person  # noqa: E402
from serve_measure import Totals, measure_window, report, summary  # noqa: E402
from serve_people import (  # noqa: E402
    People,
    add_people_arguments,
    deal_slow_tables,
    drain,
    mail_summary,
    outage_after,
    people_flags,
    report_people,
)
from serve_pg import STATEMENTS_OPTIONS, PgProbe  # noqa: E402
from serve_trace import ClientTrace, breakdown  # noqa: E402


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


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
    people: int,
) -> None:
    """One person's seat (seats from ``people`` on are bots), table after table."""
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
                        received = time.perf_counter()
                        totals.latencies.append(received - sent)
                        if totals.trace is not None:
                            totals.trace.samples.append((table, step, seat, sent, received))
                        if totals.outage:
                            totals.outage_latencies.append(totals.latencies[-1])
                    turned = totals.bot_turns.pop((table, step - 1), None)
                    if turned is not None and totals.measuring:
                        totals.bot_times.append(time.perf_counter() - turned)
                if seat == 0 and frame["to_move"] is not None and frame["to_move"] >= people:
                    totals.bot_turns.setdefault((table, step), time.perf_counter())
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
    db: str,
    folder: Path,
    port: int,
    profile: str | None = None,
    workers: int = 1,
    extra: tuple[str, ...] = (),
    trace: bool = False,
) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    if trace:  # each move's phases, written at exit (``sleuth.server.movetrace``)
        env["SLEUTH_MOVE_TRACE"] = str(folder / "trace")
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
        str(workers),
        "--bot-delay",
        "0",
        # The simulated people all come from one address: the per-address limits on new
        # people and tables, and on waiting tables, would refuse most of them.
        "--max-new-people",
        "off",
        "--max-new-tables",
        "off",
        "--max-waiting-tables",
        "0",
        *extra,
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


def start_postgres(folder: Path, args: argparse.Namespace) -> tuple[str, Any, PgProbe]:
    bin_dir = next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)), None)
    if bin_dir is None:
        raise RuntimeError("PostgreSQL binaries absent (apt-get install -y postgresql)")
    owner = ["su", "nobody", "-s", "/bin/bash", "-c"] if os.geteuid() == 0 else ["bash", "-c"]
    shutil.chown(folder, "nobody") if os.geteuid() == 0 else None
    port = free_port()
    data = folder / "data"
    counted = f" {STATEMENTS_OPTIONS}" if args.pg_statements else ""
    subprocess.run(
        [*owner, f"{bin_dir}/initdb -D {data} -A trust -U postgres >/dev/null"], check=True
    )
    subprocess.run(
        [
            *owner,
            f"{bin_dir}/pg_ctl -D {data} -o '-p {port} -k {folder} "
            f"-c listen_addresses=127.0.0.1{counted}' -l {folder}/log -w start >/dev/null",
        ],
        check=True,
    )
    subprocess.run(
        [str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "bench"],
        check=True,
    )

    def stop() -> None:
        subprocess.run([*owner, f"{bin_dir}/pg_ctl -D {data} -m fast stop >/dev/null"])

    dsn = f"postgresql://postgres@127.0.0.1:{port}/bench"
    probe = PgProbe(dsn, data, args.pg_statements is not None, args.pg_statements or None)
    return f"postgresql+asyncpg://postgres@127.0.0.1:{port}/bench", stop, probe


async def deal_tables(
    http: httpx.AsyncClient,
    args: argparse.Namespace,
    count: int | None = None,
    cookies: list[str] | None = None,
) -> tuple[list[str], list[str]]:
    """``count`` tables (``--tables``), each seat but the bots' joined: one person a seat
    (a person holds one seat of a table), person k (new guests, or ``cookies``) at seat k
    of every table. Returns (tables, cookies)."""
    people = args.seats - args.bot_seats
    if cookies is None:
        cookies = [await new_person(http, f"Load {seat}") for seat in range(people)]
    count = args.tables if count is None else count
    bots = [{"kind": "bot", "bot": "medium"}] * args.bot_seats
    body = {
        "game": fronts_game("example"),
        "players": args.seats,
        "sheet": "off",
        "seats": [{"kind": "person"}] * people + bots,
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

    tables: list[str] = []
    for start in range(0, count, 25):
        tables += await asyncio.gather(*(deal() for _ in range(start, min(count, start + 25))))
    return tables, cookies


async def run(
    db: str,
    args: argparse.Namespace,
    folder: Path,
    hostile: bool = False,
    with_people: bool = False,
    probe: PgProbe | None = None,
) -> dict[str, Any]:
    servers = args.servers if db.startswith("postgresql") else 1
    ports = [free_port() for _ in range(servers)]
    smtp_port = free_port()
    extra = people_flags(smtp_port, args) if with_people else ()
    processes = [
        start_server(db, folder, port, args.profile, args.workers, extra, args.trace)
        for port in ports
    ]
    http_base = f"http://127.0.0.1:{ports[0]}"
    ws_bases = [f"ws://127.0.0.1:{port}" for port in ports]
    totals = Totals(trace=ClientTrace() if args.trace else None)
    stop = asyncio.Event()
    lag_probe = asyncio.create_task(totals.trace.probe(stop)) if totals.trace is not None else None
    attacker = None
    crowd: People | None = None
    mails = None
    people = args.seats - args.bot_seats
    try:
        limits = httpx.Limits(max_connections=50)
        async with httpx.AsyncClient(base_url=http_base, timeout=60, limits=limits) as http:
            tables, cookies = await deal_tables(http, args)
            crowd = await People.start(http_base, smtp_port, args) if with_people else None
            slow = await deal_slow_tables(http, args, folder, crowd is not None, deal_tables)
            seated = [(table, cookies, args.think) for table in tables] + [
                (table, theirs, args.mail_think) for table, theirs in slow
            ]
            rng = random.Random(7)
            # With several processes (PostgreSQL), each table's seats use one of them.
            tasks = [
                asyncio.create_task(
                    seat_loop(
                        ws_bases[number % servers],
                        theirs[seat],
                        table,
                        seat,
                        totals,
                        think,
                        stop,
                        random.Random(rng.random()),
                        http,
                        people,
                    )
                )
                for number, (table, theirs, think) in enumerate(seated)
                for seat in range(people)
            ]
            attacker = start_hostile(http_base, args.replays) if hostile else None
            if crowd is not None:
                await crowd.tell("go")
            await asyncio.sleep(args.warmup)
            outage = (
                asyncio.create_task(crowd.outage(outage_after(args), args.smtp_outage, totals))
                if crowd is not None
                else None
            )
            signers = crowd.process.pid if crowd is not None else None
            if totals.trace is not None:
                totals.trace.note_pressure()
            window = await measure_window(args.seconds, totals, processes, signers, probe)
            if totals.trace is not None:
                totals.trace.note_pressure()
            totals.sending = False
            if crowd is not None and outage is not None:
                await outage
                await crowd.tell("stop")
            await asyncio.sleep(3)  # let the last actions land
            stop.set()
            # A person still thinking (a long --think) is not waited for.
            _, thinking = await asyncio.wait(tasks, timeout=5)
            for task in thinking:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            hostility = stop_hostile(attacker) if attacker is not None else None
            stored = 0
            for table in totals.tables:
                stored += (await http.get(f"/api/tables/{table}")).json()["step"]
            if crowd is not None:
                queue, waited = await drain(db, args.drain)
                mails = {**mail_summary(queue, await crowd.report(), crowd), "drained_s": waited}
    finally:
        if attacker is not None and attacker.poll() is None:
            attacker.kill()
        if crowd is not None:
            crowd.kill()
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            process.wait(30)
        if lag_probe is not None:
            lag_probe.cancel()
    result = summary(db, servers, args, totals, window, stored, hostility)
    if totals.trace is not None:
        result["trace"] = breakdown(totals.trace, folder, result["p99_ms"])
    return {**result, "people": mails}


def start_hostile(http_base: str, replayers: int) -> subprocess.Popen[bytes]:
    """The hostile client in a process of its own: its work is not the people's."""
    command = [sys.executable, str(HOSTILE), "--http", http_base, "--replays", str(replayers)]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.Popen(command, stdout=subprocess.PIPE, env=env)


def stop_hostile(process: subprocess.Popen[bytes]) -> Hostility:
    process.send_signal(signal.SIGTERM)
    out, _ = process.communicate(timeout=120)
    if process.returncode != 0:
        raise RuntimeError(f"the hostile client failed (exit {process.returncode})")
    return Hostility(**json.loads(out.decode().strip().splitlines()[-1]))


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
    parser.add_argument("--workers", type=int, default=2, help="the server's bot processes")
    parser.add_argument("--bot-seats", type=int, default=0, help="bots at each table")
    parser.add_argument(
        "--hostile", action="store_true", help="a run without and one with the hostile client"
    )
    parser.add_argument("--replays", type=int, default=2, help="the hostile client's at a time")
    parser.add_argument(
        "--pg-statements",
        nargs="?",
        const="",
        default=None,
        metavar="FILE",
        help="count PostgreSQL's statements (pg_stat_statements); FILE: the most run, written",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="time each move's phases in the server; print where the updates above p99 went",
    )
    add_people_arguments(parser)
    args = parser.parse_args()
    if args.hostile and not args.bot_seats:
        args.bot_seats = 1
    if args.bot_seats >= args.seats:
        parser.error("--bot-seats: at least one seat is a person's")
    if args.people and args.hostile:
        parser.error("--people and --hostile: one at a time")
    if args.people and not 0 < args.smtp_outage < args.seconds:
        parser.error("--smtp-outage: more than 0 seconds and fewer than --seconds")
    if not args.people:
        args.mail_tables = 0
    for kind in ["sqlite", "postgresql"] if args.db == "both" else [args.db]:
        if args.people:  # the same tables without the people, then with them, back to back
            runs = [measure(kind, args, False, with_people) for with_people in (False, True)]
            report_people(runs[0], runs[1], args)
            for name, result in zip(("baseline", "people"), runs, strict=True):
                if "trace" in result:
                    print(f"{name}: {result['trace']}", flush=True)
            continue
        for hostile in [False, True] if args.hostile else [False]:
            result = measure(kind, args, hostile)
            report(result, hostile)
            if "trace" in result:
                print(result["trace"], flush=True)


def measure(
    kind: str, args: argparse.Namespace, hostile: bool, with_people: bool = False
) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="sleuth-bench-"))
    folder.chmod(0o755)
    stop_pg = probe = None
    try:
        if kind == "sqlite":
            db = f"sqlite:///{folder / 'bench.db'}"
        else:
            db, stop_pg, probe = start_postgres(folder, args)
        result: dict[str, Any] = run_people(run(db, args, folder, hostile, with_people, probe))
        return result
    finally:
        if stop_pg is not None:
            stop_pg()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
