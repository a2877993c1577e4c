"""Who is at a table (its ``seats`` frame) is told each channel at most once an interval
(``owner.SEATS_INTERVAL``): one client opening and closing hundreds of spectators' channels
sent a seated person a frame for each; now a burst costs each channel one frame an interval,
the last saying how things stand after it. Nothing else waits: a step is sent at once."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi")

from sleuth.server.connection import Connection
from sleuth.server.hub import Hub
from sleuth.server.owner import SEATS_INTERVAL, TableOwner
from sleuth.server.pacer import Pacer

from .client import SeatClient
from .test_channel import people_table
from .test_hub_memory import table


class Later:
    """The event loop's ``call_later`` as a test drives it: what is due, called by hand."""

    def __init__(self) -> None:
        self.due: list[tuple[float, Callable[[], None]]] = []

    def __call__(self, delay: float, callback: Callable[[], None]) -> Later:
        self.due.append((delay, callback))
        return self

    def cancel(self) -> None:
        self.due.clear()

    def run(self) -> float:
        """Call the one callback due; its delay."""
        ((delay, callback),) = self.due
        self.due.clear()
        callback()
        return delay


def frames_of(connection: Connection) -> list[dict[str, Any]]:
    """The frames queued to a channel since last asked."""
    frames = []
    while not connection.queue.empty():
        text = connection.queue.get_nowait()
        assert text is not None
        frames.append(json.loads(text))
    return frames


def test_a_burst_of_channels_is_told_once_an_interval_the_last_state_winning() -> None:
    assert SEATS_INTERVAL == 1.0
    hub = Hub(store=None, bus=None, pool=None, bot_delay=0)  # type: ignore[arg-type]
    live = table("paced", finish=False)
    owner = TableOwner(live, hub.desk)
    now = [0.0]
    later = Later()
    owner.seats_pacer = Pacer(owner.broadcast_seats, 1.0, clock=lambda: now[0], later=later)
    ann, bob = Connection(0, "p0"), Connection(1, "p1")
    owner.attach(ann)  # the first change: told at once
    assert [(f["type"], [s["connected"] for s in f["seats"]]) for f in frames_of(ann)] == [
        ("seats", [True, False])
    ]
    now[0] = 0.25
    owner.attach(bob)
    for n in range(300):  # 300 spectators' channels opened and closed within the interval
        now[0] = 0.25 + n / 1000
        watcher = Connection(None, None)
        owner.attach(watcher)
        owner.detach(watcher)
    now[0] = 0.75
    owner.detach(bob)  # the last change of the burst
    assert (frames_of(ann), frames_of(bob)) == ([], [])
    assert [delay for delay, _ in later.due] == [0.75]  # one send, at the interval's end
    owner.broadcast()  # a step's frame meanwhile waits for nothing
    assert [f["type"] for f in frames_of(ann)] == ["state"]
    now[0] = 1.0
    later.run()
    away = live.left_at[1]
    assert frames_of(ann) == [
        {
            "type": "seats",
            "table": "paced",
            "step": 0,
            "seats": [
                {"seat": 0, "kind": "person", "name": "", "bot": None, "takeover": False,
                 "joined": True, "connected": True, "away_since": None},
                {"seat": 1, "kind": "person", "name": "", "bot": None, "takeover": False,
                 "joined": True, "connected": False, "away_since": away},
            ],
        }
    ]  # fmt: skip
    # A change within the next interval waits for its end; one after it goes at once.
    now[0] = 1.5
    owner.attach(bob)
    assert (frames_of(ann), later.run()) == ([], 0.5)
    assert [[s["connected"] for s in f["seats"]] for f in frames_of(ann)] == [[True, True]]
    now[0] = 3.5
    owner.detach(bob)
    assert [[s["connected"] for s in f["seats"]] for f in frames_of(ann)] == [[True, False]]
    assert later.due == []
    # A table let go of sends nothing more.
    now[0] = 3.75
    owner.attach(bob)
    owner.close()
    assert later.due == []


async def test_a_seated_person_hears_a_burst_of_watchers_a_bounded_number_of_times(
    launch: Any,
) -> None:
    server = launch()
    table_id, tokens, _ = await people_table(server)
    began = time.monotonic()
    first, third = (
        SeatClient(server.ws, table_id, 0, tokens[0]),
        SeatClient(server.ws, table_id, 2, tokens[2]),
    )
    await first.connect()
    await third.connect()
    for _ in range(60):  # opened and closed one after another: the flood of the report
        watcher = SeatClient(server.ws, table_id, None)
        await watcher.connect()
        await watcher.until("state")
        await watcher.close()
    second = SeatClient(server.ws, table_id, 1, tokens[1])
    await second.connect()  # the last change: every seat here
    while True:
        frame = await first.until("seats")
        if all(seat["connected"] for seat in frame["seats"]):
            break
    elapsed = time.monotonic() - began
    told = [f for f in first.frames if f["type"] == "seats"]
    # At most one an interval, and one at the start: 120 on the old code.
    assert len(told) <= elapsed / SEATS_INTERVAL + 2, (len(told), elapsed)
    assert frame["seats"] == [
        {"seat": seat, "kind": "person", "name": f"P{seat}", "bot": None, "takeover": False,
         "joined": True, "connected": True, "away_since": None}
        for seat in range(3)
    ]  # fmt: skip
    for client in (first, second, third):
        await client.close()
