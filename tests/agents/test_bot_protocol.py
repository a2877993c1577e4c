"""The bot protocol, engine side: a bot program that crashes, times out, answers an illegal
or a malformed action, or writes an endless line forfeits that decision, random decides
instead, and the next decision goes on (tests/support/fake_bot.py misbehaves on request)."""

from __future__ import annotations

import json
import os
import random
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from sleuth.agents import Forfeit, make_agent
from sleuth.agents import botproto as proto
from sleuth.agents.botpipe import BotProcess, BotTimeout
from sleuth.agents.remote import RemoteAgent, command_agent
from sleuth.core import Action, GameError, State, View, find_game, make_game
from sleuth.core.actions import ActionList
from sleuth.core.serialize import JSONValue
from support.example_game import EXAMPLE
from support.game_cases import cases_of
from support.game_names import built_in_kits
from support.json_access import as_list
from support.narrow import narrow

FAKE = Path(__file__).parent.parent / "support" / "fake_bot.py"


def fake(*deeds: str, log: Path | None = None, time_limit: float = 2.0) -> RemoteAgent:
    words = [sys.executable, str(FAKE), *(["--log", str(log)] if log else []), *deeds]
    return RemoteAgent(shlex.join(words), time_limit=time_limit, startup_limit=10.0)


def started(agent: RemoteAgent, seat: int = 0, players: int = 3) -> State:
    state = make_game(EXAMPLE, players).new(4)
    agent.start(state.game, seat, random.Random(1), lambda: 6)
    return state


def turn(agent: RemoteAgent, state: State) -> Action:
    return agent.act(state.view(0), state.legal_actions(0), random.Random(2))


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is gone too: the table reaps it in stop(), so none should linger.
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split()[2] != "Z"


