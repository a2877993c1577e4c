"""Unknown keys in a position file are errors naming the key, at every level, in every game
with a position format (a misspelt or invented field must not be ignored silently)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from sleuth.cli.main import main
from sleuth.deduce.api import analyze_position
from sleuth.deduce.model import PositionError
from support.json_access import as_list, as_obj

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
BLACK_VIENNA = {
    "game": "black-vienna",
    "players": 4,
    "seat": 1,
    "hand": "AFKPTX",
    "investigations": [{"target": 2, "letters": "AOR", "markers": 1}],
}
BLACK_STORIES = {
    "game": "black-stories",
    "cards": [{"evidence": ["woman", "knife"], "field": "2"}],
    "failed_guesses": [["man", "day", "inside", "knife"]],
    "excluded": [["woman", "night", "outside", "gun"]],
}


def _with(position: dict[str, object], path: tuple[str | int, ...], key: str) -> dict[str, object]:
    """A copy of ``position`` with ``key`` added to the object at ``path``."""
    out = copy.deepcopy(position)
    where: object = out
    for step in path:
        where = as_list(where)[step] if isinstance(step, int) else as_obj(where)[step]
    assert isinstance(where, dict)
    where[key] = False
    return out


@pytest.mark.parametrize(
    ("position", "path", "key", "named"),
    [
        (THIRTEEN_CLUES, (), "mystery", "mystery"),
        (THIRTEEN_CLUES, ("accusations", 0), "correct", "accusations[0].correct"),
        (THIRTEEN_CLUES, ("questions", 0), "secret", "questions[0].secret"),
        (BLACK_VIENNA, (), "rings", "rings"),
        (BLACK_VIENNA, ("investigations", 0), "asker", "investigations[0].asker"),
        (BLACK_STORIES, (), "case", "case"),
        (BLACK_STORIES, ("cards", 0), "seat", "cards[0].seat"),
    ],
)
def test_unknown_keys_are_named(
    position: dict[str, object], path: tuple[str | int, ...], key: str, named: str
) -> None:
    analyze_position(position)  # the position itself is fine
    with pytest.raises(PositionError) as error:
        analyze_position(_with(position, path, key))
    assert str(error.value).startswith(f"{named}: unknown key (expected ")


def test_a_side_on_a_question_of_more_players_is_an_error() -> None:
    position = copy.deepcopy(THIRTEEN_CLUES)
    as_obj(as_list(position["questions"])[0])["side"] = "left"
    with pytest.raises(PositionError, match=r"questions\[0\]\.side: only two-player questions"):
        analyze_position(position)


def test_deduce_command_names_the_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(_with(THIRTEEN_CLUES, ("accusations", 0), "correct")))
    assert main(["deduce", str(path)]) == 2
    assert "accusations[0].correct: unknown key" in capsys.readouterr().err
    path.write_text(json.dumps(THIRTEEN_CLUES))
    assert main(["deduce", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["deal_model"], out["assumed"]) == ("uniform choice", True)
