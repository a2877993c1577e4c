"""Passwords are hashed at the costs the operator names (``sleuth serve --password-cost``,
OWASP's by default: RFC 9106's use more CPU than 20 sign-ins a second leave the tables), in
processes of their own at the lowest priority; a hash made at other costs is made again at
these when its person signs in, and never over a password changed meanwhile."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher, extract_parameters
from fastapi.testclient import TestClient

from sleuth.server.accounts import Accounts
from sleuth.server.app import create_app
from sleuth.server.db import open_database
from sleuth.server.hashing import (
    HASHING_PROCESSES,
    MOST_WAITING,
    Passwords,
    PasswordsBusy,
    hasher_for,
)
from sleuth.server.settings import PASSWORD_COSTS, PasswordCost, Settings
from sleuth.server.store import Store

from .conftest import Server

PASSWORD = "correct horse battery"
OWASP = (7168, 5, 1)  # memory (KiB), passes, lanes: the least memory of OWASP's five
RFC9106 = (65536, 3, 4)


def costs_of(hashed: str) -> tuple[int, int, int]:
    made = extract_parameters(hashed)
    return made.memory_cost, made.time_cost, made.parallelism


def test_the_costs_by_name_and_owasps_by_default() -> None:
    assert {
        "owasp": PasswordCost(memory_kib=7168, time_cost=5, parallelism=1),
        "owasp-19mib": PasswordCost(memory_kib=19456, time_cost=2, parallelism=1),
        "rfc9106": PasswordCost(memory_kib=65536, time_cost=3, parallelism=4),
    } == PASSWORD_COSTS
    assert Settings().password_cost == "owasp"
    assert costs_of(hasher_for("owasp").hash(PASSWORD)) == OWASP
    assert costs_of(hasher_for("owasp-19mib").hash(PASSWORD)) == (19456, 2, 1)
    assert costs_of(hasher_for("rfc9106").hash(PASSWORD)) == RFC9106


async def test_a_hash_at_other_costs_is_outdated_and_the_default_is_owasps() -> None:
    passwords = Passwords()
    try:
        made = await passwords.hash(PASSWORD)
        assert costs_of(made) == OWASP
        assert passwords.outdated(made) is False
        assert passwords.outdated(hasher_for("rfc9106").hash(PASSWORD)) is True
        assert passwords.outdated("not a hash") is False
    finally:
        passwords.close()


def where_and_how_nice(_hasher: PasswordHasher) -> tuple[int, int]:
    """Run by a hashing process in a hash's place: its process id and nice value."""
    return os.getpid(), os.getpriority(os.PRIO_PROCESS, 0)


async def test_hashes_run_in_other_processes_at_nice_19() -> None:
    passwords = Passwords()
    try:
        places = await asyncio.gather(
            *(passwords._in_process(where_and_how_nice) for _ in range(4))
        )
    finally:
        passwords.close()
    assert os.getpid() not in {pid for pid, _ in places}
    assert {nice for _, nice in places} == {19}


async def test_a_dead_hashing_process_refuses_a_password_is_logged_and_replaced(
    caplog: pytest.LogCaptureFixture,
) -> None:
    passwords = Passwords()
    try:
        hashed = await passwords.hash(PASSWORD)
        pid, _ = await passwords._in_process(where_and_how_nice)
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(PasswordsBusy):
            for _ in range(50):  # until the pool notices the death
                await passwords.verify(hashed, PASSWORD)
                await asyncio.sleep(0.1)
        assert "a password hashing process died or did not start: hashed anew" in caplog.messages
        assert await passwords.verify(hashed, PASSWORD) is True
        assert await passwords.verify(hashed, "wrong horse") is False
    finally:
        passwords.close()


