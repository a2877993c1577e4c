"""Replays, reviews and records are worked out a few at a time, and one client address starts
at most two of them (``reviews.PER_ASKER``): a stranger asking for the reviews of other
tables by the dozen, which filled the queue of 16 and left a player's own review a 503,
gets 429 with ``Retry-After`` past its two, and everyone else still gets in."""

from __future__ import annotations

import asyncio
import gzip
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from sleuth.server.app import create_app
from sleuth.server.reviews import Body, BodyCache, Busy, Queued, RecordWork
from sleuth.server.settings import Settings
from support.waits import until_true

from .test_mail import PASSWORD
from .test_ratings import store_finished

STRANGER = ("203.0.113.9", 40000)
PLAYER = ("198.51.100.4", 40000)


def review_paths(table: str) -> list[str]:
    """Twelve reviews of one finished table, each worked out on its own: every seat and
    none, in each language."""
    return [
        f"/api/tables/{table}/review?lang={lang}{seat}"
        for lang in ("en", "de", "ja")
        for seat in ("", "&seat=0", "&seat=1", "&seat=2")
    ]


async def test_a_stranger_filling_the_queue_leaves_room_for_a_players_own_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, key = f"sqlite:///{tmp_path / 'sleuth.db'}", tmp_path / "signing.key"
    # Two finished tables of others (24 reviews, more than the queue's 19 places), and one
    # of the player's own.
    others = [(await store_finished(db, key, rated=False))[0] for _ in range(2)]
    own, _, _ = await store_finished(db, key, rated=False)
    gate = asyncio.Event()
    started: list[str] = []

    async def run(_self: RecordWork, _function: Any, *arguments: Any) -> bytes:
        started.append(arguments[0].table)
        await gate.wait()  # a worker busy with each until the test lets them all finish
        return gzip.compress(b"{}")

    monkeypatch.setattr(RecordWork, "run", run)
    # Three at once: each review asked is seen to start, none waits for a slot.
    app = create_app(Settings(db_url=db, key_file=key, replay_workers=3))

    def client(address: tuple[str, int]) -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app=app, client=address)
        return httpx.AsyncClient(transport=transport, base_url="http://testserver")

    paths = review_paths(others[0]) + review_paths(others[1])
    async with app.router.lifespan_context(app), client(STRANGER) as stranger:
        first = [asyncio.create_task(stranger.get(path)) for path in paths[:2]]
        await until_true(lambda: len(started) == 2, "the stranger's two reviews under way")
        flood = [asyncio.create_task(stranger.get(path)) for path in paths[2:]]
        # Answered at once; a bound never reached but by a broken queue (on the old code 17
        # of them waited their turn, the rest got 503).
        _, waiting = await asyncio.wait(flood, timeout=60)
        assert len(waiting) == 0, f"{len(waiting)} more of the stranger's reviews queued"
        refused = [answer.result() for answer in flood]
        assert [answer.status_code for answer in refused] == [429] * 22
        assert refused[0].headers["retry-after"] == "5"
        assert refused[0].json() == {
            "detail": "2 replays, reviews and records asked from this address are being "
            "worked out: try again once they are done",
            "problem": "reads_queued",
            "template": "%(count)s replays, reviews and records asked from this address are "
            "being worked out: try again once they are done",
            "values": {"count": 2},
        }
        async with client(PLAYER) as player:
            mine = asyncio.create_task(player.get(f"/api/tables/{own}/review?seat=0"))
            await until_true(lambda: len(started) == 3, "the player's review under way")
            gate.set()
            assert ((await mine).status_code, (await mine).json()) == (200, {})
        assert [(await answer).status_code for answer in first] == [200, 200]
        assert started == [others[0], others[0], own]
        # Its two done, the stranger may ask again.
        assert (await stranger.get(paths[2])).status_code == 200


