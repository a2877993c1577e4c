"""Who may open what: ``sleuth.server.access`` case by case, then the attacks it stops over
HTTP and the play channel (a rematch that handed out other people's seats, one person taking
several seats at once, a private table's chat read by anyone), on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from sleuth.server.access import Caller, Door, SeatFacts, TableFacts, refusal
from support.game_cases import kit_for

from .client import Person, SeatClient
from .conftest import Server

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
SHORT = kit_for(lambda cases: cases.fronts.short).name  # a game for two that bots finish quickly
ANN, BOB, EVE = "ann", "bob", "eve"
EXPIRED_WORDS = "this table expired before it started: it takes no one and nothing any more"


def table(
    status: str = "playing",
    listed: bool = False,
    spectators: bool = True,
    seats: tuple[SeatFacts, ...] = (SeatFacts("person", ANN), SeatFacts("person", BOB)),
) -> TableFacts:
    return TableFacts(status, listed, spectators, seats)


FREE = (SeatFacts("person", ANN), SeatFacts("person", None), SeatFacts("bot", None))
AWAY = (SeatFacts("person", ANN, present=True), SeatFacts("person", BOB, present=False))
HERE = (SeatFacts("person", ANN, present=True), SeatFacts("person", BOB, present=True))

# (door, table, caller, seat, expected status: None when the caller may pass)
CASES: list[tuple[Door, TableFacts, Caller, int | None, int | None]] = [
    # A seat's channel: its holder's identity, or its holder's own token; nothing else.
    (Door.SEAT_CHANNEL, table(), Caller(ANN), 0, None),
    (Door.SEAT_CHANNEL, table(), Caller(ANN), 1, 403),
    (Door.SEAT_CHANNEL, table(), Caller(None, token_seat=1), 1, None),
    (Door.SEAT_CHANNEL, table(), Caller(EVE, token_seat=0), 1, 403),
    (Door.SEAT_CHANNEL, table(), Caller(None), 0, 403),
    (Door.SEAT_CHANNEL, table(seats=FREE), Caller(EVE, token_seat=1), 1, 403),  # unused invite
    (Door.SEAT_CHANNEL, table(), Caller(ANN), 2, 404),
    (Door.SEAT_CHANNEL, table(), Caller(ANN), -1, 404),
    # Spectators: only where the table takes them, or once it is over.
    (Door.WATCH, table(), Caller(), None, None),
    (Door.WATCH, table(spectators=False), Caller(), None, 403),
    (Door.WATCH, table(spectators=False, status="finished"), Caller(), None, None),
    # Chat: a private table's only for its seats, after the end too.
    (Door.CHAT_READ, table(), Caller(), None, None),
    (Door.CHAT_READ, table(spectators=False), Caller(), None, 403),
    (Door.CHAT_READ, table(spectators=False), Caller(EVE), None, 403),
    (Door.CHAT_READ, table(spectators=False, status="finished"), Caller(EVE), None, 403),
    (Door.CHAT_READ, table(spectators=False), Caller(BOB), None, None),
    (Door.CHAT_WRITE, table(), Caller(EVE), None, 403),
    (Door.CHAT_WRITE, table(), Caller(BOB), None, None),
    # Joining by a token: it must open a seat; one seat a person; not after the end.
    (Door.JOIN, table(seats=FREE), Caller(EVE, token_seat=1), None, None),
    (Door.JOIN, table(seats=FREE), Caller(EVE), None, 403),
    (Door.JOIN, table(seats=FREE), Caller(ANN, token_seat=1), None, 409),
    (Door.JOIN, table(), Caller(EVE, token_seat=1), None, 409),
    (Door.JOIN, table(seats=FREE, status="finished"), Caller(EVE, token_seat=1), None, 409),
    # Sitting down: a listed table's free person's seat, before the deal is played.
    (Door.SIT, table(seats=FREE, listed=True, status="waiting"), Caller(EVE), 1, None),
    (Door.SIT, table(seats=FREE, listed=False, status="waiting"), Caller(EVE), 1, 403),
    (Door.SIT, table(seats=FREE, listed=True, status="playing"), Caller(EVE), 1, 409),
    (Door.SIT, table(seats=FREE, listed=True, status="waiting"), Caller(EVE), 2, 409),
    (Door.SIT, table(seats=FREE, listed=True, status="waiting"), Caller(EVE), 0, 409),
    (Door.SIT, table(seats=FREE, listed=True, status="waiting"), Caller(ANN), 1, 409),
    (Door.SIT, table(seats=FREE, listed=True, status="waiting"), Caller(None), 1, 401),
    # Leaving: one's own seat, once the game is on.
    (Door.LEAVE, table(), Caller(BOB), 1, None),
    (Door.LEAVE, table(), Caller(ANN), 1, 403),
    (Door.LEAVE, table(status="waiting"), Caller(BOB), 1, 409),
    # A missing person's seat to a bot: by a person seated, during the game, not while
    # that seat's person is at the table.
    (Door.SEAT_TO_BOT, table(seats=AWAY), Caller(ANN), 1, None),
    (Door.SEAT_TO_BOT, table(seats=AWAY), Caller(EVE), 1, 403),
    (Door.SEAT_TO_BOT, table(seats=HERE), Caller(ANN), 1, 409),
    (Door.SEAT_TO_BOT, table(seats=AWAY, status="finished"), Caller(ANN), 1, 409),
    (Door.SEAT_TO_BOT, table(seats=FREE), Caller(ANN), 2, 409),
    (Door.TAKE_BACK, table(), Caller(BOB), 1, None),
    (Door.TAKE_BACK, table(), Caller(ANN), 1, 403),
    # A rematch: asked by a person seated, once the game is over.
    (Door.REMATCH, table(status="finished"), Caller(BOB), None, None),
    (Door.REMATCH, table(status="finished"), Caller(EVE), None, 403),
    (Door.REMATCH, table(status="playing"), Caller(ANN), None, 409),
    # The record, replay and review hold the seed: for anyone, only at the end.
    (Door.AFTER_THE_END, table(status="finished"), Caller(), None, None),
    (Door.AFTER_THE_END, table(status="playing"), Caller(ANN), None, 409),
    # An expired table (never started, ``expiry``) takes no one and nothing: 409, saying so.
    (Door.JOIN, table(seats=FREE, status="expired"), Caller(EVE, token_seat=1), None, 409),
    (Door.SIT, table(seats=FREE, listed=True, status="expired"), Caller(EVE), 1, 409),
    (Door.CHAT_WRITE, table(seats=FREE, status="expired"), Caller(ANN), None, 409),
    (Door.LEAVE, table(seats=FREE, status="expired"), Caller(ANN), 0, 409),
    (Door.SEAT_CHANNEL, table(seats=FREE, status="expired"), Caller(ANN), 0, None),  # to see it
]


@pytest.mark.parametrize(("door", "facts", "caller", "seat", "expected"), CASES)
def test_each_door_lets_in_exactly_whom_it_should(
    door: Door, facts: TableFacts, caller: Caller, seat: int | None, expected: int | None
) -> None:
    refused = refusal(door, facts, caller, seat)
    assert (None if refused is None else refused.status) == expected, refused
    assert refused is None or refused.message  # a refusal always says why
    if facts.status == "expired" and refused is not None:
        assert refused.message == EXPIRED_WORDS


def test_every_door_has_cases_that_open_it_and_cases_that_do_not() -> None:
    opened = {door for door, *_, expected in CASES if expected is None}
    shut = {door for door, *_, expected in CASES if expected is not None}
    assert opened == shut == set(Door)


async def finished_game_of_two(server: Server, ann: Person, bob: Person) -> tuple[str, str]:
    """A 2-player game between Ann and Bob, each seat handed to the table's bot by the
    other (neither is at the table), played to its end."""
    created = await ann.post(
        "/api/tables",
        {
            "game": SHORT,
            "players": 2,
            "sheet": "off",
            "sit": 0,
            "takeover_bot": "random",
            "away_after": 0,  # each may hand the other's seat to the bot at once
            "seats": [{"kind": "person"}, {"kind": "person"}],
        },
    )
    table = created["table"]["id"]
    invite = next(i["token"] for i in created["invites"] if i["seat"] == 1)
    await bob.post(f"/api/tables/{table}/join", {"token": invite})
    await ann.post(f"/api/tables/{table}/seats/1/bot", {})
    await bob.post(f"/api/tables/{table}/seats/0/bot", {})
    for _ in range(600):
        if (await ann.get(f"/api/tables/{table}"))["status"] == "finished":
            return table, invite
        await asyncio.sleep(0.1)
    raise AssertionError("the bots did not finish the game")


async def opens(server: Server, table: str, seat: int, token: str) -> bool:
    url = f"{server.ws}/ws/tables/{table}/seats/{seat}?token={token}"
    async with connect(url, open_timeout=20) as connection:
        try:
            first = json.loads(await asyncio.wait_for(connection.recv(), 30))
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 4403, closed
            return False
    return bool(first["type"] == "state")


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
async def test_a_rematch_hands_nobody_another_persons_seat(
    launch: Any, postgres: Callable[[], str], database: str
) -> None:
    server: Server = launch(db=postgres() if database == "postgres" else None)
    async with Person(server.http, "Ann") as ann, Person(server.http, "Bob") as bob:
        table, invite = await finished_game_of_two(server, ann, bob)
        # Both ask at once, twice each: one rematch is dealt, and it seats both at once, so
        # it has no invite to hand out to whoever asked first.
        asked = [p.client.post(f"/api/tables/{table}/rematch") for p in (ann, bob, ann, bob)]
        answers = [a.json() for a in await asyncio.gather(*asked) if a.status_code == 201]
        assert answers and all(a["invites"] == [] for a in answers)
        assert len({a["table"]["id"] for a in answers}) == 1
        again = answers[0]
        new = again["table"]["id"]
        assert again["table"]["status"] == "playing"
        rematches = [m for m in await ann.get("/api/tables/mine") if m["table"]["rematch_of"]]
        assert [m["table"]["id"] for m in rematches] == [new]
        # Bob opens his seat by his identity, Ann cannot, with her identity or any token.
        bob_seat = SeatClient(server.ws, new, 1, cookie=bob.cookie)
        await bob_seat.connect()
        assert (await bob_seat.until("state"))["view"]["seat"] == 1
        await bob_seat.close()
        assert await SeatClient(server.ws, new, 1, cookie=ann.cookie).refused() == 4403
        # Nor does any token Ann was ever handed (the first table's invite, now Bob's own).
        assert not await opens(server, new, 1, invite)
        assert not await opens(server, new, 0, invite)


async def test_an_invite_is_made_only_for_a_seat_that_waits_for_a_person(launch: Any) -> None:
    server: Server = launch()
    async with Person(server.http, "Ann") as ann:
        seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}]
        created = await ann.post(
            "/api/tables", {"game": EXAMPLE, "players": 3, "seats": seats, "sit": 1}
        )
        assert [invite["seat"] for invite in created["invites"]] == [0]
        table = created["table"]["id"]
        assert not await opens(server, table, 0, created["invites"][0]["token"])  # not yet used


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
async def test_one_person_gets_one_seat_however_many_ask_at_once(
    launch: Any, postgres: Callable[[], str], database: str
) -> None:
    server: Server = launch(db=postgres() if database == "postgres" else None)
    seats = [{"kind": "person"}] * 4
    async with Person(server.http, "Ann") as ann, Person(server.http, "Eve") as eve:
        for trial in range(4):
            listed = await ann.post(
                "/api/tables",
                {"game": EXAMPLE, "players": 4, "seats": seats, "listed": True},
            )
            table = listed["table"]["id"]
            asked = [eve.client.post(f"/api/tables/{table}/seats/{n}/sit") for n in (0, 1, 2)]
            answers = await asyncio.gather(*asked)
            codes = sorted(answer.status_code for answer in answers)
            assert codes == [200, 409, 409], (trial, [a.text for a in answers])
            held = (await eve.get(f"/api/tables/{table}"))["seats"]
            assert sum(1 for s in held if s["joined"]) == 1
            # Joining by three invites at once likewise gives one seat.
            invited = await ann.post("/api/tables", {"game": EXAMPLE, "players": 4, "seats": seats})
            table = invited["table"]["id"]
            tokens = [i["token"] for i in invited["invites"][:3]]
            joins = [
                eve.client.post(f"/api/tables/{table}/join", json={"token": t}) for t in tokens
            ]
            codes = sorted(answer.status_code for answer in await asyncio.gather(*joins))
            assert codes == [200, 409, 409], trial
            assert (
                len([m for m in await eve.get("/api/tables/mine") if m["table"]["id"] == table])
                == 1
            )


async def test_a_private_tables_chat_is_read_only_at_its_seats(launch: Any) -> None:
    server: Server = launch()
    async with Person(server.http, "Ann") as ann, Person(server.http, "Eve") as eve:
        seats = [
            {"kind": "person"},
            {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"},
        ]
        body = {"game": EXAMPLE, "players": 3, "seats": seats, "sit": 0}
        private = (await ann.post("/api/tables", {**body, "spectators": False}))["table"]["id"]
        await ann.post(f"/api/tables/{private}/chat", {"text": "my plan"})
        assert [row["text"] for row in await ann.get(f"/api/tables/{private}/chat")] == ["my plan"]
        async with httpx.AsyncClient(base_url=server.http) as nobody:
            for reader in (eve.client, nobody):
                answer = await reader.get(f"/api/tables/{private}/chat")
                assert answer.status_code == 403 and "its chat is for its seats" in answer.text
        await ann.post(f"/api/tables/{private}/chat", {"text": "more"})
        public = (await ann.post("/api/tables", body))["table"]["id"]
        await ann.post(f"/api/tables/{public}/chat", {"text": "hello all"})
        assert [row["text"] for row in await eve.get(f"/api/tables/{public}/chat")] == ["hello all"]


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
async def test_chat_read_after_any_number_answers_not_500(
    launch: Any, postgres: Callable[[], str], database: str
) -> None:
    """``after`` past any line's id (PostgreSQL's ids are 32-bit) reads nothing new; below
    the first, every line."""
    server: Server = launch(db=postgres() if database == "postgres" else None)
    async with Person(server.http, "Ann") as ann:
        seats = [{"kind": "person"}, *[{"kind": "bot", "bot": "random"}] * 2]
        body = {"game": EXAMPLE, "players": 3, "seats": seats, "sit": 0}
        table = (await ann.post("/api/tables", body))["table"]["id"]
        await ann.post(f"/api/tables/{table}/chat", {"text": "hello"})
        for after, lines in ((2**31, []), (2**40, []), (2**70, []), (-5, ["hello"])):
            answer = await ann.client.get(f"/api/tables/{table}/chat", params={"after": after})
            assert (answer.status_code, [r["text"] for r in answer.json()]) == (200, lines)


async def test_a_seat_given_up_closes_its_channel_saying_so(launch: Any) -> None:
    """The seat's channel closes with its own code (4410), which no reconnection cures, so
    that a page turns into a spectator's instead of opening the seat again (refused)."""
    server: Server = launch()
    async with Person(server.http, "Ann") as ann:
        seats = [
            {"kind": "person"},
            {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"},
        ]
        created = await ann.post(
            "/api/tables", {"game": EXAMPLE, "players": 3, "seats": seats, "sit": 0}
        )
        table = created["table"]["id"]
        channel = SeatClient(server.ws, table, 0, cookie=ann.cookie)
        await channel.connect()
        assert (await channel.until("state"))["view"]["seat"] == 0
        await ann.post(f"/api/tables/{table}/seats/0/leave")
        try:
            while True:
                await channel.recv(10)
        except ConnectionClosed as closed:
            assert closed.rcvd is not None
            assert (closed.rcvd.code, closed.rcvd.reason) == (
                4410,
                "this channel no longer holds its seat",
            )


async def handshake(client: SeatClient) -> int | None:
    """How a seat's channel answers its opening: the close code it then sends (or 1000 for
    a channel that opens and serves)."""
    await client.connect()
    try:
        await client.until("state")
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None
    await client.close()
    return 1000


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
async def test_a_seat_given_up_while_its_page_was_away_says_so_to_its_person_alone(
    launch: Any, postgres: Callable[[], str], database: str
) -> None:
    """Ann gives up her seat while its page is offline: reopening the seat's channel then
    closes with 4410 (the page turns into a spectator's), for Ann alone. Anyone else,
    whether or not they ever held a seat at the table, is refused as before and learns
    nothing about the seat from it."""
    server: Server = launch(db=postgres() if database == "postgres" else None)
    async with (
        Person(server.http, "Ann") as ann,
        Person(server.http, "Bob") as bob,
        Person(server.http, "Eve") as eve,
    ):
        seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}]
        created = await ann.post(
            "/api/tables", {"game": EXAMPLE, "players": 3, "seats": seats, "sit": 0}
        )
        table = created["table"]["id"]
        joined = await bob.post(
            f"/api/tables/{table}/join", {"token": created["invites"][0]["token"]}
        )
        assert await handshake(SeatClient(server.ws, table, 0, cookie=ann.cookie)) == 1000
        await ann.post(f"/api/tables/{table}/seats/0/leave")
        assert await handshake(SeatClient(server.ws, table, 0, cookie=ann.cookie)) == 4410
        # Bob at the table, Eve a stranger, and no identity at all: refused, as at a seat
        # no one ever left (the bot's, seat 2).
        for cookie in (bob.cookie, eve.cookie, None):
            for seat in (0, 2):
                assert await handshake(SeatClient(server.ws, table, seat, cookie=cookie)) == 4403
        # Ann never held seat 1 or 2: refused there too.
        for seat in (1, 2):
            assert await handshake(SeatClient(server.ws, table, seat, cookie=ann.cookie)) == 4403
        # Bob leaves, takes his seat again with his own token (its channel opens), and leaves
        # it once more: told the same at the second time.
        bobs = SeatClient(server.ws, table, 1, cookie=bob.cookie)
        await bob.post(f"/api/tables/{table}/seats/1/leave")
        assert await handshake(bobs) == 4410
        await bob.post(f"/api/tables/{table}/join", {"token": joined["token"]})
        assert await handshake(SeatClient(server.ws, table, 1, cookie=bob.cookie)) == 1000
        await bob.post(f"/api/tables/{table}/seats/1/leave")
        assert await handshake(SeatClient(server.ws, table, 1, cookie=bob.cookie)) == 4410


