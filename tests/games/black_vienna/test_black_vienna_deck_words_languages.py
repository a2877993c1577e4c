"""Black Vienna's assistant says what ``deck save`` did, and refuses a card or a deck name,
in German and Japanese (issue #35); English word for word as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sleuth.assist import EntryError, Notebook
from sleuth.games.black_vienna.notebook import GRAMMAR as BLACK_VIENNA
from support.said_errors import refusals

SAID: dict[str, dict[str, Any]] = {
    "en": {
        "saved": "saved 2 new cards as deck 'mybox' (2 of 36 known) in {path}; next game with "
        "this box: --deck mybox",
        "refused": [
            "'zz' is not a card: three different letters of A-Z and Ö",
            "deck save: 'Box?' is not a name for a deck (lower-case letters, digits, - and _; "
            "not unknown or generated, transcribed)",
        ],
    },
    "de": {
        "saved": "2 neue Karten als Kartensatz 'mybox' gespeichert (2 von 36 bekannt) in {path}; "
        "nächste Partie mit dieser Schachtel: --deck mybox",
        "refused": [
            "'zz' ist keine Karte: drei verschiedene Buchstaben von A-Z und Ö",
            "deck save: 'Box?' ist kein Name für einen Kartensatz (Kleinbuchstaben, Ziffern, - "
            "und _; nicht unknown oder generated, transcribed)",
        ],
    },
    "ja": {
        "saved": "新しいカード2枚をカードセット'mybox'として{path}に保存しました（36枚中2枚が"
        "判明）。この箱での次のゲーム：--deck mybox",
        "refused": [
            "'zz'はカードではありません：A-ZとÖの異なる3文字です",
            "deck save：'Box?'はカードセットの名前にできません（小文字・数字・-・_。unknownと"
            "generated, transcribedは不可）",
        ],
    },
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_deck_save_and_its_refusals_in_the_language(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    notebook = Notebook.start(
        "black-vienna", BLACK_VIENNA, {"players": 4, "seat": 1, "hand": "AFKPTX"}
    )
    notebook.speak(language)
    notebook.enter("up AOR BHV")
    path = tmp_path / "sleuth" / "decks" / "mybox.txt"
    assert notebook.enter("deck save mybox") == SAID[language]["saved"].format(path=path)
    refused = refusals(notebook.enter, ["0 zz 1", "deck save Box?"], EntryError, language)
    assert refused == SAID[language]["refused"]
