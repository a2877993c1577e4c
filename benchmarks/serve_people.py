"""The people of ``benchmarks/serve.py --people``: accounts, sign-ins and their mail.

    python benchmarks/serve_people.py --http http://127.0.0.1:PORT --smtp-port P [--sign-ins 20]

In a process of its own (as the people signing in and the mail server would be; in the
measuring people's process their work would count as the server's latency): a mail server on
loopback (``aiosmtpd``) that the service sends its notifications to, and password sign-ins
at ``--sign-ins`` a second to accounts it signs up first. It answers one line of JSON to each
command read from its input: ``go`` (the sign-ins begin), ``smtp-stop`` and ``smtp-start``
(the mail server stopped and started again: the outage), ``stop`` (no more sign-ins; the
mail server keeps taking mail) and ``report`` (what it counted, then it ends).

The rest runs in the benchmark's own process: the accounts of the tables whose people asked
for "your move" by mail (``mail_accounts``), the outage's schedule (``outage``), and the
queue of notifications read from the database at the end (``queue_counts``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sqlite3
import statistics
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx

from serve_hostile import new_person

PASSWORD = "benchmark horse battery"
NOTICE_ID = re.compile(r"notice-(\d+)@")


@dataclass
class SignIns:
    done: int = 0
    failed: int = 0
    statuses: dict[str, int] = field(default_factory=dict)  # of the failed, by answer
    latencies: list[float] = field(default_factory=list)


class MailServer:
    """aiosmtpd on loopback, noting when each notification (by its queue row) arrived."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.arrived: dict[int, list[float]] = {}  # notice id -> times it arrived
        self.confirmations = 0
        self._lock = threading.Lock()
        self._controller: Any = None

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        head = envelope.content.split(b"\r\n\r\n", 1)[0].decode("utf-8", "replace")
        found = NOTICE_ID.search(head)
        with self._lock:
            if found is None:
                self.confirmations += 1
            else:
                self.arrived.setdefault(int(found.group(1)), []).append(time.time())
        return "250 OK"

    def start(self) -> None:
        from aiosmtpd.controller import Controller

        # A new controller each time: the outage closes the port, as a stopped server would.
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self._controller.start()

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None


async def sign_up(http: httpx.AsyncClient, name: str) -> str:
    """A new account's session cookie."""
    http.cookies.clear()
    made = await http.post("/api/account", json={"name": name, "password": PASSWORD})
    made.raise_for_status()
    http.cookies.clear()
    return made.cookies["sleuth_id"]


async def sign_in(http: httpx.AsyncClient, name: str, done: SignIns) -> None:
    # Built with no cookie (a browser that is not signed in): the jar is emptied and the
    # request made with no await between, so no other sign-in's cookie is sent along.
    http.cookies.clear()
    request = http.build_request(
        "POST", "/api/account/sign-in", json={"name": name, "password": PASSWORD}
    )
    began = time.perf_counter()
    try:
        answer = await http.send(request)
        status = str(answer.status_code)
    except httpx.HTTPError as error:
        status = type(error).__name__
    done.latencies.append(time.perf_counter() - began)
    if status == "200":
        done.done += 1
    else:
        done.failed += 1
        done.statuses[status] = done.statuses.get(status, 0) + 1


async def sign_ins(http: httpx.AsyncClient, names: list[str], rate: float, done: SignIns) -> None:
    """``rate`` sign-ins a second, each begun on time whether the last is answered or not."""
    loop = asyncio.get_running_loop()
    running: set[asyncio.Task[None]] = set()
    due = loop.time()
    number = 0
    try:
        while True:
            due += 1 / rate
            await asyncio.sleep(max(0.0, due - loop.time()))
            task = asyncio.create_task(sign_in(http, names[number % len(names)], done))
            running.add(task)
            task.add_done_callback(running.discard)
            number += 1
    finally:
        await asyncio.gather(*running, return_exceptions=True)