async def test_a_channel_shows_and_does_nothing_once_its_person_has_left(launch: Any) -> None:
    server: Server = launch()
    async with Person(server.http, "Ann") as ann, Person(server.http, "Bob") as bob:
        seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}]
        created = await ann.post(
            "/api/tables", {"game": EXAMPLE, "players": 3, "seats": seats, "sit": 0}
        )
        table = created["table"]["id"]
        await bob.post(f"/api/tables/{table}/join", {"token": created["invites"][0]["token"]})
        channel = SeatClient(server.ws, table, 1, cookie=bob.cookie)
        await channel.connect()
        assert (await channel.until("state"))["view"]["seat"] == 1
        await bob.post(f"/api/tables/{table}/seats/1/leave")
        # The old channel is closed by the service: whatever Bob sends over it now (taking
        # the seat back from its bot, a move, a line of chat) is refused or never read.
        for message in ({"type": "take_back"}, {"type": "chat", "text": "still here"}):
            try:
                await channel.send(message)
                frame = await channel.recv(timeout=5)
                while frame["type"] not in ("error",):
                    frame = await channel.recv(timeout=5)
                assert frame["code"] == "forbidden"
            except ConnectionClosed:
                pass
        shown = await ann.get(f"/api/tables/{table}")
        assert shown["seats"][1]["takeover"] and not shown["seats"][1]["joined"]
        assert [row["text"] for row in await ann.get(f"/api/tables/{table}/chat")] == []
