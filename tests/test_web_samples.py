"""The page's test samples (``tests/games/<package>/web/sample.json``, read by its ``node
--test`` tests) are what the games make today (rewrite: python scripts/web_samples.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script() -> ModuleType:
    path = ROOT / "scripts" / "web_samples.py"
    spec = importlib.util.spec_from_file_location("web_samples", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_samples_are_current() -> None:
    script = load_script()
    made = script.texts()
    # no sample left behind by a game that no longer has a part of the page
    assert sorted(made) == sorted((ROOT / "tests" / "games").glob("*/web/sample.json"))
    for path, text in made.items():
        expected = path.read_text(encoding="utf-8")
        assert text == expected, f"the games changed: python scripts/web_samples.py ({path})"
