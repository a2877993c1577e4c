"""The leaderboard (``sleuth ladder``): any bot entered beside others, every pair at its own
table, rated exactly again from the same seed; a bot program that crashes or answers an
illegal action loses those games, with a note, and the leaderboard goes on."""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from envs.text_agent import ScriptedTextAgent
from sleuth.agents import Forfeit
from sleuth.arena.leaderboard import (
    Entrant,
    Leaderboard,
    competitors,
    forfeit_as_loss,
    parse_entrant,
    plan,
    rate,
    run_leaderboard,
)
from sleuth.arena.tournament import GameResult, run_specs
from sleuth.cli.main import main
from sleuth.core import Game, GameError, find_game
from sleuth.envs.text_ladder import STOPPED, text_games
from support.example_game import EXAMPLE

ROOT = Path(__file__).resolve().parents[1]
FIRST_LEGAL = f"cmd:{shlex.join([sys.executable, str(ROOT / 'examples/bots/first_legal.py')])}"
FAKE = ROOT / "tests/support/fake_bot.py"


def fake(*deeds: str) -> str:
    return f"cmd:{shlex.join([sys.executable, str(FAKE), *deeds])}"


def game() -> Game[Any]:
    return find_game(EXAMPLE).configure(3)


def field(entrant: Entrant) -> list[Entrant]:
    return competitors(game(), [entrant, Entrant("rnd", "random"), Entrant("bas", "basic")], False)


def test_a_protocol_bot_gets_the_same_ratings_from_the_same_seed() -> None:
    entrants = field(Entrant("first", FIRST_LEGAL))
    one = run_leaderboard(game(), entrants, 2, seed=11)
    two = run_leaderboard(game(), entrants, 2, seed=11)
    assert one.standings == two.standings
    assert [(r.seating, r.scores, r.winners) for r in one.results] == [
        (r.seating, r.scores, r.winners) for r in two.results
    ]
    # Three pairs, two games each, every competitor in two pairs.
    assert len(one.results) == 6
    assert sorted(row.name for row in one.standings) == ["bas", "first", "rnd"]
    assert {row.games for row in one.standings} == {4}
    assert one.notes == ""
    other = run_leaderboard(game(), entrants, 2, seed=12)
    assert [r.record["seed"] for r in other.results] != [r.record["seed"] for r in one.results]


@pytest.mark.parametrize(("deed", "problem"), [("1:crash", "crash"), ("1:say=nonsense", "illegal")])
def test_a_bot_that_crashes_or_answers_illegally_loses_its_games_with_a_note(
    deed: str, problem: str
) -> None:
    board = run_leaderboard(game(), field(Entrant("broken", fake(deed))), 1, seed=5)
    broken = next(row for row in board.standings if row.name == "broken")
    assert (broken.games, broken.wins, broken.forfeited_games) == (2, 0, 2)
    assert board.standings[-1].name == "broken"
    for result in board.results:
        seats = [s for s, spec in enumerate(result.seating) if spec == broken.spec]
        for seat in seats:
            assert seat not in result.winners
            others = [score for s, score in enumerate(result.scores) if s not in seats]
            assert result.scores[seat] < min(others)
    assert f": {problem}: " in board.notes
    assert board.notes.count("broken") == 0  # the note names the bot by its spec
    assert fake(deed) in board.notes


def result(scores: tuple[int, ...], winners: tuple[int, ...], lost: tuple[int, ...]) -> GameResult:
    forfeits = tuple(Forfeit(seat, 3, "turn", "timeout", "no answer in 5 s") for seat in lost)
    n = len(scores)
    return GameResult(
        0, ("a",) * n, scores, winners, "x", 9, (1,) * n, (0.0,) * n, {}, None, None, forfeits
    )


def test_a_forfeiting_winner_loses_and_the_best_of_the_others_win() -> None:
    scored = forfeit_as_loss(result((3, 1, 1), (0,), (0,)))
    assert (scored.scores, scored.winners) == ((0, 1, 1), (1, 2))
    scored = forfeit_as_loss(result((0, 5, 2), (1,), (2,)))
    assert (scored.scores, scored.winners) == ((0, 5, -1), (1,))
    untouched = result((0, 5, 2), (1,), ())
    assert forfeit_as_loss(untouched) is untouched