async def helper(args: argparse.Namespace) -> None:
    mail = MailServer(args.smtp_port)
    mail.start()
    done = SignIns()
    limits = httpx.Limits(max_connections=100)
    async with httpx.AsyncClient(base_url=args.http, timeout=60, limits=limits) as http:
        names = [f"Signer {n}" for n in range(args.accounts)]
        for name in names:
            await sign_up(http, name)
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        signing: asyncio.Task[None] | None = None
        answer({"ready": True})
        while line := (await reader.readline()).decode().strip():
            # The outage's bounds as the mail server saw them: it ends when the port opens
            # again, so a mail that arrives at once after is never counted inside it.
            at = time.time()
            if line == "go":
                signing = asyncio.create_task(sign_ins(http, names, args.sign_ins, done))
            elif line == "smtp-stop":
                mail.stop()
                at = time.time()
            elif line == "smtp-start":
                mail.start()
            elif line == "stop" and signing is not None:
                signing.cancel()
                await asyncio.gather(signing, return_exceptions=True)
            elif line == "report":
                mail.stop()
                answer({"sign_ins": asdict(done), "arrived": mail.arrived,
                        "confirmations": mail.confirmations})  # fmt: skip
                return
            answer({"done": line, "at": at})


def answer(value: dict[str, Any]) -> None:
    print(json.dumps(value), flush=True)


# --- the benchmark's side --------------------------------------------------------------


class People:
    """The helper process, driven from the benchmark's event loop."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.outage_began = 0.0
        self.outage_ended = 0.0

    @classmethod
    async def start(cls, http: str, smtp_port: int, args: argparse.Namespace) -> People:
        command = [sys.executable, __file__, "--http", http, "--smtp-port", str(smtp_port),
                   "--sign-ins", str(args.sign_ins), "--accounts", str(args.signers)]  # fmt: skip
        process = await asyncio.create_subprocess_exec(
            *command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=1 << 26,  # the report is one line: every sign-in's time, every mail's
        )
        people = cls(process)
        await people.read()
        return people

    async def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = await self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the people's process ended (exit {await self.process.wait()})")
        told: dict[str, Any] = json.loads(line)
        return told

    async def tell(self, command: str) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{command}\n".encode())
        await self.process.stdin.drain()
        return await self.read()

    async def outage(self, after: float, seconds: float, totals: Any) -> None:
        """The mail server stopped ``after`` seconds from now for ``seconds``; the tables'
        latencies meanwhile are kept apart (``totals.outage``)."""
        await asyncio.sleep(after)
        self.outage_began = (await self.tell("smtp-stop"))["at"]
        totals.outage = True
        try:
            await asyncio.sleep(seconds)
        finally:
            totals.outage = False
            self.outage_ended = (await self.tell("smtp-start"))["at"]

    async def report(self) -> dict[str, Any]:
        told = await self.tell("report")
        await self.process.wait()
        return told

    def kill(self) -> None:
        if self.process.returncode is None:
            self.process.kill()


async def mail_accounts(
    http: httpx.AsyncClient, key_file: Path, tables: int, seats: int
) -> list[list[str]]:
    """For each mail table, the session cookies of its people: accounts of their own, each
    with a confirmed address that asked for "your move" and "the game is over"."""
    from sleuth.server.mail_links import confirm_token
    from sleuth.server.signing import SigningKey

    key = SigningKey.load_or_create(key_file)
    tables_cookies = []
    for table in range(tables):
        cookies = []
        for seat in range(seats):
            cookie = await sign_up(http, f"Mail {table}-{seat}")
            mine = {"Cookie": f"sleuth_id={cookie}"}
            address = f"mail{table}-{seat}@example.org"
            asked = await http.put(
                "/api/account/mail",
                json={"address": address, "language": "en", "your_move": True, "game_over": True},
                headers=mine,
            )
            asked.raise_for_status()
            person = (await http.get("/api/account", headers=mine)).json()["id"]
            confirmed = await http.get(f"/mail/confirm/{confirm_token(key, person, address)}")
            confirmed.raise_for_status()
            cookies.append(cookie)
        tables_cookies.append(cookies)
    return tables_cookies


@dataclass(frozen=True)
class Queue:
    """The mail rows of the notifications' queue."""

    queued: int
    sent: int
    pending: int  # not sent, still to be tried
    given_up: int
    retried: int  # sent after one failed try or more (the outage's)


async def queue_counts(db: str) -> Queue:
    query = (
        "SELECT count(*), count(sent_at), "
        "count(*) FILTER (WHERE sent_at IS NULL AND next_try_at IS NOT NULL), "
        "count(*) FILTER (WHERE sent_at IS NULL AND next_try_at IS NULL), "
        "count(*) FILTER (WHERE sent_at IS NOT NULL AND attempts > 0) "
        "FROM notifications WHERE channel = 'mail'"
    )
    if db.startswith("sqlite"):
        with sqlite3.connect(db.split(":///", 1)[1]) as connection:
            return Queue(*connection.execute(query).fetchone())
    import asyncpg

    connection = await asyncpg.connect("postgresql://" + db.split("://", 1)[1])
    try:
        return Queue(*(await connection.fetchrow(query)))
    finally:
        await connection.close()


