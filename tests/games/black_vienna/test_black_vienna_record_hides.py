"""What Black Vienna's record hides: its public steps against its private part (issue 13, item
6; every game's steps are checked against the spectator's view in test_public_steps)."""

from __future__ import annotations

import random

import pytest

from sleuth.cli.main import main
from sleuth.core import find_kit
from support.records import sample_record


def test_what_the_record_hides() -> None:
    bv = sample_record(find_kit("black-vienna"))
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


def test_spectator_lines_are_the_public_steps(capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(4)
    seed = rng.randrange(1000)
    assert main(["simulate", "bv", "--players", "3", "--seed", str(seed), "--verbose"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if ". seat " in line]
    assert lines and all("accuse " not in line or "accuse ?" in line for line in lines)
