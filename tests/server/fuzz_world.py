"""A world for the fuzz tests to act in: people with identity cookies, and tables waiting
for people, being played and finished, with their invites: so that generated requests
reach every route's real work, not only its 404."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from support.game_cases import kit_for

from .conftest import Server

# A short game, with a review: bots finish one quickly (its cases: ``FrontCases.short``).
GAME = kit_for(lambda cases: cases.fronts.short).name
PERSON: dict[str, Any] = {"kind": "person"}
BOT: dict[str, Any] = {"kind": "bot", "bot": "random"}
PEOPLE = ("Ann", "Bob", "Cy")


def unlimited_server(folder: Path) -> Server:
    """A server for the fuzz: it makes people and tables by the hundred, which the
    per-address limits (tested in test_creation_limits.py) would refuse, hiding the routes
    behind them."""
    unlimited = ("--max-new-people", "off", "--max-new-tables", "off")
    return Server(
        f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key", extra=unlimited
    ).start()


def table_body(seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"game": GAME, "players": len(seats), "sheet": "off", "seats": seats, **extra}


@dataclass
class World:
    """Ann created every table and sits at seat 0 of each; Bob holds seat 1 of the tables
    being played; Cy holds no seat. Of the tables waiting, the listed ones take anyone who
    sits down, the others (``invited``) only those with an invite. ``invites`` are the
    tokens of the seats still free, by table."""

    cookies: dict[str, str] = field(default_factory=dict)
    waiting: list[str] = field(default_factory=list)
    invited: list[str] = field(default_factory=list)
    playing: list[str] = field(default_factory=list)
    finished: list[str] = field(default_factory=list)
    invites: dict[str, list[str]] = field(default_factory=dict)
    seat_tokens: dict[tuple[str, int], str] = field(default_factory=dict)
    person_ids: dict[str, str] = field(default_factory=dict)  # by name: their profiles

    @property
    def tables(self) -> list[str]:
        return [*self.finished, *self.playing, *self.waiting, *self.invited]


def _post(client: httpx.Client, path: str, body: Any) -> Any:
    response = client.post(path, json=body)
    response.raise_for_status()
    return response.json()


def _wait_until_finished(client: httpx.Client, table: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if client.get(f"/api/tables/{table}").json()["status"] == "finished":
            return
        time.sleep(0.1)
    raise AssertionError(f"table {table} did not finish in {timeout} s")


def build_world(
    server: Server, waiting: int = 4, invited: int = 4, playing: int = 4, finished: int = 2
) -> World:
    world = World()
    clients = {name: httpx.Client(base_url=server.http, timeout=30) for name in PEOPLE}
    try:
        for name, client in clients.items():
            world.person_ids[name] = _post(client, "/api/people", {"name": name})["id"]
            world.cookies[name] = client.cookies["sleuth_id"]
        ann, bob = clients["Ann"], clients["Bob"]
        for listed in [True] * waiting + [False] * invited:
            made = _post(ann, "/api/tables", table_body([PERSON] * 3, sit=0, listed=listed))
            (world.waiting if listed else world.invited).append(made["table"]["id"])
            tokens = [i["token"] for i in made["invites"] if i["seat"] != 0]
            world.invites[made["table"]["id"]] = tokens
        for _ in range(playing):
            made = _post(ann, "/api/tables", table_body([PERSON, PERSON, BOT], sit=0))
            table = made["table"]["id"]
            invite = next(i["token"] for i in made["invites"] if i["seat"] == 1)
            joined = _post(bob, f"/api/tables/{table}/join", {"token": invite})
            world.seat_tokens[(table, 1)] = joined["token"]
            world.playing.append(table)
        for _ in range(finished):
            # Ann has a bot play her own seat: the bots finish the game, her seat still hers.
            made = _post(ann, "/api/tables", table_body([PERSON, BOT, BOT], sit=0))
            table = made["table"]["id"]
            _post(ann, f"/api/tables/{table}/seats/0/bot", {})
            world.finished.append(table)
        for table in world.finished:
            _wait_until_finished(ann, table)
    finally:
        for client in clients.values():
            client.close()
    return world