async def test_an_export_is_counted_for_its_address_as_a_record_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An account's export works out each finished game's record: counted for the address
    that asks, as a record is (it was counted for no one: one address with several accounts
    started as many as it liked, and a full queue made the export a 500)."""
    db, key = f"sqlite:///{tmp_path / 'sleuth.db'}", tmp_path / "signing.key"
    table, _, _ = await store_finished(db, key, rated=False)
    gate = asyncio.Event()
    started: list[str] = []

    async def run(_self: RecordWork, _function: Any, *arguments: Any) -> bytes:
        started.append(arguments[0].table)
        await gate.wait()
        return gzip.compress(b"{}")

    monkeypatch.setattr(RecordWork, "run", run)
    app = create_app(Settings(db_url=db, key_file=key, replay_workers=3))
    transport = httpx.ASGITransport(app=app, client=PLAYER)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://testserver") as ann,
    ):
        made = await ann.post("/api/account", json={"name": "Ann", "password": PASSWORD})
        assert made.status_code == 201, made.text
        hub = app.state.services.hub
        owner = await hub.get(table)

        async def tables_of(_person_id: str) -> list[tuple[Any, int]]:
            return [(owner, 0)]  # Ann's finished game

        monkeypatch.setattr(hub, "tables_of", tables_of)
        reviews = [
            asyncio.create_task(ann.get(f"/api/tables/{table}/review?lang={lang}"))
            for lang in ("en", "de")
        ]
        await until_true(lambda: len(started) == 2, "the address's two reviews under way")
        answer = await asyncio.wait_for(ann.get("/api/account/export"), 30)
        assert (answer.status_code, answer.headers["retry-after"]) == (429, "5")
        assert answer.json()["problem"] == "reads_queued"
        gate.set()
        assert [(await review).status_code for review in reviews] == [200, 200]


def gated(runs: list[str], gate: asyncio.Event, name: str) -> Callable[[], Awaitable[Body]]:
    async def compute() -> Body:
        runs.append(name)
        await gate.wait()
        return Body(name.encode(), gzipped=False)

    return compute


async def settled() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_flood_from_many_64s_of_one_48_does_not_starve_another_network() -> None:
    """Each /64 of an IPv6 site counts as an address of its own: 40 of them filled the
    queue of 17 for everyone. One /48 starts four, and the others' take their turns."""
    cache = BodyCache(running=1, waiting=16)
    gate, runs = asyncio.Event(), list[str]()
    flood: list[asyncio.Future[Body]] = []
    refused: list[str] = []
    for n in range(40):
        asker = f"2001:db8:7:{n:x}::/64"
        for seat in range(2):
            name = f"flood {n}.{seat}"
            asked = asyncio.ensure_future(
                cache.get(("t", name, seat), gated(runs, gate, name), asker)
            )
            await settled()
            if asked.done() and isinstance(asked.exception(), Queued):
                refused.append(str(asked.exception()))
            else:
                flood.append(asked)
    assert len(flood) == 4 and len(refused) == 76
    assert set(refused) == {
        "4 replays, reviews and records asked from this network are being worked out: try "
        "again once they are done"
    }
    mine = asyncio.ensure_future(
        cache.get(("own", "review", 0), gated(runs, gate, "own"), "198.51.100.4")
    )
    await settled()
    assert not mine.done()  # waiting its turn, not refused
    gate.set()
    assert (await mine).data == b"own"
    assert [body.data for body in await asyncio.gather(*flood)] == [
        b"flood 0.0",
        b"flood 0.1",
        b"flood 1.0",
        b"flood 1.1",
    ]
    # Network by network in turn: the victim's before the site's last two.
    assert runs == ["flood 0.0", "flood 0.1", "own", "flood 1.0", "flood 1.1"]


async def test_a_full_queue_makes_room_for_a_network_with_fewer_under_way() -> None:
    """Nine IPv4 /24s, two computations each, filled the queue of 17: the newest waiting
    one of a network with the most gives its place (a 503 to its askers)."""
    cache = BodyCache(running=1, waiting=16)
    gate, runs = asyncio.Event(), list[str]()
    flood = [
        asyncio.ensure_future(
            cache.get(("t", f"{n}.{seat}", seat), gated(runs, gate, f"{n}.{seat}"), f"192.0.{n}.1")
        )
        for n in range(9)
        for seat in range(2)
    ]
    await settled()
    assert sum(1 for asked in flood if asked.done()) == 1  # the 18th: a full queue, no one fuller
    assert isinstance(flood[-1].exception(), Busy)
    mine = asyncio.ensure_future(
        cache.get(("own", "review", 0), gated(runs, gate, "own"), "198.51.100.4")
    )
    await settled()
    assert not mine.done()
    dropped = [asked for asked in flood[:-1] if asked.done()]
    assert len(dropped) == 1 and str(dropped[0].exception()) == (
        "17 replays, reviews and records are being worked out: try again in a few seconds"
    )
    again = cache.get(("t", "8.9", 9), gated(runs, gate, "8.9"), "192.0.8.2")
    with pytest.raises(Busy):  # no network has two more than the eighth /24's one
        await again
    gate.set()
    assert (await mine).data == b"own"
