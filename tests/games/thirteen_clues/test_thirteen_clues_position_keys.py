"""Unknown keys in a 13 Clues position file are errors naming the key, at every level."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from sleuth.cli.main import main
from sleuth.deduce.api import analyze_position
from sleuth.deduce.model import PositionError
from support.json_access import as_list, as_obj
from support.positions import check_unknown_key_named, with_key

THIRTEEN_CLUES = {
    "game": "13-clues",
    "players": 4,
    "seat": 0,
    "hidden": ["Maid", "Rifle"],
    "mysteries": {
        "1": ["Duke", "Market", "Crossbow"],
        "2": ["Countess", "Park", "Sword"],
        "3": ["Nurse", "Museum", "Blowgun"],
    },
    "informants": {"A": "Butcher"},
    "questions": [{"witness": 1, "about": "purple", "answer": 1}],
    "accusations": [{"player": 2, "cards": ["Officer", "Library", "Knife"]}],
    "mystery_choice": "players",
}


@pytest.mark.parametrize(
    ("path", "key", "named"),
    [
        ((), "mystery", "mystery"),
        (("accusations", 0), "correct", "accusations[0].correct"),
        (("questions", 0), "secret", "questions[0].secret"),
    ],
)
def test_unknown_keys_are_named(path: tuple[str | int, ...], key: str, named: str) -> None:
    check_unknown_key_named(THIRTEEN_CLUES, path, key, named)


def test_a_side_on_a_question_of_more_players_is_an_error() -> None:
    position = copy.deepcopy(THIRTEEN_CLUES)
    as_obj(as_list(position["questions"])[0])["side"] = "left"
    with pytest.raises(PositionError, match=r"questions\[0\]\.side: only two-player questions"):
        analyze_position(position)


def test_deduce_command_names_the_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(with_key(THIRTEEN_CLUES, ("accusations", 0), "correct")))
    assert main(["deduce", str(path)]) == 2
    assert "accusations[0].correct: unknown key" in capsys.readouterr().err
    path.write_text(json.dumps(THIRTEEN_CLUES))
    assert main(["deduce", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["deal_model"], out["assumed"]) == ("uniform choice", True)
