"""Every golden playthrough is what the code prints today (rewrite: python scripts/goldens.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.testing.golden import golden_paths, golden_text, load_scenario

FOLDER = Path(__file__).parent / "goldens"


@pytest.mark.parametrize("spec", golden_paths(FOLDER), ids=lambda p: p.stem)
def test_golden_playthrough(spec: Path) -> None:
    game, seed, script = load_scenario(spec)
    expected = spec.with_suffix(".txt").read_text(encoding="utf-8")
    assert golden_text(game, seed, script) == expected


def test_there_are_goldens() -> None:
    assert len(golden_paths(FOLDER)) >= 2
