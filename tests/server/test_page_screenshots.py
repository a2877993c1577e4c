"""README's pictures of the page in another language (scripts/page_screenshots.py), and of a
profile and the "Your move" list (scripts/people_screenshots.py): run into
a folder of its own, it writes for each game that asks for them a desktop and a phone PNG of
exactly the window's size, and nothing else."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path
from types import ModuleType

import pytest

from sleuth.core import all_kits
from support.game_cases import cases_of

pytest.importorskip("playwright.sync_api")

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
SCRIPT = SCRIPTS / "page_screenshots.py"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def load_script(script: Path = SCRIPT) -> ModuleType:
    spec = importlib.util.spec_from_file_location(script.stem, script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def png_size(path: Path) -> tuple[int, int]:
    """(width, height) from the PNG's header chunk, which must come first."""
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_SIGNATURE, path
    assert head[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_script_writes_a_desktop_and_a_phone_png_of_each_asked_table(tmp_path: Path) -> None:
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("Chromium absent (apt-get install -y chromium; .ci/run does)")
    asked = [
        shots for kit in all_kits() if (shots := cases_of(kit).fronts.language_shots) is not None
    ]
    assert sorted(s.language for s in asked) == ["de", "ja"]
    made = load_script().main(tmp_path)
    expected = {}
    for shots in asked:
        expected[f"{shots.name}-{shots.language}-desktop.png"] = (1280, 800)
        expected[f"{shots.name}-{shots.language}-phone.png"] = (390, 844)
    assert sorted(path.name for path in made) == sorted(expected)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(expected)
    assert {name: png_size(tmp_path / name) for name in expected} == expected


def test_the_people_script_draws_a_rated_profile_and_the_your_move_list(tmp_path: Path) -> None:
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("Chromium absent (apt-get install -y chromium; .ci/run does)")
    made = load_script(SCRIPTS / "people_screenshots.py").main(tmp_path)
    assert [path.name for path in made] == ["profile-en-desktop.png", "your-move-en.png"]
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(p.name for p in made)
    assert png_size(made[0]) == (1280, 800)
    width, height = png_size(made[1])  # the list's own box, one table long
    assert 300 < width <= 1280 and 40 < height < 200, (width, height)
