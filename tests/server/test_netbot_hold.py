"""How long a table holds a network bot, and who seats one without a challenge (issue #37,
item 4); in one process where no socket is needed (the bot's link made there).

A request that carries the bot's own token as its bearer (``sleuth bot arena``) seats that
bot unasked, and only that bot; a waiting table that every seated person has left (their
channels closed) frees its bot a minute later (not at a reload), and holds it again if one is
back while it is still free (before, it stayed "playing" until the 10 minutes' hold ran
out); and a table that has
started keeps its bot through the game however long it lasts (the hold read the status of
the row the bot was reserved with, which said "waiting" for good)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import httpx
from fastapi import FastAPI
from websockets.asyncio.client import connect as websockets_connect

from sleuth.server.app import create_app
from sleuth.server.models import TableRow
from sleuth.server.netbots import HOLD_SECONDS, LEFT_SECONDS, NetBots
from sleuth.server.settings import Settings
from support.example_game import EXAMPLE

from .client import Person, SeatClient
from .conftest import Server
from .test_invite_races import browser, running
from .test_mail import PASSWORD
from .test_netbots import issue, listed
from .test_netbots import signed_up as signed_up_person

NAME = "arena"
UNKNOWN = "this bot token is not known: a signed-in person issues one (POST /api/bots)"


def table(*seats: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"game": EXAMPLE, "players": len(seats), "sheet": "off", "seats": list(seats), **more}


PERSON = {"kind": "person"}
BOT = {"kind": "bot", "bot": f"net:{NAME}"}


async def signed_up(client: httpx.AsyncClient, name: str) -> None:
    made = await client.post("/api/account", json={"name": name, "password": PASSWORD})
    assert made.status_code == 201, made.text


async def connected_bot(app: FastAPI, owner: httpx.AsyncClient) -> dict[str, str]:
    """The owner's bot ``NAME``, connected, taking no challenges (as the arena's is): the
    bearer header of its token."""
    issued = await owner.post("/api/bots", json={"name": NAME})
    assert issued.status_code == 201, issued.text
    link = app.state.services.netbots.connect(NAME)
    link.games = frozenset()
    return {"authorization": f"Bearer {issued.json()['token']}"}


async def playing(client: httpx.AsyncClient) -> list[tuple[str, bool]]:
    return [(bot["name"], bot["playing"]) for bot in (await client.get("/api/bots")).json()]


async def test_the_bots_own_token_seats_it_unasked_and_no_one_else_does(tmp_path: Path) -> None:
    async with running(tmp_path) as app, browser(app) as ann, browser(app) as mal:
        await signed_up(ann, "Ann")
        await signed_up(mal, "Mal")
        own = await connected_bot(app, ann)
        three = table(BOT, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"})
        # A stranger, signed in or not, is refused as a challenge is: nothing is dealt.
        asked = await mal.post("/api/tables", json=three)
        assert (asked.status_code, asked.json()["detail"]) == (
            400,
            f"the network bot {NAME} takes no challenges to {EXAMPLE}",
        )
        async with browser(app) as guest:
            nobody = await guest.post("/api/tables", json=three)
            wrong = await guest.post(
                "/api/tables", json=three, headers={"authorization": "Bearer bot_not-a-token"}
            )
        assert (nobody.status_code, nobody.json()["detail"]) == (
            401,
            "a network bot is asked by a player: sign in, or play as a guest, first",
        )
        assert (wrong.status_code, wrong.json()["detail"]) == (401, UNKNOWN)
        # Its token asks for another bot's seat: that bot is asked all the same.
        other = await mal.post("/api/bots", json={"name": "other"})
        app.state.services.netbots.connect("other").games = frozenset()
        mixed = table(BOT, {"kind": "bot", "bot": "net:other"}, {"kind": "bot", "bot": "random"})
        refused = await mal.post("/api/tables", json=mixed, headers=own)
        assert other.status_code == 201
        assert (refused.status_code, refused.json()["detail"]) == (
            400,
            f"the network bot other takes no challenges to {EXAMPLE}",
        )
        assert await playing(mal) == [(NAME, False), ("other", False)]
        # Its own token, with no one signed in (the arena): seated unasked.
        async with browser(app) as arena:
            created = await arena.post("/api/tables", json=three, headers=own)
        assert created.status_code == 201, created.text
        assert created.json()["table"]["seats"][0]["name"] == f"net:{NAME}"
        assert await playing(mal) == [(NAME, True), ("other", False)]


async def until_playing(person: Person, playing_now: bool) -> list[tuple[str, bool]]:
    """The bots listed, once ``NAME`` is listed as ``playing_now`` (a channel's close
    reaches the server a moment after the client's)."""
    for _ in range(100):
        bots = [(bot["name"], bot["playing"]) for bot in await person.get("/api/bots")]
        if bots == [(NAME, playing_now)]:
            break
        await asyncio.sleep(0.1)
    return bots


async def test_a_waiting_table_holds_its_bot_while_its_people_come_and_go(
    launch: Any, tmp_path: Path
) -> None:
    server: Server = launch()
    async with Person(server.http, "Ann") as ann:
        await signed_up_person(ann)
        token = (await issue(ann, NAME, tmp_path)).read_text(encoding="utf-8").strip()
        own = {"authorization": f"Bearer {token}"}
        bot = await websockets_connect(f"{server.ws}/ws/bot", additional_headers=own)
        assert json.loads(await bot.recv())["type"] == "welcome"
        await listed(ann, NAME)
        made = await ann.client.post(
            "/api/tables", json=table(PERSON, PERSON, BOT, sit=0), headers=own
        )
        assert made.status_code == 201, made.text
        table_id = made.json()["table"]["id"]
        # Held while no one has come yet (the hold's 10 minutes), and while Ann is there.
        assert await until_playing(ann, True) == [(NAME, True)]
        watcher = SeatClient(server.ws, table_id, None)
        await watcher.connect()
        seat = SeatClient(server.ws, table_id, 0, cookie=ann.cookie)
        await seat.connect()
        await seat.recv()
        assert await until_playing(ann, True) == [(NAME, True)]
        # Her last channel closes (a reload): still held, for LEFT_SECONDS (before, it was
        # free at once, for a stranger to take in that moment).
        await seat.close()
        for _ in range(10):
            assert await playing_now(ann) == [(NAME, True)]
            await asyncio.sleep(0.1)
        await seat.connect()
        await seat.recv()
        assert await until_playing(ann, True) == [(NAME, True)]
        await seat.close()
        await watcher.close()
        await bot.close()


async def playing_now(person: Person) -> list[tuple[str, bool]]:
    return [(bot["name"], bot["playing"]) for bot in await person.get("/api/bots")]


def test_a_waiting_tables_bot_is_free_a_while_after_everyone_seated_left() -> None:
    now = [1000.0]
    netbots = NetBots(clock=lambda: now[0])
    netbots.connect(NAME)
    ann_table = cast(TableRow, SimpleNamespace(id="t-ann", status="waiting"))
    netbots.reserve(ann_table, [None, BOT["bot"]])
    netbots.release("t-ann")  # everyone seated left
    now[0] += LEFT_SECONDS
    assert netbots.playing(NAME)  # not yet: a reload, a short drop
    netbots.restore(ann_table)  # back
    now[0] += LEFT_SECONDS + 1
    assert netbots.playing(NAME)  # someone is there: held (the hold's 10 minutes)
    netbots.release("t-ann")
    now[0] += LEFT_SECONDS + 1
    assert not netbots.playing(NAME)
    assert netbots.check_seats([BOT["bot"]]) == [NAME]  # free for anyone to ask
    netbots.restore(ann_table)  # back while it is still free: held again
    assert netbots.playing(NAME)
    assert netbots.reserved[NAME] == (ann_table, 1, 1000.0)  # the hold counted from the first
    netbots.release("t-ann")
    now[0] += LEFT_SECONDS + 1
    assert not netbots.playing(NAME)
    eve_table = cast(TableRow, SimpleNamespace(id="t-eve", status="waiting"))
    netbots.reserve(eve_table, [BOT["bot"]])  # someone else's table got it meanwhile
    netbots.restore(ann_table)
    assert netbots.reserved[NAME] == (eve_table, 0, now[0])


async def test_a_started_table_keeps_its_bot_past_the_hold(tmp_path: Path) -> None:
    async with running(tmp_path) as app, browser(app) as ann, browser(app) as bob:
        await signed_up(ann, "Ann")
        await signed_up(bob, "Bob")
        own = await connected_bot(app, ann)
        body = table(PERSON, PERSON, BOT, sit=0, listed=True)
        table_id = (await ann.post("/api/tables", json=body, headers=own)).json()["table"]["id"]
        sat = await bob.post(f"/api/tables/{table_id}/seats/1/sit")
        assert sat.status_code == 200, sat.text
        assert (await bob.get(f"/api/tables/{table_id}")).json()["status"] == "playing"
        netbots = app.state.services.netbots
        netbots.clock = lambda: time.monotonic() + HOLD_SECONDS + 1
        assert await playing(ann) == [(NAME, True)]


async def test_a_rematch_asks_its_network_bot_again(tmp_path: Path) -> None:
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "key", bot_delay=0
    )
    app = create_app(settings)
    async with app.router.lifespan_context(app), browser(app) as ann:
        await signed_up(ann, "Ann")
        own = await connected_bot(app, ann)
        netbots = app.state.services.netbots
        netbots.startup_limit = 0.05  # no socket answers its hello: the takeover bot plays
        random = {"kind": "bot", "bot": "random"}
        body = table(PERSON, BOT, random, sit=0, away_after=0)
        table_id = (await ann.post("/api/tables", json=body, headers=own)).json()["table"]["id"]
        handed = await ann.post(f"/api/tables/{table_id}/seats/0/bot", json={})
        assert handed.status_code == 200, handed.text
        for _ in range(600):
            if (await ann.get(f"/api/tables/{table_id}")).json()["status"] == "finished":
                break
            await asyncio.sleep(0.1)
        # Connected again (it was closed after its time-outs), and taking no challenges.
        netbots.connect(NAME).games = frozenset()
        again = await ann.post(f"/api/tables/{table_id}/rematch")
        assert (again.status_code, again.json()["detail"]) == (
            400,
            f"the network bot {NAME} takes no challenges to {EXAMPLE}",
        )
        assert await playing(ann) == [(NAME, False)]


