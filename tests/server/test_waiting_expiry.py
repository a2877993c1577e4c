"""A table dealt and never started expires after the operator's while without a sign of life
(``sleuth serve --waiting-expiry``): a seat taken or a chat line starts the while again, a
started table never expires, and an expired one is unlisted, shown as expired and seats no
one; its people who chose to hear of a game's end are told once. One person or one client
address holds at most ``--max-waiting-tables`` waiting tables at once. The time is the
test's own (the expiry's and the store's clocks), so nothing sleeps."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")

from sqlalchemy import select

from sleuth.core import IllegalActionError
from sleuth.server import hooks
from sleuth.server.app import create_app
from sleuth.server.expiry import EMPTY_SECONDS
from sleuth.server.hooks import HookSender
from sleuth.server.hub import Hub
from sleuth.server.lobby import SeatPlan, TablePlan
from sleuth.server.mail_address import SmtpServer
from sleuth.server.mail_sender import MailConfig, MailSender
from sleuth.server.models import HookRow, MailSettingsRow, NotificationRow
from sleuth.server.notify import Notices
from sleuth.server.owner import TableOwner
from sleuth.server.settings import Settings
from sleuth.server.signing import SigningKey
from support.game_cases import kit_for

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
T0 = 1_900_000_000.0
WHILE = 72 * 3600.0  # the default expiry, in seconds
ORIGIN = {"origin": "http://testserver"}
EXPIRED_WORDS = "this table expired before it started: it takes no one and nothing any more"


@dataclass
class Lobby:
    hub: Hub
    now: list[float]
    client: Callable[[str, str], Any]  # a new person's client: (name, client address)
    ids: dict[str, str]  # each person's id, by name

    async def expire(self, at: float) -> list[str]:
        self.now[0] = at
        return await self.hub.expire_waiting()


async def open_lobby(stack: AsyncExitStack, settings: Settings, now: list[float]) -> Lobby:
    """A service in this test's event loop, its time ``now``."""
    app = create_app(settings)
    await stack.enter_async_context(app.router.lifespan_context(app))
    hub: Hub = app.state.services.hub
    assert hub.expiry is not None
    hub.expiry.clock = hub.store.clock = lambda: now[0]
    ids: dict[str, str] = {}

    async def client(name: str, address: str = "10.0.0.1") -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app=app, client=(address, 1234))
        made = httpx.AsyncClient(transport=transport, base_url="http://testserver", headers=ORIGIN)
        person = await stack.enter_async_context(made)
        answer = await person.post("/api/people", json={"name": name})
        assert answer.status_code == 200, answer.text
        ids[name] = answer.json()["id"]
        return person

    return Lobby(hub, now, client, ids)


@pytest.fixture
async def lobby(tmp_path: Path) -> AsyncIterator[Lobby]:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "key")
    async with AsyncExitStack() as stack:
        yield await open_lobby(stack, settings, [T0])


async def mailed_at_a_games_end(notices: Notices, person_id: str) -> None:
    """Mail on (as with ``--smtp``), and the person's confirmed choice of a mail when a
    game is over, and of no other."""
    notices.enabled = True
    await notices.save_settings(
        MailSettingsRow(
            person_id=person_id, address="ann@example.org", language="en", your_move=False,
            game_over=True, invited=False, clock_low=False, updated_at=T0, confirmed_at=T0,
        )
    )  # fmt: skip


def table(listed: bool = True, sit: int | None = 0, bots: int = 0) -> dict[str, Any]:
    seats = [{"kind": "person"}] * (3 - bots) + [{"kind": "bot", "bot": "random"}] * bots
    body: dict[str, Any] = {"game": EXAMPLE, "players": 3, "listed": listed, "seats": seats}
    if sit is not None:
        body["sit"] = sit
    return body


async def deal(person: httpx.AsyncClient, body: dict[str, Any] | None = None) -> dict[str, Any]:
    made = await person.post("/api/tables", json=body or table())
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


async def status(person: httpx.AsyncClient, table_id: str) -> str:
    found: str = (await person.get(f"/api/tables/{table_id}")).json()["status"]
    return found


