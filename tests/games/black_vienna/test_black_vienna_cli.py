"""The command line on Black Vienna, end to end, in-process: its listing, and a record whose
marker count was changed."""

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
