"""Unknown keys in a position file are errors naming the key, in every game with a position
format (a misspelt or invented field must not be ignored silently); each game's keys at every
level: tests/games/<package>/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sleuth.cli.main import main
from sleuth.core import all_kits
from sleuth.core.kit import KNOWLEDGE
from support.game_cases import cases_of
from support.positions import check_unknown_key_named, with_key

# Every game with a knowledge part, by the small position of its own test data.
POSITIONS = [
    pytest.param(dict(position), id=kit.name)
    for kit in all_kits()
    if kit.has(KNOWLEDGE) and (position := cases_of(kit).position) is not None
]


@pytest.mark.parametrize("position", POSITIONS)
def test_an_unknown_key_is_named(position: dict[str, object]) -> None:
    check_unknown_key_named(position, (), "invented", "invented")


@pytest.mark.parametrize("position", POSITIONS)
def test_deduce_command_names_the_key(
    position: dict[str, object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(with_key(position, (), "invented")))
    assert main(["deduce", str(path)]) == 2
    assert "invented: unknown key" in capsys.readouterr().err
    path.write_text(json.dumps(position))
    assert main(["deduce", str(path), "--json"]) == 0
    assert isinstance(json.loads(capsys.readouterr().out), dict)
