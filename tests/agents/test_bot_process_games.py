"""Whole games with bots in their own process: built-in bots served over the protocol play
exactly as in the game's process, tournaments replay, and forfeits reach the results."""

from __future__ import annotations

import io
import json
import os
import random
import re
import shlex
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import sleuth
from sleuth.agents import Agent, RandomAgent, make_agent
from sleuth.agents import botproto as proto
from sleuth.agents.remote import RemoteAgent, bot_seed
from sleuth.agents.serve import serve
from sleuth.arena import play_match
from sleuth.arena.session import GameSession
from sleuth.arena.tournament import run_specs, schedule
from sleuth.cli.main import main
from sleuth.core import Action, Game, GameError, Outcome, View, make_game
from sleuth.core.records import replay_record
from sleuth.core.serialize import JSONValue
from support.example_game import EXAMPLE
from support.game_names import built_in_kits
from support.narrow import narrow
from support.streams import bot_streams

SRC = Path(sleuth.__file__).parent.parent
FAKE = Path(__file__).parent.parent / "support" / "fake_bot.py"


def served(bot: str) -> str:
    return f"cmd:{shlex.join([sys.executable, '-m', 'sleuth.cli.main', 'bot', 'serve', bot])}"


def fake(*deeds: str) -> str:
    return f"cmd:time=2:{shlex.join([sys.executable, str(FAKE), *deeds])}"


@pytest.fixture(autouse=True)
def _children_import_this_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]))


class Reseeded(Agent):
    """A bot in the game's process seeded as a served bot is: from the hello's seed."""

    name = "reseeded"

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.rng = random.Random()

    def start(
        self, game: Game[Any], seat: int, rng: random.Random, steps_played: Callable[[], int]
    ) -> None:
        self.rng = proto.bot_rng(bot_seed(rng))
        self.inner.start(game, seat, self.rng, steps_played)

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.inner.act(view, legal, self.rng)

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        return self.inner.interrupt(view, legal, self.rng)


# Every game's deductive bot (the fronts' example game's in the quick run, at two seeds), and
# the example's search bot.
TABLES = [
    pytest.param(kit.name, 3, "deductive", (0, 1), id=f"{kit.name}-deductive")
    if kit.name == EXAMPLE
    else pytest.param(kit.name, 3, "deductive", (0,), marks=pytest.mark.slow)
    for kit in built_in_kits()
] + [pytest.param(EXAMPLE, 3, "ismcts:iterations=30", (0,), marks=pytest.mark.slow)]


@pytest.mark.parametrize(("game_name", "players", "bot", "seeds"), TABLES)
def test_a_served_bot_plays_exactly_as_in_the_games_process(
    game_name: str, players: int, bot: str, seeds: tuple[int, ...]
) -> None:
    game = make_game(game_name, players)
    for seed in seeds:
        # The same bot streams and salt for both: only where the bot runs differs.
        streams, salt = bot_streams(seed, players), "5a1f" * 8
        here = play_match(
            game,
            [Reseeded(make_agent(bot, game_name)), *rest(game)],
            seed,
            bot_seeds=streams,
            salt=salt,
        )
        away = play_match(
            game,
            [make_agent(served(bot), game_name), *rest(game)],
            seed,
            bot_seeds=streams,
            salt=salt,
        )
        assert away.forfeits == ()
        assert away.record == here.record
        assert len(away.steps) > players


def rest(game: Game[Any]) -> list[Agent]:
    return [make_agent("basic", game.name), *(RandomAgent() for _ in range(game.players - 2))]


@pytest.mark.slow
def test_an_arena_with_a_served_bot_replays_exactly() -> None:
    config = make_game(EXAMPLE, 3).config_json()
    specs = schedule(EXAMPLE, config, [served("deductive"), "basic", "random"], 3, 5)
    first, again = run_specs(specs), run_specs(specs)
    assert [(r.record, r.scores, r.decisions) for r in first] == [
        (r.record, r.scores, r.decisions) for r in again
    ]
    assert all(r.forfeits == () for r in first)
    assert sorted(r.seating.index(served("deductive")) for r in first) == [0, 1, 2]


def test_a_game_goes_on_past_a_crash_and_names_each_lost_decision() -> None:
    game = make_game(EXAMPLE, 3)
    agents = [make_agent(fake("3:crash"), EXAMPLE), *rest(game)]
    result = play_match(game, agents, seed=2, bot_seeds=bot_streams(2, 3))
    replay_record(result.record)  # a whole, legal game
    assert result.outcome is not None and len(result.steps) > 10
    crash, *after = result.forfeits
    assert (crash.seat, crash.problem) == (0, "crash")
    assert crash.detail == "exited with code 3; its last error output: 'boom'"
    assert after and all(f.detail.startswith("not running: it crashed at step") for f in after)
    for forfeit in result.forfeits:
        if forfeit.decision == "turn":  # the step it lost is the step seat 0 played
            assert result.steps[forfeit.step - 1].seat == 0
    turns = [i + 1 for i, s in enumerate(result.steps) if s.seat == 0]
    assert {f.step for f in result.forfeits if f.decision == "turn"} == {
        t for t in turns if t >= crash.step
    }


