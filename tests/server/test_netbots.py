"""Network bots (issue #37, item 4): a bot account's token, ``sleuth bot connect`` relaying a
protocol bot from another process, a whole game against the server's bots in which every
message the bot gets is its seat's view and legal actions, a wrong token refused, a bot
that sends garbage told so while the game goes on, and a bot that goes away mid-game
played by the takeover bot until it is back."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect as websockets_connect

from sleuth.agents import botproto as proto
from sleuth.core import all_kits
from sleuth.core.records import replay_record
from sleuth.core.serialize import to_json
from support.example_game import EXAMPLE

from .client import Person, SeatClient
from .conftest import SRC, Server

TEE = Path(__file__).with_name("netbot_tee.py")
PASSWORD = "correct horse battery"
UNKNOWN = "this bot token is not known: a signed-in person issues one (POST /api/bots)"


def sleuth(*words: str) -> list[str]:
    return [sys.executable, "-m", "sleuth.cli.main", *words]


def connect(server: Server, token_file: Path, log: Path, *tee: str) -> subprocess.Popen[str]:
    """``sleuth bot connect`` for one game, the bot ``sleuth bot serve basic`` behind a tee;
    what the client says goes to LOG.err (``said``)."""
    bot = [sys.executable, str(TEE), str(log), *tee, "--", *sleuth("bot", "serve", "basic")]
    command = sleuth(
        "bot", "connect", server.http, "--token-file", str(token_file), "--games", "1", "--", *bot
    )
    env = {"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}
    with said(log).open("w", encoding="utf-8") as errors:
        return subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=errors, text=True, env=env
        )


def said(log: Path) -> Path:
    return log.with_suffix(".err")


async def signed_up(person: Person) -> None:
    answer = await person.client.post(
        "/api/account", json={"name": person.name, "password": PASSWORD}
    )
    assert answer.status_code == 201


async def issue(person: Person, name: str, folder: Path) -> Path:
    issued = await person.post("/api/bots", {"name": name})
    assert issued["name"] == name and issued["spec"] == f"net:{name}"
    assert issued["token"].startswith("bot_")
    token_file = folder / f"{name}.token"
    token_file.write_text(issued["token"] + "\n", encoding="utf-8")
    return token_file


async def listed(person: Person, name: str) -> list[Any]:
    """The connected bots, once ``name`` is among them."""
    for _ in range(300):
        bots: list[Any] = await person.get("/api/bots")
        if any(bot["name"] == name for bot in bots):
            return bots
        await asyncio.sleep(0.1)
    raise AssertionError(f"{name} never connected")


def wait(process: subprocess.Popen[str], log: Path, seconds: float = 240) -> tuple[int, str]:
    """The client's exit code and what it said, once it has stopped."""
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    return process.returncode, said(log).read_text(encoding="utf-8")


async def until_said(log: Path, lines: int) -> list[str]:
    """What the client has said, once it is ``lines`` lines."""
    for _ in range(600):
        text = said(log).read_text(encoding="utf-8").splitlines()
        if len(text) >= lines:
            return text
        await asyncio.sleep(0.1)
    raise AssertionError(f"the client said only {text}")


async def play_one_game(person: Person, server: Server, name: str) -> dict[str, Any]:
    """A table of the network bot at seat 0 and two built-in bots; its record once over."""
    table = {
        "game": EXAMPLE,
        "players": 3,
        "sheet": "off",
        "seats": [{"kind": "bot", "bot": f"net:{name}"}, *[{"kind": "bot", "bot": "basic"}] * 2],
    }
    table_id = (await person.post("/api/tables", table))["table"]["id"]
    for _ in range(2400):
        if (await person.get(f"/api/tables/{table_id}"))["status"] == "finished":
            break
        await asyncio.sleep(0.1)
    record: dict[str, Any] = (await person.get(f"/api/tables/{table_id}/record"))["record"]
    return record