async def test_a_waiting_table_expires_after_the_while_not_before(lobby: Lobby) -> None:
    ann = await lobby.client("Ann", "10.0.0.1")
    bob = await lobby.client("Bob", "10.0.0.2")
    made = await deal(ann)
    table_id = made["table"]["id"]
    invite = made["invites"][0]["token"]
    assert await lobby.expire(T0 + WHILE - 1) == []
    assert await status(ann, table_id) == "waiting"
    assert await lobby.expire(T0 + WHILE) == [table_id]
    assert await lobby.expire(T0 + WHILE + 5) == []  # expired once
    assert await status(ann, table_id) == "expired"
    assert [t["id"] for t in (await bob.get("/api/tables")).json()] == []  # unlisted
    mine = (await ann.get("/api/tables/mine")).json()
    assert [(t["table"]["id"], t["table"]["status"], t["seat"]) for t in mine] == [
        (table_id, "expired", 0)
    ]
    refusals = [
        await bob.post(f"/api/tables/{table_id}/join", json={"token": invite}),
        await bob.post(f"/api/tables/{table_id}/seats/1/sit"),
        await ann.post(f"/api/tables/{table_id}/chat", json={"text": "anyone?"}),
    ]
    assert [(r.status_code, r.json()["detail"], r.json()["problem"]) for r in refusals] == [
        (409, EXPIRED_WORDS, "expired")
    ] * 3
    assert await status(ann, table_id) == "expired"  # and nothing changed
    with pytest.raises(IllegalActionError, match=EXPIRED_WORDS):  # the play channel's chat
        await (await lobby.hub.get(table_id)).chat(0, "Ann", "anyone?")


async def test_a_network_bot_seated_at_an_expired_table_is_free(lobby: Lobby) -> None:
    await lobby.client("Ann", "10.0.0.1")
    netbots = lobby.hub.desk.netbots
    netbots.connect("robo")
    seats = [SeatPlan("person"), SeatPlan("person"), SeatPlan("bot", "net:robo")]
    plan = TablePlan(EXAMPLE, 3, {}, seats, listed=True)
    owner, _ = await lobby.hub.create(plan, lobby.ids["Ann"], {0: lobby.ids["Ann"]})
    assert (netbots.playing("robo"), owner.live.status) == (True, "waiting")
    assert await lobby.expire(T0 + WHILE) == [owner.id]
    assert (netbots.playing("robo"), "robo" in netbots.reserved) == (False, False)


async def test_a_seat_taken_or_a_chat_line_starts_the_while_again(lobby: Lobby) -> None:
    ann = await lobby.client("Ann", "10.0.0.1")
    bob = await lobby.client("Bob", "10.0.0.2")
    made = await deal(ann)
    table_id = made["table"]["id"]
    lobby.now[0] = T0 + 100
    joined = await bob.post(
        f"/api/tables/{table_id}/join", json={"token": made["invites"][0]["token"]}
    )
    assert joined.status_code == 200, joined.text
    assert await lobby.expire(T0 + WHILE) == []
    assert await lobby.expire(T0 + 100 + WHILE - 1) == []
    said = await bob.post(f"/api/tables/{table_id}/chat", json={"text": "soon?"})
    assert said.status_code == 201, said.text
    assert await lobby.expire(T0 + 100 + WHILE) == []
    assert await lobby.expire(T0 + 100 + 2 * WHILE - 2) == []
    assert await lobby.expire(T0 + 100 + 2 * WHILE - 1) == [table_id]
    assert await status(ann, table_id) == "expired"


async def test_a_started_table_never_expires(lobby: Lobby) -> None:
    ann = await lobby.client("Ann", "10.0.0.1")
    bob = await lobby.client("Bob", "10.0.0.2")
    made = await deal(ann, table(bots=1))
    table_id = made["table"]["id"]
    token = made["invites"][0]["token"]
    assert (await bob.post(f"/api/tables/{table_id}/join", json={"token": token})).is_success
    assert await status(ann, table_id) == "playing"
    assert await lobby.expire(T0 + 100 * WHILE) == []
    assert await status(ann, table_id) == "playing"


