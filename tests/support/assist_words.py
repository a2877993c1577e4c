"""The assistant's words in a language, for the games' language tests of its help and its
refusals (entries, session files, the command line): each game's test names its game, its
setup and its cases; the checks are the same."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from sleuth.assist import EntryError, Grammar, Notebook
from support.assist_command import run_assist, without_terminal
from support.english_words import english_patterns
from support.said_errors import refusals

# Where a line of the help or a refusal falls into pieces: between an example and its
# meaning, and between a file, a key or an option and what is wrong with it.
PIECES = re.compile(r" {2,}|: |：")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def help_lines(grammar: Grammar[Any, Any], setup: Mapping[str, object], language: str) -> list[str]:
    """What ``help`` shows in the assistant (and on its help screen) in ``language``."""
    notebook = Notebook.start("assist-words", grammar, setup)
    notebook.speak(language)
    return notebook.help().splitlines()


def entry_refusals(
    grammar: Grammar[Any, Any], setup: Mapping[str, object], lines: Sequence[str], language: str
) -> list[str]:
    """What the assistant says to each of ``lines``, refused, in ``language``."""
    notebook = Notebook.start("assist-words", grammar, setup)
    notebook.speak(language)
    return refusals(notebook.enter, lines, EntryError, language)


def session_files(folder: Path, sessions: Mapping[str, object | str]) -> None:
    """Session files in ``folder`` by name: JSON of a value, or a text as it is."""
    for name, content in sessions.items():
        text = content if isinstance(content, str) else json.dumps(content)
        (folder / name).write_text(text, encoding="utf-8")


def command_line_refusals(
    capsys: pytest.CaptureFixture[str], cases: Sequence[Sequence[str]], language: str
) -> list[str]:
    """What ``sleuth assist`` refuses each of ``cases`` with, given ``--lang language``: one
    line each, on stderr, exit code 2."""
    said = []
    for argv in cases:
        code, err = run_assist(capsys, *argv, "--lang", language)
        assert code == 2, argv
        (line,) = err.splitlines()
        assert line.startswith("sleuth assist: ")
        said.append(line.removeprefix("sleuth assist: "))
    return said


def english_left(lines: Sequence[str], language: str) -> list[tuple[str, str]]:
    """The pieces of ``lines`` that are an English catalogue string the language says
    otherwise (a placeholder matching any value), with that string."""
    # Searched for within a piece (an error inside another's words), so only strings of two
    # words or more: a single word ("off", "and") is found inside too many others.
    patterns = [
        (msgid, line, re.compile(rf"(?<!\w){line.pattern.pattern}(?!\w)"))
        for msgid, line in english_patterns(language)
        if len(re.findall(r"[A-Za-z]{2,}", PLACEHOLDER.sub("", msgid))) >= 2
    ]
    pieces = {piece.strip() for line in lines for piece in PIECES.split(line) if piece.strip()}
    return sorted(
        (piece, msgid)
        for piece in pieces
        for msgid, line, pattern in patterns
        if line.could_be_in(piece) and pattern.search(piece)
    )


def check_spoken(english: Sequence[str], spoken: Sequence[str], language: str) -> None:
    """Every line said in ``language`` differs from its English line and holds no English
    catalogue string."""
    assert len(spoken) == len(english)
    assert [s for e, s in zip(english, spoken, strict=True) if s == e] == []
    assert english_left(spoken, language) == []


def at_a_table(folder: Path, monkeypatch: pytest.MonkeyPatch, files: Mapping[str, object]) -> None:
    """``sleuth assist`` run in ``folder`` without its terminal app, the session ``files``
    there."""
    without_terminal(monkeypatch)
    monkeypatch.chdir(folder)
    session_files(folder, files)


def spoken_and_checked(
    grammar: Grammar[Any, Any],
    setup: Mapping[str, object],
    entries: Sequence[str],
    cases: Sequence[Sequence[str]],
    language: str,
    capsys: pytest.CaptureFixture[str],
) -> tuple[list[str], list[str]]:
    """The help and the command line's refusals of ``cases`` in ``language``, each line of
    them and of the refusals of ``entries`` checked against its English (``check_spoken``)."""
    spoken_help = help_lines(grammar, setup, language)
    check_spoken(help_lines(grammar, setup, "en"), spoken_help, language)
    english = entry_refusals(grammar, setup, entries, "en")
    check_spoken(english, entry_refusals(grammar, setup, entries, language), language)
    spoken = command_line_refusals(capsys, cases, language)
    check_spoken(command_line_refusals(capsys, cases, "en"), spoken, language)
    return spoken_help, spoken