def read_log(log: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(what the server sent the bot, what the bot answered), in order."""
    sent: list[dict[str, Any]] = []
    answered: list[dict[str, Any]] = []
    for line in log.read_text(encoding="utf-8").splitlines():
        (sent if line.startswith("< ") else answered).append(json.loads(line[2:]))
    return sent, answered


def check_messages(
    record: dict[str, Any], sent: list[dict[str, Any]], seat: int, ended: bool = True
) -> int:
    """Each decision the bot got holds its seat's view and legal actions at that step, and
    nothing else; the game's end tells its outcome (``ended``: the bot was there to hear
    it). Returns the decisions checked."""
    replay = replay_record(record)
    game = replay.game
    states = list(replay.states())
    hello, *decisions = sent
    if ended:
        *decisions, end = decisions
        outcome = json.loads(json.dumps(to_json(states[-1].outcome)))
        assert end == {"type": "end", "outcome": outcome}
    assert hello["type"] == "hello" and hello["seat"] == seat and hello["game"] == game.name
    assert hello["config"] == game.config_json()
    for number, message in enumerate(decisions, start=1):
        assert message["type"] == "decide" and message["id"] == number
        state = states[message["step"] - 1]
        assert set(message) == {"type", "id", "step", "decision", "time_limit", "view", "legal"}
        assert message["view"] == json.loads(json.dumps(state.view(seat).to_json()))
        legal = proto.encode_legal(game, state.legal_actions(seat))
        assert message["legal"] == json.loads(json.dumps(legal))
    return len(decisions)


async def test_a_network_bot_plays_a_whole_game_from_its_seats_view_only(
    launch: Any, tmp_path: Path
) -> None:
    server: Server = launch()
    async with Person(server.http, "Ada") as ada:
        await signed_up(ada)
        token_file = await issue(ada, "tee", tmp_path)
        log = tmp_path / "tee.log"
        client = connect(server, token_file, log)
        try:
            every_game = sorted(kit.name for kit in all_kits())
            assert await listed(ada, "tee") == [
                {
                    "name": "tee",
                    "spec": "net:tee",
                    "playing": False,
                    "games": every_game,
                    "ratings": [],
                }
            ]
            record = await play_one_game(ada, server, "tee")
        except BaseException:
            client.kill()
            raise
        code, errors = wait(client, log)
        assert code == 0, errors
        # The table asked it first, as a challenge does: its client accepts every game.
        assert errors.splitlines() == [
            "connected as net:tee",
            f"challenge from Ada: {EXAMPLE}, casual: accepted",
        ]
        sent, answered = read_log(log)
        assert check_messages(record, sent, seat=0) == len(answered) - 1 > 0
        assert answered[0] == {"type": "ready", "name": "basic"}
        # Every move of seat 0 in the record is the bot's own answer at that step.
        assert own_moves(record) == bot_moves(sent, answered)
        assert len(own_moves(record)) > 0
        assert await until_gone(ada) == []


def own_moves(record: dict[str, Any]) -> dict[int, str]:
    steps = replay_record(record).steps
    return {number: step.action for number, step in enumerate(steps, 1) if step.seat == 0}


def bot_moves(sent: list[dict[str, Any]], answered: list[dict[str, Any]]) -> dict[int, str]:
    """The step of each decision the bot answered with a move (not "none")."""
    steps = {m["id"]: m["step"] for m in sent if m["type"] == "decide"}
    return {steps[a["id"]]: a["action"] for a in answered[1:] if a["action"] != "none"}


async def until_gone(person: Person) -> list[Any]:
    """The connected bots once none is (a client that stopped is gone soon after)."""
    for _ in range(100):
        bots: list[Any] = await person.get("/api/bots")
        if not bots:
            break
        await asyncio.sleep(0.1)
    return bots


async def bounded_socket(server: Server, token: str) -> list[Any]:
    """What the bot socket answers to a binary message, one too large, an answer to no
    decision and a ready to no hello: each an error, and the socket stays open."""
    headers = {"Authorization": f"Bearer {token}"}
    async with websockets_connect(f"{server.ws}/ws/bot", additional_headers=headers) as ws:
        for message in (b"{}", "x" * 8193, '{"type":"action","id":5,"action":"x"}'):
            await ws.send(message)
        await ws.send(json.dumps({"type": "ready"}))
        return [json.loads(await asyncio.wait_for(ws.recv(), 30)) for _ in range(5)]


async def test_a_wrong_token_and_bad_requests_are_refused_with_clear_errors(
    launch: Any, tmp_path: Path
) -> None:
    server: Server = launch()
    async with Person(server.http, "Bea") as bea:
        guest = await bea.client.post("/api/bots", json={"name": "beabot"})
        assert guest.status_code == 401
        await signed_up(bea)
        token = (await issue(bea, "beabot", tmp_path)).read_text(encoding="utf-8").strip()
        assert await bounded_socket(server, token) == [
            {"type": "welcome", "name": "beabot", "spec": "net:beabot"},
            {
                "type": "error",
                "problem": "malformed",
                "message": "messages are JSON text, not binary",
            },
            {"type": "error", "problem": "too_large", "message": "a message is at most 8192 bytes"},
            {"type": "error", "problem": "malformed", "message": "no decision 5 was sent"},
            {
                "type": "error",
                "problem": "malformed",
                "message": "'ready' answers a hello, and none is waiting",
            },
        ]
        assert await until_gone(bea) == []
        taken = await bea.client.post("/api/bots", json={"name": "beabot"})
        assert (taken.status_code, taken.json()["detail"]) == (400, "the bot name beabot is taken")
        bad = await bea.client.post("/api/bots", json={"name": "Bad Name"})
        assert bad.json()["detail"] == (
            "bot name 'Bad Name': 2-32 lowercase letters, digits, - or _, a letter first"
        )
        assert await bea.get("/api/bots/mine") == ["beabot"]
        for number in range(1, 10):
            await bea.post("/api/bots", {"name": f"beabot{number}"})
        many = await bea.client.post("/api/bots", json={"name": "beabot10"})
        assert many.json()["detail"] == "a person issues at most 10 bot accounts"
        assert len(await bea.get("/api/bots/mine")) == 10
        table = {"game": EXAMPLE, "players": 3, "seats": [{"kind": "bot", "bot": "net:beabot"}] * 3}
        away = await bea.client.post("/api/tables", json=table)
        assert (away.status_code, away.json()["detail"]) == (
            400,
            "the network bot beabot is not connected",
        )
        wrong = tmp_path / "wrong.token"
        wrong.write_text("bot_not-a-real-token\n", encoding="utf-8")
        unused = tmp_path / "unused.log"
        code, errors = wait(connect(server, wrong, unused), unused, 60)
        assert code == 2
        assert errors.splitlines() == [
            f"server: bot_token_unknown: {UNKNOWN}",
            f"sleuth bot connect: refused: {UNKNOWN}",
        ]
    async with httpx.AsyncClient(base_url=server.http) as nobody:
        assert (await nobody.get("/api/bots")).json() == []


async def test_a_bot_that_sends_garbage_is_told_and_the_game_goes_on(
    launch: Any, tmp_path: Path
) -> None:
    server: Server = launch()
    async with Person(server.http, "Cy") as cy:
        await signed_up(cy)
        token_file = await issue(cy, "noisy", tmp_path)
        log = tmp_path / "noisy.log"
        client = connect(server, token_file, log, "--garbage")
        try:
            await listed(cy, "noisy")
            record = await play_one_game(cy, server, "noisy")
        except BaseException:
            client.kill()
            raise
        code, errors = wait(client, log)
        assert code == 0, errors
        garbage = "not JSON (Expecting value: line 1 column 1 (char 0)): 'this is not JSON'"
        # Asked for the table first (a table seats a network bot only if it accepts); then
        # told what was wrong with the message, and that the decision it waited on is lost.
        assert errors.splitlines() == [
            "connected as net:noisy",
            f"challenge from Cy: {EXAMPLE}, casual: accepted",
            f"server: malformed: {garbage}",
            f"server: malformed: decision 1 is lost: {garbage}",
        ]
        sent, answered = read_log(log)
        # The game went on to its end, every decision after the first the bot's own again.
        assert check_messages(record, sent, seat=0) == len(answered) - 1 > 1
        assert "outcome" in record


async def play_until(seat: SeatClient, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The person's seat plays a step at a time until ``done`` holds for its latest frame."""
    for _ in range(500):
        state = seat.latest_state()
        if state is not None and (done(state) or state["status"] == "finished"):
            return state
        step = state["step"] if state is not None else 0
        await seat.play(until_step=step + 1)
    raise AssertionError("the table never got there")


