"""Accounts over real servers: a guest signs up and keeps their tables, a second browser
signs in as the same person, sessions are listed and ended, the password changed, the
account deleted (its finished games kept under "deleted player") and its games exported;
and every refusal: a wrong name or password (one answer for both), a taken name, inputs
out of bounds, too many attempts, a request from another site."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from support.game_cases import kit_for

from .client import Person
from .conftest import Server
from .test_access import finished_game_of_two

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
TABLE = {"game": EXAMPLE, "players": 3, "sit": 0, "seats": [{"kind": "person"}] * 3}
PASSWORD = "correct horse battery"
WRONG = {"detail": "wrong name or password"}
EVIL = {"Origin": "https://evil.example"}


def device(server: Server) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=server.http, timeout=30)


async def sign_in(client: httpx.AsyncClient, name: str, password: str) -> httpx.Response:
    return await client.post("/api/account/sign-in", json={"name": name, "password": password})


async def table_ids(client: httpx.AsyncClient) -> list[str]:
    answer = await client.get("/api/tables/mine")
    answer.raise_for_status()
    return [mine["table"]["id"] for mine in answer.json()]


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
async def test_a_guest_signs_up_and_a_second_device_is_the_same_person(
    launch: Any, postgres: Callable[[], str], database: str
) -> None:
    server: Server = launch(db=postgres() if database == "postgres" else None)
    async with Person(server.http, "Ann") as ann, device(server) as phone:
        guest = await ann.get("/api/people/me")
        table = (await ann.post("/api/tables", TABLE))["table"]["id"]
        guest_cookie = ann.cookie
        signed_up = await ann.client.post(
            "/api/account",
            json={"name": "Ann", "password": PASSWORD},
            headers={"User-Agent": "laptop"},
        )
        assert signed_up.status_code == 201
        assert signed_up.json() == {"id": guest["id"], "name": "Ann", "account": "Ann"}
        # The guest's cookie was replaced by a session's: the old one opens nobody now.
        assert ann.cookie != guest_cookie
        async with device(server) as old:
            old.cookies.set("sleuth_id", guest_cookie)
            assert (await old.get("/api/people/session")).json() == {
                "person": None,
                "account": None,
            }

        signed_in = await phone.post(
            "/api/account/sign-in",
            json={"name": "ann", "password": PASSWORD},  # names compare without case
            headers={"User-Agent": "phone"},
        )
        assert signed_in.json() == {"id": guest["id"], "name": "Ann", "account": "Ann"}
        assert await table_ids(phone) == await table_ids(ann.client) == [table]

        listed = (await phone.get("/api/account/sessions")).json()
        assert [(s["device"], s["current"]) for s in listed] == [("laptop", False), ("phone", True)]
        laptop = listed[0]["id"]
        assert (await phone.delete(f"/api/account/sessions/{laptop}")).status_code == 200
        assert (await ann.client.get("/api/account")).status_code == 401
        assert (await ann.client.get("/api/people/session")).json() == {
            "person": None,
            "account": None,
        }
        again = await phone.delete(f"/api/account/sessions/{laptop}")
        assert again.status_code == 404
        assert again.json() == {"detail": f"no session {laptop!r} of this account"}

        assert (await phone.post("/api/account/sign-out")).status_code == 200
        assert (await phone.get("/api/account")).json() == {
            "detail": "not signed in: sign up or sign in first"
        }
        assert "sleuth_id" not in phone.cookies


async def test_a_wrong_name_or_password_gets_one_answer_and_bad_inputs_are_named(
    launch: Any,
) -> None:
    server: Server = launch()
    async with device(server) as first, device(server) as other:
        made = await first.post("/api/account", json={"name": "Bob", "password": PASSWORD})
        assert made.status_code == 201
        wrong_password = await sign_in(other, "Bob", "not the password")
        no_such_name = await sign_in(other, "Rob", PASSWORD)
        assert (wrong_password.status_code, wrong_password.json()) == (401, WRONG)
        assert (no_such_name.status_code, no_such_name.json()) == (401, WRONG)
        assert "sleuth_id" not in other.cookies

        taken = await other.post("/api/account", json={"name": " BOB ", "password": PASSWORD})
        assert (taken.status_code, taken.json()) == (
            409,
            {"detail": "the name 'BOB' is taken: choose another"},
        )
        twice = await first.post("/api/account", json={"name": "Bobby", "password": PASSWORD})
        assert (twice.status_code, twice.json()) == (
            409,
            {"detail": "this browser is signed in to an account already"},
        )
        for body, where, kind in (
            ({"name": "x" * 41, "password": PASSWORD}, "name", "string_too_long"),
            ({"name": "   ", "password": PASSWORD}, "name", "string_too_short"),
            ({"name": "Cy", "password": ""}, "password", "string_too_short"),
            ({"name": "Cy", "password": "seven77"}, "password", "string_too_short"),
            ({"name": "Cy", "password": "p" * 201}, "password", "string_too_long"),
        ):
            refused = await other.post("/api/account", json=body)
            assert refused.status_code == 422, body
            detail = refused.json()["detail"]
            assert [(d["loc"], d["type"]) for d in detail] == [(["body", where], kind)]
        long_sign_in = await sign_in(other, "Bob", "p" * 201)
        assert long_sign_in.status_code == 422
        assert [d["loc"] for d in long_sign_in.json()["detail"]] == [["body", "password"]]
        # Nothing of the refused sign-ups was made.
        assert (await sign_in(other, "Cy", PASSWORD)).json() == WRONG
        # Signing in again ends the browser's session before: one session, the new one.
        before = (await first.get("/api/account/sessions")).json()
        assert (await sign_in(first, "bob", PASSWORD)).status_code == 200
        after = (await first.get("/api/account/sessions")).json()
        assert [(s["current"], s["id"] == before[0]["id"]) for s in after] == [(True, False)]


async def test_sign_in_attempts_are_limited_per_account_and_per_address(launch: Any) -> None:
    limits = ("--max-sign-ins-per-account", "3/minute", "--max-sign-ins-per-address", "5/minute")
    server: Server = launch(extra=limits)
    async with device(server) as client:
        made = await client.post("/api/account", json={"name": "Cy", "password": PASSWORD})
        assert made.status_code == 201  # the address's first attempt
        statuses = [(await sign_in(client, "Cy", "guess")).status_code for _ in range(3)]
        assert statuses == [401, 401, 401]
        # The account's fourth in a minute is refused, the right password too.
        refused = await sign_in(client, "Cy", PASSWORD)
        assert refused.status_code == 429
        wait = int(refused.headers["retry-after"])
        assert 1 <= wait <= 60
        assert refused.json() == {"detail": f"too many sign-in attempts: try again in {wait} s"}
        # The address has made 4 counted attempts: a fifth at another name, then no more.
        assert (await sign_in(client, "Dee", PASSWORD)).status_code == 401
        by_address = await sign_in(client, "Eve", PASSWORD)
        assert by_address.status_code == 429
        assert by_address.json()["detail"].startswith("too many sign-in attempts: try again in")


async def test_requests_from_another_site_change_nothing(launch: Any) -> None:
    server: Server = launch()
    async with device(server) as client, device(server) as other:
        made = await client.post("/api/account", json={"name": "Dan", "password": PASSWORD})
        assert made.status_code == 201
        words = "this Origin may not use the service"
        forbidden = {"detail": words, "problem": "origin", "template": words, "values": {}}
        for method, path, body in (
            ("POST", "/api/account", {"name": "Zed", "password": PASSWORD}),
            ("POST", "/api/account/sign-in", {"name": "Dan", "password": PASSWORD}),
            ("POST", "/api/account/sign-out", None),
            ("POST", "/api/account/password", {"password": PASSWORD, "new_password": "x" * 9}),
            ("DELETE", "/api/account", {"password": PASSWORD}),
        ):
            answer = await client.request(method, path, json=body, headers=EVIL)
            assert (answer.status_code, answer.json()) == (403, forbidden), path
        sessions = (await client.get("/api/account/sessions")).json()
        answer = await client.delete(f"/api/account/sessions/{sessions[0]['id']}", headers=EVIL)
        assert answer.status_code == 403
        # Still signed in, with the same password, one session; and no Zed.
        assert (await client.get("/api/account")).json()["account"] == "Dan"
        assert len((await client.get("/api/account/sessions")).json()) == 1
        assert (await sign_in(other, "Dan", PASSWORD)).status_code == 200
        assert (await sign_in(other, "Zed", PASSWORD)).json() == WRONG
        # This server's own page may post (Origin equal to Host).
        same = {"Origin": server.http}
        assert (await other.post("/api/account/sign-out", headers=same)).status_code == 200


async def test_changing_the_password_signs_out_the_other_devices(launch: Any) -> None:
    server: Server = launch()
    async with device(server) as laptop, device(server) as phone, device(server) as third:
        await laptop.post("/api/account", json={"name": "Fay", "password": PASSWORD})
        assert (await sign_in(phone, "Fay", PASSWORD)).status_code == 200
        body = {"password": "not it", "new_password": "a new secret"}
        refused = await laptop.post("/api/account/password", json=body)
        assert (refused.status_code, refused.json()) == (403, {"detail": "wrong password"})
        assert (await phone.get("/api/account")).status_code == 200
        body = {"password": PASSWORD, "new_password": "a new secret"}
        assert (await laptop.post("/api/account/password", json=body)).status_code == 200
        assert (await phone.get("/api/account")).status_code == 401
        assert (await laptop.get("/api/account")).json()["account"] == "Fay"
        assert (await sign_in(third, "Fay", PASSWORD)).json() == WRONG
        assert (await sign_in(third, "Fay", "a new secret")).status_code == 200


async def test_a_deleted_account_leaves_its_finished_games_to_a_deleted_player(
    launch: Any,
) -> None:
    server: Server = launch()
    async with Person(server.http, "Gil") as gil, Person(server.http, "Hal") as hal:
        table, _ = await finished_game_of_two(server, gil, hal)
        guest = await gil.get("/api/people/me")
        await gil.post("/api/account", {"name": "Gil", "password": PASSWORD})
        exported = await gil.client.get("/api/account/export")
        assert exported.headers["content-disposition"] == (
            f'attachment; filename="sleuth-games-{guest["id"]}.json"'
        )
        games = exported.json()
        record = await gil.get(f"/api/tables/{table}/record")
        assert games == {
            "name": "Gil",
            "games": [
                {"table": table, "game": kit_for(lambda c: c.fronts.short).name, "seat": 0}
                | {"record": record}
            ],
        }
        verified = await gil.post(
            "/api/records/verify",
            {"record": record["record"], "signature": record["signature"]["value"]},
        )
        assert verified == {"valid": True}

        wrong = await gil.client.request("DELETE", "/api/account", json={"password": "no"})
        assert (wrong.status_code, wrong.json()) == (403, {"detail": "wrong password"})
        gone = await gil.client.request("DELETE", "/api/account", json={"password": PASSWORD})
        assert gone.status_code == 200
        assert (await gil.client.get("/api/people/session")).json() == {
            "person": None,
            "account": None,
        }
        names = [s["name"] for s in (await hal.get(f"/api/tables/{table}"))["seats"]]
        assert names == ["deleted player", "Hal"]
        assert (await hal.get(f"/api/tables/{table}/record")) == record
        async with device(server) as other:
            assert (await sign_in(other, "Gil", PASSWORD)).json() == WRONG
            # The name is free again.
            again = await other.post("/api/account", json={"name": "Gil", "password": PASSWORD})
            assert again.status_code == 201
            assert again.json()["id"] != guest["id"]
