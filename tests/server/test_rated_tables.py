"""Rated tables cannot be gamed (issue #36, item 2): a rating is an account's, so a guest
takes no seat of a rated table (dealt with ``sit``, by invite, at a listed table, at a
rematch); the stand-in for an absent person there is only the table's own bot, and never for
one's own seat; and the check of an invite, open to anyone, is counted per address."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from sleuth.server.db import open_database
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.models import StepRow
from sleuth.server.settings import Settings
from sleuth.server.store import Store

from .test_ratings import EXAMPLE, SHORT, random_game

PASSWORD = "a long password"
GUEST_REFUSED = "a rated table seats signed-up players only: sign up or sign in first"
PERSON: dict[str, Any] = {"kind": "person"}
BOT: dict[str, Any] = {"kind": "bot", "bot": "random"}


def rated_body(seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": SHORT, "players": len(seats), "sheet": "facts", "rated": True}
    return {**body, "seats": seats, **extra}


async def person(client: httpx.AsyncClient, name: str, account: bool) -> str:
    """A guest named ``name`` on this client, signed up if ``account``: the person's id."""
    made = await client.post("/api/people", json={"name": name})
    assert made.status_code == 200, made.text
    if account:
        signed = await client.post("/api/account", json={"name": name, "password": PASSWORD})
        assert signed.status_code == 201, signed.text
    return str(made.json()["id"])


def refused_as_guest(answer: httpx.Response) -> None:
    assert answer.status_code == 403, answer.text
    body = answer.json()
    assert (body["detail"], body["problem"], body["template"]) == (
        GUEST_REFUSED,
        "account_needed",
        GUEST_REFUSED,
    )


async def test_a_guest_takes_no_seat_of_a_rated_table(launch: Any) -> None:
    server = launch()
    async with (
        httpx.AsyncClient(base_url=server.http, timeout=60) as ann,
        httpx.AsyncClient(base_url=server.http, timeout=60) as guest,
        httpx.AsyncClient(base_url=server.http, timeout=60) as bob,
    ):
        await person(ann, "Ann", account=True)
        await person(guest, "Gus", account=False)
        await person(bob, "Bob", account=True)
        # Dealt with the guest seated: refused, and no table is dealt.
        refused_as_guest(
            await guest.post("/api/tables", json=rated_body([PERSON, BOT], sit=0, listed=True))
        )
        assert (await guest.get("/api/tables/mine")).json() == []
        assert (await guest.get("/api/tables")).json() == []
        # Dealt with no one seated: a guest may deal it, and sits nowhere.
        dealt = await guest.post("/api/tables", json=rated_body([PERSON, PERSON, BOT]))
        assert dealt.status_code == 201, dealt.text
        # Listed, Ann seated: the guest may not sit at its free seat, nor join by its invite.
        made = (
            await ann.post(
                "/api/tables", json=rated_body([PERSON, PERSON, BOT], sit=0, listed=True)
            )
        ).json()
        table = made["table"]["id"]
        (invite,) = [i["token"] for i in made["invites"]]
        refused_as_guest(await guest.post(f"/api/tables/{table}/seats/1/sit"))
        refused_as_guest(await guest.post(f"/api/tables/{table}/join", json={"token": invite}))
        seats = (await ann.get(f"/api/tables/{table}")).json()["seats"]
        assert [s["joined"] for s in seats] == [True, False, False]
        # The invite still opens the seat, for a person with an account.
        check = await bob.post(f"/api/tables/{table}/invite", json={"token": invite})
        assert check.json() == {"seat": 1}
        joined = await bob.post(f"/api/tables/{table}/join", json={"token": invite})
        assert (joined.status_code, joined.json()["seat"]) == (200, 1)
        assert (await ann.get(f"/api/tables/{table}")).json()["status"] == "playing"


