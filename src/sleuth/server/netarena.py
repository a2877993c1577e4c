"""``sleuth bot arena``: a series of games of a network bot against a server's built-in bots.

The plainest series that fits what is there: the client connects the bot as ``sleuth bot
connect`` does (declining every challenge meanwhile), then deals the games one after the
other through the server's own table API: the network bot (``net:NAME``) and the opponents,
the seats rotated game by game. A table seats a network bot only with its consent; each of
these is the bot's own asking, its token sent as ``Authorization: Bearer`` (the operator
who holds the token runs the bot), so it is not challenged. Each game is played
where every network bot's game is, under the server's bounds (think time, messages, the
takeover bot for a decision lost); its signed record is fetched once it ends. The results
are the arena's (``sleuth.arena.stats``): wins per seat, and the ladder's Bradley-Terry
ratings over the series.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit, urlunsplit

from sleuth.arena.stats import format_table, summarize
from sleuth.arena.tournament import GameResult
from sleuth.core.records import replay_record

from .netclient import relay

POLL_SECONDS = 0.5
CONNECT_SECONDS = 60.0


@dataclass(frozen=True)
class Series:
    """What the series plays: the game, its table size, the opponents' specs, how many."""

    game: str
    players: int
    opponents: tuple[str, ...]
    games: int

    def seating(self, bot: str, index: int) -> list[str]:
        """The seats of game ``index``: the bot and the opponents, rotated a seat a game."""
        order = [bot, *self.opponents]
        shift = index % len(order)
        return order[shift:] + order[:shift]


class SeriesError(Exception):
    """The server refused a table, or the bot never connected (the message says)."""


def http_base(url: str) -> str:
    parts = urlsplit(url)
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
    return urlunsplit((scheme, parts.netloc, "", "", ""))


def _call(base: str, path: str, body: object | None = None, token: str | None = None) -> Any:
    """One JSON request (``token``: the bot's, as its bearer); a refusal waits out its
    Retry-After (429) or raises ``SeriesError``."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=data, headers=headers)
    while True:
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return json.loads(answer.read())
        except urllib.error.HTTPError as error:
            detail = _detail(error)
            if error.code == 429:
                time.sleep(float(error.headers.get("Retry-After", "5")))  # a thread's own
                continue
            raise SeriesError(f"{path}: {error.code} {detail}") from None


def _detail(error: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(error.read()).get("detail"))
    except (ValueError, AttributeError):
        return error.reason


async def play_game(base: str, series: Series, seats: Sequence[str], token: str) -> dict[str, Any]:
    """Deal one table of ``seats`` (bot specs), asked for by the bot whose ``token`` it is,
    and wait for its end: its record."""
    body = {
        "game": series.game,
        "players": series.players,
        "sheet": "off",
        "seats": [{"kind": "bot", "bot": spec} for spec in seats],
    }
    created = await asyncio.to_thread(_call, base, "/api/tables", body, token)
    table = created["table"]["id"]
    while (await asyncio.to_thread(_call, base, f"/api/tables/{table}"))["status"] != "finished":
        await asyncio.sleep(POLL_SECONDS)
    answer = await asyncio.to_thread(_call, base, f"/api/tables/{table}/record")
    record: dict[str, Any] = answer["record"]
    return record


def game_result(index: int, seats: Sequence[str], record: dict[str, Any]) -> GameResult:
    """The arena's result of a game, from its record (replayed: it is checked)."""
    replay = replay_record(record)
    if replay.final is None or replay.final.outcome is None:
        raise SeriesError(f"game {index + 1}: the record holds no outcome")
    outcome = replay.final.outcome
    return GameResult(
        index=index,
        seating=tuple(seats),
        scores=outcome.scores,
        winners=outcome.winners,
        reason=str(outcome.reason),
        steps=len(replay.steps),
        decisions=(0,) * len(seats),  # a server's table does not say how many a bot made
        think_seconds=(0.0,) * len(seats),
        record=record,
    )


def wins_by_seat(results: Sequence[GameResult]) -> str:
    """Each bot's wins over its games at each seat (``wins/games``)."""
    players = len(results[0].seating)
    names = sorted({name for result in results for name in result.seating})
    width = max(12, *(len(name) for name in names))
    lines = [f"{'wins by seat':<{width}} " + " ".join(f"{f'seat {s}':>8}" for s in range(players))]
    for name in names:
        cells = []
        for seat in range(players):
            at = [r for r in results if r.seating[seat] == name]
            won = sum(seat in r.winners for r in at)
            cells.append(f"{f'{won}/{len(at)}' if at else '-':>8}")
        lines.append(f"{name:<{width}} " + " ".join(cells))
    return "\n".join(lines)


async def run_series(
    url: str,
    token: str,
    argv: Sequence[str],
    series: Series,
    record_dir: Path | None = None,
    log: IO[str] = sys.stderr,
) -> list[GameResult]:
    """Connect the bot, play the series, and return its results (records written to
    ``record_dir`` as ``game-N.json`` if given)."""
    base = http_base(url)
    named: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    relaying = asyncio.ensure_future(
        relay(url, token, argv, series.games, log, accept=frozenset(), on_welcome=named)
    )
    try:
        either: set[asyncio.Future[Any]] = {relaying, named}
        done, _ = await asyncio.wait(
            either, timeout=CONNECT_SECONDS, return_when=asyncio.FIRST_COMPLETED
        )
        if named not in done:
            if relaying in done:
                relaying.result()  # its refusal, raised here
            raise SeriesError(f"the bot did not connect within {CONNECT_SECONDS:g} s")
        spec = named.result()
        results = []
        for index in range(series.games):
            seats = series.seating(spec, index)
            record = await play_game(base, series, seats, token)
            if record_dir is not None:
                path = record_dir / f"game-{index + 1}.json"
                path.write_text(json.dumps(record, indent=1), encoding="utf-8")
            results.append(game_result(index, seats, record))
            print(f"game {index + 1}/{series.games}: {', '.join(seats)}", file=log, flush=True)
        await asyncio.wait_for(relaying, CONNECT_SECONDS)
        return results
    finally:
        relaying.cancel()


def report(series: Series, results: Sequence[GameResult]) -> str:
    """What the series prints: wins per seat, then the arena's table with its ratings."""
    head = f"{series.game}, {series.players} players, {len(results)} games on the server"
    return "\n\n".join([head, wins_by_seat(results), format_table(summarize(results))])
