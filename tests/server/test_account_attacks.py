"""An account's sessions as an attacker holding one sees them: a session that ends (signed
out, ended from another browser, by a password change, the account deleted, the browser's
identity forgotten) takes its open play channels with it, and a session alone cannot add a
passkey that outlives a password change."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from support.game_cases import kit_for

from .client import Person, SeatClient, closed_code
from .conftest import Server
from .soft_passkey import SoftPasskey

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


# Each way with the account that ends a session that way: one server for them all (a
# server each cost a few seconds of starting), an account each.
ENDINGS = {
    "password": "Ann",
    "sign-out": "Ada",
    "ended-from-the-list": "Amy",
    "forgotten": "Ava",
    "account-deleted": "Ivy",
}


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("account-attacks")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


@pytest.mark.parametrize("way", list(ENDINGS))
async def test_a_session_that_ends_closes_the_channels_it_opened(shared: Server, way: str) -> None:
    server, name = shared, ENDINGS[way]
    async with Person(server.http, name) as ann, Person(server.http, "Hal") as hal:
        signed_up = await ann.client.post("/api/account", json={"name": name, "password": PASSWORD})
        assert signed_up.status_code == 201
        created = await ann.post(
            "/api/tables",
            # No sheet: its frame, worked out in the background, could come from before the
            # ending at any moment, and the test reads every frame after it.
            {
                "game": SHORT,
                "players": 2,
                "sit": 0,
                "sheet": "off",
                "seats": [{"kind": "person"}] * 2,
            },
        )
        table = created["table"]["id"]
        invite = next(i["token"] for i in created["invites"] if i["seat"] == 1)
        async with device(server) as phone:
            signed_in = await phone.post(
                "/api/account/sign-in", json={"name": name, "password": PASSWORD}
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


async def add_passkey(client: httpx.AsyncClient, passkey: SoftPasskey, body: Any) -> int:
    """Ask for the options with ``body``, answer them: the status of the first refusal."""
    options = await client.post("/api/account/passkeys/register/options", json=body)
    if options.status_code != 200:
        return options.status_code
    answer = passkey.create(options.json())
    added = await client.post("/api/account/passkeys/register", json={"credential": answer})
    return added.status_code


async def passkey_sign_in(server: Server, passkey: SoftPasskey) -> int:
    async with device(server) as anywhere:
        options = await anywhere.post("/api/account/passkeys/sign-in/options", json={})
        answer = passkey.get(options.json())
        signed = await anywhere.post("/api/account/passkeys/sign-in", json={"credential": answer})
        return signed.status_code


async def test_an_old_session_alone_cannot_add_a_passkey(launch: Any) -> None:
    server: Server = launch()
    async with device(server) as owner, device(server) as thief:
        await owner.post("/api/account", json={"name": "Ann", "password": PASSWORD})
        # The session began an hour ago (the cookie left open on a shared computer).
        with sqlite3.connect(server.db.removeprefix("sqlite:///")) as database:
            database.execute("UPDATE account_sessions SET created_at = created_at - 3600")
        thief.cookies.set("sleuth_id", str(owner.cookies["sleuth_id"]))
        passkey = SoftPasskey(server.http)

        refused = await thief.post("/api/account/passkeys/register/options", json={})
        assert (refused.status_code, refused.json()) == (
            403,
            {
                "detail": "adding a passkey needs the account's password, or a sign-in on this "
                "browser in the last 10 minutes",
                "problem": "password_needed",
                "template": "adding a passkey needs the account's password, or a sign-in on "
                "this browser in the last %(minutes)s minutes",
                "values": {"minutes": 10},
            },
        )
        wrong = await thief.post("/api/account/passkeys/register/options", json={"password": "no"})
        assert (wrong.status_code, wrong.json()) == (403, {"detail": "wrong password"})
        assert (await owner.get("/api/account/passkeys")).json() == []
        # The password proves it: the owner adds one from the same old session.
        assert await add_passkey(owner, passkey, {"password": PASSWORD}) == 201
        assert [k["id"] for k in (await owner.get("/api/account/passkeys")).json()] == [passkey.id]


async def test_a_password_change_removes_the_passkeys_a_thief_added(launch: Any) -> None:
    server: Server = launch()
    async with device(server) as owner, device(server) as thief:
        await owner.post("/api/account", json={"name": "Ann", "password": PASSWORD})
        thief.cookies.set("sleuth_id", str(owner.cookies["sleuth_id"]))
        stolen = SoftPasskey(server.http)
        assert await add_passkey(thief, stolen, {}) == 201  # a fresh session may

        body = {"password": PASSWORD, "new_password": "another secret"}
        changed = await owner.post("/api/account/password", json=body)
        assert (changed.status_code, changed.json()) == (
            200,
            {"passkeys_removed": 1, "passkeys_left": 0},
        )
        assert await passkey_sign_in(server, stolen) == 401
        assert (await owner.get("/api/account/passkeys")).json() == []

        # Kept when asked: the answer says how many still sign in.
        own = SoftPasskey(server.http)
        assert await add_passkey(owner, own, {"password": "another secret"}) == 201
        keep: dict[str, Any] = {"password": "another secret", "new_password": PASSWORD}
        kept = await owner.post("/api/account/password", json=keep | {"remove_passkeys": False})
        assert kept.json() == {"passkeys_removed": 0, "passkeys_left": 1}
        assert await passkey_sign_in(server, own) == 200


async def test_a_passkey_added_twice_or_too_long_is_refused_by_name(launch: Any) -> None:
    server: Server = launch()
    async with device(server) as ann, device(server) as bob:
        await ann.post("/api/account", json={"name": "Ann", "password": PASSWORD})
        await bob.post("/api/account", json={"name": "Bob", "password": PASSWORD})
        passkey = SoftPasskey(server.http)
        assert await add_passkey(ann, passkey, {}) == 201
        taken = {
            "detail": "this passkey is added to an account already",
            "problem": "passkey_taken",
            "template": "this passkey is added to an account already",
            "values": {},
        }
        for client in (ann, bob):  # the same credential again, with a challenge of its own
            options = await client.post("/api/account/passkeys/register/options", json={})
            answer = passkey.create(options.json())
            again = await client.post("/api/account/passkeys/register", json={"credential": answer})
            assert (again.status_code, again.json()) == (409, taken)
        assert [k["id"] for k in (await ann.get("/api/account/passkeys")).json()] == [passkey.id]
        assert (await bob.get("/api/account/passkeys")).json() == []

        # 301 bytes: 402 characters of base64url, past the column's 400.
        long = SoftPasskey(server.http, credential_id=bytes(301))
        options = await bob.post("/api/account/passkeys/register/options", json={})
        answer = long.create(options.json())
        refused = await bob.post("/api/account/passkeys/register", json={"credential": answer})
        assert (refused.status_code, refused.json()) == (
            400,
            {
                "detail": "a passkey's id is at most 400 bytes",
                "problem": "passkey_id_too_long",
                "template": "a passkey's id is at most %(bytes)s bytes",
                "values": {"bytes": 400},
            },
        )
        assert (await bob.get("/api/account/passkeys")).json() == []
        # The challenge was not spent on it: a passkey of a fitting id still answers it.
        fitting = SoftPasskey(server.http).create(options.json())
        added = await bob.post("/api/account/passkeys/register", json={"credential": fitting})
        assert added.status_code == 201


async def test_an_account_name_with_an_invisible_character_or_too_long_a_key_is_refused(
    launch: Any,
) -> None:
    server: Server = launch()
    async with device(server) as client:
        # U+FDFA is one character that NFKC writes out as 18: nine of them make 162.
        for name, problem in (
            ("Ann\u200b", "an account's name may not hold an invisible character (U+200B)"),
            ("\u2066Ann", "an account's name may not hold an invisible character (U+2066)"),
            (
                "\ufdfa" * 9,
                "this name is too long once its characters are written out: at most 160",
            ),
        ):
            refused = await client.post("/api/account", json={"name": name, "password": PASSWORD})
            assert (refused.status_code, refused.json()["detail"]) == (400, problem)
            assert refused.json()["problem"] == "bad_name"
        assert (await client.get("/api/people/session")).json() == {"person": None, "account": None}
        assert "sleuth_id" not in client.cookies
        fits = await client.post("/api/account", json={"name": "\ufdfa" * 8, "password": PASSWORD})
        assert fits.status_code == 201


async def test_forgetting_the_browser_ends_its_session(launch: Any) -> None:
    server: Server = launch()
    async with device(server) as laptop, device(server) as phone, device(server) as old:
        await laptop.post("/api/account", json={"name": "Ann", "password": PASSWORD})
        signed_in = await phone.post(
            "/api/account/sign-in", json={"name": "Ann", "password": PASSWORD}
        )
        assert signed_in.status_code == 200
        cookie = str(phone.cookies["sleuth_id"])
        assert (await phone.delete("/api/people/me")).status_code == 200
        listed = (await laptop.get("/api/account/sessions")).json()
        assert [s["current"] for s in listed] == [True]
        old.cookies.set("sleuth_id", cookie)  # the forgotten cookie, kept by someone
        assert (await old.get("/api/account")).status_code == 401


async def test_the_export_is_counted_as_records_read(launch: Any) -> None:
    server: Server = launch(extra=("--max-record-reads", "2/minute"))
    async with device(server) as laptop:
        await laptop.post("/api/account", json={"name": "Ann", "password": PASSWORD})
        assert [(await laptop.get("/api/account/export")).status_code for _ in range(3)] == [
            200,
            200,
            429,
        ]


async def test_a_passkey_sign_in_ends_the_browsers_session_before(launch: Any) -> None:
    server: Server = launch()
    async with device(server) as laptop, device(server) as old:
        await laptop.post("/api/account", json={"name": "Ann", "password": PASSWORD})
        passkey = SoftPasskey(server.http)
        assert await add_passkey(laptop, passkey, {}) == 201
        before = str(laptop.cookies["sleuth_id"])
        options = await laptop.post("/api/account/passkeys/sign-in/options", json={})
        answer = passkey.get(options.json())
        signed = await laptop.post("/api/account/passkeys/sign-in", json={"credential": answer})
        assert signed.status_code == 200
        assert str(laptop.cookies["sleuth_id"]) != before
        assert len((await laptop.get("/api/account/sessions")).json()) == 1
        old.cookies.set("sleuth_id", before)
        assert (await old.get("/api/account")).status_code == 401
