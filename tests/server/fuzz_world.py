"""A world for the fuzz tests to act in: people with identity cookies, and tables waiting
for people, being played and finished, with their invites: so that generated requests
reach every route's real work, not only its 404."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect as websockets_connect
from websockets.exceptions import ConnectionClosed

from support.game_cases import kit_for

from .conftest import Server, free_port
from .soft_passkey import SoftPasskey

# A short game, with a review: bots finish one quickly (its cases: ``FrontCases.short``).
GAME = kit_for(lambda cases: cases.fronts.short).name
PERSON: dict[str, Any] = {"kind": "person"}
BOT: dict[str, Any] = {"kind": "bot", "bot": "random"}
PEOPLE = ("Ann", "Bob", "Cy")
# Accounts: Ann's (she signs up as a guest, keeping her tables), Dee's (her browsers
# Dee1-Dee3 sign out, the sessions of two more are ended from hers) and Eve's (deleted).
PASSWORD = "fuzzing password"
SIGNING_OUT = ("Dee1", "Dee2", "Dee3")


def unlimited_server(folder: Path) -> Server:
    """A server for the fuzz: it makes people and tables by the hundred, which the
    per-address limits (tested in test_creation_limits.py) would refuse, hiding the routes
    behind them."""
    unlimited = (
        *("--max-new-people", "off", "--max-new-tables", "off"),
        *("--max-sign-ins-per-address", "off", "--max-sign-ins-per-account", "off"),
        *("--max-invitations", "off", "--max-invitations-received", "off"),
        # Mail on, to a port where no SMTP server listens: the mails' routes answer, and
        # what they queue fails to send, as a server down would.
        *("--smtp", f"smtp://127.0.0.1:{free_port()}"),
    )
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
    # Sessions of Dee's account that Dee may end (by their ids).
    dee_sessions: list[str] = field(default_factory=list)
    # Passkeys of Ann's account she may remove; bodies made afresh at each request (each
    # answers a challenge of its own): a new passkey of Ann's, a sign-in with hers.
    passkeys: list[str] = field(default_factory=list)
    fresh: dict[str, Callable[[], Any]] = field(default_factory=dict)
    ids: dict[str, str] = field(default_factory=dict)  # each person's id, by name
    bot: str = "fuzzbot"  # a network bot of Ann's, connected, that accepts every challenge
    # Dee's invitations to seat 2 of the tables ``invited``: to accept, and to decline.
    invitations: dict[str, list[int]] = field(default_factory=dict)

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
            made = _post(client, "/api/people", {"name": name})
            world.cookies[name] = client.cookies["sleuth_id"]
            world.ids[name] = made["id"]
        ann, bob = clients["Ann"], clients["Bob"]
        for listed in [True] * waiting + [False] * invited:
            made = _post(ann, "/api/tables", table_body([PERSON] * 3, sit=0, listed=listed))
            (world.waiting if listed else world.invited).append(made["table"]["id"])
            tokens = [i["token"] for i in made["invites"] if i["seat"] != 0]
            world.invites[made["table"]["id"]] = tokens
        for _ in range(playing):
            # No wait before Bob's seat may go to a bot: the hand-over is reached at once.
            made = _post(ann, "/api/tables", table_body([PERSON, PERSON, BOT], sit=0, away_after=0))
            table = made["table"]["id"]
            invite = next(i["token"] for i in made["invites"] if i["seat"] == 1)
            joined = _post(bob, f"/api/tables/{table}/join", {"token": invite})
            world.seat_tokens[(table, 1)] = joined["token"]
            world.playing.append(table)
        for _ in range(finished):
            # Ann has a bot play her own seat: the bots finish the game, her seat still hers.
            made = _post(ann, "/api/tables", table_body([PERSON, BOT, BOT], sit=0, away_after=0))
            table = made["table"]["id"]
            _post(ann, f"/api/tables/{table}/seats/0/bot", {})
            world.finished.append(table)
        for table in world.finished:
            _wait_until_finished(ann, table)
        _add_accounts(server, world, ann)
        _add_bot(server, world)
    finally:
        for client in clients.values():
            client.close()
    return world


def _add_accounts(server: Server, world: World, ann: httpx.Client) -> None:
    _post(ann, "/api/account", {"name": "Ann", "password": PASSWORD})
    world.cookies["Ann"] = ann.cookies["sleuth_id"]
    for name in ("Dee", "Eve"):
        with httpx.Client(base_url=server.http, timeout=30) as client:
            _post(client, "/api/account", {"name": name, "password": PASSWORD})
            world.cookies[name] = client.cookies["sleuth_id"]
    for browser in (*SIGNING_OUT, "Dee4", "Dee5"):
        with httpx.Client(base_url=server.http, timeout=30) as client:
            _post(client, "/api/account/sign-in", {"name": "Dee", "password": PASSWORD})
            world.cookies[browser] = client.cookies["sleuth_id"]
    with httpx.Client(base_url=server.http, timeout=30) as dee:
        dee.cookies.set("sleuth_id", world.cookies["Dee"])
        sessions = dee.get("/api/account/sessions").json()
        world.dee_sessions = [s["id"] for s in sessions[-2:]]  # Dee4's and Dee5's
    numbers = [
        _post(ann, f"/api/tables/{table}/seats/2/invite-account", {"name": "Dee"})["id"]
        for table in world.invited
    ]
    half = len(numbers) // 2
    world.invitations = {"accept": numbers[:half], "decline": numbers[half:]}
    _add_passkeys(server, world)


def _passkey_options(server: Server, path: str, cookie: str | None) -> Any:
    with httpx.Client(base_url=server.http, timeout=30) as client:
        if cookie is not None:
            client.cookies.set("sleuth_id", cookie)
        return _post(client, f"/api/account/passkeys/{path}/options", {})


def _add_passkeys(server: Server, world: World) -> None:
    ann = world.cookies["Ann"]

    kept = [SoftPasskey(server.http) for _ in range(3)]
    with httpx.Client(base_url=server.http, timeout=30) as client:
        client.cookies.set("sleuth_id", ann)
        for passkey in kept:
            _post(client, "/api/account/passkeys/register", register_body_for(passkey, server, ann))
    world.passkeys = [passkey.id for passkey in kept[1:]]  # the first one signs in
    world.fresh["register"] = lambda: register_body_for(SoftPasskey(server.http), server, ann)
    world.fresh["sign-in"] = lambda: {
        "credential": kept[0].get(_passkey_options(server, "sign-in", None))
    }


def register_body_for(passkey: SoftPasskey, server: Server, cookie: str) -> Any:
    return {"credential": passkey.create(_passkey_options(server, "register", cookie))}


def _add_bot(server: Server, world: World) -> None:
    """Ann's network bot, connected for the fuzz's length (a thread of its own): it
    accepts each challenge, then lets its seat's decisions pass to the takeover bot."""
    with httpx.Client(base_url=server.http, timeout=30) as client:
        client.cookies.set("sleuth_id", world.cookies["Ann"])
        token = _post(client, "/api/bots", {"name": world.bot})["token"]
    connected = threading.Event()

    async def accept_all() -> None:
        headers = {"Authorization": f"Bearer {token}"}
        async with websockets_connect(f"{server.ws}/ws/bot", additional_headers=headers) as ws:
            connected.set()
            try:
                async for text in ws:
                    message = json.loads(text)
                    if message.get("type") == "challenge":
                        await ws.send(json.dumps({"type": "accept", "id": message["id"]}))
            except ConnectionClosed:
                return

    threading.Thread(target=lambda: asyncio.run(accept_all()), daemon=True).start()
    if not connected.wait(30):
        raise AssertionError("the fuzz's network bot did not connect")
