"""Passkeys over a real server, answered by a passkey in software: an account adds one, a
second browser signs in with it (no password) and sees the same tables; an answer used
twice, an unknown passkey, an answer for another origin, garbage and a removed passkey all
get the one plain refusal; a guest cannot add one; another site cannot ask."""

from __future__ import annotations

from typing import Any

import httpx

from support.game_cases import kit_for

from .conftest import Server
from .soft_passkey import SoftPasskey

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
TABLE = {"game": EXAMPLE, "players": 3, "sit": 0, "seats": [{"kind": "person"}] * 3}
PASSWORD = "correct horse battery"
REFUSED = {"detail": "the passkey was not accepted"}


async def options(client: httpx.AsyncClient, path: str) -> Any:
    answer = await client.post(f"/api/account/passkeys/{path}/options", json={})
    assert answer.status_code == 200, answer.text
    return answer.json()


async def sign_in_with(client: httpx.AsyncClient, passkey: SoftPasskey) -> httpx.Response:
    answer = passkey.get(await options(client, "sign-in"))
    return await client.post("/api/account/passkeys/sign-in", json={"credential": answer})


async def test_a_passkey_signs_a_second_browser_in_and_every_bad_answer_is_refused(
    launch: Any,
) -> None:
    server: Server = launch()
    new = lambda: httpx.AsyncClient(base_url=server.http, timeout=30)  # noqa: E731
    async with new() as laptop, new() as phone, new() as guest:
        made = await laptop.post("/api/account", json={"name": "Ann", "password": PASSWORD})
        ann = made.json()["id"]
        table = (await laptop.post("/api/tables", json=TABLE)).json()["table"]["id"]
        passkey = SoftPasskey(server.http)
        created = passkey.create(await options(laptop, "register"))
        assert created["response"]["clientDataJSON"]  # the software passkey answered
        added = await laptop.post(
            "/api/account/passkeys/register",
            json={"credential": created},
            headers={"User-Agent": "laptop"},
        )
        assert added.status_code == 201
        assert {k: v for k, v in added.json().items() if k != "created_at"} == {
            "id": passkey.id,
            "device": "laptop",
        }
        again = await laptop.post("/api/account/passkeys/register", json={"credential": created})
        assert (again.status_code, again.json()) == (
            400,
            {"detail": "no such challenge, or it was used or is too old"},
        )
        assert [k["id"] for k in (await laptop.get("/api/account/passkeys")).json()] == [passkey.id]

        signed = await sign_in_with(phone, passkey)
        assert signed.json() == {"id": ann, "name": "Ann", "account": "Ann"}
        mine = (await phone.get("/api/tables/mine")).json()
        assert [m["table"]["id"] for m in mine] == [table]

        # The same answer twice, a passkey nobody added, an answer for another site, garbage.
        replayed = passkey.get(await options(guest, "sign-in"))
        first = await guest.post("/api/account/passkeys/sign-in", json={"credential": replayed})
        assert first.status_code == 200
        guest.cookies.clear()
        second = await guest.post("/api/account/passkeys/sign-in", json={"credential": replayed})
        stranger = await sign_in_with(guest, SoftPasskey(server.http))
        elsewhere = SoftPasskey("https://evil.example", passkey.key, passkey.credential_id)
        elsewhere.user_handle, elsewhere.count = passkey.user_handle, passkey.count
        other_site = await sign_in_with(guest, elsewhere)
        garbage = await guest.post("/api/account/passkeys/sign-in", json={"credential": {}})
        for refused in (second, stranger, other_site, garbage):
            assert (refused.status_code, refused.json()) == (401, REFUSED)
        assert "sleuth_id" not in guest.cookies

        await guest.post("/api/people", json={"name": "Gus"})
        not_signed_in = await guest.post("/api/account/passkeys/register/options", json={})
        assert (not_signed_in.status_code, not_signed_in.json()) == (
            401,
            {"detail": "not signed in: sign up or sign in first"},
        )
        evil = {"Origin": "https://evil.example"}
        cross = await guest.post("/api/account/passkeys/sign-in/options", json={}, headers=evil)
        words = "this Origin may not use the service"
        assert (cross.status_code, cross.json()) == (
            403,
            {"detail": words, "problem": "origin", "template": words, "values": {}},
        )

        removed = await laptop.delete(f"/api/account/passkeys/{passkey.id}")
        assert removed.status_code == 200
        assert (await laptop.get("/api/account/passkeys")).json() == []
        async with new() as late:
            gone = await sign_in_with(late, passkey)
            assert (gone.status_code, gone.json()) == (401, REFUSED)
