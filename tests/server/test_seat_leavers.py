"""A seat's channel refused at its handshake asks whether its caller gave the seat up (that
person's page turns into a spectator's, 4410; anyone else gets 4403). The table's owner
answers from memory, read from the database at the first question after each reading of
the seats: a caller who knocks again and again costs no read each time. A person whose
seat is given up while the handshake is under way is told 4410 too, not 4403."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sleuth.server.app import create_app
from sleuth.server.owner import TableOwner
from sleuth.server.settings import Settings
from sleuth.server.store import Store
from support.game_cases import kit_for

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
KNOCKS = 25
# Reads that come with every knock (whose cookie it is) or on a timer (the sweep).
EVERY_KNOCK = {"person_by_secret", "unfinished_progress"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'sleuth.db'}",
        key_file=tmp_path / "key",
        bot_delay=600,  # no bot moves (and no store calls) behind the test
    )
    with TestClient(create_app(settings)) as client:
        yield client


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the store's methods called from now on, in order."""
    called: list[str] = []

    def counted(name: str, method: Callable[..., Awaitable[Any]]) -> Callable[..., Any]:
        async def call(self: Store, *args: Any, **kwargs: Any) -> Any:
            called.append(name)
            return await method(self, *args, **kwargs)

        return call

    for name, method in inspect.getmembers(Store, inspect.iscoroutinefunction):
        if not name.startswith("_"):
            monkeypatch.setattr(Store, name, counted(name, method))
    return called


def person(client: TestClient, name: str) -> str:
    """A new person's identity cookie; the client keeps none (each request names its own)."""
    client.cookies.clear()
    made = client.post("/api/people", json={"name": name})
    assert made.status_code == 200, made.text
    secret = str(made.cookies["sleuth_id"])
    client.cookies.clear()
    return secret


def post(client: TestClient, cookie: str, path: str, body: Any = None) -> Any:
    answer = client.post(path, json=body, headers={"cookie": f"sleuth_id={cookie}"})
    assert answer.status_code in (200, 201), answer.text
    return answer.json()


def handshake(client: TestClient, table: str, seat: int, cookie: str) -> int:
    """The code the seat's channel closes with at its opening (1000: it opened and served)."""
    url = f"/ws/tables/{table}/seats/{seat}"
    with client.websocket_connect(url, headers={"cookie": f"sleuth_id={cookie}"}) as channel:
        try:
            channel.receive_json()
        except WebSocketDisconnect as closed:
            return closed.code
    return 1000


def bots_table(client: TestClient, creator: str) -> str:
    """A table being played: the creator at seat 0, two bots at the others."""
    bot = {"kind": "bot", "bot": "random"}
    body = {"game": EXAMPLE, "players": 3, "seats": [{"kind": "person"}, bot, bot], "sit": 0}
    return str(post(client, creator, "/api/tables", body)["table"]["id"])


def test_knocks_at_a_seat_read_who_left_it_once_per_reading_of_the_seats(
    client: TestClient, reads: list[str]
) -> None:
    ann, eve = person(client, "Ann"), person(client, "Eve")
    table = bots_table(client, ann)
    reads.clear()
    # Eve knocks at Ann's seat again and again: refused each time, asked about once.
    assert [handshake(client, table, 0, eve) for _ in range(KNOCKS)] == [4403] * KNOCKS
    assert [name for name in reads if name not in EVERY_KNOCK] == ["leavers"]
    # Ann gives the seat up: her own page, reopening it, is told so; Eve is refused as
    # before. The leaving came with a reading of the seats: who left is read once more.
    post(client, ann, f"/api/tables/{table}/seats/0/leave")
    reads.clear()
    assert handshake(client, table, 0, ann) == 4410
    assert [handshake(client, table, 0, eve) for _ in range(KNOCKS)] == [4403] * KNOCKS
    assert [handshake(client, table, 0, ann) for _ in range(3)] == [4410] * 3
    assert [name for name in reads if name not in EVERY_KNOCK] == ["leavers"]


def test_a_seat_given_up_while_its_handshake_is_under_way_closes_with_4410(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann's page reopens her seat while she gives it up elsewhere (another tab, another
    process): the handshake found her seated, the seat is gone by its first frame."""
    ann = person(client, "Ann")
    table = bots_table(client, ann)
    catch_up = TableOwner.catch_up_if_behind

    async def leaving_meanwhile(self: TableOwner) -> None:
        holder = self.live.seats[0].person_id
        assert holder is not None
        await self.leave(0, holder)
        await catch_up(self)

    monkeypatch.setattr(TableOwner, "catch_up_if_behind", leaving_meanwhile)
    assert handshake(client, table, 0, ann) == 4410
