"""The benchmark guard (benchmarks/check.py) fails on a regression and passes without one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from support.game_names import built_in_kits

pytest.importorskip("pyspiel")

CHECK = Path(__file__).resolve().parents[1] / "benchmarks" / "check.py"
FIGURE = f"playouts/{built_in_kits()[0].name}"


def run_check(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(CHECK), "--only", FIGURE, "--seconds", "0.1", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def test_a_figure_below_half_its_record_fails(tmp_path: Path) -> None:
    # A record no engine reaches: 1,000 times OpenSpiel's kuhn poker.
    ratios = tmp_path / "ratios.json"
    ratios.write_text(json.dumps({FIGURE: 1000.0}))
    done = run_check("--ratios", str(ratios))
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"1 figure(s) regressed: {FIGURE}" in done.stdout
    row = next(line for line in done.stdout.splitlines() if line.startswith(FIGURE))
    assert row.split()[3] == "1000.0000" and "FAIL" in row


def test_a_figure_near_its_record_passes_and_recording_keeps_the_others(tmp_path: Path) -> None:
    ratios = tmp_path / "ratios.json"
    ratios.write_text(json.dumps({FIGURE: 1e-6, "views/other": 0.25}))
    done = run_check("--ratios", str(ratios))
    assert done.returncode == 0, done.stdout + done.stderr
    assert next(line for line in done.stdout.splitlines() if line.startswith(FIGURE)).endswith("ok")
    assert run_check("--ratios", str(ratios), "--record").returncode == 0
    stored = json.loads(ratios.read_text())
    assert set(stored) == {FIGURE, "views/other"}
    assert stored["views/other"] == 0.25 and stored[FIGURE] > 1e-6


def test_the_recorded_ratios_cover_every_built_in_game() -> None:
    stored = json.loads((CHECK.parent / "ratios.json").read_text())
    for game in (kit.name for kit in built_in_kits()):
        assert {f"playouts/{game}", f"views/{game}", f"envs/{game}"} <= set(stored)
    assert "deduce/full" in stored
