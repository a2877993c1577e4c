"""A JSON file refused for what it holds names its kind in the reader's language (issue #35):
a file, a position (``sleuth deduce``), a session, a saved game are marked for the catalogues
and said as words, not left in English inside a German or Japanese sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.cli.deduce_cmd import POSITION
from sleuth.core import GameError
from sleuth.core.jsonfile import Bounds, parse_json_text, read_json_file
from support.said_errors import refusals

SAID = {
    "en": [
        "it is larger than 10 bytes, so not a file",
        "it holds the number 1.5, and a position has whole numbers only",
        "it is nested too deeply to be a position",
    ],
    "de": [
        "die Datei ist größer als 10 Bytes, also nicht als Datei lesbar",
        "die Datei enthält die Zahl 1.5, aber als Stellung darf sie nur ganze Zahlen enthalten",
        "die Datei ist zu tief verschachtelt, um als Stellung lesbar zu sein",
    ],
    "ja": [
        "10バイトを超えているので、ファイルではありません",
        "数1.5が含まれています。局面には整数しか入りません",
        "入れ子が深すぎるので、局面ではありません",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_kind_of_file_is_said_in_the_language(language: str, tmp_path: Path) -> None:
    large = tmp_path / "large.json"
    large.write_text("[" + "1," * 10 + "1]", encoding="utf-8")
    said = refusals(
        lambda path: read_json_file(path, Bounds(max_bytes=10), GameError),
        [large],
        GameError,
        language,
    )
    said += refusals(
        lambda text: parse_json_text(text, POSITION, GameError),
        ["1.5", "[" * 100_000 + "]" * 100_000],
        GameError,
        language,
    )
    assert said == SAID[language]
