"""One client cannot flood the service with people and tables: new identities and tables are
counted per client address against the operator's rates, across every process of one
PostgreSQL, and the open-tables list comes in pages."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from sleuth.server.ratelimit import parse_rate
from support.game_cases import kit_for

from .client import Person
from .conftest import SRC, Server

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
LIMITS = ("--max-new-people", "3/minute", "--max-new-tables", "2/minute")
TABLE = {
    "game": EXAMPLE,
    "players": 3,
    "listed": True,
    "seats": [{"kind": "person"}] * 3,
}


def test_a_rate_is_read_or_refused_by_name() -> None:
    assert [(r.amount, r.GRANULARITY.name) for r in parse_rate("5/second;100/hour")] == [
        (5, "second"),
        (100, "hour"),
    ]
    assert parse_rate("off") == ()
    with pytest.raises(ValueError, match="'lots' is not a rate"):
        parse_rate("lots")


def test_the_serve_command_refuses_a_bad_rate_before_it_starts() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sleuth.cli.main", "serve", "--max-new-tables", "many/sec"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 2
    assert "--max-new-tables: 'many/sec' is not a rate" in done.stderr
    assert "Traceback" not in done.stderr


async def make_people(http: str, count: int) -> list[httpx.Response]:
    answers = []
    for number in range(count):
        async with httpx.AsyncClient(base_url=http) as client:
            answers.append(await client.post("/api/people", json={"name": f"P{number}"}))
    return answers


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
async def test_people_and_tables_past_the_rate_are_refused_with_the_wait(
    launch: Any, postgres: Callable[[], str], database: str
) -> None:
    db = postgres() if database == "postgres" else None
    first: Server = launch(db=db, extra=LIMITS)
    # With PostgreSQL a second process counts against the same limit.
    second: Server = launch(db=db, key=first.key, extra=LIMITS) if db else first
    async with Person(first.http, "Ann") as ann:
        # Renaming oneself makes no one new: it is never counted.
        for name in ("Anna", "Annie", "Ann", "Anne"):
            await ann.post("/api/people", {"name": name})
        answers = await make_people(first.http, 1) + await make_people(second.http, 2)
    assert [a.status_code for a in answers] == [200, 200, 429]
    refused = answers[-1]
    assert "too many new people from this address: at most 3 per minute" in refused.text
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    async with httpx.AsyncClient(base_url=first.http) as client:
        made = [await client.post("/api/tables", json=TABLE) for _ in range(2)]
    async with httpx.AsyncClient(base_url=second.http) as client:
        made.append(await client.post("/api/tables", json=TABLE))
    assert [a.status_code for a in made] == [201, 201, 429]
    assert "too many new tables from this address: at most 2 per minute" in made[-1].text
    listed = httpx.get(f"{first.http}/api/tables").json()
    assert len(listed) == 2  # the refused table was never dealt


async def test_the_open_tables_come_in_pages(launch: Any) -> None:
    server: Server = launch(extra=("--max-new-tables", "off"))
    async with httpx.AsyncClient(base_url=server.http) as client:
        made = [(await client.post("/api/tables", json=TABLE)).json() for _ in range(7)]
        pages = [
            (await client.get(f"/api/tables?offset={offset}&limit=3")).json()
            for offset in (0, 3, 6, 9)
        ]
        assert [len(page) for page in pages] == [3, 3, 1, 0]
        ids = [table["id"] for page in pages for table in page]
        assert sorted(ids) == sorted(m["table"]["id"] for m in made)  # each once, none lost
        assert ids[0] == made[-1]["table"]["id"]  # newest first
        for bad in ("limit=0", "limit=101", "offset=-1", f"offset={10**30}"):
            answer = await client.get(f"/api/tables?{bad}")
            assert answer.status_code == 422, bad
            assert bad.split("=")[0] in answer.text


async def make_people_claiming(http: str, addresses: list[str]) -> list[int]:
    statuses = []
    for number, address in enumerate(addresses):
        async with httpx.AsyncClient(base_url=http) as client:
            answer = await client.post(
                "/api/people", json={"name": f"P{number}"}, headers={"X-Forwarded-For": address}
            )
            statuses.append(answer.status_code)
    return statuses


@pytest.mark.parametrize(
    ("proxy", "expected"),
    [
        # A local program claiming other addresses is still one client: the fourth is refused.
        ((), [200, 200, 200, 429]),
        # Behind the operator's proxy on loopback, each forwarded client has its own count.
        (("--trusted-proxy", "127.0.0.1"), [200, 200, 200, 200]),
    ],
)
async def test_a_forwarded_address_counts_only_from_a_trusted_proxy(
    launch: Any, proxy: tuple[str, ...], expected: list[int]
) -> None:
    server: Server = launch(extra=LIMITS + proxy)
    addresses = ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"]
    assert await make_people_claiming(server.http, addresses) == expected


def test_the_serve_command_refuses_a_proxy_that_is_no_address() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sleuth.cli.main", "serve", "--trusted-proxy", "nginx"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 2
    assert "--trusted-proxy: 'nginx' is not an address or a network" in done.stderr
    assert "Traceback" not in done.stderr