async def drain(db: str, seconds: float) -> tuple[Queue, float]:
    """The queue once nothing in it is left to send (or after ``seconds``), and how long
    that took."""
    began = time.monotonic()
    queue = await queue_counts(db)
    while queue.pending and time.monotonic() - began < seconds:
        await asyncio.sleep(1.0)
        queue = await queue_counts(db)
    return queue, time.monotonic() - began


def mail_summary(queue: Queue, told: dict[str, Any], people: People) -> dict[str, Any]:
    arrived: dict[str, list[float]] = told["arrived"]
    times = [t for each in arrived.values() for t in each]
    after = [t for t in times if t >= people.outage_ended]
    signed: dict[str, Any] = told["sign_ins"]
    latencies = sorted(signed["latencies"])

    def pct(p: float) -> float:
        index = min(len(latencies) - 1, int(p * len(latencies)))
        return 1000 * latencies[index] if latencies else float("nan")

    return {
        "sign_ins_done": signed["done"],
        "sign_ins_failed": signed["failed"],
        "sign_in_failures": signed["statuses"],
        "sign_in_p50_ms": pct(0.50),
        "sign_in_p99_ms": pct(0.99),
        "sign_in_mean_ms": 1000 * statistics.fmean(latencies) if latencies else float("nan"),
        "mails_queued": queue.queued,
        "mails_sent": queue.sent,
        "mails_pending": queue.pending,
        "mails_given_up": queue.given_up,
        "mails_retried": queue.retried,
        "mails_received": len(arrived),
        "received_once": sum(1 for each in arrived.values() if len(each) == 1),
        "received_twice": sum(1 for each in arrived.values() if len(each) > 1),
        "received_during_outage": sum(
            1 for t in times if people.outage_began < t < people.outage_ended
        ),
        "received_after_outage": len(after),
        "last_mail_after_return_s": max(after) - people.outage_ended if after else float("nan"),
        "outage_s": people.outage_ended - people.outage_began,
    }


def people_flags(smtp_port: int, args: argparse.Namespace) -> tuple[str, ...]:
    """The server's flags in ``--people`` mode: mail through the loopback mail server, and
    no limit on sign-ins (the people all come from one address)."""
    return (
        "--smtp", f"smtp://127.0.0.1:{smtp_port}", "--mail-from", "sleuth@example.org",
        "--mail-retry", str(args.mail_retry),
        "--max-sign-ins-per-address", "off", "--max-sign-ins-per-account", "off",
    )  # fmt: skip


def outage_after(args: argparse.Namespace) -> float:
    """Seconds into the measured window the mail server stops: its outage centred."""
    return max(0.0, float(args.seconds - args.smtp_outage) / 2)


async def deal_slow_tables(
    http: httpx.AsyncClient,
    args: argparse.Namespace,
    folder: Path,
    accounts: bool,
    deal: Callable[..., Awaitable[tuple[list[str], list[str]]]],
) -> list[tuple[str, list[str]]]:
    """``--mail-tables`` tables whose people move ``--mail-think`` seconds apart: with
    ``--people`` accounts of their own who asked for mail (the hourly cap on one person's
    mails holds at that pace), in the run without it four guests. (table, cookies) each."""
    count = getattr(args, "mail_tables", 0)
    people = args.seats - args.bot_seats
    if accounts:
        seated = await mail_accounts(http, folder / "key", count, people)
    else:
        guests = [await new_person(http, f"Slow {seat}") for seat in range(people)]
        seated = [guests] * count
    return [((await deal(http, args, 1, theirs))[0][0], theirs) for theirs in seated]


