"""A network bot sits at a table only with its consent, and only as long as its token lives.

A table dealt through ``POST /api/tables`` with a seat ``net:NAME`` asks the bot as a
challenge does (its games honoured, its decline final): a stranger used to seat anyone's
connected bot unasked, at a table left waiting, and so kept it "playing" for good. A seat
held at a table that never starts is free again after ``HOLD_SECONDS``. A bot's owner
revokes its token, and an account's deletion takes its bots with it: the old token is
refused (connected, its socket is told so and closed with 4401)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from contextlib import AsyncExitStack
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect as websockets_connect
from websockets.exceptions import ConnectionClosed

from sleuth.server.app import create_app
from sleuth.server.models import TableRow
from sleuth.server.netbots import BotAccounts, NetBots
from sleuth.server.settings import Settings
from support.example_game import EXAMPLE

from .client import Person
from .conftest import Server
from .test_netbots import PASSWORD, UNKNOWN, issue, listed, signed_up
from .test_netchallenges import raw_bot

TAKEN_GONE = (400, "the bot name gone is taken")


async def issued_token(person: Person, name: str, folder: Path) -> str:
    """A bot account issued to ``person`` (signed up already): its token."""
    return (await issue(person, name, folder)).read_text(encoding="utf-8").strip()


def table_with(name: str) -> dict[str, Any]:
    return {
        "game": EXAMPLE,
        "players": 3,
        "seats": [
            {"kind": "person"},
            {"kind": "bot", "bot": f"net:{name}"},
            {"kind": "bot", "bot": "random"},
        ],
    }


async def test_a_table_seats_a_network_bot_only_if_it_accepts(launch: Any, tmp_path: Path) -> None:
    server: Server = launch()
    async with Person(server.http, "Owen") as owen, Person(server.http, "Mal") as mal:
        await signed_up(owen)
        token = await issued_token(owen, "victim", tmp_path)
        ws, answers, challenges = await raw_bot(server, token, ["decline", "accept"])
        await listed(mal, "victim")
        answer = await mal.client.post("/api/tables", json=table_with("victim"))
        assert (answer.status_code, answer.json()["detail"]) == (
            409,
            "the network bot victim declined your challenge",
        )
        asked = await asyncio.wait_for(challenges.get(), 30)
        assert (asked["from"], asked["seats"], asked["game"]) == (
            "Mal",
            ["person", "net:victim", "random"],
            EXAMPLE,
        )
        assert [(b["name"], b["playing"]) for b in await mal.get("/api/bots")] == [
            ("victim", False)
        ]
        # Its owner's own table asks it too; it accepts, and only then is it playing.
        created = await owen.post("/api/tables", table_with("victim"))
        assert created["table"]["seats"][1]["name"] == "net:victim"
        assert [m["id"] for m in await asyncio.wait_for(answers, 30)] == [1, 2]
        assert [(b["name"], b["playing"]) for b in await mal.get("/api/bots")] == [("victim", True)]
        await ws.close()


async def test_a_bot_that_takes_no_such_game_is_not_seated(launch: Any, tmp_path: Path) -> None:
    server: Server = launch()
    async with Person(server.http, "Pam") as pam:
        await signed_up(pam)
        token = await issued_token(pam, "narrow", tmp_path)
        headers = {"Authorization": f"Bearer {token}"}
        async with websockets_connect(f"{server.ws}/ws/bot", additional_headers=headers) as ws:
            await ws.recv()
            await ws.send(json.dumps({"type": "games", "games": []}))
            await listed(pam, "narrow")
            for _ in range(50):  # the games message is read by now
                bots = await pam.get("/api/bots")
                if bots[0]["games"] == []:
                    break
                await asyncio.sleep(0.1)
            answer = await pam.client.post("/api/tables", json=table_with("narrow"))
            assert (answer.status_code, answer.json()["detail"]) == (
                400,
                f"the network bot narrow takes no challenges to {EXAMPLE}",
            )


async def test_a_table_past_the_waiting_cap_asks_no_network_bot(
    launch: Any, tmp_path: Path
) -> None:
    """A person holding the most waiting tables asked for one more seating a network bot:
    the bot was asked (and agreed, the person's challenge spent) before the 429."""
    server: Server = launch(extra=("--max-waiting-tables", "1"))
    async with Person(server.http, "Ida") as ida:
        await signed_up(ida)
        token = await issued_token(ida, "eager", tmp_path)
        ws, answers, challenges = await raw_bot(server, token, ["accept"])
        await listed(ida, "eager")
        await ida.post("/api/tables", {**table_with("eager"), "seats": SEATS_WITHOUT_NET})
        answer = await ida.client.post("/api/tables", json=table_with("eager"))
        assert (answer.status_code, answer.json()["detail"]) == (
            429,
            "1 tables dealt by you or from this address wait for people already, the most "
            "there may be: start one, or wait until one expires",
        )
        assert challenges.empty()
        answers.cancel()
        await ws.close()


SEATS_WITHOUT_NET = [
    {"kind": "person"},
    {"kind": "bot", "bot": "random"},
    {"kind": "bot", "bot": "random"},
]


def test_a_seat_at_a_table_that_never_starts_is_held_for_a_while_only() -> None:
    now = [100.0]
    bots = NetBots(hold_seconds=60, clock=lambda: now[0])
    waiting, started = TableRow(id="t1", status="waiting"), TableRow(id="t2", status="playing")
    bots.reserve(waiting, [None, "net:idle"])
    bots.reserve(started, ["net:busy", None])
    now[0] += 60
    assert (bots.playing("idle"), bots.playing("busy")) == (True, True)
    now[0] += 1
    assert (bots.playing("idle"), bots.playing("busy")) == (False, True)
    assert sorted(bots.reserved) == ["busy"]


async def refused_now(server: Server, token: str) -> tuple[dict[str, Any], int | None]:
    headers = {"Authorization": f"Bearer {token}"}
    async with websockets_connect(f"{server.ws}/ws/bot", additional_headers=headers) as ws:
        told = json.loads(await ws.recv())
        return told, await closed(ws)


async def closed(ws: Any) -> int | None:
    try:
        while True:
            await asyncio.wait_for(ws.recv(), 30)
    except ConnectionClosed as gone:
        return gone.rcvd.code if gone.rcvd is not None else None


REFUSED = {"type": "error", "problem": "bot_token_unknown", "message": UNKNOWN}


async def test_a_revoked_token_is_refused_and_its_socket_closed(
    launch: Any, tmp_path: Path
) -> None:
    server: Server = launch()
    async with Person(server.http, "Rae") as rae, Person(server.http, "Sol") as sol:
        await signed_up(rae)
        token = await issued_token(rae, "gone", tmp_path)
        headers = {"Authorization": f"Bearer {token}"}
        async with websockets_connect(f"{server.ws}/ws/bot", additional_headers=headers) as ws:
            assert json.loads(await ws.recv())["type"] == "welcome"
            await listed(rae, "gone")
            # Another's bot, or a request from another site: refused, nothing changes.
            assert (await sol.client.delete("/api/bots/gone")).status_code == 401
            await signed_up(sol)
            mistaken = await sol.client.delete("/api/bots/gone")
            assert (mistaken.status_code, mistaken.json()["detail"]) == (
                404,
                "you have no bot account named gone",
            )
            forged = {"Origin": "https://elsewhere.example"}
            assert (await rae.client.delete("/api/bots/gone", headers=forged)).status_code == 403
            assert (await rae.client.delete("/api/bots/gone")).status_code == 204
            assert json.loads(await ws.recv()) == REFUSED
            assert await closed(ws) == 4401
        assert await refused_now(server, token) == (REFUSED, 4401)
        assert await rae.get("/api/bots") == []
        assert await rae.get("/api/bots/mine") == []
        # The name is retired: a bot issued anew under it would play the seats that name it
        # (seeing their hands) and take its ratings. Nobody gets it again.
        for person in (sol, rae):
            again = await person.client.post("/api/bots", json={"name": "gone"})
            assert (again.status_code, again.json()["detail"]) == TAKEN_GONE


async def test_a_bot_revoked_in_one_process_is_closed_in_another(
    launch: Any, postgres: Callable[[], str], tmp_path: Path
) -> None:
    """Each process holds the connections of its own bots: one revoked, or its owner's
    account deleted, through another process stayed connected, and seated, on its own.
    The bus tells every process, and each closes it (4401)."""
    db = postgres()
    first: Server = launch(db=db)
    second: Server = launch(db=db, key=first.key)
    async with Person(first.http, "Rae") as rae, AsyncExitStack() as stack:
        await signed_up(rae)
        sockets = {}
        for name in ("gone", "orphan"):
            headers = {"Authorization": f"Bearer {await issued_token(rae, name, tmp_path)}"}
            connecting = websockets_connect(f"{second.ws}/ws/bot", additional_headers=headers)
            sockets[name] = await stack.enter_async_context(connecting)
            assert json.loads(await sockets[name].recv())["type"] == "welcome"
        assert (await rae.client.delete("/api/bots/gone")).status_code == 204
        assert json.loads(await asyncio.wait_for(sockets["gone"].recv(), 30)) == REFUSED
        assert await closed(sockets["gone"]) == 4401
        deleted = await rae.client.request("DELETE", "/api/account", json={"password": PASSWORD})
        assert deleted.status_code == 200
        assert json.loads(await asyncio.wait_for(sockets["orphan"].recv(), 30)) == REFUSED
        assert await closed(sockets["orphan"]) == 4401


async def test_a_bot_revoked_while_the_bus_was_away_is_closed_at_its_catch_up(
    tmp_path: Path,
) -> None:
    """A notice sent while a process's listener was away is not kept for it: once back,
    it closes the bots it holds whose accounts are gone."""
    app = create_app(
        Settings(db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "key")
    )
    async with app.router.lifespan_context(app):
        services = app.state.services
        person, _ = await services.people.create("Rae")
        await services.bots.issue(person.id, "kept")
        kept, gone = services.netbots.connect("kept"), services.netbots.connect("gone")
        await services.hub.catch_up_all()
        assert (kept.revoked, gone.revoked, sorted(services.netbots.links)) == (
            False,
            True,
            ["kept"],
        )


async def test_a_failed_read_of_the_bots_skips_no_tables_catch_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The revoked bots were checked before the tables' catch-up, and a failed read of
    their accounts skipped it; a bot holding a seat, unconnected, was not checked at all."""
    app = create_app(
        Settings(db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "key")
    )
    async with app.router.lifespan_context(app):
        services = app.state.services
        netbots = services.netbots
        netbots.reserve(TableRow(id="t1", status="waiting"), [None, "net:seated"])
        await services.hub.catch_up_all()
        assert netbots.reserved == {}  # no account "seated": its seat is free
        caught_up: list[str] = []

        async def after_outage() -> None:
            caught_up.append("t9")

        async def failing(self: Any, names: Any) -> set[str]:
            raise OSError("the database is away")

        services.hub.tables["t9"] = SimpleNamespace(after_outage=after_outage)
        netbots.connect("unread")
        monkeypatch.setattr(BotAccounts, "existing", failing)
        await services.hub.catch_up_all()
        del services.hub.tables["t9"]
        assert (caught_up, sorted(netbots.links)) == (["t9"], ["unread"])


async def test_a_deleted_accounts_bots_go_with_it(launch: Any, tmp_path: Path) -> None:
    server: Server = launch()
    async with Person(server.http, "Tam") as tam:
        await signed_up(tam)
        token = await issued_token(tam, "orphan", tmp_path)
        headers = {"Authorization": f"Bearer {token}"}
        async with websockets_connect(f"{server.ws}/ws/bot", additional_headers=headers) as ws:
            assert json.loads(await ws.recv())["type"] == "welcome"
            await listed(tam, "orphan")
            deleted = await tam.client.request(
                "DELETE", "/api/account", json={"password": PASSWORD}
            )
            assert deleted.status_code == 200
            assert json.loads(await ws.recv()) == REFUSED
            assert await closed(ws) == 4401
        assert await refused_now(server, token) == (REFUSED, 4401)
    async with httpx.AsyncClient(base_url=server.http) as anyone:
        assert (await anyone.get("/api/bots")).json() == []
    async with Person(server.http, "Uma") as uma:
        await signed_up(uma)
        again = await uma.client.post("/api/bots", json={"name": "orphan"})
        assert (again.status_code, again.json()["detail"]) == (
            400,
            "the bot name orphan is taken",
        )


async def test_a_bot_revoked_before_its_socket_registers_is_refused_at_connect() -> None:
    """The notice of a revocation came between the socket's token check and ``connect``
    (both await in between): it found no link, and the revoked bot registered after."""
    bots = NetBots()
    bots.revoke("late")
    link = bots.connect("late")
    assert (link.closed, link.revoked, bots.links) == (True, True, {})
    sent = [link.outbox.get_nowait() for _ in range(link.outbox.qsize())]
    assert sent[1] is None
    assert json.loads(sent[0] or "{}")["problem"] == "bot_token_unknown"
    # Another bot is not touched.
    assert not bots.connect("other").closed
