"""Accepts of one invitation racing in one process on SQLite (review of issue #36): the
loser is a 409 naming the invitation, never a 500, and no invitation is left accepted
without its seat taken."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from sleuth.server.app import create_app
from sleuth.server.invites import Invitations
from sleuth.server.models import InvitationRow
from sleuth.server.owner import TableOwner
from sleuth.server.settings import Settings

from .test_invites import TWO
from .test_mail import PASSWORD


@asynccontextmanager
async def running(tmp_path: Path) -> AsyncIterator[FastAPI]:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "key")
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        yield app


def browser(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app),
        base_url="http://testserver",
        headers={"origin": "http://testserver"},
    )


async def invited(ann: httpx.AsyncClient, bob: httpx.AsyncClient) -> tuple[str, int]:
    """Ann's two-seat table, Ann at seat 0 and Bob invited to seat 1."""
    for client, name in ((ann, "Ann"), (bob, "Bob")):
        made = await client.post("/api/account", json={"name": name, "password": PASSWORD})
        assert made.status_code == 201, made.text
    table = (await ann.post("/api/tables", json=TWO)).json()["table"]["id"]
    sent = await ann.post(f"/api/tables/{table}/seats/1/invite-account", json={"name": "Bob"})
    assert sent.status_code == 201, sent.text
    return str(table), int(sent.json()["id"])


async def state_of(app: FastAPI, number: int) -> str:
    database = app.state.services.hub.notices.database
    row = await database.read(lambda session: session.get(InvitationRow, number))
    return str(row.state)


async def test_an_accept_that_read_the_invitation_before_another_took_the_seat_is_a_409(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second accept reads the open invitation, then waits until the first has seated
    Bob (and so begun the game) before it goes on: it finds the game begun."""
    async with running(tmp_path) as app, browser(app) as ann, browser(app) as bob:
        table, number = await invited(ann, bob)
        first_done = asyncio.Event()
        late: list[asyncio.Task[Any] | None] = [None]
        find = Invitations.find

        async def held_find(self: Invitations, invitation_id: int, person_id: str) -> Any:
            row = await find(self, invitation_id, person_id)
            if asyncio.current_task() is late[0]:
                await first_done.wait()
            return row

        monkeypatch.setattr(Invitations, "find", held_find)

        async def first() -> httpx.Response:
            try:
                return await bob.post(f"/api/invitations/{number}/accept")
            finally:
                first_done.set()

        early = asyncio.create_task(first())
        second = late[0] = asyncio.create_task(bob.post(f"/api/invitations/{number}/accept"))
        answers = await asyncio.gather(early, second)
        assert [a.status_code for a in answers] == [200, 409], [a.text for a in answers]
        assert answers[1].json()["detail"] == f"invitation {number} is accepted already"
        assert await state_of(app, number) == "accepted"
        seats = (await ann.get(f"/api/tables/{table}")).json()["seats"]
        assert [s["name"] for s in seats] == ["Ann", "Bob"]


async def test_concurrent_accepts_seat_once(tmp_path: Path) -> None:
    async with running(tmp_path) as app, browser(app) as ann, browser(app) as bob:
        table, number = await invited(ann, bob)
        answers = await asyncio.gather(
            *(bob.post(f"/api/invitations/{number}/accept") for _ in range(4))
        )
        assert sorted(a.status_code for a in answers) == [200, 409, 409, 409]
        for refused in (a for a in answers if a.status_code == 409):
            assert refused.json()["detail"] == f"invitation {number} is accepted already"
        assert await state_of(app, number) == "accepted"
        seats = (await ann.get(f"/api/tables/{table}")).json()["seats"]
        assert [s["name"] for s in seats] == ["Ann", "Bob"]


async def test_an_accept_whose_seating_fails_leaves_the_invitation_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure after the invitation was marked accepted undoes the mark: it is open again
    (not accepted without a seat), and accepting it later seats its invitee."""
    async with running(tmp_path) as app, browser(app) as ann, browser(app) as bob:
        table, number = await invited(ann, bob)
        take_seat: Callable[..., Awaitable[str]] = TableOwner.take_seat

        async def broken(self: TableOwner, *args: Any, **kwargs: Any) -> str:
            raise OSError("disk full")

        monkeypatch.setattr(TableOwner, "take_seat", broken)
        with pytest.raises(OSError, match="disk full"):
            await bob.post(f"/api/invitations/{number}/accept")
        assert await state_of(app, number) == "open"
        monkeypatch.setattr(TableOwner, "take_seat", take_seat)
        again = await bob.post(f"/api/invitations/{number}/accept")
        assert again.status_code == 200, again.text
        seats = (await ann.get(f"/api/tables/{table}")).json()["seats"]
        assert [s["name"] for s in seats] == ["Ann", "Bob"]
