"""Black Vienna's refusals of letters, decks and saved deck files in German and Japanese
(issue #35): the assistant's ``solution``, a deck file that is missing, too large, unreadable
or names a card twice, a deck option that is no deck, and a typed move's letters; English
word for word as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.assist import EntryError, Notebook
from sleuth.core import ConfigError, InvalidActionError, find_kit
from sleuth.games.black_vienna.boxes import box, decks_folder
from sleuth.games.black_vienna.notation import parse_action
from sleuth.games.black_vienna.notebook import GRAMMAR as BLACK_VIENNA
from support.said_errors import refusals

SOLUTION = {
    "en": [
        "solution: repeated letter in 'ABB'",
        "solution: 'AB' has 2 letters, not 3",
        "solution: unknown letter(s) '1' in 'A1C' (A-Z and Ö)",
    ],
    "de": [
        "solution: doppelter Buchstabe in 'ABB'",
        "solution: 'AB' hat 2 Buchstaben, nicht 3",
        "solution: unbekannte(r) Buchstabe(n) '1' in 'A1C' (A-Z und Ö)",
    ],
    "ja": [
        "solution：'ABB'に同じ文字が2回あります",
        "solution：'AB'は2文字です（3文字が必要）",
        "solution：'A1C'に不明な文字'1'があります（A-ZとÖ）",
    ],
}
DECK_FILES = {
    "en": [
        "deck: no deck is saved as 'mybox' (in {folder}); the decks are unknown, generated, "
        "transcribed, a saved one, or the cards of your box",
        "deck 'big': {folder}/big.txt is too large to be a deck",
        "deck 'twice' ({folder}/twice.txt): a card is named twice",
        "deck 'bytes': cannot read {folder}/bytes.txt ({decoding})",
        "deck: unknown (learned at the table), generated, transcribed, a deck saved with "
        "'deck save NAME', or the 36 cards of your box (deck: 2 cards do not split into 3 "
        "equal stacks)",
    ],
    "de": [
        "deck: kein Kartensatz ist als 'mybox' gespeichert (in {folder}); die Kartensätze sind "
        "unknown, generated, transcribed, ein gespeicherter oder die Karten deiner Schachtel",
        "Kartensatz 'big': {folder}/big.txt ist zu groß für einen Kartensatz",
        "Kartensatz 'twice' ({folder}/twice.txt): Eine Karte ist doppelt genannt",
        "Kartensatz 'bytes': {folder}/bytes.txt lässt sich nicht lesen ({decoding})",
        "deck: unknown (am Tisch gelernt), generated, transcribed, ein mit 'deck save NAME' "
        "gespeicherter Kartensatz oder die 36 Karten deiner Schachtel (deck: 2 Karten lassen "
        "sich nicht in 3 gleich große Stapel teilen)",
    ],
    "ja": [
        "deck：'mybox'という名前で保存されたカードセットはありません（{folder}）。カードセットは"
        "unknown、generated, transcribed、保存したもの、またはあなたの箱のカードです",
        "カードセット'big'：{folder}/big.txtはカードセットにしては大きすぎます",
        "カードセット'twice'（{folder}/twice.txt）：同じカードが2回指定されています",
        "カードセット'bytes'：{folder}/bytes.txtを読めません（{decoding}）",
        "deck：unknown（テーブルで覚える）、generated, transcribed、'deck save NAME' で保存した"
        "カードセット、またはあなたの箱の36枚のカードのいずれかです（deck：2枚のカードは3つの同じ"
        "大きさの山に分けられません）",
    ],
}
DECODING = "'utf-8' codec can't decode byte 0xff in position 4: invalid start byte"
CONFIGURED = {
    "en": ["deck: a card appears twice", "deck[0]: 'ABCD' has 4 letters, not 3"],
    "de": ["deck: eine Karte kommt doppelt vor", "deck[0]: 'ABCD' hat 4 Buchstaben, nicht 3"],
    "ja": ["deck：同じカードが2回あります", "deck[0]：'ABCD'は4文字です（3文字が必要）"],
}
MOVES = {
    "en": [
        "'accuse ABB': accuse: repeated letter in 'ABB'",
        "'ask x ABC': target 'x' is not a seat number",
        "'ask 1 ABC+ABD+ABE': at most two cards in one investigation",
        "'ask 1 ABC+ABC': the same card twice",
    ],
    "de": [
        "'accuse ABB': accuse: doppelter Buchstabe in 'ABB'",
        "'ask x ABC': Ziel 'x' ist keine Platznummer",
        "'ask 1 ABC+ABD+ABE': höchstens zwei Karten in einer Ermittlung",
        "'ask 1 ABC+ABC': zweimal dieselbe Karte",
    ],
    "ja": [
        "'accuse ABB'：accuse：'ABB'に同じ文字が2回あります",
        "'ask x ABC'：対象'x'は席の番号ではありません",
        "'ask 1 ABC+ABD+ABE'：1回の捜査で使えるカードは2枚までです",
        "'ask 1 ABC+ABC'：同じカードが2回あります",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_solution_entry_is_refused_in_the_language(language: str) -> None:
    notebook = Notebook.start(
        "black-vienna", BLACK_VIENNA, {"players": 4, "seat": 1, "hand": "AFKPTX"}
    )
    typed = ["solution ABB", "solution AB", "solution A1C"]
    assert refusals(notebook.enter, typed, EntryError, language) == SOLUTION[language]


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_deck_files_and_decks_are_refused_in_the_language(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = decks_folder()
    folder.mkdir(parents=True)
    (folder / "big.txt").write_text("ABC " * 1200, encoding="utf-8")
    (folder / "twice.txt").write_text("ABC CBA\n", encoding="utf-8")
    (folder / "bytes.txt").write_bytes(b"ABC \xff\n")
    named = ["mybox", "big", "twice", "bytes", "ABC,ABD"]
    expected = [line.format(folder=folder, decoding=DECODING) for line in DECK_FILES[language]]
    assert refusals(box, named, EntryError, language) == expected


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_deck_option_and_a_typed_move_are_refused_in_the_language(language: str) -> None:
    game = find_kit("black-vienna").game

    def configure(deck: list[str]) -> object:
        return game.configure(3, deck=deck)

    decks = [["ABC", "ABC", "DEF"], ["ABCD"]]
    assert refusals(configure, decks, ConfigError, language) == CONFIGURED[language]
    typed = ["accuse ABB", "ask x ABC", "ask 1 ABC+ABD+ABE", "ask 1 ABC+ABC"]
    assert refusals(parse_action, typed, InvalidActionError, language) == MOVES[language]