async def test_an_upgrade_never_overwrites_a_password_changed_meanwhile(tmp_path: Path) -> None:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'a.db'}"))
    await database.migrate()
    store = Store(database)
    passwords, owasp = Passwords(hasher_for("rfc9106")), Passwords()
    try:
        accounts = Accounts(database, store, passwords)
        ann = await accounts.sign_up(None, "Ann", PASSWORD, "laptop")
        old = await stored_hash(accounts, ann.person_id)
        # Changed on another browser between a sign-in's check and its upgrade.
        await accounts.change_password(ann.person_id, "a new one", ann.secret, False)
        changed = await stored_hash(accounts, ann.person_id)
        accounts.passwords = owasp
        assert await accounts.upgrade(ann.person_id, old, PASSWORD) is False
        assert await stored_hash(accounts, ann.person_id) == changed
        assert await accounts.upgrade(ann.person_id, changed, "a new one") is True
        upgraded = await stored_hash(accounts, ann.person_id)
        assert costs_of(upgraded) == OWASP
        assert await accounts.sign_in("Ann", "a new one", "phone") is not None
        assert await accounts.sign_in("Ann", PASSWORD, "phone") is None
    finally:
        passwords.close()
        owasp.close()
        await database.close()


async def stored_hash(accounts: Accounts, person_id: str) -> str:
    account = await accounts.of(person_id)
    assert account is not None
    return account.password_hash


def hash_in(db_file: Path, name: str) -> str:
    with sqlite3.connect(db_file) as db:
        row = db.execute("SELECT password_hash FROM accounts WHERE name = ?", (name,)).fetchone()
    return str(row[0])


async def sign_up(server: Server, name: str) -> None:
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as client:
        made = await client.post("/api/account", json={"name": name, "password": PASSWORD})
        assert made.status_code == 201, made.text


async def test_the_serve_option_names_the_costs(launch: Any, tmp_path: Path) -> None:
    server: Server = launch(extra=("--password-cost", "rfc9106"))
    await sign_up(server, "Ann")
    assert costs_of(hash_in(tmp_path / "sleuth.db", "Ann")) == RFC9106


async def test_a_hash_of_rfc9106s_costs_is_made_again_at_owasps_at_sign_in(
    launch: Any, tmp_path: Path
) -> None:
    server: Server = launch()
    await sign_up(server, "Ann")
    db_file = tmp_path / "sleuth.db"
    # As stored by an older server, at RFC 9106's costs.
    old = hasher_for("rfc9106").hash(PASSWORD)
    with sqlite3.connect(db_file) as db:
        db.execute("UPDATE accounts SET password_hash = ? WHERE name = 'Ann'", (old,))
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as phone:
        signed = await phone.post(
            "/api/account/sign-in", json={"name": "Ann", "password": PASSWORD}
        )
        assert signed.status_code == 200, signed.text
    new = hash_in(db_file, "Ann")
    assert new != old and costs_of(new) == OWASP
    assert PasswordHasher().verify(new, PASSWORD)
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as laptop:
        again = await laptop.post(
            "/api/account/sign-in", json={"name": "Ann", "password": PASSWORD}
        )
        assert again.status_code == 200, again.text
    assert hash_in(db_file, "Ann") == new  # an up-to-date hash is left as it is


async def take_every_turn(passwords: Passwords) -> None:
    """Every hashing process's turn taken, as by long hashes."""
    for _ in range(HASHING_PROCESSES):
        await passwords._turns.acquire()


def give_every_turn_back(passwords: Passwords) -> None:
    for _ in range(HASHING_PROCESSES):
        passwords._turns.release()