def add_people_arguments(parser: argparse.ArgumentParser) -> None:
    """``benchmarks/serve.py``'s flags of the people mode."""
    parser.add_argument(
        "--people",
        action="store_true",
        help="a run without and one with accounts: sign-ins, mail and an SMTP outage",
    )
    parser.add_argument("--sign-ins", type=float, default=20.0, help="password sign-ins a second")
    parser.add_argument("--signers", type=int, default=40, help="accounts signed in to")
    parser.add_argument(
        "--smtp-outage",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="the mail server stopped this long in the middle of the measured window",
    )
    parser.add_argument(
        "--mail-tables", type=int, default=25, help="tables of accounts who asked for mail"
    )
    parser.add_argument(
        "--mail-think", type=float, default=6.0, help="mean seconds before a mail table's move"
    )
    parser.add_argument(
        "--mail-retry", type=float, default=30.0, help="the server's --mail-retry (its default)"
    )
    parser.add_argument(
        "--drain", type=float, default=300.0, help="seconds to wait at most for the queue"
    )


def report_people(base: dict[str, Any], crowd: dict[str, Any], args: argparse.Namespace) -> None:
    """The two runs side by side, then what the people got done."""
    rows = [
        ("actions/s", "actions_per_s", "{:.0f}"),
        ("p50 ms", "p50_ms", "{:.1f}"),
        ("p95 ms", "p95_ms", "{:.1f}"),
        ("p99 ms", "p99_ms", "{:.1f}"),
        ("updates", "updates", "{}"),
        ("sent / stored", None, ""),
        ("out-of-order", "out_of_order", "{}"),
        ("server CPU/action ms", "server_cpu_ms", "{:.2f}"),
        ("its children's ms", "helpers_cpu_ms", "{:.2f}"),
        ("people CPU/action ms", "client_cpu_ms", "{:.2f}"),
    ]
    if "pg_cpu_ms" in base:
        rows += [
            ("PostgreSQL CPU ms", "pg_cpu_ms", "{:.2f}"),
            ("transactions/action", "pg_xacts", "{:.2f}"),
            ("statements/action", "pg_statements", "{:.2f}"),
        ]
    tables = f"{base['tables']} tables + {args.mail_tables} mail tables"
    print(f"{base['db']}: {tables}, {args.seats} seats each", flush=True)
    print(f"{'':>22} {'baseline':>12} {'people':>12}")
    for label, key, shape in rows:
        if key is None:
            cells = [f"{r['sent']}/{r['stored_steps']}" for r in (base, crowd)]
        else:
            cells = [shape.format(r[key]) for r in (base, crowd)]
        print(f"{label:>22} {cells[0]:>12} {cells[1]:>12}")
    mails = crowd["people"]
    print(
        f"{'':>22} during the {mails['outage_s']:.0f} s SMTP outage: p99 "
        f"{crowd['outage_p99_ms']:.1f} ms over {crowd['outage_updates']} updates\n"
        f"{'':>22} sign-ins ({args.sign_ins:g}/s): {mails['sign_ins_done']} done, "
        f"{mails['sign_ins_failed']} failed {mails['sign_in_failures'] or ''}; "
        f"p50 {mails['sign_in_p50_ms']:.0f} ms, p99 {mails['sign_in_p99_ms']:.0f} ms\n"
        f"{'':>22} the sign-in client and mail server (a process of their own, on the same "
        f"cores): {crowd['signers_cpu_s']:.1f} s of CPU in the {crowd['window_s']:.0f} s "
        f"window, {crowd['signers_cpu_s'] / crowd['window_s']:.2f} of a core, "
        f"{1000 * crowd['signers_cpu_s'] / (args.sign_ins * crowd['window_s']):.1f} ms a "
        "sign-in sent\n"
        f"{'':>22} mails: {mails['mails_queued']} queued, {mails['mails_sent']} sent, "
        f"{mails['mails_pending']} still to send, {mails['mails_given_up']} given up, "
        f"{mails['mails_retried']} sent after failing in the outage; received "
        f"{mails['mails_received']}: {mails['received_once']} once, "
        f"{mails['received_twice']} twice or more, {mails['received_during_outage']} during "
        f"the outage, {mails['received_after_outage']} after it (the last "
        f"{mails['last_mail_after_return_s']:.0f} s after the mail server returned; the "
        f"queue empty {mails['drained_s']:.0f} s after the tables stopped)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--http", required=True)
    parser.add_argument("--smtp-port", type=int, required=True)
    parser.add_argument("--sign-ins", type=float, default=20.0, help="a second")
    parser.add_argument("--accounts", type=int, default=40, help="accounts signed in to")
    args = parser.parse_args()
    try:
        import uvloop
    except ImportError:
        asyncio.run(helper(args))
    else:
        uvloop.run(helper(args))


if __name__ == "__main__":
    main()