async def test_its_people_who_chose_to_hear_of_a_games_end_are_told_once(lobby: Lobby) -> None:
    ann = await lobby.client("Ann", "10.0.0.1")
    bob = await lobby.client("Bob", "10.0.0.2")
    made = await deal(ann)
    table_id = made["table"]["id"]
    token = made["invites"][0]["token"]
    assert (await bob.post(f"/api/tables/{table_id}/join", json={"token": token})).is_success
    notices = lobby.hub.notices
    ann_id = lobby.ids["Ann"]
    await mailed_at_a_games_end(notices, ann_id)
    assert await lobby.expire(T0 + WHILE) == [table_id]
    assert await lobby.expire(T0 + WHILE + 5) == []
    query = select(NotificationRow.person_id, NotificationRow.kind, NotificationRow.table_id)
    database = lobby.hub.store.database
    rows = await database.read(lambda session: [tuple(r) for r in session.execute(query)])
    assert rows == [(ann_id, "game_over", table_id)]  # Bob chose no mail


async def test_an_expiry_is_told_in_words_of_its_own_not_as_a_game_over(
    lobby: Lobby, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its game never began: the mail (and a hook's message) says the table expired."""
    ann = await lobby.client("Ann", "10.0.0.1")
    table_id = (await deal(ann))["table"]["id"]
    notices = lobby.hub.notices
    ann_id = lobby.ids["Ann"]
    await mailed_at_a_games_end(notices, ann_id)
    assert await lobby.expire(T0 + WHILE) == [table_id]
    config = MailConfig(SmtpServer("127.0.0.1", 25, None, False), None, "s@example.org", "", 1.0)
    sender = MailSender(notices, lobby.hub.store, SigningKey(b"k" * 32), config)
    mailed: list[EmailMessage] = []

    async def deliver(message: EmailMessage) -> None:
        mailed.append(message)

    monkeypatch.setattr(sender, "_deliver", deliver)
    assert await sender.send_due() == 1
    title = kit_for(lambda cases: cases.fronts.example).game.title
    words = f"Table {table_id} of {title} expired before its game started"
    assert [m["Subject"] for m in mailed] == [words]
    assert mailed[0].get_content().split("\n\n")[0] == (
        f"{words}: its seats were not all taken in time, and it takes no one any more."
    )
    table_row = await lobby.hub.store.table(table_id)
    assert table_row is not None
    hook = HookRow(url="json://example.org", language="en")
    row = NotificationRow(kind="game_over", table_id=table_id)
    sent: list[tuple[str, str]] = []
    monkeypatch.setattr(
        hooks, "send_hook", lambda _url, title, text, **_: sent.append((title, text))
    )
    HookSender(notices, lobby.hub.store, Settings()).post(hook, row, table_row)
    assert [title for title, _ in sent] == [words]


def too_many(count: int) -> tuple[int, str, str]:
    return (
        429,
        f"{count} tables dealt by you or from this address wait for people already, the most "
        "there may be: start one, or wait until one expires",
        "too_many_waiting",
    )


async def test_an_expiry_not_told_for_a_failure_is_told_at_the_next_sweep(
    lobby: Lobby, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = await lobby.client("Ann", "10.0.0.1")
    table_id = (await deal(ann))["table"]["id"]
    notices = lobby.hub.notices
    ann_id = lobby.ids["Ann"]
    await mailed_at_a_games_end(notices, ann_id)
    told = TableOwner.expired
    failures = [RuntimeError("the database went away a moment")]

    async def failing_once(owner: TableOwner) -> None:
        if failures:
            raise failures.pop()
        await told(owner)

    monkeypatch.setattr(TableOwner, "expired", failing_once)
    query = select(NotificationRow.person_id, NotificationRow.table_id)
    database = lobby.hub.store.database

    async def rows() -> list[tuple[str, ...]]:
        return await database.read(lambda session: [tuple(r) for r in session.execute(query)])

    assert await lobby.expire(T0 + WHILE) == [table_id]  # stored as expired, not yet told
    assert await rows() == []
    assert await lobby.expire(T0 + WHILE + 5) == []  # not due again, but told now
    assert await rows() == [(ann_id, table_id)]
    assert await lobby.expire(T0 + WHILE + 10) == []
    assert await rows() == [(ann_id, table_id)]  # once


async def test_a_person_holds_at_most_ten_waiting_tables_an_address_five_times_that(
    lobby: Lobby,
) -> None:
    ann = await lobby.client("Ann", "10.0.0.1")
    dee = await lobby.client("Dee", "10.0.0.2")
    for _ in range(10):
        await deal(ann)
    refused = await ann.post("/api/tables", json=table())
    assert (refused.status_code, refused.json()["detail"], refused.json()["problem"]) == (
        too_many(10)
    )
    await deal(ann, table(sit=None, bots=3))  # a table of bots starts at once: not waiting
    assert len(await lobby.expire(T0 + WHILE)) == 10
    # Others at one address (a household, a campus) deal theirs, up to five times a person's
    # cap (2 here: 10 from the address).
    lobby.hub.waiting_cap = 2
    for n in range(5):
        neighbour = await lobby.client(f"Cy {n}", "10.0.0.1")
        for _ in range(2):
            await deal(neighbour)
    late = await (await lobby.client("Eve", "10.0.0.1")).post("/api/tables", json=table())
    assert (late.status_code, late.json()["detail"], late.json()["problem"]) == too_many(10)
    await deal(dee)  # another address, another person


async def finished_with_a_seat_left(lobby: Lobby, ann: httpx.AsyncClient) -> str:
    """A finished table of Ann's whose rematch waits for a person: Bob left his seat."""
    bob = await lobby.client("Bob", "10.0.0.2")
    made = await deal(ann, {**table(bots=1), "away_after": 0})  # her seat goes to a bot
    table_id, token = made["table"]["id"], made["invites"][0]["token"]
    assert (await bob.post(f"/api/tables/{table_id}/join", json={"token": token})).is_success
    assert (await bob.post(f"/api/tables/{table_id}/seats/1/leave")).is_success
    handed = await ann.post(f"/api/tables/{table_id}/seats/0/bot", json={})
    assert handed.is_success, handed.text
    for _ in range(600):
        if await status(ann, table_id) == "finished":
            return table_id
        await asyncio.sleep(0.1)
    raise AssertionError(f"table {table_id} did not finish")


async def test_a_rematch_that_waits_is_held_to_the_person_and_address_caps(
    tmp_path: Path,
) -> None:
    """A rematch with a seat that waits for a person is a waiting table: it was dealt past
    its asker's cap and its address's (it passed no address, so neither held)."""
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "key", bot_delay=0
    )
    now = time.time()  # the play's clocks are the wall's: a seat is handed after a while
    async with AsyncExitStack() as stack:
        lobby = await open_lobby(stack, settings, [now])
        ann = await lobby.client("Ann", "10.0.0.1")
        finished = await finished_with_a_seat_left(lobby, ann)
        lobby.hub.waiting_cap = 1
        waiting = (await deal(ann))["table"]["id"]  # Ann's one
        refused = await ann.post(f"/api/tables/{finished}/rematch")
        assert (refused.status_code, refused.json()["detail"], refused.json()["problem"]) == (
            too_many(1)
        )
        assert (await ann.get(f"/api/tables/{finished}")).json()["rematch"] is None
        assert await lobby.expire(now + WHILE) == [waiting]
        for n in range(5):  # the address's five, Ann's none
            await deal(await lobby.client(f"Cy {n}", "10.0.0.1"))
        refused = await ann.post(f"/api/tables/{finished}/rematch")
        assert (refused.status_code, refused.json()["detail"]) == too_many(5)[:2]
        # From another address, within her own cap, it is dealt, waiting for a person.
        elsewhere = await lobby.client("Ann's phone", "10.0.0.9")
        elsewhere.cookies = ann.cookies
        again = await elsewhere.post(f"/api/tables/{finished}/rematch")
        assert again.status_code == 201, again.text
        assert again.json()["table"]["status"] == "waiting"
        row = await lobby.hub.store.table(again.json()["table"]["id"])
        assert row is not None and row.created_from == "10.0.0.9"


async def test_a_table_that_starts_as_it_is_dealt_keeps_no_address(lobby: Lobby) -> None:
    ann = await lobby.client("Ann", "10.0.0.1")
    made = await deal(ann, table(sit=0, bots=2))
    assert made["table"]["status"] == "playing"
    row = await lobby.hub.store.table(made["table"]["id"])
    assert row is not None and row.created_from is None


async def test_on_postgresql_two_processes_expire_a_table_once_and_cap_deals_at_once(
    postgres: Callable[[], str], tmp_path: Path
) -> None:
    """Two services on one PostgreSQL, both sweeping at the same moment: the table expires
    once and its person is told once; twelve deals at once from one address make ten."""
    url = postgres()
    now = [T0]
    async with AsyncExitStack() as stack:
        one, two = [
            await open_lobby(stack, Settings(db_url=url, key_file=tmp_path / "key"), now)
            for _ in range(2)
        ]
        two.hub.notices.enabled = True
        ann = await one.client("Ann", "10.0.0.1")
        await mailed_at_a_games_end(one.hub.notices, one.ids["Ann"])
        table_id = (await deal(ann))["table"]["id"]
        now[0] = T0 + WHILE
        swept = await asyncio.gather(one.hub.expire_waiting(), two.hub.expire_waiting())
        assert sorted(swept, key=len) == [[], [table_id]]
        query = select(NotificationRow.person_id, NotificationRow.kind)
        rows = await one.hub.store.database.read(
            lambda session: [tuple(r) for r in session.execute(query)]
        )
        assert rows == [(one.ids["Ann"], "game_over")]
        bob = await two.client("Bob", "10.0.0.3")
        made = await asyncio.gather(*(bob.post("/api/tables", json=table()) for _ in range(12)))
        assert sorted(r.status_code for r in made) == [201] * 10 + [429] * 2  # Bob's own cap


async def test_a_waiting_table_no_person_sits_at_expires_after_an_hour(lobby: Lobby) -> None:
    """Dealt with no one seated (a client with no identity deals such tables by the dozen,
    and they held its address's cap of waiting tables the whole while)."""
    ann = await lobby.client("Ann", "10.0.0.1")
    empty = (await deal(ann, table(sit=None)))["table"]["id"]
    sat = (await deal(ann))["table"]["id"]
    assert await lobby.expire(T0 + EMPTY_SECONDS - 1) == []
    assert await lobby.expire(T0 + EMPTY_SECONDS) == [empty]
    assert await lobby.expire(T0 + WHILE - 1) == []
    assert await lobby.expire(T0 + WHILE) == [sat]


async def test_the_dealing_address_is_kept_only_while_the_table_waits(lobby: Lobby) -> None:
    """A client's address is personal data: the cap needs it only while the table waits."""
    ann = await lobby.client("Ann", "10.0.0.1")
    bob = await lobby.client("Bob", "10.0.0.2")
    cy = await lobby.client("Cy", "10.0.0.3")
    made = await deal(ann)
    started, tokens = made["table"]["id"], [i["token"] for i in made["invites"]]
    expiring = (await deal(ann))["table"]["id"]

    async def dealt_from(table_id: str) -> str | None:
        row = await lobby.hub.store.table(table_id)
        assert row is not None
        return row.created_from

    assert [await dealt_from(t) for t in (started, expiring)] == ["10.0.0.1", "10.0.0.1"]
    for person, token in zip((bob, cy), tokens, strict=True):
        joined = await person.post(f"/api/tables/{started}/join", json={"token": token})
        assert joined.is_success, joined.text
    assert (await ann.get(f"/api/tables/{started}")).json()["status"] == "playing"
    assert await dealt_from(started) is None
    assert await lobby.expire(T0 + WHILE) == [expiring]
    assert await dealt_from(expiring) is None


async def test_with_an_expiry_of_0_no_waiting_table_expires(tmp_path: Path) -> None:
    """``--waiting-expiry 0``: never, not even a table no person sits at."""
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "key",
        waiting_expiry_hours=0,
    )  # fmt: skip
    async with AsyncExitStack() as stack:
        lobby = await open_lobby(stack, settings, [T0])
        ann = await lobby.client("Ann", "10.0.0.1")
        tables = [(await deal(ann, body))["table"]["id"] for body in (table(sit=None), table())]
        assert await lobby.expire(T0 + 100 * WHILE) == []
        assert [await status(ann, t) for t in tables] == ["waiting", "waiting"]
        # Asked of one table, as another sweep's due list could: no while, never idle.
        assert lobby.hub.expiry is not None
        assert await lobby.hub.expiry.expire(tables[0]) is False
        assert await status(ann, tables[0]) == "waiting"