async def test_a_casual_table_seats_guests_as_before(launch: Any) -> None:
    server = launch()
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as guest:
        await person(guest, "Gus", account=False)
        casual = {**rated_body([PERSON, BOT], sit=0), "rated": False}
        made = await guest.post("/api/tables", json=casual)
    assert made.status_code == 201, made.text
    assert [s["joined"] for s in made.json()["table"]["seats"]] == [True, False]


async def test_a_rematch_of_a_rated_table_seats_no_guest(launch: Any, tmp_path: Path) -> None:
    """A finished rated table seated Ann and Bob while they were guests (before rated tables
    took accounts only): Ann, still a guest, may not have its rematch dealt; Bob, signed up
    since, may, and Ann's seat then waits for a person with an account."""
    db = f"sqlite:///{tmp_path / 'sleuth.db'}"
    key = tmp_path / "signing.key"
    secrets = await finished_rated_of_guests(db, key)
    server = launch(db=db)
    async with (
        httpx.AsyncClient(base_url=server.http, timeout=60) as ann,
        httpx.AsyncClient(base_url=server.http, timeout=60) as bob,
    ):
        ann.cookies.set("sleuth_id", secrets["Ann"])
        bob.cookies.set("sleuth_id", secrets["Bob"])
        signed = await bob.post("/api/account", json={"name": "Bob", "password": PASSWORD})
        assert signed.status_code == 201, signed.text
        table = secrets["table"]
        refused_as_guest(await ann.post(f"/api/tables/{table}/rematch"))
        assert (await ann.get(f"/api/tables/{table}")).json()["rematch"] is None
        again = await bob.post(f"/api/tables/{table}/rematch")
        assert again.status_code == 201, again.text
        dealt = again.json()
    assert [s["joined"] for s in dealt["table"]["seats"]] == [False, True, False]
    assert [i["seat"] for i in dealt["invites"]] == [0]
    assert dealt["table"]["rated"] is True


async def finished_rated_of_guests(db: str, key: Path) -> dict[str, str]:
    """A finished rated table of the guests Ann and Bob and a bot, written as the service
    wrote one before rated tables took accounts only: its id and the guests' cookies."""
    database = open_database(Settings(db_url=db, key_file=key))
    await database.migrate()
    store = Store(database)
    try:
        (ann, ann_secret), (bob, bob_secret) = [
            await store.create_person(n) for n in ("Ann", "Bob")
        ]
        seats = [SeatPlan("person"), SeatPlan("person"), SeatPlan("bot", "random")]
        plan = TablePlan(EXAMPLE, 3, {}, seats, sheet="facts", rated=True)
        created = await create_table(store, plan, None, {0: ann.id, 1: bob.id})
        moves, _ = random_game(created.row.config, 7)
        await store.update_table(created.table_id, seed="7")
        for number, (seat, action, result) in enumerate(moves, start=1):
            step = StepRow(table_id=created.table_id, number=number, seat=seat, action=action,
                           result=result, at=number)  # fmt: skip
            await store.insert_step(step, None, number == len(moves))
    finally:
        await database.close()
    return {"table": created.table_id, "Ann": ann_secret, "Bob": bob_secret}


