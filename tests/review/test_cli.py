"""``sleuth review``: text, JSON and plot for a finished record of each game, and clear
errors for what cannot be reviewed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sleuth.cli.main import main
from sleuth.core import find_kit
from sleuth.core.kit import REVIEW
from sleuth.core.record_files import save_record
from sleuth.core.records import ENDING
from sleuth.deduce.review import ReviewPart
from support.game_names import built_in_kits
from support.records import sample_records


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("records")
    paths = {}
    for name, record in sample_records().items():
        paths[name] = folder / f"{name}.json"
        save_record(record, paths[name])
    return paths


def review_part(name: str) -> ReviewPart[Any]:
    return find_kit(name).part(REVIEW, ReviewPart)


GAMES = [kit.name for kit in built_in_kits()]
# A game whose review is exact, for the tests of the command's options and errors.
EXACT = next(name for name in GAMES if review_part(name).exact)


def players_of(path: Path) -> int:
    players: int = json.loads(path.read_text(encoding="utf-8"))["config"]["players"]
    return players


@pytest.mark.parametrize("name", GAMES)
def test_text_review_of_each_game(
    name: str, records: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(records[name])]) == 0
    out = capsys.readouterr().out
    players = players_of(records[name])
    for seat in range(players):
        assert f"\nSeat {seat}: " in out
    assert out.count("p(truth)") == players + 1
    part = review_part(name)
    if part.exact:
        assert f"\nFigures: {part.method}.\n" in out and "NOTE: " not in out
    else:
        assert f"\nNOTE: these figures are {part.method}.\n" in out


def test_json_and_one_seat(records: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    chosen = players_of(records[EXACT]) - 1
    assert main(["review", str(records[EXACT]), "--json", "--seat", str(chosen)]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert data["game"] == EXACT and data["exact"] is True
    (seat,) = data["seats"]
    assert seat["seat"] == chosen
    steps = len(json.loads(records[EXACT].read_text(encoding="utf-8"))["steps"])
    assert [r["step"] for r in seat["readings"]] == list(range(steps + 1))
    # no probability while a game's setup leaves nothing to know yet (a choice of cards)
    known = [r["probability"] for r in seat["readings"] if r["probability"] is not None]
    assert known and all(0 < p <= 1 for p in known)
    assert seat["notes"] and isinstance(seat["notes"][0], str)


@pytest.mark.slow
def test_plot_is_a_png(
    records: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "review.png"
    assert main(["review", str(records[EXACT]), "--plot", str(plot)]) == 0
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"plot: {plot}" in capsys.readouterr().err


def test_what_cannot_be_reviewed(
    records: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = json.loads(records[EXACT].read_text(encoding="utf-8"))
    unfinished = {k: v for k, v in record.items() if k not in ENDING}
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(unfinished), encoding="utf-8")
    assert main(["review", str(path)]) == 2
    assert "the review is of a finished game" in capsys.readouterr().err
    players = players_of(records[EXACT])
    assert main(["review", str(records[EXACT]), "--seat", str(players)]) == 2
    message = f"seat {players} is not a seat of this {players}-player game"
    assert message in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["review", str(broken)]) == 2
    assert "not JSON" in capsys.readouterr().err
    record["steps"][0][2] += " (tampered)"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(record), encoding="utf-8")
    assert main(["review", str(tampered)]) == 2
    assert "step 1" in capsys.readouterr().err
