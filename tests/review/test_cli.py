"""``sleuth review``: text, JSON and plot for a finished record of each game, and clear
errors for what cannot be reviewed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sleuth.cli.main import main
from sleuth.core.records import ENDING, save_record
from support.records import sample_records


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("records")
    paths = {}
    for name, record in sample_records().items():
        paths[name] = folder / f"{name}.json"
        save_record(record, paths[name])
    return paths


@pytest.mark.parametrize(
    "name", ["black-vienna", "13-clues", "black-stories-investigation", "alibi"]
)
def test_text_review_of_each_game(
    name: str, records: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(records[name])]) == 0
    out = capsys.readouterr().out
    players = json.loads(records[name].read_text(encoding="utf-8"))["config"]["players"]
    for seat in range(players):
        assert f"\nSeat {seat}: " in out
    assert out.count("p(truth)") == players + 1
    if name == "alibi":
        assert "NOTE: these figures are card counting, not exact" in out
    else:
        assert "Figures: exact" in out


def test_json_and_one_seat(records: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(records["black-vienna"]), "--json", "--seat", "2"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert data["game"] == "black-vienna" and data["exact"] is True
    (seat,) = data["seats"]
    assert seat["seat"] == 2
    steps = len(json.loads(records["black-vienna"].read_text(encoding="utf-8"))["steps"])
    assert [r["step"] for r in seat["readings"]] == list(range(steps + 1))
    assert all(0 < r["probability"] <= 1 for r in seat["readings"])
    assert seat["notes"] and isinstance(seat["notes"][0], str)


@pytest.mark.slow
def test_plot_is_a_png(
    records: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "review.png"
    assert main(["review", str(records["13-clues"]), "--plot", str(plot)]) == 0
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"plot: {plot}" in capsys.readouterr().err


def test_what_cannot_be_reviewed(
    records: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = json.loads(records["black-vienna"].read_text(encoding="utf-8"))
    unfinished = {k: v for k, v in record.items() if k not in ENDING}
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(unfinished), encoding="utf-8")
    assert main(["review", str(path)]) == 2
    assert "the review is of a finished game" in capsys.readouterr().err
    assert main(["review", str(records["black-vienna"]), "--seat", "7"]) == 2
    assert "seat 7 is not a seat of this 4-player game" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["review", str(broken)]) == 2
    assert "not JSON" in capsys.readouterr().err
    record["steps"][0][2] = "AOR@1=3"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(record), encoding="utf-8")
    assert main(["review", str(tampered)]) == 2
    assert "step 1" in capsys.readouterr().err
