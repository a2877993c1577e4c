"""The hostile client of ``benchmarks/serve.py --hostile``, in a process of its own.

    python benchmarks/serve_hostile.py --http http://127.0.0.1:PORT [--replays 2]

It keeps a table of bots at the largest budget the server allows thinking (the heavy game,
its search's every bound), a table of that game with the full sheet played at the play
channel's rate limit, and replay requests for its finished games (``--replays`` at a time, as
many as the server's rate of replays, reviews and records allows: a refusal's wait is waited
out), until
SIGTERM or SIGINT; then it prints what it got done as one JSON line. A process of its own,
as an attacker's would be: in the measuring people's process its work would be counted as
the server's latency.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import random
import signal
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import httpx
import orjson
from websockets.asyncio.client import connect

SRC = Path(__file__).resolve().parents[1] / "src"
TESTS = Path(__file__).resolve().parents[1] / "tests"  # the games' cases
RATE = 20.0  # the play channel's messages a second (Settings.rate_per_second)


@dataclass
class Hostility:
    """What the hostile client got done."""

    bot_tables: int = 0
    sheet_steps: int = 0
    replays: int = 0
    refused: int = 0  # replays refused past the server's rate, each then waited out
    finished: list[str] = field(default_factory=list)  # sheet tables over, to replay


async def new_person(http: httpx.AsyncClient, name: str) -> str:
    me = await http.post("/api/people", json={"name": name})
    me.raise_for_status()
    http.cookies.clear()
    return me.cookies["sleuth_id"]


@functools.cache
def fronts_game(role: str) -> str:
    """The game that plays ``role`` in the fronts' tests, as the games' cases have it
    (``FrontCases``, tests/games/<package>/*_cases.py): ``example``, ``heavy``."""
    sys.path[:0] = [str(SRC), str(TESTS)]
    from support.game_cases import kit_for

    return kit_for(lambda cases: getattr(cases.fronts, role)).name


def largest_search() -> str:
    """The heavy game's search at every bound the server holds bot specs to: the game
    whose largest search costs the most (``FrontCases.heavy``)."""
    sys.path.insert(0, str(SRC))
    from sleuth.agents.budgets import bounds_of

    bounds = bounds_of("ismcts", fronts_game("heavy"))
    return "ismcts:" + ":".join(f"{name}={value}" for name, value in bounds.items())


async def hostile_client(http: httpx.AsyncClient, stop: asyncio.Event, replayers: int) -> Hostility:
    done = Hostility()
    ws_base = str(http.base_url).rstrip("/").replace("http://", "ws://", 1)
    cookies = [await new_person(http, f"Hostile {n}") for n in range(3)]
    loops = [
        hostile_bots(http, stop, done),
        sheet_table(http, ws_base, cookies, stop, done),
        *(replays(http, stop, done) for _ in range(replayers)),
    ]
    await asyncio.gather(*loops)
    return done


async def hostile_bots(http: httpx.AsyncClient, stop: asyncio.Event, done: Hostility) -> None:
    spec = largest_search()
    body = {
        "game": fronts_game("heavy"),
        "players": 3,
        "sheet": "off",
        "seats": [{"kind": "bot", "bot": spec}] * 3,
    }
    table = None
    while not stop.is_set():
        if table is None or (await http.get(f"/api/tables/{table}")).json()["status"] == "finished":
            created = await http.post("/api/tables", json=body)
            created.raise_for_status()
            table = created.json()["table"]["id"]
            done.bot_tables += 1
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 5)


async def sheet_table(
    http: httpx.AsyncClient, ws_base: str, cookies: list[str], stop: asyncio.Event, done: Hostility
) -> None:
    """The heavy game with the full sheet, its three people acting at the rate limit."""
    body = {
        "game": fronts_game("heavy"),
        "players": 3,
        "sheet": "full",
        "seats": [{"kind": "person"}] * 3,
    }
    while not stop.is_set():
        created = (await http.post("/api/tables", json=body)).json()
        table = created["table"]["id"]
        for invite in created["invites"]:
            mine = {"Cookie": f"sleuth_id={cookies[invite['seat']]}"}
            joined = await http.post(
                f"/api/tables/{table}/join", json={"token": invite["token"]}, headers=mine
            )
            joined.raise_for_status()
        await asyncio.gather(
            *(
                rate_limited_seat(ws_base, cookies[seat], table, seat, stop, done)
                for seat in range(3)
            )
        )
        done.finished.append(table)


async def rate_limited_seat(
    ws_base: str, cookie: str, table: str, seat: int, stop: asyncio.Event, done: Hostility
) -> None:
    rng = random.Random(seat)
    url = f"{ws_base}/ws/tables/{table}/seats/{seat}"
    headers = {"Cookie": f"sleuth_id={cookie}"}
    async with connect(url, additional_headers=headers, max_size=1 << 24) as ws:
        last = 0.0
        while not stop.is_set():
            try:
                frame = orjson.loads(await asyncio.wait_for(ws.recv(), 1.0))
            except TimeoutError:
                continue
            if frame["type"] != "state":
                continue
            if frame["status"] == "finished":
                return
            if frame["to_move"] == seat and frame["legal"]["actions"]:
                await asyncio.sleep(max(0.0, last + 1 / RATE - time.perf_counter()))
                last = time.perf_counter()
                action = rng.choice(frame["legal"]["actions"])
                await ws.send(json.dumps({"type": "act", "action": action, "step": frame["step"]}))
                done.sheet_steps += 1


async def replays(http: httpx.AsyncClient, stop: asyncio.Event, done: Hostility) -> None:
    while not stop.is_set():
        if not done.finished:
            await asyncio.sleep(0.5)
            continue
        response = await http.get(f"/api/tables/{done.finished[-1]}/replay")
        if response.status_code == 429:  # at the server's rate (--max-record-reads)
            done.refused += 1
            await asyncio.sleep(float(response.headers["retry-after"]))
            continue
        response.raise_for_status()
        done.replays += 1


async def attack(base: str, replayers: int) -> Hostility:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        return await hostile_client(http, stop, replayers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--http", required=True, help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--replays", type=int, default=2, help="replay requests at a time")
    args = parser.parse_args()
    done = asyncio.run(attack(args.http, args.replays))
    print(json.dumps(asdict(done)), flush=True)


if __name__ == "__main__":
    main()
