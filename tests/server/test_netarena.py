"""``sleuth bot arena`` (issue #37, item 4): a network bot's series against a server's
built-in bots plays N games, the seats rotated, and prints each bot's wins by seat and the
arena's Bradley-Terry ratings, as the games' records say; every record replays and carries
the server's signature; every message the bot's command got is its seat's view only."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from sleuth.arena.stats import ratings
from sleuth.server.netarena import game_result
from support.example_game import EXAMPLE

from .client import Person
from .conftest import SRC, Server
from .test_netbots import TEE, check_messages, issue, read_log, signed_up

GAMES = 3
OPPONENTS = ("random", "easy")


def sleuth(*words: str) -> list[str]:
    return [sys.executable, "-m", "sleuth.cli.main", *words]


def arena(server: Server, token_file: Path, log: Path, records: Path) -> tuple[int, str, str]:
    bot = [sys.executable, str(TEE), str(log), "--", *sleuth("bot", "serve", "basic")]
    command = sleuth(
        "bot", "arena", server.http, "--token-file", str(token_file), "--game", EXAMPLE,
        "--games", str(GAMES), "--opponents", ",".join(OPPONENTS), "--record-dir",
        str(records), "--", *bot,
    )  # fmt: skip
    env = {"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    return done.returncode, done.stdout, done.stderr


def split_games(sent: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The messages of each game, from its hello; decisions numbered from 1 in each (one
    connection numbers them on across its games)."""
    games: list[list[dict[str, Any]]] = []
    first: int | None = None
    for message in sent:
        if message["type"] == "hello":
            games.append([])
            first = None
        if message["type"] == "decide":
            if first is None:
                first = int(message["id"])
            message = {**message, "id": message["id"] - first + 1}
        games[-1].append(message)
    return games


def rows(table: str) -> dict[str, list[str]]:
    """A printed table's rows by their first cell (the bot)."""
    return {line.split()[0]: line.split()[1:] for line in table.splitlines()[1:]}


async def test_a_series_against_built_in_bots_prints_wins_by_seat_and_ratings(
    launch: Any, tmp_path: Path
) -> None:
    server: Server = launch()
    async with Person(server.http, "Flo") as flo:
        await signed_up(flo)
        token_file = await issue(flo, "ladder", tmp_path)
        log, records = tmp_path / "ladder.log", tmp_path / "records"
        code, out, errors = arena(server, token_file, log, records)
        assert code == 0, errors
        played = [json.loads((records / f"game-{n}.json").read_text()) for n in (1, 2, 3)]
        for record in played:
            signature = record.pop("signature")
            verified = await flo.post(
                "/api/records/verify", {"record": record, "signature": signature}
            )
            assert verified == {"valid": True}
            record["signature"] = signature
    me = "net:ladder"
    order = [me, *OPPONENTS]
    seatings = [order[n:] + order[:n] for n in range(GAMES)]
    assert errors.splitlines() == [
        "connected as net:ladder",
        *(f"game {n + 1}/{GAMES}: {', '.join(seatings[n])}" for n in range(GAMES)),
    ]
    # The bot's command: a hello at its seat of each game, then that seat's view only.
    sent, _ = read_log(log)
    games = split_games(sent)
    assert [game[0]["seat"] for game in games] == [0, 2, 1]
    for game, record in zip(games, played, strict=True):
        assert check_messages(record, game, seat=game[0]["seat"]) > 0
    results = [game_result(n, seatings[n], record) for n, record in enumerate(played)]
    head, by_seat, table = out.strip().split("\n\n")
    assert head == f"{EXAMPLE}, 3 players, {GAMES} games on the server"
    expected = {}
    for name in order:
        cells = []
        for seat in range(3):
            at = [r for r in results if r.seating[seat] == name]
            cells.append(f"{sum(seat in r.winners for r in at)}/{len(at)}")
        expected[name] = cells
    assert rows(by_seat) == expected
    fitted = ratings(results)
    shown = rows(table)
    assert set(shown) == set(order)
    for name in order:
        wins = sum(r.seating.index(name) in r.winners for r in results)
        assert shown[name][:2] == [str(GAMES), str(wins)]
        assert shown[name][7] == f"{fitted[name]:.0f}"
