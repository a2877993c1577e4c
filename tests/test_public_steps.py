"""A record's public steps hold only what every seat's view shows (issue 13, item 6)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sleuth.cli.main import main
from sleuth.core import Action, State, make_rng
from sleuth.core.records import replay_record
from sleuth.testing.public_steps import PublicStepLeak, check_public_steps
from support.records import sample_records


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    return sample_records()


def _old_texts(before: State, seat: int, action: Action, after: State) -> tuple[str, str]:
    """What records showed before: the whole notation and the referee's result."""
    return str(action), after.private_result() or after.last_result()


def _leaks(record: dict[str, Any], describe: Any = None) -> tuple[int, list[str]]:
    """Compare, at every state of the record's game, the public steps of many actions that
    the spectator cannot tell apart; (steps compared, leaks found)."""
    replay = replay_record(record)
    rng = make_rng(len(replay.steps), "public steps")
    compared, leaks = 0, []
    for number, state in enumerate(replay.states()):
        if state.outcome is not None:
            break
        try:
            if describe is None:
                compared += check_public_steps(state, rng, per_kind=25)
            else:
                compared += check_public_steps(state, rng, per_kind=25, describe=describe)
        except PublicStepLeak as leak:
            leaks.append(f"state {number}: {leak}")
    return compared, leaks


@pytest.mark.parametrize(
    "name", ["black-vienna", "13-clues", "black-stories-investigation", "alibi"]
)
def test_no_public_step_tells_more_than_the_spectator_sees(
    records: dict[str, dict[str, Any]], name: str
) -> None:
    compared, leaks = _leaks(records[name])
    assert compared > 300 and leaks == []


@pytest.mark.parametrize(
    "name", ["black-vienna", "13-clues", "black-stories-investigation", "alibi"]
)
def test_the_old_texts_would_have_been_caught(
    records: dict[str, dict[str, Any]], name: str
) -> None:
    """The control: the same comparison over the texts records used to hold (the whole
    notation, Black Vienna's "guessed"/"passed") finds the leaks of the issue."""
    _, leaks = _leaks(records[name], _old_texts)
    assert leaks, name


def test_what_the_record_hides_in_each_game(records: dict[str, dict[str, Any]]) -> None:
    bv = records["black-vienna"]
    assert bv["steps"][7:] == [
        [2, "accuse ?", "wrong"],
        [3, "ask 0 QUY", "QUY@0=1"],
        [0, "accuse ?", "correct"],
        [1, "hand in ?", ""],
        [3, "hand in ?", ""],
    ]
    assert bv["private"] == [
        [8, "accuse EKM", ""],
        [10, "accuse EKT", ""],
        [11, "guess EKT", "guessed"],
        [12, "pass", "passed"],
    ]
    clues = records["13-clues"]
    private = {number: action for number, action, _ in clues["private"]}
    for number, (_, public, _) in enumerate(clues["steps"], start=1):
        if number in private:
            whole = private[number].split()
            if whole[0] == "choose":
                assert public == "choose ?"
            else:
                assert whole[0] == "ask" and whole[-1] == "secret"
                assert public == f"ask {whole[1]} ? secret"
    assert sum(p.endswith("secret") for p in private.values()) >= 1
    assert sum(p.startswith("choose") for p in private.values()) == 4
    stories = records["black-stories-investigation"]
    failed = [(stories["steps"][n - 1], action) for n, action, _ in stories["private"]]
    assert failed and all(step[2].startswith("failed") for step, _ in failed)
    for (_, public, _), whole in failed:
        words = whole.split()
        assert public == f"solve {words[1]} ? with {words[4]}"
    alibi = records["alibi"]
    for number, whole, result in alibi["private"]:
        _, public, shown = alibi["steps"][number - 1]
        assert public == whole.split()[0] + " ?"
        assert "reshuffle" in (result or shown) and "?" not in result


def test_simulate_verbose_is_the_spectators_view_and_referee_shows_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "13-clues", "--players", "4", "--seed", "6", "--bot-key", "ab" * 16]
    args += ["--option", "top_secret=yes"]
    assert main([*args, "--verbose"]) == 0
    spectator = capsys.readouterr().out
    assert main([*args, "--referee"]) == 0
    referee = capsys.readouterr().out
    assert "choose ?" in spectator and "seed" not in spectator.split("games of")[0]
    assert "private; the table saw" not in spectator
    chosen = [line for line in referee.splitlines() if ": choose " in line]
    assert len(chosen) == 4 and all("[private; the table saw: choose ?" in c for c in chosen)
    for line in chosen:
        whole = line.split(": ", 1)[1].split("  ")[0]
        assert whole not in spectator  # the chosen cards: only the referee prints them
    assert "the referee's view: seed " in referee and "reveal: {" in referee


def test_spectator_lines_are_the_public_steps(capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(4)
    seed = rng.randrange(1000)
    assert main(["simulate", "bv", "--players", "3", "--seed", str(seed), "--verbose"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if ". seat " in line]
    assert lines and all("accuse " not in line or "accuse ?" in line for line in lines)
