"""Every golden playthrough is what the code prints today (rewrite: python scripts/goldens.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.testing.golden import every_golden, golden_paths, golden_text, load_scenario
from support.game_cases import package_of
from support.game_names import built_in_kits

# Each game's scenarios lie in its own test folder: tests/games/<package>/goldens/.
TESTS = Path(__file__).parent


@pytest.mark.parametrize("spec", every_golden(TESTS), ids=lambda p: p.stem)
def test_golden_playthrough(spec: Path) -> None:
    game, seed, script = load_scenario(spec)
    expected = spec.with_suffix(".txt").read_text(encoding="utf-8")
    assert golden_text(game, seed, script) == expected


def test_every_built_in_game_has_a_golden_playthrough() -> None:
    for kit in built_in_kits():
        folder = TESTS / "games" / package_of(kit) / "goldens"
        scenarios = [load_scenario(spec)[0].name for spec in golden_paths(folder)]
        assert scenarios and set(scenarios) == {kit.name}, folder
