"""What 13 Clues's record hides: its public steps against its private part (issue 13, item
6; every game's steps are checked against the spectator's view in test_public_steps)."""

from __future__ import annotations

import pytest

from sleuth.cli.main import main
from sleuth.core import find_kit
from support.records import sample_record


def test_what_the_record_hides() -> None:
    clues = sample_record(find_kit("13-clues"))
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
