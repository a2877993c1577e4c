"""The command line, end to end, in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sleuth.cli.main import main


def test_games_lists_black_vienna_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "black-vienna (also: bv, blackvienna): Black Vienna, 3-6 players" in out
    assert "--option special=both|either  (default both)" in out


def test_simulate_writes_records_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(
            [
                "simulate",
                "bv",
                "--players",
                "5",
                "--games",
                "12",
                "--seed",
                "7",
                "--record-dir",
                str(tmp_path),
            ]
        )
        == 0
    )
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 12
    assert main(["replay", *map(str, records)]) == 0
    out = capsys.readouterr().out
    assert out.count(": ok, ") == 12


def test_replay_rejects_a_changed_marker_count_naming_the_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["simulate", "bv", "--players", "5", "--seed", "7", "--record-dir", str(tmp_path)])
        == 0
    )
    path = next(tmp_path.glob("*.json"))
    record = json.loads(path.read_text(encoding="utf-8"))
    index = next(i for i, (_, action, _) in enumerate(record["steps"]) if action.startswith("ask"))
    seat, action, result = record["steps"][index]
    card, answer = result.split()[0].split("=")
    record["steps"][index][2] = result.replace(
        f"{card}={answer}", f"{card}={(int(answer) + 1) % 4}", 1
    )
    path.write_text(json.dumps(record), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"REJECTED: step {index + 1}: seat {seat} '{action}': recorded result" in err


def test_simulate_rejects_an_unknown_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "bv", "--players", "4", "--option", "speshul=both"]) == 2
    assert "unknown option 'speshul'" in capsys.readouterr().err


def test_bots_lists_each_bot_with_its_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots", "13-clues"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "13-clues:"
    assert "  random     interrupt_rate=0.01" in lines
    assert main(["bots", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
