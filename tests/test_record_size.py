"""Records are read with a size bound: ``sleuth replay`` refuses a file past it (before
reading it whole) with a line of its own, and the files after it are still checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.cli.main import main
from sleuth.core.errors import RecordError
from sleuth.core.record_files import MAX_RECORD_BYTES, load_record
from support.example_game import EXAMPLE


@pytest.fixture
def records(tmp_path: Path) -> list[Path]:
    """Two records of whole games, each a few kilobytes."""
    command = ["simulate", EXAMPLE, "--players", "3", "--games", "2", "--seed", "3"]
    assert main([*command, "--record-dir", str(tmp_path)]) == 0
    found = sorted(tmp_path.glob("*.json"))
    assert len(found) == 2
    return found


def padded(record: Path, size: int, into: Path) -> Path:
    """The record with trailing whitespace up to ``size`` bytes: still a valid record."""
    text = record.read_bytes()
    into.write_bytes(text + b" " * (size - len(text)))
    return into


def test_replay_refuses_a_file_past_the_bound_and_checks_the_others(
    records: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    just_over = padded(records[0], MAX_RECORD_BYTES + 1, tmp_path / "big.json")
    at_bound = padded(records[1], MAX_RECORD_BYTES, tmp_path / "at-bound.json")
    capsys.readouterr()
    assert main(["replay", str(just_over), str(at_bound), str(records[0])]) == 2
    out, err = capsys.readouterr()
    assert f"{just_over}: REJECTED: " in err
    assert f"larger than {MAX_RECORD_BYTES:,} bytes, so not a record" in err
    assert f"({MAX_RECORD_BYTES + 1:,} bytes)" in err
    # The files after it are checked: the one at the bound passes.
    assert f"{at_bound}: ok, " in out and f"{records[0]}: ok, " in out


def test_the_bound_is_the_operators(
    records: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    size = records[0].stat().st_size
    assert main(["replay", "--max-record-bytes", str(size - 1), str(records[0])]) == 2
    assert f"larger than {size - 1:,} bytes" in capsys.readouterr().err
    assert main(["replay", "--max-record-bytes", str(size), str(records[0])]) == 0
    with pytest.raises(SystemExit):
        main(["replay", "--max-record-bytes", "0", str(records[0])])
    assert "not a positive number" in capsys.readouterr().err


def test_an_endless_file_is_read_only_to_the_bound() -> None:
    # A device reports no size: reading stops one byte past the bound.
    with pytest.raises(RecordError, match="larger than 1,000 bytes"):
        load_record(Path("/dev/zero"), max_bytes=1000)


def test_a_huge_file_is_refused_unread_and_the_next_checked(
    records: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 3 GB, sparse (no disk used): reading it whole raised MemoryError, and the files after
    # it were never checked.
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(3 << 30)
    capsys.readouterr()
    assert main(["replay", str(huge), str(records[0])]) == 2
    out, err = capsys.readouterr()
    assert f"{huge}: REJECTED: {huge}: larger than {MAX_RECORD_BYTES:,} bytes" in err
    assert f"{records[0]}: ok, " in out
