"""Challenges to network bots (issue #37, item 4): a person challenges a connected bot; the
bot's client (``sleuth bot connect``) accepts and the bot is seated with the person at a
rated table whose result moves both ratings as the model says, every message its command
gets its seat's own (the challenge never reaches it); a bot that declines, does not answer,
takes no such game or is not connected is refused in plain words; one challenge waits per
person and bot; a flood of challenges is rate-limited."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect as websockets_connect

from sleuth.core import Outcome
from sleuth.server.ratings import updated_ratings
from support.example_game import EXAMPLE

from .client import Person, SeatClient
from .conftest import SRC, Server
from .test_netbots import TEE, check_messages, issue, listed, read_log, said, signed_up, wait
from .test_ratings import SOLVED

CHALLENGE = {"game": EXAMPLE, "players": 3, "rated": True}


def sleuth(*words: str) -> list[str]:
    return [sys.executable, "-m", "sleuth.cli.main", *words]


def connect(server: Server, token_file: Path, log: Path, *options: str) -> subprocess.Popen[str]:
    """``sleuth bot connect`` (with ``options``) for one game, relaying ``sleuth bot serve
    basic`` behind the tee."""
    bot = [sys.executable, str(TEE), str(log), "--", *sleuth("bot", "serve", "basic")]
    command = sleuth(
        "bot", "connect", server.http, "--token-file", str(token_file), "--games", "1",
        *options, "--", *bot,
    )  # fmt: skip
    env = {"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}
    with said(log).open("w", encoding="utf-8") as errors:
        return subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=errors, text=True, env=env
        )


def ratings_of(board: dict[str, Any]) -> dict[str, tuple[float, float, int]]:
    return {
        f"{e['player']['kind']}:{e['player']['id']}": (
            e["rating"]["mu"],
            e["rating"]["sigma"],
            e["rating"]["games"],
        )
        for e in board["entries"]
    }


async def rated_board(person: Person, count: int) -> dict[str, Any]:
    board: dict[str, Any] = {"entries": []}
    for _ in range(100):  # rated as the table ends, in the background
        board = await person.get(f"/api/games/{EXAMPLE}/leaderboard")
        if len(board["entries"]) >= count:
            break
        await asyncio.sleep(0.1)
    return board


async def test_a_challenged_bot_accepts_and_a_rated_game_moves_both_ratings(
    launch: Any, tmp_path: Path
) -> None:
    server: Server = launch()
    async with Person(server.http, "Ann") as ann, Person(server.http, "Bo") as bo:
        await signed_up(ann)
        await signed_up(bo)
        token_file = await issue(bo, "rival", tmp_path)
        log = tmp_path / "rival.log"
        client = connect(server, token_file, log)
        try:
            bots = await listed(ann, "rival")
            assert bots[0]["ratings"] == [] and EXAMPLE in bots[0]["games"]
            created = await ann.post("/api/bots/rival/challenge", CHALLENGE)
            table = created["table"]
            assert table["rated"] is True
            assert [(s["kind"], s["name"]) for s in table["seats"]] == [
                ("person", "Ann"),
                ("bot", "net:rival"),
                ("bot", "basic"),
            ]
            seat = SeatClient(server.ws, table["id"], 0, cookie=ann.cookie)
            await seat.connect()
            final = await seat.play(timeout=240)
            await seat.close()
        except BaseException:
            client.kill()
            raise
        code, errors = wait(client, log)
        assert code == 0, errors
        assert errors.splitlines()[:2] == [
            "connected as net:rival",
            f"challenge from Ann: {EXAMPLE}, rated: accepted",
        ]
        record = (await ann.get(f"/api/tables/{table['id']}/record"))["record"]
        me = await ann.get("/api/people/me")
        board = await rated_board(ann, 3)
    # The command got its seat's hello, decisions and end, and nothing else (no challenge).
    sent, answered = read_log(log)
    assert check_messages(record, sent, seat=1) == len(answered) - 1 > 0
    outcome = Outcome(tuple(final["outcome"]["scores"]), tuple(final["outcome"]["winners"]), SOLVED)
    players = [f"person:{me['id']}", "bot:net:rival", "bot:basic"]
    expected = updated_ratings({}, players, outcome)
    assert ratings_of(board) == {p: (s.mu, s.sigma, 1) for p, s in expected.items()}


async def raw_bot(server: Server, token: str, answers: list[str | None]) -> Any:
    """A bot socket that answers its challenges in turn: accept, decline or nothing; each
    challenge is also put on the queue it returns as it comes (before it is answered)."""
    ws = await websockets_connect(
        f"{server.ws}/ws/bot", additional_headers={"Authorization": f"Bearer {token}"}
    )
    assert json.loads(await ws.recv())["type"] == "welcome"
    challenges: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def answer() -> list[dict[str, Any]]:
        got = []
        for reply in answers:
            message = json.loads(await ws.recv())
            while message["type"] != "challenge":  # what it is told of a challenge let pass
                message = json.loads(await ws.recv())
            got.append(message)
            challenges.put_nowait(message)
            if reply is not None:
                await ws.send(json.dumps({"type": reply, "id": message["id"]}))
        return got

    return ws, asyncio.get_running_loop().create_task(answer()), challenges


async def refused(person: Person, name: str, body: dict[str, Any]) -> tuple[int, str]:
    answer = await person.client.post(f"/api/bots/{name}/challenge", json=body)
    return answer.status_code, answer.json()["detail"]


async def test_a_bot_that_declines_or_is_away_is_named_plainly(launch: Any, tmp_path: Path) -> None:
    server: Server = launch()
    async with Person(server.http, "Cy") as cy, Person(server.http, "Dee") as dee:
        await signed_up(cy)
        token = (await issue(cy, "picky", tmp_path)).read_text(encoding="utf-8").strip()
        casual = {**CHALLENGE, "rated": False}
        assert await refused(dee, "picky", casual) == (
            400,
            "the network bot picky is not connected",
        )
        ws, answers, challenges = await raw_bot(server, token, ["decline", None, "accept"])
        await listed(dee, "picky")
        assert await refused(dee, "picky", casual) == (
            409,
            "the network bot picky declined your challenge",
        )
        # Unanswered: a second challenge meanwhile is refused, the first counts as declined.
        first = asyncio.ensure_future(refused(dee, "picky", casual))
        assert (await asyncio.wait_for(challenges.get(), 30))["id"] == 1  # the declined one
        # The bot holds the second, unanswered: the server waits on it.
        assert (await asyncio.wait_for(challenges.get(), 30))["id"] == 2
        assert await refused(dee, "picky", casual) == (
            409,
            "your challenge to picky still waits for its answer",
        )
        assert await first == (
            409,
            "the network bot picky did not answer your challenge within 10 s: no table",
        )
        # A guest challenges to a rated game: refused before the bot is asked.
        assert (await refused(dee, "picky", CHALLENGE))[0] == 403
        created = await dee.post("/api/bots/picky/challenge", casual)
        seen = await asyncio.wait_for(answers, 30)
        assert [m["id"] for m in seen] == [1, 2, 3]
        assert seen[0] == {
            "type": "challenge",
            "id": 1,
            "game": EXAMPLE,
            "players": 3,
            "options": {},
            "seats": ["person", "net:picky", "basic"],
            "rated": False,
            "from": "Dee",
            "answer_within": 10.0,
        }
        assert created["table"]["seats"][1]["name"] == "net:picky"
        # Busy at that table now.
        assert await refused(cy, "picky", casual) == (
            400,
            "the network bot picky is playing at another table",
        )
        await ws.close()
    async with httpx.AsyncClient(base_url=server.http) as nobody:
        answer = await nobody.post("/api/bots/picky/challenge", json=casual)
        assert answer.status_code == 401


async def test_a_bot_that_takes_some_games_only_and_a_challenge_flood(
    launch: Any, tmp_path: Path
) -> None:
    server: Server = launch()
    async with Person(server.http, "Eve") as eve:
        await signed_up(eve)
        token = (await issue(eve, "narrow", tmp_path)).read_text(encoding="utf-8").strip()
        headers = {"Authorization": f"Bearer {token}"}
        async with websockets_connect(f"{server.ws}/ws/bot", additional_headers=headers) as ws:
            await ws.recv()
            await ws.send(json.dumps({"type": "games", "games": []}))
            await ws.send(json.dumps({"type": "games", "games": ["no-such-game"]}))
            error = json.loads(await ws.recv())
            assert error["problem"] == "malformed"
            assert error["message"].startswith("no game 'no-such-game' here: ")
            bots = await listed(eve, "narrow")
            assert bots[0]["games"] == []
            casual = {**CHALLENGE, "rated": False}
            for _ in range(9):
                assert await refused(eve, "narrow", casual) == (
                    400,
                    f"the network bot narrow takes no challenges to {EXAMPLE}",
                )
            status, detail = await refused(eve, "narrow", casual)
            assert status == 400
            status, detail = await refused(eve, "narrow", casual)
            assert status == 429
            assert detail.startswith("too many challenges: at most 10 per minute; try again in ")


async def test_only_an_answer_to_what_waits_goes_unmetered(launch: Any, tmp_path: Path) -> None:
    """A challenge waiting for its answer does not open the bot's socket to a flood: its
    own messages meanwhile (here ``games``) are metered, while its answer still counts."""
    server: Server = launch()
    async with Person(server.http, "Flo") as flo:
        await signed_up(flo)
        token = (await issue(flo, "noisy", tmp_path)).read_text(encoding="utf-8").strip()
        headers = {"Authorization": f"Bearer {token}"}
        async with websockets_connect(f"{server.ws}/ws/bot", additional_headers=headers) as ws:
            await ws.recv()
            await listed(flo, "noisy")
            casual = {**CHALLENGE, "rated": False}
            challenge = asyncio.ensure_future(refused(flo, "noisy", casual))
            message = json.loads(await ws.recv())
            while message["type"] != "challenge":
                message = json.loads(await ws.recv())
            for _ in range(100):
                await ws.send(json.dumps({"type": "games", "games": []}))
            await ws.send(json.dumps({"type": "decline", "id": message["id"]}))
            assert await challenge == (409, "the network bot noisy declined your challenge")
            told = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert (told["type"], told["problem"]) == ("error", "rate_limited")
