"""Whole games of each game through real servers: people on WebSockets, bots
in the server's worker processes; every frame each person got is checked against the engine
at its step, and the signed record replays and verifies."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from sleuth.core import all_kits
from support.game_cases import cases_of
from support.game_names import built_in_kits

from .client import Person, SeatClient, check_frames
from .conftest import Server

pytestmark = pytest.mark.slow


def whole_games() -> list[tuple[str, int, list[str | None], dict[str, Any], str]]:
    """Each game's whole game, from its cases (``FrontCases.whole_game``): the game, the
    players, the seats (None: a person, else a bot), the options, the sheet level."""
    games = []
    for kit in all_kits():
        whole = cases_of(kit).fronts.whole_game
        if whole is not None:
            seats = list(whole.seats)
            games.append((kit.name, len(seats), seats, dict(whole.options), whole.sheet))
    return games


GAMES = whole_games()


def test_every_built_in_game_has_its_whole_game() -> None:
    assert sorted(game for game, *_ in GAMES) == sorted(kit.name for kit in built_in_kits())


async def deal(
    server: Server,
    game: str,
    players: int,
    seats: list[str | None],
    options: dict[str, Any],
    sheet: str,
    **extra: Any,
) -> tuple[dict[str, Any], list[Person]]:
    people = [await Person(server.http, f"P{n}").__aenter__() for n in range(2)]
    body = {
        "game": game,
        "players": players,
        "options": options,
        "sheet": sheet,
        "seats": [{"kind": "person"} if s is None else {"kind": "bot", "bot": s} for s in seats],
        **extra,
    }
    created = await people[0].post("/api/tables", body)
    return created, people


async def play_table(
    server: Server,
    game: str,
    players: int,
    seats: list[str | None],
    options: dict[str, Any],
    sheet: str,
) -> tuple[list[SeatClient], dict[str, Any], list[Person]]:
    created, people = await deal(server, game, players, seats, options, sheet)
    table = created["table"]["id"]
    assert created["table"]["status"] == "waiting"
    watcher = SeatClient(server.ws, table, None)
    await watcher.connect()
    clients = []
    for number, invite in enumerate(created["invites"]):
        person = people[number]
        joined = await person.post(f"/api/tables/{table}/join", {"token": invite["token"]})
        assert joined["table"] == table and joined["seat"] == invite["seat"]
        assert joined["token"] != invite["token"]  # the invite is spent, the seat's own token
        client = SeatClient(server.ws, table, invite["seat"], joined["token"])
        client.rng = random.Random(number)
        await client.connect()
        clients.append(client)
    read = sheet != "off"
    finals = await asyncio.gather(
        *(c.play(timeout=240, read_sheet=read and c.seat is not None) for c in (*clients, watcher))
    )
    assert all(f["outcome"] == finals[0]["outcome"] for f in finals)
    signed = await people[1].get(f"/api/tables/{table}/record")
    return [*clients, watcher], signed, people


@pytest.mark.parametrize(("game", "players", "seats", "options", "sheet"), GAMES)
async def test_whole_game(
    launch: Any,
    game: str,
    players: int,
    seats: list[str | None],
    options: dict[str, Any],
    sheet: str,
) -> None:
    server = launch()
    clients, signed, people = await play_table(server, game, players, seats, options, sheet)
    record = signed["record"]
    assert record["game"] == game and "outcome" in record and "reveal" in record
    # Bots moved too: every bot seat appears in the record.
    bot_seats = {n for n, s in enumerate(seats) if s is not None}
    assert bot_seats <= {step[0] for step in record["steps"]}
    for client in clients:  # the people's seats, then the spectator
        checked = check_frames(record, client, sheet)
        states = [f for f in client.frames if f["type"] == "state"]
        assert checked >= len(states) > 0
        assert states[-1]["status"] == "finished" and states[-1]["step"] == len(record["steps"])
        # A person's seat saw every step, in order, none twice.
        if client.seat is not None:
            steps = [f["step"] for f in states]
            assert sorted(set(steps)) == list(range(steps[0], len(record["steps"]) + 1))
            assert steps == sorted(steps)
            if sheet != "off":
                sheets = {f["step"] for f in client.frames if f["type"] == "sheet"}
                assert len(sheets) >= 2
    check = {"record": record, "signature": signed["signature"]["value"]}
    assert await people[0].post("/api/records/verify", check) == {"valid": True}
    record["steps"][0][2] += " (changed)"
    assert await people[0].post("/api/records/verify", check) == {"valid": False}
    for client in clients:
        await client.close()
    for person in people:
        await person.__aexit__()
