"""``sleuth deduce`` refuses a file it cannot read, and a position of an unknown game, in the
language asked for (issue #35): its own words around the reader's and the registry's."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.cli.main import main
from sleuth.core import all_kits

REFUSED = {
    "en": [
        "sleuth deduce: cannot read {missing}: cannot read it: No such file or directory",
        "sleuth deduce: cannot read {broken}: it is not JSON (Expecting value at line 1, column 1)",
        "sleuth deduce: cannot read {twice}: it has the key 'seat' twice in one object",
        "sleuth deduce: invalid position: game: unknown game 'nosuch' (games: {games})",
    ],
    "de": [
        "sleuth deduce: {missing} lässt sich nicht lesen: die Datei lässt sich nicht lesen: "
        "No such file or directory",
        "sleuth deduce: {broken} lässt sich nicht lesen: die Datei ist kein JSON (Wert erwartet "
        "in Zeile 1, Spalte 1)",
        "sleuth deduce: {twice} lässt sich nicht lesen: die Datei hat den Schlüssel 'seat' "
        "zweimal in einem Objekt",
        "sleuth deduce: ungültige Stellung: game: unbekanntes Spiel 'nosuch' (Spiele: {games})",
    ],
    "ja": [
        "sleuth deduce: {missing}を読めません：ファイルを読めません：No such file or directory",
        "sleuth deduce: {broken}を読めません：JSONではありません（1行1列：値が必要です）",
        "sleuth deduce: {twice}を読めません：1つのオブジェクトにキー'seat'が2回あります",
        "sleuth deduce: 無効な局面：game：不明なゲーム'nosuch'です（ゲーム：{games}）",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_refusals_in_the_language(
    language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = {
        "missing": tmp_path / "missing.json",
        "broken": tmp_path / "broken.json",
        "twice": tmp_path / "twice.json",
        "unknown": tmp_path / "unknown.json",
    }
    files["broken"].write_text("not json", encoding="utf-8")
    files["twice"].write_text('{"seat": 0, "seat": 1}', encoding="utf-8")
    files["unknown"].write_text('{"game": "nosuch"}', encoding="utf-8")
    said = []
    for path in files.values():
        assert main(["deduce", str(path), "--lang", language]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        said.append(captured.err.rstrip("\n"))
    games = ", ".join(sorted(kit.name for kit in all_kits()))
    names = {key: str(path) for key, path in files.items()}
    assert said == [line.format(games=games, **names) for line in REFUSED[language]]
