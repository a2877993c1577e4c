"""Black Vienna's assistant in German and Japanese (issue #35): its help (each entry and
command as typed, what it means in the language), its refusals of entries, of session files
(malformed, of another version, of another game, with a key it does not know) and of the
command line (a game no one knows, a bad option, a missing file, a new session short of its
setup): no line stays in English; the language from --lang or the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.core import all_kits
from sleuth.core.kit import NOTEBOOK
from sleuth.games.black_vienna.notebook import GRAMMAR as BLACK_VIENNA
from support.assist_command import run_assist
from support.assist_words import at_a_table, command_line_refusals, help_lines, spoken_and_checked

SETUP = {"players": 4, "seat": 1, "hand": "AFKPTX"}
ENTRIES = ["frobnicate", "delete 9", "edit 1", "why 7"]
SESSION = {"format": "sleuth-assist-session", "version": 1, "game": "black-vienna"}
SESSION |= {"setup": SETUP, "entries": ["2 AOR 1"]}
OTHER_GAME = next(k for k in all_kits() if k.has(NOTEBOOK) and k.name != "black-vienna")
FILES = {
    "broken.json": '{"format": "sleuth-assist-session", "version": 1,',
    "later.json": {**SESSION, "version": 7},
    "other.json": {**SESSION, "game": OTHER_GAME.name},
    "extra.json": {**SESSION, "seen": []},
}
CASES = [
    ["black-vienna", "--file", "broken.json", "--resume"],
    ["black-vienna", "--file", "later.json", "--resume"],
    ["black-vienna", "--file", "other.json", "--resume"],
    ["black-vienna", "--file", "extra.json", "--resume"],
    ["black-vienna", "--file", "nothing.json", "--resume"],
    ["black-vienna", "--file", "nothing.json", "--players", "4"],
    ["black-vienna", "--sheet", "odds"],
    ["black-vienna", "--players", "4", "--seat", "1", "--hand", "AFKPTX", "--frobnicate"],
    ["no-such-game"],
]
EXACT = {
    "de": {
        "help": "  3 AOR 1                 Platz 3 hat einen Stein auf AOR gelegt "
        "(jeder Platz, auch deiner)",
        "broken": "broken.json: die Datei ist kein JSON (Schlüssel in doppelten "
        "Anführungszeichen erwartet in Zeile 1, Spalte 50)",
        "nothing": "--resume: In nothing.json gibt es keine Sitzung",
    },
    "ja": {
        "help": "  3 AOR 1                 "
        "席3がAORにマーカーを1個置いた（どの席でも、自分の席でも）",
        "broken": "broken.json：JSONではありません（1行50列：二重引用符で囲んだキーが必要です）",
        "nothing": "--resume：nothing.jsonにセッションがありません",
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
    spoken_help, spoken = spoken_and_checked(BLACK_VIENNA, SETUP, ENTRIES, CASES, language, capsys)
    assert [spoken_help[1], spoken[0], spoken[4]] == list(EXACT[language].values())


def test_the_english_help_and_refusals_are_as_before(
    at_the_table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert help_lines(BLACK_VIENNA, SETUP, "en")[:2] == [
        "Entries:",
        "  3 AOR 1                 seat 3 put one marker on AOR (any seat, also yours)",
    ]
    said = command_line_refusals(capsys, CASES, "en")
    assert [said[0], said[4]] == [
        "broken.json: it is not JSON (Expecting property name enclosed in double quotes at "
        "line 1, column 50)",
        "--resume: there is no session in nothing.json",
    ]


@pytest.mark.parametrize(("environ", "language"), [("de_DE.UTF-8", "de"), ("ja_JP.UTF-8", "ja")])
def test_without_lang_the_refusal_is_in_the_environments_language(
    environ: str,
    language: str,
    at_the_table: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", environ)
    with_lang = command_line_refusals(capsys, [CASES[0]], language)
    code, err = run_assist(capsys, *CASES[0])
    assert (code, err) == (2, f"sleuth assist: {with_lang[0]}\n")
    assert with_lang == [EXACT[language]["broken"]]