def answered_once(log: Path) -> Callable[[dict[str, Any]], bool]:
    return lambda _: log.exists() and read_log(log)[1][1:] != []


async def person_table(person: Person, server: Server, name: str) -> SeatClient:
    """A table of the network bot at seat 0, the person at seat 1 (their channel open) and
    a built-in bot: the person's moves set the pace."""
    seats = [
        {"kind": "bot", "bot": f"net:{name}"},
        {"kind": "person"},
        {"kind": "bot", "bot": "basic"},
    ]
    body = {"game": EXAMPLE, "players": 3, "sheet": "off", "sit": 1, "seats": seats}
    table = (await person.post("/api/tables", body))["table"]["id"]
    seat = SeatClient(server.ws, table, 1, cookie=person.cookie)
    await seat.connect()
    return seat


async def test_a_bot_that_goes_away_has_its_seat_played_by_the_takeover_bot_until_it_is_back(
    launch: Any, tmp_path: Path
) -> None:
    server: Server = launch()
    async with Person(server.http, "Dee") as dee:
        await signed_up(dee)
        token_file = await issue(dee, "comeback", tmp_path)
        first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"
        first = connect(server, token_file, first_log)
        try:
            await listed(dee, "comeback")
            seat = await person_table(dee, server, "comeback")
            await play_until(seat, answered_once(first_log))
        finally:
            first.kill()
            first.wait(30)
        assert await until_gone(dee) == []
        # Its last move may reach the person's frames after this: counted from the later of
        # the two, a move after it is the takeover bot's.
        last_own = max(bot_moves(*read_log(first_log)), default=0)
        away_from = max(seat.latest_state()["step"], last_own)  # type: ignore[index]
        # While it is away, seat 0 moves all the same: the takeover bot plays it.
        await play_until(seat, lambda s: any(e[0] == 0 for e in s["log"][away_from:]))
        second = connect(server, token_file, second_log)
        try:
            await listed(dee, "comeback")
            await play_until(seat, lambda s: False)
        except BaseException:
            second.kill()
            raise
        code, errors = wait(second, second_log)
        await seat.close()
        assert code == 0, errors
        record: dict[str, Any] = (await dee.get(f"/api/tables/{seat.table}/record"))["record"]
    sent_first, answered_first = read_log(first_log)
    sent_second, answered_second = read_log(second_log)
    check_messages(record, sent_first, seat=0, ended=False)
    # Back, it is greeted with a fresh hello for its seat and plays on to the end.
    assert check_messages(record, sent_second, seat=0) == len(answered_second) - 1 > 0
    asked = bot_moves(sent_first, answered_first) | bot_moves(sent_second, answered_second)
    moves = own_moves(record)
    by_takeover = {step for step in moves if step not in asked}
    assert by_takeover and min(by_takeover) > away_from
    assert max(by_takeover) < min(bot_moves(sent_second, answered_second))
    # Each of its moves the table took is its own (an interrupt it sent as the person moved
    # at the same time went stale, as any bot's does).
    assert by_takeover | {step for step in asked if step in moves} == set(moves)
    assert all(moves[step] == action for step, action in asked.items() if step in moves)