def test_the_arena_lists_forfeits_in_its_table_and_its_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = fake("1:say=dance")
    out = tmp_path / "results.json"
    code = main(
        [
            *("arena", EXAMPLE, "--players", "3", "--bots", f"{bad},basic,random"),
            *("--games", "2", "--seed", "4", "--out", str(out)),
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "forfeits (2 decisions lost; random decided instead):" in printed
    header, *rows = printed.split("\n\n")[0].splitlines()[1:]
    assert header.split()[-1] == "forfeits"
    assert {row.split()[-1] for row in rows if not row.startswith(bad)} == {"0"}
    assert next(row for row in rows if row.startswith(bad)).split()[-1] == "2"
    # Game 0 seats the bot at 0: its first decision is its turn; game 1 seats it at 1: its
    # first decision is an interrupt offered before seat 0's question.
    assert f"game 0, {bad}: seat 0, step 1 (turn): illegal: 'dance' is not Black Vienna" in printed
    assert f"game 1, {bad}: seat 1, step 1 (interrupt): illegal: 'dance' is not" in printed
    data = json.loads(out.read_text())
    lost = [
        (g["index"], f["seat"], f["step"], f["decision"], f["problem"], f["fallback"])
        for g in data["games"]
        for f in g["forfeits"]
    ]
    assert lost == [
        (0, 0, 1, "turn", "illegal", "random"),
        (1, 1, 1, "interrupt", "illegal", "random"),
    ]
    assert next(row for row in data["summary"] if row["bot"] == bad)["forfeits"] == 2


def test_bots_command_lists_program_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots", EXAMPLE]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-3:-1] == [
        "any game:",
        "  cmd:COMMAND  time=5 startup=15  (a bot program in its own process, e.g.",
    ]


def test_a_session_starts_a_program_bot_and_stops_it() -> None:
    game = make_game(EXAMPLE, 3)
    bot = narrow(RemoteAgent, make_agent(fake(), EXAMPLE))
    session = GameSession(game, 3, [None, bot, RandomAgent(0.0)])
    pid = bot.pid
    assert pid is not None
    session.act(0, str(session.legal_actions(0)[0]))
    step = session.bot_step()
    assert step is not None and step.seat == 1  # the fake answers seat 1's question
    session.close()
    assert bot.pid is None
    assert subprocess.run(["kill", "-0", str(pid)], capture_output=True).returncode != 0
    assert session.forfeits == []


# --- the bot side ------------------------------------------------------------------------


def lines(*messages: dict[str, Any]) -> io.BytesIO:
    return io.BytesIO(b"".join(proto.encode(m) for m in messages))


def hello(table: Game[Any], seat: int = 1, **changes: Any) -> dict[str, Any]:
    return {**proto.hello(table, seat, 7, 1.0), **changes}


def test_serve_answers_each_decision_with_the_bots_choice() -> None:
    game = make_game(EXAMPLE, 3)
    state = game.new(9)
    legal = state.legal_actions(0)
    decide = proto.decide(
        1, 1, "turn", 1.0, state.view(0).to_json(), proto.encode_legal(game, legal)
    )
    interrupt = proto.decide(
        2, 1, "interrupt", 1.0, state.view(0).to_json(), proto.encode_legal(game, legal)
    )
    end = proto.end(Outcome((1, 2, 3), (2,), game.termination_type("correct accusation")))
    out = io.BytesIO()
    serve("random:interrupt_rate=0", lines(hello(game, 0), decide, interrupt, end), out)
    ready, first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert ready == {"type": "ready", "name": "random:interrupt_rate=0"}
    expected = RandomAgent(0.0).act(state.view(0), legal, proto.bot_rng(7))
    assert first == {"type": "action", "id": 1, "action": str(expected)}
    assert second == {"type": "action", "id": 2, "action": "none"}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"version": 2}, "this bot speaks sleuth-bot version 1, the engine 'sleuth-bot' version 2"),
        ({"type": "decide"}, "expected a 'hello' first, got 'decide'"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"seat": 3}, "hello: seat 3 is not a seat of 3"),
        ({"seed": "7"}, "hello: seed '7' is not an integer"),
        ({"config": {"players": 3, "colour": "red"}}, "unknown field"),
    ],
)
def test_serve_refuses_a_bad_hello(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(GameError, match=message):
        serve("basic", lines(hello(make_game(EXAMPLE, 3), **changes)), io.BytesIO())


def test_serve_refuses_bad_decisions_and_lines() -> None:
    game = make_game(EXAMPLE, 3)
    view = game.new(1).view(1).to_json()
    bad_legal = proto.decide(1, 1, "turn", 1.0, view, [{"kind": "ask", "actions": ["dance"]}])
    with pytest.raises(GameError, match=r"legal\[0\]: 'dance': "):
        serve("basic", lines(hello(game), bad_legal), io.BytesIO())
    bad_every = proto.decide(1, 1, "turn", 1.0, view, [{"kind": "ask", "every": True}])
    no_family = rf"legal\[0\]: {re.escape(game.title)} has no family of every 'ask'"
    with pytest.raises(GameError, match=no_family):
        serve("basic", lines(hello(game), bad_every), io.BytesIO())
    with pytest.raises(GameError, match="decision 'maybe' is not turn or interrupt"):
        serve("basic", lines(hello(game), {**bad_legal, "decision": "maybe"}), io.BytesIO())
    with pytest.raises(GameError, match="unknown bot 'genius'"):
        serve("genius", lines(hello(game)), io.BytesIO())
    huge = io.BytesIO(proto.encode(hello(game)) + b" " * (proto.MAX_MESSAGE_BYTES + 10))
    with pytest.raises(GameError, match="a line longer than 4194304 bytes"):
        serve("basic", huge, io.BytesIO())
    with pytest.raises(GameError, match="the input ended before the hello"):
        serve("basic", io.BytesIO(), io.BytesIO())


def test_sleuth_bot_serve_reports_a_bad_hello_on_stderr() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "sleuth.cli.main", "bot", "serve", "deductive"],
        input=b'{"type": "hello", "protocol": "sleuth-bot", "version": 9}\n',
        capture_output=True,
        timeout=60,
    )
    assert run.returncode == 2
    assert run.stderr.decode().strip() == (
        "sleuth bot serve: this bot speaks sleuth-bot version 1, the engine 'sleuth-bot' version 9"
    )