def test_entrants_are_named_and_checked_before_any_game() -> None:
    assert parse_entrant("mine=cmd:python my bot.py") == Entrant("mine", "cmd:python my bot.py")
    assert parse_entrant("ismcts:iterations=800") == Entrant(
        "ismcts:iterations=800", "ismcts:iterations=800"
    )
    with pytest.raises(GameError, match="NAME=SPEC"):
        parse_entrant("mine=")
    with pytest.raises(GameError, match="the spec 'random' is entered twice"):
        competitors(game(), [Entrant("a", "random"), Entrant("b", "random")], False)
    with pytest.raises(GameError, match="no program 'no-such-program-here' found"):
        competitors(
            game(), [Entrant("a", "random"), Entrant("b", "cmd:no-such-program-here")], False
        )
    with pytest.raises(GameError, match="no-such-bot"):
        competitors(game(), [Entrant("a", "random"), Entrant("b", "no-such-bot")], False)
    with pytest.raises(GameError, match="at least two"):
        run_leaderboard(game(), [Entrant("a", "random")], 1, seed=1)


def test_the_command_prints_the_leaderboard_and_refuses_a_bad_entrant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    words = ["ladder", EXAMPLE, "--players", "3", "--games", "1", "--seed", "2", "--no-levels"]
    assert main([*words, "--entrant", "r=random", "--entrant", f"crash={fake('1:crash')}"]) == 0
    out = capsys.readouterr().out
    assert "3 competitors" not in out and "2 competitors, 1 games a pair (1 games), seed 2" in out
    assert "games scored as lost" in out and ": crash: exited with code 3" in out
    assert main([*words, "--entrant", "r=random", "--entrant", "x=nobody"]) == 2
    assert "sleuth ladder: " in capsys.readouterr().err
    assert main([*words, "--entrant", "r=random", "--text-entrant", "t=no_such_module:make"]) == 2
    assert "text agent 'no_such_module:make': No module named" in capsys.readouterr().err
    assert main([*words, "--entrant", "r=random", "--text-entrant", "r=text_agent:make"]) == 2
    assert "the name 'r' is entered twice" in capsys.readouterr().err


def scripted(seed: int) -> Callable[[str], str]:
    return ScriptedTextAgent(seed)


def rambling(seed: int) -> Callable[[str], str]:
    return lambda situation: "I would rather not say."


def failing(seed: int) -> Callable[[str], str]:
    def answer(situation: str) -> str:
        raise ConnectionError("model server unreachable")

    return answer


def outcomes(board: Leaderboard) -> list[tuple[object, ...]]:
    return [(r.seating, r.scores, r.winners, r.forfeits) for r in board.results]


def stuck(seed: int) -> Callable[[str], str]:
    def answer(situation: str) -> str:
        time.sleep(0.5)  # fifty times the test's limit; the thread left behind then ends
        return "Action: wait"

    return answer


def text_board(
    make: Callable[[int], Callable[[str], str]], seed: int, limit: float = 60.0
) -> Leaderboard:
    players = [Entrant("rnd", "random"), Entrant("bas", "basic")]
    played = run_specs(plan(game(), players, 2, seed))
    for other in players:
        played += text_games(
            game(), {}, "text:agent", make, other.spec, 3, seed, len(played), limit
        )
    return rate([*players, Entrant("agent", "text:agent")], played)


def test_a_text_agent_plays_every_seat_against_each_competitor_and_replays_exactly() -> None:
    one, two = text_board(scripted, 3), text_board(scripted, 3)
    assert one.standings == two.standings
    assert outcomes(one) == outcomes(two)
    texts = [r for r in one.results if "text:agent" in r.seating]
    assert [r.seating.index("text:agent") for r in texts] == [0, 1, 2, 0, 1, 2]
    assert next(row for row in one.standings if row.name == "agent").games == 6
    assert one.notes == ""


@pytest.mark.parametrize(
    ("make", "note"),
    [
        (rambling, "illegal: no legal move after 3 answers: "),
        (failing, "crash: ConnectionError: model server unreachable"),
        (stuck, "timeout: no answer within 0.01 s"),
    ],
)
def test_a_text_agent_that_never_names_a_move_fails_or_stalls_loses_with_a_note(
    make: Callable[[int], Callable[[str], str]], note: str
) -> None:
    board = text_board(make, 3, limit=0.01)
    agent = next(row for row in board.standings if row.name == "agent")
    assert (agent.games, agent.wins, agent.forfeited_games) == (6, 0, 6)
    assert board.standings[-1].name == "agent"
    assert board.notes.count(note) == 6
    assert board.notes.count(STOPPED) == 6