async def test_a_bot_that_does_not_answer_loses_its_decisions_and_is_disconnected(
    launch: Any, tmp_path: Path
) -> None:
    server: Server = launch(extra=("--max-think", "0.5"))
    async with Person(server.http, "Eve") as eve:
        await signed_up(eve)
        token_file = await issue(eve, "slow", tmp_path)
        log = tmp_path / "slow.log"
        client = connect(server, token_file, log, "--silent")
        try:
            await listed(eve, "slow")
            seat = await person_table(eve, server, "slow")
            # Its first three decisions time out (the table's deadline: --max-think and a
            # margin) and the takeover bot plays them; the server closes the connection, and
            # the client connects again (the person waits for that before playing on).
            timeouts = [f"server: timeout: decision {n}: no answer within 2.5 s" for n in (1, 2, 3)]
            closed = "server: timeout: closed after 3 time-outs in a row"
            asked = f"challenge from Eve: {EXAMPLE}, casual: accepted"  # before it is seated
            told = ["connected as net:slow", asked, *timeouts, closed]
            await play_until(seat, lambda _: said(log).read_text(encoding="utf-8").count("\n") >= 6)
            assert await until_said(log, 7) == [*told, "connected as net:slow"]
            await play_until(seat, lambda _: False)
        except BaseException:
            client.kill()
            raise
        code, errors = wait(client, log)
        await seat.close()
        assert code == 0, errors
        record: dict[str, Any] = (await eve.get(f"/api/tables/{seat.table}/record"))["record"]
    sent, answered = read_log(log)
    hellos = [number for number, message in enumerate(sent) if message["type"] == "hello"]
    assert len(hellos) == 2 and hellos[0] == 0
    first, second = sent[: hellos[1]], sent[hellos[1] :]
    assert check_messages(record, first, seat=0, ended=False) == 3
    # Greeted afresh, it plays the rest of the game.
    assert check_messages(record, second, seat=0) == len(answered) - 2 > 0
    moves = own_moves(record)
    lost = {m["step"] for m in first if m["type"] == "decide"} & set(moves)
    assert lost and all(step < min(bot_moves(second, answered[1:])) for step in lost)