def test_a_served_bot_holds_no_state() -> None:
    game = make_game(EXAMPLE, 4)
    state = game.new(3)
    messages = [hello(game, 0)]
    for ident in range(1, 4):
        legal = state.legal_actions(0)
        messages.append(
            proto.decide(
                ident, 1, "turn", 1.0, state.view(0).to_json(), proto.encode_legal(game, legal)
            )
        )
    script = (
        "import gc, sys\n"
        "from sleuth.agents.serve import serve\n"
        "from sleuth.core import State\n"
        "serve('deductive', sys.stdin.buffer, sys.stdout.buffer)\n"
        "print(sum(isinstance(o, State) for o in gc.get_objects()), file=sys.stderr)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script],
        input=lines(*messages).getvalue(),
        capture_output=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr.decode()
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert [a.get("id") for a in answers] == [None, 1, 2, 3]
    assert all(game.parse_action(a["action"]) in state.legal_actions(0) for a in answers[1:])
    assert run.stderr.decode().strip() == "0"


EXAMPLE_BOT = Path(__file__).parent.parent.parent / "examples" / "bots" / "first_legal.py"


@pytest.mark.parametrize("mode", [[], ["--random"]])
def test_the_example_bot_plays_whole_games(mode: list[str]) -> None:
    spec = f"cmd:{shlex.join([sys.executable, str(EXAMPLE_BOT), *mode])}"
    game = make_game(EXAMPLE, 3)
    for seed in range(2):
        result = play_match(game, [make_agent(spec, EXAMPLE), *rest(game)], seed)
        assert result.forfeits == ()
        replay_record(result.record)
    if not mode:  # seat 0 asks first: the first legal question of the deal
        first = next(s.action for s in result.steps if s.seat == 0)
        assert first == str(game.new(1).legal_actions(0)[0])


def test_the_example_bot_names_the_example_when_nothing_is_listed() -> None:
    game = make_game(EXAMPLE, 3)
    every: list[JSONValue] = [
        {"kind": "accuse", "every": True, "count": 2925, "example": "accuse ABC"}
    ]
    messages = [hello(game, 0), proto.decide(1, 9, "turn", 1.0, {}, every), proto.end(None)]
    run = subprocess.run(
        [sys.executable, str(EXAMPLE_BOT)],
        input=lines(*messages).getvalue(),
        capture_output=True,
        timeout=30,
    )
    assert run.returncode == 0
    ready, answer = (json.loads(line) for line in run.stdout.splitlines())
    assert ready == {"type": "ready", "name": "first-legal"}
    assert answer == {"type": "action", "id": 1, "action": "accuse ABC"}