def test_a_table_that_starts_after_the_hold_holds_its_free_bot_again() -> None:
    now = [1000.0]
    netbots = NetBots(clock=lambda: now[0])
    netbots.connect(NAME)
    waiting = cast(TableRow, SimpleNamespace(id="t-ann", status="waiting"))
    netbots.reserve(waiting, [None, BOT["bot"]])
    now[0] += HOLD_SECONDS + 1
    assert not netbots.playing(NAME)  # the hold ran out before the table started
    started = cast(TableRow, SimpleNamespace(id="t-ann", status="playing"))
    netbots.seen(started, [None, BOT["bot"]])
    assert netbots.playing(NAME)  # it plays this game through, not seated elsewhere mid-game
    assert netbots.reserved[NAME] == (started, 1, now[0])
    # A bot seated elsewhere meanwhile stays there (this table's takeover bot plays).
    netbots.reserved.clear()
    elsewhere = cast(TableRow, SimpleNamespace(id="t-eve", status="playing"))
    netbots.reserve(elsewhere, [BOT["bot"]])
    netbots.seen(started, [None, BOT["bot"]])
    assert netbots.reserved[NAME][0] is elsewhere


def test_an_expired_tables_bot_is_free() -> None:
    netbots = NetBots()
    netbots.connect(NAME)
    netbots.reserve(cast(TableRow, SimpleNamespace(id="t", status="waiting")), [BOT["bot"]])
    # Another process's sweep expired the table; this one read its row again.
    netbots.seen(cast(TableRow, SimpleNamespace(id="t", status="expired")))
    assert not netbots.playing(NAME)


async def test_two_deals_at_once_cannot_both_seat_one_bot(tmp_path: Path) -> None:
    """Both deals ask for the bot's own token's table at once: one is dealt, the other is
    refused as the bot is busy (before, the bot was held only once the first deal was
    written, so both were dealt and one table's seat lost every decision)."""
    async with running(tmp_path) as app, browser(app) as ann:
        await signed_up(ann, "Ann")
        own = await connected_bot(app, ann)
        body = table(PERSON, PERSON, BOT, sit=0)
        made = await asyncio.gather(
            *(ann.post("/api/tables", json=body, headers=own) for _ in range(2))
        )
        assert sorted(answer.status_code for answer in made) == [201, 400]
        refused = next(answer for answer in made if answer.status_code == 400)
        assert refused.json()["problem"] == "net_bot_busy"
        assert await playing(ann) == [(NAME, True)]


def test_a_bot_held_for_a_deal_that_fails_is_free_again() -> None:
    netbots = NetBots()
    netbots.connect(NAME)
    pending = netbots.hold_for_deal([BOT["bot"]])
    assert netbots.playing(NAME)
    netbots.let_go(pending)
    assert not netbots.playing(NAME)
    assert netbots.check_seats([BOT["bot"]]) == [NAME]
