"""A kit's test folder is found whatever else shares the ``games`` namespace (CI of stop 45 failed
when ``benchmarks/games/black_vienna`` came first on the path)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.core import find_kit
from support.game_cases import tests_folder as folder_of_tests

ROOT = Path(__file__).resolve().parents[3]


def test_a_benchmarks_folder_of_the_same_name_is_not_taken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    assert (ROOT / "benchmarks" / "games" / "black_vienna").is_dir()
    assert folder_of_tests(find_kit("black-vienna")) == ROOT / "tests" / "games" / "black_vienna"
