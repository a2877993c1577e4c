"""Spectators' channels from one client address are capped, at one table and over all
(``limits.WatchLimits``): past the cap a watch is accepted and closed with 4429 and words
saying why, and a channel closed makes room again. A seat's own channels are capped too
(``limits.SeatChannels``: eight at once)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from sleuth.server.limits import SEAT_CHANNELS, SeatChannels, WatchLimits
from sleuth.server.settings import Settings
from support.game_cases import kit_for
from support.waits import until

from .client import Person, SeatClient
from .conftest import Server

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
PER_TABLE, OVER_ALL = Settings().watch_per_table, Settings().watch_per_address


async def waiting_table(person: Person) -> str:
    """A table that takes spectators, its seats waiting for people."""
    body = {"game": EXAMPLE, "players": 3, "sheet": "off", "seats": [{"kind": "person"}] * 3}
    created = await person.post("/api/tables", body)
    return str(created["table"]["id"])


async def watching(server: Server, table: str) -> SeatClient:
    watcher = SeatClient(server.ws, table, None)
    await watcher.connect()
    assert (await watcher.until("state"))["seat"] is None
    return watcher


async def closed_with(server: Server, table: str) -> tuple[int, str]:
    """The close code and reason of a watch the service refuses (before any frame)."""
    async with connect(f"{server.ws}/ws/tables/{table}/watch", open_timeout=20) as channel:
        try:
            frame = await asyncio.wait_for(channel.recv(), 30)
        except ConnectionClosed as closed:
            assert closed.rcvd is not None
            return closed.rcvd.code, closed.rcvd.reason
    raise AssertionError(f"the watch opened and sent {str(frame)[:120]}")


async def test_watching_from_one_address_is_capped_at_a_table_and_over_all(launch: Any) -> None:
    assert (PER_TABLE, OVER_ALL) == (8, 32)
    server = launch()
    async with Person(server.http, "Host") as host:
        tables = [await waiting_table(host) for _ in range(5)]
        first = [await watching(server, tables[0]) for _ in range(PER_TABLE)]
        assert await closed_with(server, tables[0]) == (
            4429,
            "8 channels from this address watch this table already: close one first",
        )
        # One closed, one more may open (once the service has seen it close).
        await first.pop().close()

        async def opened() -> SeatClient | None:
            with_room = SeatClient(server.ws, tables[0], None)
            await with_room.connect()
            try:
                await with_room.until("state", 30)
            except ConnectionClosed:
                return None
            return with_room

        first.append(await until(opened, "a watch opened once one closed"))
        others = [await watching(server, table) for table in tables[1:4] for _ in range(PER_TABLE)]
        assert len(first) + len(others) == OVER_ALL
        assert await closed_with(server, tables[4]) == (
            4429,
            "32 channels from this address watch tables already: close one first",
        )
        for watcher in (*first, *others):
            await watcher.close()


def test_a_watch_refused_counts_nothing_and_each_closed_gives_room_back() -> None:
    limits = WatchLimits(per_table=2, per_address=3)
    one, other = "192.0.2.7", "2001:db8:1:2::/64"
    assert [limits.take(one, "t1") for _ in range(2)] == [None, None]
    refused = limits.take(one, "t1")
    assert refused is not None and str(refused) == (
        "2 channels from this address watch this table already: close one first"
    )
    assert limits.take(one, "t2") is None
    refused = limits.take(one, "t3")
    assert refused is not None and str(refused) == (
        "3 channels from this address watch tables already: close one first"
    )
    assert limits.take(other, "t1") is None  # another address counts on its own
    limits.give_back(one, "t1")
    assert limits.take(one, "t3") is None
    for table in ("t1", "t2", "t3"):
        limits.give_back(one, table)
    limits.give_back(other, "t1")
    assert [limits.take(one, "t1") is None for _ in range(3)] == [True, True, False]


@pytest.mark.parametrize("per_table", [1, 4])
def test_no_counter_is_kept_for_an_address_with_nothing_open(per_table: int) -> None:
    limits = WatchLimits(per_table=per_table, per_address=8)
    for n in range(50):
        assert limits.take(f"192.0.2.{n}", "t") is None
        limits.give_back(f"192.0.2.{n}", "t")
    assert (dict(limits._at_table), dict(limits._all)) == ({}, {})


async def test_a_seats_own_channels_are_capped_too(launch: Any) -> None:
    """A seated person opening hundreds of their own seat's channels made every open and
    close at the table walk them all: eight at once, the ninth refused with 4429."""
    assert SEAT_CHANNELS == 8
    server = launch()
    async with Person(server.http, "Host") as host:
        body = {"game": EXAMPLE, "players": 3, "sheet": "off", "sit": 0,
                "seats": [{"kind": "person"}] * 3}  # fmt: skip
        table = str((await host.post("/api/tables", body))["table"]["id"])
        mine = []
        for _ in range(SEAT_CHANNELS):
            channel = SeatClient(server.ws, table, 0, cookie=host.cookie)
            await channel.connect()
            assert (await channel.until("state"))["seat"] == 0
            mine.append(channel)
        ninth = SeatClient(server.ws, table, 0, cookie=host.cookie)
        await ninth.connect()
        with pytest.raises(ConnectionClosed) as closed:
            await ninth.until("state", 30)
        assert closed.value.rcvd is not None
        assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (
            4429,
            "8 channels of this seat are open already: close one first",
        )
        for channel in mine:
            await channel.close()


def test_a_seat_channel_refused_counts_nothing_and_each_closed_gives_room_back() -> None:
    channels = SeatChannels(most=2)
    assert [channels.take("t", 0), channels.take("t", 0)] == [None, None]
    refused = channels.take("t", 0)
    assert refused is not None and str(refused) == (
        "2 channels of this seat are open already: close one first"
    )
    assert channels.take("t", 1) is None  # another seat
    channels.give_back("t", 0)
    assert channels.take("t", 0) is None
    for seat in (0, 0, 1):
        channels.give_back("t", seat)
    assert channels.take("t", 0) is None and channels.take("t", 0) is None
