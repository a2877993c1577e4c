"""Black Stories Investigation's assistant in German and Japanese (issue #35): its help
(each entry and command as typed, what it means in the language), its refusals of entries,
of session files (malformed, an entry it cannot read, a setup short of a value, another
game's) and of the command line (a game no one knows, a bad option, two that exclude each
other, a value the session does not have): no line stays in English."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.core import all_kits
from sleuth.core.kit import NOTEBOOK
from sleuth.games.black_stories.notebook import GRAMMAR as BLACK_STORIES
from support.assist_words import at_a_table, command_line_refusals, help_lines, spoken_and_checked

GAME = "black-stories"
SETUP = {"players": 3, "seat": 0}
ENTRIES = ["frobnicate", "undo", "delete 2", "edit 1"]
SESSION = {"format": "sleuth-assist-session", "version": 1, "game": GAME}
SESSION |= {"setup": SETUP, "entries": ["1 woman+knife 2"]}
OTHER_GAME = next(k for k in all_kits() if k.has(NOTEBOOK) and GAME not in k.game.aliases)
FILES = {
    "kept.json": SESSION,
    "broken.json": '{"format": "sleuth-assist-session"} ]',
    "unread.json": {**SESSION, "entries": ["7 woman+knife 2"]},
    "short.json": {**SESSION, "setup": {"players": 3}},
    "other.json": {**SESSION, "game": OTHER_GAME.name},
}
CASES = [
    [GAME, "--file", "broken.json", "--resume"],
    [GAME, "--file", "unread.json", "--resume"],
    [GAME, "--file", "short.json", "--resume"],
    [GAME, "--file", "other.json", "--resume"],
    [GAME, "--file", "kept.json"],
    [GAME, "--file", "kept.json", "--resume", "--players", "4"],
    [GAME, "--resume", "--new"],
    [GAME, "--sheet"],
    ["no-such-game", "--players", "3"],
]
EXACT = {
    "de": {
        "help": "  solution 2 man/day/inside/gun  der Fall von Platz 2, sobald aufgedeckt "
        "(für 'sleuth review')",
        "broken": "broken.json: die Datei ist kein JSON (überzählige Daten in Zeile 1, Spalte 37)",
        "players": "--players 4 (die Sitzung hat 3) passt nicht zur Sitzung in kept.json: "
        "Lass es weg, um sie fortzusetzen, oder beginne mit --new neu",
    },
    "ja": {
        "help": "  solution 2 man/day/inside/gun  明かされた席2の事件（'sleuth review' のため）",
        "broken": "broken.json：JSONではありません（1行37列：余分なデータがあります）",
        "players": "--players 4（セッションでは3）はkept.jsonのセッションと合いません："
        "続けるならそれを外し、最初からやり直すなら --new を付けてください",
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
    spoken_help, spoken = spoken_and_checked(BLACK_STORIES, SETUP, ENTRIES, CASES, language, capsys)
    assert [spoken_help[5], spoken[0], spoken[5]] == list(EXACT[language].values())


def test_the_english_help_and_refusals_keep_their_words(
    at_the_table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The words as before; the help's meanings now start in one column with the
    commands'."""
    assert help_lines(BLACK_STORIES, SETUP, "en")[5] == (
        "  solution 2 man/day/inside/gun  seat 2's case, once revealed (for 'sleuth review')"
    )
    said = command_line_refusals(capsys, CASES, "en")
    assert [said[0], said[5]] == [
        "broken.json: it is not JSON (Extra data at line 1, column 37)",
        "--players 4 (the session has 3) does not match the session in kept.json: leave it "
        "out to resume, or start over with --new",
    ]
