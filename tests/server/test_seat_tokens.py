"""Seats belong to one person each: an invite is spent by joining, an unused invite opens
no view, and no one can leave a seat to read another hand (found by review)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from support.game_cases import kit_for

from .client import Person, SeatClient, refused_at
from .conftest import Server

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
TABLE = {
    "game": EXAMPLE,
    "players": 3,
    "sheet": "off",
    "listed": True,
    "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}],
}


async def refused(person: Person, path: str, code: int, says: str) -> None:
    with pytest.raises(httpx.HTTPStatusError) as error:
        await person.post(path)
    assert error.value.response.status_code == code
    assert says in error.value.response.json()["detail"]


async def test_an_invite_is_spent_by_joining_and_opens_no_view_before(launch: Any) -> None:
    server: Server = launch()
    async with Person(server.http, "Ann") as ann, Person(server.http, "Bob") as bob:
        created = await ann.post("/api/tables", {**TABLE, "sit": 0})
        table = created["table"]["id"]
        invite = next(i["token"] for i in created["invites"] if i["seat"] == 1)
        seat_1 = f"{server.ws}/ws/tables/{table}/seats/1?token="
        # Before anyone holds seat 1, its invite (its creator holds it) shows no view.
        assert await refused_at(seat_1 + invite) == 4403
        joined = await bob.post(f"/api/tables/{table}/join", {"token": invite})
        assert joined["seat"] == 1 and joined["token"] != invite
        # The creator's copy of the invite is spent: it opens nothing, joins nothing.
        assert await refused_at(seat_1 + invite) == 4403
        with pytest.raises(httpx.HTTPStatusError) as taken:
            await ann.post(f"/api/tables/{table}/join", {"token": invite})
        assert taken.value.response.status_code == 403
        # The seat's own token opens it, with seat 1's view.
        client = SeatClient(server.ws, table, 1, joined["token"])
        await client.connect()
        frame = await client.until("state")
        assert frame["seat"] == 1 and frame["view"]["seat"] == 1
        await client.close()
        mine = await ann.get("/api/tables/mine")
        assert [t["seat"] for t in mine if t["table"]["id"] == table] == [0]


async def test_no_one_leaves_a_seat_to_read_another(launch: Any) -> None:
    server: Server = launch()
    async with Person(server.http, "Ann") as ann, Person(server.http, "Bob") as bob:
        created = await ann.post("/api/tables", {**TABLE, "seats": [{"kind": "person"}] * 3})
        table = created["table"]["id"]
        await ann.post(f"/api/tables/{table}/seats/0/sit")
        # Before the game, a seat taken is kept: its view (the hand) is shown already.
        await refused(ann, f"/api/tables/{table}/seats/0/leave", 409, "kept until it does")
        await refused(ann, f"/api/tables/{table}/seats/1/sit", 409, "one seat a person")
        await bob.post(f"/api/tables/{table}/seats/1/sit")
        async with Person(server.http, "Cy") as cy:
            await cy.post(f"/api/tables/{table}/seats/2/sit")
            assert (await cy.get(f"/api/tables/{table}"))["status"] == "playing"
        # In the game, a seat left goes to the bot, and no one sits down any more.
        await bob.post(f"/api/tables/{table}/seats/1/leave")
        await ann.post(f"/api/tables/{table}/seats/0/leave")
        await refused(ann, f"/api/tables/{table}/seats/1/sit", 409, "the game has started")
