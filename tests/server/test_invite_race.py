"""An invite read from the database just before someone joins with it opens nothing: the
channel that presented it had been served one frame of the joiner's seat (their hand) when
the token's reading resumed late, as under load. Here it resumes 0.4 s late on purpose (a
script around the command line), and the joiner joins 0.1 s after the channel opens."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from support.game_cases import kit_for

from .client import Person
from .conftest import Server

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name

LATE_READER = """
import asyncio, sys
from sleuth.server import owner
from sleuth.cli.main import main

read = owner.TableOwner.seat_by_token

async def late(self, token):
    found = await read(self, token)
    if sys._getframe(1).f_code.co_name == "play":  # the channel's reading, not the join's
        await asyncio.sleep(0.4)  # resumed late, after the join
    return found

owner.TableOwner.seat_by_token = late
sys.exit(main(sys.argv[1:]))
"""


async def frames_until_closed(url: str) -> tuple[list[dict[str, Any]], int | None]:
    frames = []
    async with connect(url, open_timeout=20) as channel:
        try:
            while True:
                frames.append(json.loads(await asyncio.wait_for(channel.recv(), 10)))
        except ConnectionClosed as closed:
            return frames, closed.rcvd.code if closed.rcvd is not None else None
    raise AssertionError("unreachable")


async def test_an_invite_spent_while_it_was_read_opens_nothing(tmp_path: Path) -> None:
    script = tmp_path / "late_reader.py"
    script.write_text(LATE_READER, encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'sleuth.db'}"
    server = Server(db, tmp_path / "signing.key", launcher=(str(script),)).start()
    try:
        async with Person(server.http, "Ann") as ann, Person(server.http, "Bob") as bob:
            seats = [{"kind": "person"}] * 3
            made = await ann.post(
                "/api/tables", {"game": EXAMPLE, "players": 3, "seats": seats, "sit": 0}
            )
            table = made["table"]["id"]
            invite = next(i["token"] for i in made["invites"] if i["seat"] == 1)

            async def bob_joins() -> None:
                await asyncio.sleep(0.1)
                await bob.post(f"/api/tables/{table}/join", {"token": invite})

            url = f"{server.ws}/ws/tables/{table}/seats/1?token={invite}"  # Ann's copy
            (frames, code), _ = await asyncio.gather(frames_until_closed(url), bob_joins())
            assert (frames, code) == ([], 4403)
    finally:
        server.stop()
