"""13 Clues' assistant in German and Japanese (issue #35): its help (each entry and command
as typed, what it means in the language), its refusals of entries, of session files (empty,
of a version it does not know, a setup value of the wrong shape, another game's) and of the
command line (a game no one knows, an option short of its values, an option it does not
know, a session file that exists without --resume): no line stays in English."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.core import all_kits
from sleuth.core.kit import NOTEBOOK
from sleuth.games.thirteen_clues.notebook import GRAMMAR as THIRTEEN_CLUES
from support.assist_words import at_a_table, command_line_refusals, help_lines, spoken_and_checked

GAME = "13-clues"
SETUP = {"players": 3, "seat": 0, "hidden": ["Officer", "Park"]}
ENTRIES = ["frobnicate", "delete x", "why", "look Z Nurse"]
SESSION = {"format": "sleuth-assist-session", "version": 1, "game": GAME}
SESSION |= {"setup": SETUP, "entries": ["look A Nurse"]}
OTHER_GAME = next(k for k in all_kits() if k.has(NOTEBOOK) and k.name != GAME)
FILES = {
    "kept.json": SESSION,
    "empty.json": "",
    "later.json": {**SESSION, "version": "2"},
    "shape.json": {**SESSION, "setup": {**SETUP, "hidden": ["Officer"]}},
    "other.json": {**SESSION, "game": OTHER_GAME.name},
}
CASES = [
    [GAME, "--file", "empty.json", "--resume"],
    [GAME, "--file", "later.json", "--resume"],
    [GAME, "--file", "shape.json", "--resume"],
    [GAME, "--file", "other.json", "--resume"],
    [GAME, "--file", "kept.json"],
    [GAME, "--players", "3", "--seat", "0", "--hidden", "Officer"],
    [GAME, "--players", "3", "--seat", "0", "--colour", "purple"],
    [GAME, "--file", "."],
    ["no-such-game"],
]
EXACT = {
    "de": {
        "help": "  why <Gegenstand>             warum etwas feststeht, mit den Einträgen, "
        "aus denen es folgt",
        "empty": "empty.json: die Datei ist kein JSON (Wert erwartet in Zeile 1, Spalte 1)",
        "hidden": "Argument --hidden: erwartet werden 2 Werte",
    },
    "ja": {
        "help": "  why <対象>                   "
        "ある事実が確定している理由を、根拠の入力とともに示す",
        "empty": "empty.json：JSONではありません（1行1列：値が必要です）",
        "hidden": "引数--hidden：値が2個必要です",
    },
}


@pytest.fixture
def at_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    at_a_table(tmp_path, monkeypatch, FILES)
    return tmp_path


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_help_and_the_refusals_are_said_in_the_language(
    language: str, at_the_table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spoken_help, spoken = spoken_and_checked(
        THIRTEEN_CLUES, SETUP, ENTRIES, CASES, language, capsys
    )
    assert [spoken_help[13], spoken[0], spoken[5]] == list(EXACT[language].values())


def test_the_english_help_and_refusals_keep_their_words(
    at_the_table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The words as before; the help's meanings now start in one column with the
    commands'."""
    assert help_lines(THIRTEEN_CLUES, SETUP, "en")[13] == (
        "  why <subject>                why a fact is certain, naming the entries behind it"
    )
    said = command_line_refusals(capsys, CASES, "en")
    assert [said[0], said[5]] == [
        "empty.json: it is not JSON (Expecting value at line 1, column 1)",
        "argument --hidden: expected 2 arguments",
    ]