async def test_at_a_rated_table_only_its_own_bot_stands_in_and_never_for_ones_own_seat(
    launch: Any,
) -> None:
    server = launch()
    async with (
        httpx.AsyncClient(base_url=server.http, timeout=60) as ann,
        httpx.AsyncClient(base_url=server.http, timeout=60) as bob,
    ):
        await person(ann, "Ann", account=True)
        await person(bob, "Bob", account=True)
        # The least wait a rated table allows: Bob, who just joined, is not away long enough.
        body = rated_body([PERSON, PERSON, BOT], sit=0, away_after=60, takeover_bot="random")
        made = (await ann.post("/api/tables", json=body)).json()
        table = made["table"]["id"]
        (invite,) = [i["token"] for i in made["invites"]]
        assert (await bob.post(f"/api/tables/{table}/join", json={"token": invite})).is_success
        seats = f"/api/tables/{table}/seats"
        other = await ann.post(f"{seats}/1/bot", json={"bot": "basic"})
        own = await ann.post(f"{seats}/0/bot", json={})
        own_by_spec = await ann.post(f"{seats}/0/bot", json={"bot": "random"})
        unchanged = (await ann.get(f"/api/tables/{table}")).json()["seats"]
        handed = await ann.post(f"{seats}/1/bot", json={"bot": "random"})
    assert [(a.status_code, a.json()["problem"]) for a in (other, own, own_by_spec)] == [
        (409, "rated_takeover"),
        (409, "rated_own_seat"),
        (409, "rated_own_seat"),
    ]
    assert other.json()["detail"] == (
        "at a rated table only the table's own bot plays a missing person's seat: choose no other"
    )
    assert own.json()["detail"] == (
        "at a rated table no bot plays your own seat: its result is rated as yours"
    )
    assert [(s["takeover"], s["bot"]) for s in unchanged] == [
        (False, None), (False, None), (False, "random"),
    ]  # fmt: skip
    assert (handed.status_code, handed.json()["problem"]) == (409, "away_too_short")


async def test_a_rated_table_waits_a_minute_before_a_bot_plays_an_away_seat(launch: Any) -> None:
    """Issue #40, item 3: at once (away_after 0), a rated table's creator could have the bot
    play an opponent's seat before the opponent's page connected, at the opponent's cost."""
    server = launch()
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as ann:
        await person(ann, "Ann", account=True)
        body = rated_body([PERSON, PERSON], sit=0, away_after=0, takeover_bot="random")
        refused = await ann.post("/api/tables", json=body)
    assert refused.status_code == 400, refused.text
    assert refused.json()["detail"] == (
        "away_after: a rated table waits at least 60 seconds before a bot may play a person's "
        "seat, not 0"
    )


async def test_at_a_casual_table_any_bot_may_stand_in_for_ones_own_seat_too(
    launch: Any,
) -> None:
    server = launch()
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as ann:
        await person(ann, "Ann", account=False)
        casual = {**rated_body([PERSON, BOT], sit=0, away_after=0), "rated": False}
        table = (await ann.post("/api/tables", json=casual)).json()["table"]["id"]
        handed = await ann.post(f"/api/tables/{table}/seats/0/bot", json={"bot": "basic"})
    assert handed.status_code == 200, handed.text
    assert (handed.json()["seats"][0]["takeover"], handed.json()["seats"][0]["bot"]) == (
        True,
        "basic",
    )


async def test_checks_of_invites_past_the_rate_are_refused_with_the_wait(launch: Any) -> None:
    """The check of an invite needs no identity and asks the database: counted per address
    at the read rate (``--max-record-reads``), apart from the replays."""
    server = launch(extra=("--max-record-reads", "3/minute"))
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as ann:
        await person(ann, "Ann", account=False)
        body = {**rated_body([PERSON, PERSON], sit=0), "rated": False}
        made = (await ann.post("/api/tables", json=body)).json()
        table, (invite,) = made["table"]["id"], [i["token"] for i in made["invites"]]
        check = f"/api/tables/{table}/invite"
        answers = [await ann.post(check, json={"token": invite}) for _ in range(4)]
        unknown = await ann.post(check, json={"token": "no such token"})
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert answers[0].json() == {"seat": 1}
    refused = answers[3].json()
    assert refused["problem"] == "too_many_reads"
    assert refused["detail"].startswith(
        "too many invite checks from this address: at most 3 per minute; try again in "
    )
    assert refused["template"] == (
        "too many invite checks from this address: at most %(amount)s per %(window)s; "
        "try again in %(wait)s s"
    )
    assert 1 <= int(answers[3].headers["retry-after"]) <= 60
    assert unknown.status_code == 429
