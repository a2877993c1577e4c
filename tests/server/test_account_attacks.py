"""An account's sessions as an attacker holding one sees them: a session that ends (signed
out, ended from another browser, by a password change, the account deleted, the browser's
identity forgotten) takes its open play channels with it, and a session alone cannot add a
passkey that outlives a password change."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from support.game_cases import kit_for

from .client import Person, SeatClient, closed_code
from .conftest import Server

SHORT = kit_for(lambda cases: cases.fronts.short).name
PASSWORD = "correct horse battery"
SIGNED_OUT = 4401


def device(server: Server) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=server.http, timeout=30)


async def end_by(way: str, laptop: httpx.AsyncClient, phone: httpx.AsyncClient) -> None:
    """End the phone's session the given way (the laptop is the account's other browser)."""
    if way == "password":
        body = {"password": PASSWORD, "new_password": "a new secret"}
        answer = await laptop.post("/api/account/password", json=body)
    elif way == "sign-out":
        answer = await phone.post("/api/account/sign-out")
    elif way == "ended-from-the-list":
        listed = (await laptop.get("/api/account/sessions")).json()
        other = next(s["id"] for s in listed if not s["current"])
        answer = await laptop.delete(f"/api/account/sessions/{other}")
    elif way == "forgotten":
        answer = await phone.delete("/api/people/me")
    else:
        answer = await laptop.request("DELETE", "/api/account", json={"password": PASSWORD})
    assert answer.status_code == 200, answer.text


@pytest.mark.parametrize(
    "way", ["password", "sign-out", "ended-from-the-list", "forgotten", "account-deleted"]
)
async def test_a_session_that_ends_closes_the_channels_it_opened(launch: Any, way: str) -> None:
    server: Server = launch()
    async with Person(server.http, "Ann") as ann, Person(server.http, "Hal") as hal:
        signed_up = await ann.client.post(
            "/api/account", json={"name": "Ann", "password": PASSWORD}
        )
        assert signed_up.status_code == 201
        created = await ann.post(
            "/api/tables",
            {"game": SHORT, "players": 2, "sit": 0, "seats": [{"kind": "person"}] * 2},
        )
        table = created["table"]["id"]
        invite = next(i["token"] for i in created["invites"] if i["seat"] == 1)
        async with device(server) as phone:
            signed_in = await phone.post(
                "/api/account/sign-in", json={"name": "Ann", "password": PASSWORD}
            )
            assert signed_in.status_code == 200
            channel = SeatClient(server.ws, table, 0, cookie=str(phone.cookies["sleuth_id"]))
            await channel.connect()
            assert (await channel.recv())["type"] == "state"
            await channel.send({"type": "ping"})
            await channel.until("pong")  # every frame sent before the ending is read
            seen = len(channel.frames)

            await end_by(way, ann.client, phone)
            # The game starts: every channel still open at seat 0 would get its state.
            await hal.post(f"/api/tables/{table}/join", {"token": invite})
            assert (await hal.get(f"/api/tables/{table}"))["status"] == "playing"

            assert await closed_code(channel) == SIGNED_OUT
            assert channel.frames[seen:] == []