async def test_every_password_within_the_bound_is_hashed_however_long_it_waits() -> None:
    """A second's 20 sign-ins and more, come at once while the processes are busy: each
    waits its turn, none is refused; the one past ``MOST_WAITING`` is refused at once,
    unhashed, and one that comes once the queue is shorter is let in again."""
    passwords = Passwords()
    try:
        hashed = await passwords.hash(PASSWORD)
        await take_every_turn(passwords)
        waiting = [
            asyncio.ensure_future(passwords.verify(hashed, PASSWORD)) for _ in range(MOST_WAITING)
        ]
        await asyncio.sleep(0)  # each runs to its place in the queue
        assert passwords.waiting == MOST_WAITING >= 20
        with pytest.raises(PasswordsBusy):
            await passwords.verify(hashed, PASSWORD)
        assert passwords.waiting == MOST_WAITING  # the refused one never queued
        give_every_turn_back(passwords)
        assert await asyncio.gather(*waiting) == [True] * MOST_WAITING
        assert passwords.waiting == 0
        assert await passwords.verify(hashed, "wrong horse") is False
    finally:
        passwords.close()


async def test_the_bound_counts_only_the_passwords_still_waiting() -> None:
    passwords = Passwords(most_waiting=2)
    try:
        hashed = await passwords.hash(PASSWORD)
        await take_every_turn(passwords)
        first = [asyncio.ensure_future(passwords.verify(hashed, PASSWORD)) for _ in range(2)]
        await asyncio.sleep(0)
        with pytest.raises(PasswordsBusy):
            await passwords.hash(PASSWORD)
        give_every_turn_back(passwords)
        assert await asyncio.gather(*first) == [True, True]
        # The queue emptied: as many may wait again.
        await take_every_turn(passwords)
        second = [asyncio.ensure_future(passwords.verify(hashed, "wrong")) for _ in range(2)]
        await asyncio.sleep(0)
        assert passwords.waiting == 2
        give_every_turn_back(passwords)
        assert await asyncio.gather(*second) == [False, False]
    finally:
        passwords.close()


async def test_a_sign_in_given_up_while_it_waits_leaves_its_place() -> None:
    """A person who closes the page while their password waits: its place is free again
    at once, and a password coming at the bound is let in."""
    passwords = Passwords(most_waiting=1)
    try:
        hashed = await passwords.hash(PASSWORD)
        await take_every_turn(passwords)
        given_up = asyncio.ensure_future(passwords.verify(hashed, PASSWORD))
        await asyncio.sleep(0)
        assert passwords.waiting == 1
        given_up.cancel()
        with pytest.raises(asyncio.CancelledError):
            await given_up
        assert passwords.waiting == 0
        coming = asyncio.ensure_future(passwords.verify(hashed, PASSWORD))
        await asyncio.sleep(0)
        assert passwords.waiting == 1  # let in, not refused
        give_every_turn_back(passwords)
        assert await coming is True
    finally:
        passwords.close()


def test_a_sign_in_past_the_bound_is_told_to_try_again(tmp_path: Path) -> None:
    """...and the refusal uses up none of the person's tries: with one sign-in a minute
    allowed, the sign-in after the refusal is let in."""
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 's.db'}",
        key_file=tmp_path / "key",
        sign_in_address_rate="2/minute",  # the sign-up and one sign-in
        sign_in_account_rate="1/minute",
    )
    origin = {"Origin": "http://testserver"}
    with TestClient(create_app(settings)) as client:
        made = client.post("/api/account", json={"name": "Ann", "password": PASSWORD},
                           headers=origin)  # fmt: skip
        assert made.status_code == 201
        client.cookies.clear()
        passwords: Passwords = client.app.state.services.accounts.passwords  # type: ignore[attr-defined]
        passwords.most_waiting = 0
        assert client.portal is not None
        client.portal.call(take_every_turn, passwords)
        refused = client.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD},
                              headers=origin)  # fmt: skip
        assert (refused.status_code, refused.headers.get("retry-after")) == (503, "5")
        assert refused.json()["problem"] == "passwords_busy"
        assert refused.json()["detail"] == (
            "too many people are signing in right now: try again in a few seconds"
        )
        assert "sleuth_id" not in refused.cookies
        client.portal.call(give_every_turn_back, passwords)
        again = client.post("/api/account/sign-in", json={"name": "Ann", "password": PASSWORD},
                            headers=origin)  # fmt: skip
        assert again.status_code == 200