def test_a_bot_that_plays_by_the_rules_hears_hello_decide_and_end(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    agent = fake(log=log)
    state = started(agent, seat=0)
    pid = agent.pid
    assert pid is not None and alive(pid)
    legal = narrow(ActionList, state.legal_actions(0))
    assert turn(agent, state) == legal[0]
    assert agent.interrupt(state.view(1), state.legal_actions(1), random.Random(3)) is None
    agent.finish(None)
    assert agent.pid is None and not alive(pid)
    assert agent.forfeits == ()
    hello, first, second, end = (json.loads(line) for line in log.read_text().splitlines())
    assert {k: hello[k] for k in ("type", "protocol", "version", "game", "seat", "players")} == {
        "type": "hello",
        "protocol": "sleuth-bot",
        "version": 1,
        "game": EXAMPLE,
        "seat": 0,
        "players": 3,
    }
    assert hello["config"] == state.game.config_json()
    assert hello["seed"] == random.Random(1).getrandbits(64)
    assert (first["id"], first["step"], first["decision"], first["time_limit"]) == (1, 7, "turn", 2)
    assert first["view"] == state.view(0).to_json()
    assert first["legal"] == [
        {"kind": "ask", "actions": [str(a) for a in legal.of_kind("ask")]},
        {"kind": "accuse", "every": True, "count": 2925, "example": "accuse ABC"},
    ]
    assert (second["id"], second["decision"]) == (2, "interrupt")
    assert end == {"type": "end", "outcome": None}


def test_a_crash_forfeits_the_decision_and_every_later_one() -> None:
    agent = fake("2:crash")
    state = started(agent)
    pid = agent.pid
    assert turn(agent, state) == state.legal_actions(0)[0]
    fallback = turn(agent, state)
    assert fallback in state.legal_actions(0)
    later = turn(agent, state)
    agent.finish(None)
    assert pid is not None and not alive(pid)
    crash, after = agent.forfeits
    assert (crash.seat, crash.step, crash.decision, crash.problem) == (0, 7, "turn", "crash")
    assert crash.detail == "exited with code 3; its last error output: 'boom'"
    assert crash.fallback == "random"
    assert after.problem == "crash"
    assert after.detail == f"not running: it crashed at step 7: {crash.detail}"
    # random decided with the seat's generator: the same choice as random itself makes
    assert fallback == make_agent("random", EXAMPLE).act(
        state.view(0), state.legal_actions(0), random.Random(2)
    )
    assert later in state.legal_actions(0)
    assert str(crash) == (
        "seat 0, step 7 (turn): crash: exited with code 3; its last error output: 'boom'; "
        "random decided instead"
    )


def test_a_late_answer_forfeits_and_is_ignored_when_it_comes() -> None:
    agent = fake("1:sleep=0.8", time_limit=0.3)
    state = started(agent)
    began = time.monotonic()
    turn(agent, state)
    assert time.monotonic() - began < 0.6
    # The second decision's answer is the bot's own (the late answer to the first skipped).
    time.sleep(0.6)
    assert turn(agent, state) == state.legal_actions(0)[0]
    agent.finish(None)
    (late,) = agent.forfeits
    assert (late.problem, late.detail) == ("timeout", "no answer within 0.3 s")


def test_a_silent_bot_is_stopped_after_three_time_outs_in_a_row() -> None:
    agent = fake("1:silent", time_limit=0.2)
    state = started(agent)
    pid = agent.pid
    began = time.monotonic()
    for _ in range(5):
        turn(agent, state)
    assert time.monotonic() - began < 0.2 * 3 + 1.5  # three waits, then no more
    assert pid is not None and not alive(pid)
    agent.finish(None)
    problems = [(f.problem, f.detail) for f in agent.forfeits]
    assert problems == [
        ("timeout", "no answer within 0.2 s"),
        ("timeout", "no answer within 0.2 s"),
        ("timeout", "no answer within 0.2 s; stopped after 3 time-outs in a row"),
        ("timeout", "not running: stopped at step 7 after repeated time-outs"),
        ("timeout", "not running: stopped at step 7 after repeated time-outs"),
    ]


@pytest.mark.parametrize(
    ("deed", "detail"),
    [
        ("say=guess ABC", "'guess ABC' is not legal for this seat now (legal kinds: ask, accuse)"),
        ("say=dance", f"'dance' is not {find_game(EXAMPLE).title} notation: "),
        ("say=none", "'none' declines, but the turn move cannot be declined"),
    ],
)
def test_an_illegal_answer_forfeits_that_decision_only(deed: str, detail: str) -> None:
    agent = fake(f"1:{deed}")
    state = started(agent)
    assert turn(agent, state) in state.legal_actions(0)
    assert turn(agent, state) == state.legal_actions(0)[0]  # the bot plays on
    agent.finish(None)
    (forfeit,) = agent.forfeits
    assert forfeit.problem == "illegal"
    assert forfeit.detail.startswith(detail)


@pytest.mark.parametrize(
    ("deed", "detail"),
    [
        ("raw=hello there", "answer: not JSON (Expecting value: line 1 column 1 (char 0)): "),
        ("raw=[1, 2]", "answer: expected a JSON object, got list: '[1, 2]'"),
        ('raw={"id": 1}', "answer: the object has no string 'type': '{\"id\": 1}'"),
        ('raw={"type": "ready"}', "answer: expected an 'action' answer, got type 'ready'"),
        ('raw={"type": "action", "action": "pass"}', "answer: the answer's id is None, the"),
        ('raw={"type": "action", "id": 1, "action": 7}', "answer: 'action' must be a notation"),
        ("wrong-id", "answer: the answer's id is 2, the decision's is 1"),
        ("bytes", "answer: not UTF-8 text (invalid start byte at byte "),
        ("nested", "answer: JSON nested too deeply"),
        ("huge", "answer too long: a line longer than 65536 bytes"),
    ],
)
def test_a_malformed_answer_forfeits_that_decision_only(deed: str, detail: str) -> None:
    agent = fake(f"1:{deed}")
    state = started(agent)
    assert turn(agent, state) in state.legal_actions(0)
    assert turn(agent, state) == state.legal_actions(0)[0]
    agent.finish(None)
    (forfeit,) = agent.forfeits
    assert forfeit.problem == "malformed"
    assert forfeit.detail.startswith(detail)


def test_a_line_without_end_is_cut_at_the_limit_and_the_rest_skipped() -> None:
    script = (
        "import sys, json\n"
        "sys.stdin.readline(); print(json.dumps({'type': 'ready'}), flush=True)\n"
        "line = json.loads(sys.stdin.readline())\n"
        "sys.stdout.write('x' * 300000); sys.stdout.flush()\n"
        "import time; time.sleep(0.3)\n"
        "print(json.dumps({'type': 'action', 'id': line['id'], 'action': 'none'}), flush=True)\n"
        "line = json.loads(sys.stdin.readline())\n"
        "print(json.dumps({'type': 'action', 'id': line['id'], 'action': 'none'}), flush=True)\n"
        "sys.stdin.readline()\n"
    )
    agent = RemoteAgent(shlex.join([sys.executable, "-c", script]), time_limit=3.0)
    state = started(agent, seat=1)
    view, legal = state.view(1), state.legal_actions(1)
    assert agent.interrupt(view, legal, random.Random(1)) is None  # random rarely accuses
    assert agent.interrupt(view, legal, random.Random(1)) is None  # the bot's own "none"
    agent.finish(None)
    (forfeit,) = agent.forfeits
    assert (forfeit.decision, forfeit.problem) == ("interrupt", "malformed")
    assert forfeit.detail == "answer too long: a line longer than 65536 bytes"


@pytest.mark.parametrize(
    ("deed", "problem", "detail"),
    [
        ("0:silent", "timeout", "not running: no 'ready' within 0.5 s of the hello"),
        ("0:crash", "crash", "not running: it ended at the hello: exited with code 3; its last"),
        ("0:raw=ok", "malformed", "not running: its answer to the hello: not JSON"),
    ],
)
def test_a_bot_that_fails_the_hello_forfeits_every_decision(
    deed: str, problem: str, detail: str
) -> None:
    agent = RemoteAgent(shlex.join([sys.executable, str(FAKE), deed]), startup_limit=0.5)
    state = started(agent)
    for _ in range(2):
        assert turn(agent, state) in state.legal_actions(0)
    agent.finish(None)
    assert [f.problem for f in agent.forfeits] == [problem, problem]
    assert agent.forfeits[0].detail.startswith(detail)


@dataclass(frozen=True)
class BigView(View):
    """A view of 300 kB, more than a pipe holds: a bot that does not read leaves it stuck."""

    seat: int | None
    blob: str

    def render(self) -> str:
        return "big"

    def to_json(self) -> dict[str, JSONValue]:
        return {"seat": self.seat, "blob": self.blob}


@pytest.mark.slow
def test_a_bot_that_stops_reading_cannot_block_the_engine() -> None:
    agent = fake("1:deaf", time_limit=0.5)
    state = started(agent)
    pid = agent.pid
    view = BigView(0, "x" * 300_000)
    began = time.monotonic()
    turn(agent, state)  # the bot reads this one, then stops reading
    assert agent.act(view, state.legal_actions(0), random.Random(2)) in state.legal_actions(0)
    assert time.monotonic() - began < 0.5 * 2 + 1.5
    assert pid is not None and not alive(pid)
    agent.finish(None)
    first, second = agent.forfeits
    assert (first.problem, first.detail) == ("timeout", "no answer within 0.5 s")
    assert (second.problem, second.detail) == (
        "timeout",
        "it did not read the decision within 0.5 s",
    )


@pytest.mark.slow
def test_a_write_to_a_program_that_never_reads_times_out() -> None:
    process = BotProcess([sys.executable, "-c", "import time; time.sleep(30)"], 1000)
    began = time.monotonic()
    with pytest.raises(BotTimeout, match="bytes written"):
        process.send(b"x" * 1_000_000, time.monotonic() + 0.3)
    process.stop()
    assert time.monotonic() - began < 0.3 + 2 * 1.0 + 1.0
    assert not alive(process.pid)


def test_bot_specs_for_programs() -> None:
    agent = command_agent(f"cmd:time=0.5:startup=3:{sys.executable} -c 'print(1:2)'")
    assert (agent.time_limit, agent.startup_limit) == (0.5, 3.0)
    assert agent.argv == [sys.executable, "-c", "print(1:2)"]
    assert isinstance(make_agent(f"CMD:{sys.executable} x.py", EXAMPLE), RemoteAgent)
    for spec, message in [
        ("cmd:", "no command after 'cmd:'"),
        ("cmd:   ", "no command after 'cmd:'"),
        ("cmd:no-such-program-here --x", "no program 'no-such-program-here' found"),
        ("cmd:./nowhere/bot.py", "no program './nowhere/bot.py' found"),
        ("cmd:time=fast:python3 x.py", "time='fast' is not a number of seconds"),
        ("cmd:time=0:python3 x.py", "time=0.0 is not a positive number of seconds"),
        ("cmd:time=inf:python3 x.py", "time=inf is not a positive number of seconds"),
        ("cmd:time=1:time=2:python3 x.py", "parameter 'time' is given twice"),
        ("cmd:python3 'x.py", "No closing quotation"),
    ]:
        with pytest.raises(GameError, match=message):
            make_agent(spec, EXAMPLE)
    with pytest.raises(GameError, match="unknown game"):
        make_agent(f"cmd:{sys.executable} x.py", "chess")


def test_a_decision_before_start_is_refused() -> None:
    agent = fake()
    state = make_game(EXAMPLE, 3).new(1)
    with pytest.raises(RuntimeError, match="between start"):
        turn(agent, state)


# --- the messages ------------------------------------------------------------------------


def legal_of_playouts(game_name: str, players: int, seed: int) -> list[tuple[State, int]]:
    """States and seats along a random game (each seat that may act)."""
    game = make_game(game_name, players)
    state, rng, bot = game.new(seed), random.Random(seed), make_agent("random", game_name)
    found: list[tuple[State, int]] = []
    while state.outcome is None and len(found) < 400:
        found += [(state, seat) for seat in sorted(state.actors())]
        mover = state.to_move()
        assert mover is not None
        state = state.apply(mover, bot.act(state.view(mover), state.legal_actions(mover), rng))
    return found


def playout_tables() -> list[object]:
    """Every game at its test table (``players`` in its cases); the fronts' example game,
    whose legal lists are the longest, at three and five players and only in the slow run."""
    tables: list[object] = []
    for kit in built_in_kits():
        if kit.name == EXAMPLE:
            tables += [pytest.param(EXAMPLE, n, marks=pytest.mark.slow) for n in (3, 5)]
        else:
            tables.append((kit.name, cases_of(kit).players or kit.game.min_players))
    return tables


@pytest.mark.parametrize(("game_name", "players"), playout_tables())
def test_legal_actions_travel_in_order_and_come_back_equal(game_name: str, players: int) -> None:
    sizes = []
    for state, seat in legal_of_playouts(game_name, players, seed=3):
        legal: Sequence[Action] = state.legal_actions(seat)
        groups = proto.encode_legal(state.game, legal)
        line = proto.encode(proto.decide(1, 1, "turn", 1.0, state.view(seat).to_json(), groups))
        sizes.append(len(line))
        rebuilt = proto.decode_legal(state.game, json.loads(line)["legal"])
        assert list(rebuilt) == list(legal)
        assert [type(a) for a in rebuilt] == [type(a) for a in legal]
        listed = sum(
            len(as_list(g["actions"])) for g in groups if isinstance(g, dict) and "actions" in g
        )
        assert listed <= proto.LIST_LIMIT
    assert max(sizes) < proto.MAX_MESSAGE_BYTES // 10


def test_a_long_family_that_is_not_every_action_is_listed() -> None:
    state = make_game(EXAMPLE, 3).new(2)
    accusations = narrow(ActionList, state.legal_actions(0)).of_kind("accuse")
    partial = list(accusations)[:-1]
    (group,) = proto.encode_legal(state.game, partial)
    assert group == {"kind": "accuse", "actions": [str(a) for a in partial]}


def test_a_message_over_the_line_limit_is_refused() -> None:
    with pytest.raises(proto.ProtocolError, match="passes the 100-byte line limit"):
        proto.encode({"type": "decide", "pad": "x" * 100}, limit=100)


def test_forfeits_render_for_people() -> None:
    forfeit = Forfeit(2, 15, "interrupt", "timeout", "no answer within 5 s")
    assert str(forfeit) == (
        "seat 2, step 15 (interrupt): timeout: no answer within 5 s; random decided instead"
    )


def test_the_forfeit_list_folds_a_run_of_one_seat_into_a_line() -> None:
    from sleuth.arena.stats import format_forfeits
    from sleuth.arena.tournament import GameResult

    down = "not running: stopped at step 4 after repeated time-outs"
    lost = (
        Forfeit(1, 4, "turn", "timeout", "no answer within 1 s"),
        *(Forfeit(1, step, "interrupt", "timeout", down) for step in (5, 6, 8)),
        Forfeit(2, 9, "turn", "illegal", "'dance' is not this game's notation"),
    )
    result = GameResult(3, ("a", "b", "c"), (0, 0, 0), (), "x", 9, (1,) * 3, (0.0,) * 3, {})
    with_forfeits = GameResult(**{**result.__dict__, "forfeits": lost})
    assert format_forfeits([with_forfeits]).splitlines() == [
        "game 3, b: seat 1, step 4 (turn): timeout: no answer within 1 s; random decided instead",
        f"game 3, b: seat 1, steps 5 to 8 (3 decisions): timeout: {down}; random decided instead",
        "game 3, c: seat 2, step 9 (turn): illegal: 'dance' is not this game's notation; "
        "random decided instead",
    ]
    assert format_forfeits([with_forfeits], limit=1).splitlines()[1:] == [
        "... and 2 more lines (every forfeit is in --out)"
    ]


def test_every_games_whole_families_are_well_formed_and_distinct() -> None:
    from sleuth.core import all_games

    found = 0
    for game_type in all_games():
        game = game_type.configure(game_type.min_players)
        for action_type in game.action_types:
            every = game.every_action(action_type.kind)
            if every is None:
                continue
            found += 1
            texts = [str(action) for action in every]
            assert len(set(texts)) == len(every)
            assert all(type(action) is action_type for action in every)
            assert all(
                game.parse_action(text) == action for text, action in zip(texts, every, strict=True)
            )
    assert found > 0  # each game's own: tests/games/<package>/
