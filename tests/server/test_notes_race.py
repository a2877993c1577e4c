"""Two channels of one seat mark its hand-kept notes at once: every mark acknowledged (a notes
frame to each channel) is kept, in what the seat is shown afresh. Each change used to copy
the seat's marks, wait for the database, then store its copy: half the marks were lost."""

from __future__ import annotations

import asyncio
from typing import Any

from support.game_cases import kit_for

from .client import Person, SeatClient
from .conftest import Server

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
MARKS = 40


async def test_concurrent_marks_of_one_seat_are_all_kept(launch: Any) -> None:
    server: Server = launch()
    async with Person(server.http, "Nat") as nat:
        body = {
            "game": EXAMPLE,
            "players": 3,
            "sit": 0,
            "sheet": "off",
            "seats": [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * 2,
        }
        table = (await nat.post("/api/tables", body))["table"]["id"]
        tabs = [SeatClient(server.ws, table, 0, cookie=nat.cookie) for _ in range(2)]
        for tab in tabs:
            await tab.connect()
        grid = (await tabs[0].until("state"))["notes"]
        await tabs[1].until("state")
        cells = [(c, p) for c in grid["cards"] for p in grid["places"]][:MARKS]
        assert len(cells) == MARKS

        async def mark(tab: SeatClient, mine: list[tuple[str, str]]) -> None:
            for card, place in mine:
                await tab.send({"type": "notes", "card": card, "place": place, "mark": "+"})
                await asyncio.sleep(0.02)  # under the channel's rate

        async def acknowledged(tab: SeatClient) -> int:
            count = 0
            while count < MARKS:
                frame = await tab.recv()
                assert frame["type"] != "error", frame
                count += frame["type"] == "notes"
            return count

        readers = [asyncio.ensure_future(acknowledged(tab)) for tab in tabs]
        await asyncio.gather(mark(tabs[0], cells[0::2]), mark(tabs[1], cells[1::2]))
        assert await asyncio.gather(*readers) == [MARKS, MARKS]
        fresh = SeatClient(server.ws, table, 0, cookie=nat.cookie)
        await fresh.connect()
        marks = (await fresh.until("state"))["notes"]["marks"]
        kept = sorted((card, place) for card, row in marks.items() for place in row)
        assert kept == sorted(cells)
        for tab in [*tabs, fresh]:
            await tab.close()
