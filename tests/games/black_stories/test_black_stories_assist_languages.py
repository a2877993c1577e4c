"""Black Stories Investigation's assistant in German and Japanese (issue #35): its title,
``why`` (the evidence by the page's words), its refusals and the sheet, in the language; the
entries stay as typed. English word for word as before."""

from __future__ import annotations

import pytest

from sleuth.assist import EntryError, Notebook
from sleuth.games.black_stories.notebook import GRAMMAR as BLACK_STORIES
from support.said_errors import refusals

SETUP = {"players": 3, "seat": 0}
LINES = ["1 woman+knife 0/1", "1 woman+night+inside 3", "why 1 man", "why 1 woman", "why 2 gun"]
REFUSED = ["1 woman+cat 2", "5 woman+knife 2", "1 man+woman 2", "fail 1 man", "why 1"]
SAID = {
    "en": {
        "title": "Black Stories Investigation, 3 players, you are seat 0",
        "said": [
            "#1: 1 woman+knife 0/1",
            "#2: 1 woman+night+inside 3",
            "seat 1's case is certainly not man but woman, because of #2 (1 woman+night+inside 3)",
            "seat 1's case is certainly woman, because of #2 (1 woman+night+inside 3)",
            "seat 2: gun is not certain yet (16 cases fit)",
        ],
        "refused": [
            "'woman+cat': unknown evidence cat",
            "'5' is not another seat at this table",
            "'man+woman': two values of one kind (man/woman, day/night, ...)",
            "'man': four pieces of evidence needed",
            "why SEAT EVIDENCE, e.g. 'why 2 woman'",
        ],
        "sheet": [
            "seat 1: 1 possible case; certain: woman/night/inside/gun",
            "    woman/night/inside/gun  100%",
            "seat 2: 15 possible cases; certain: nothing yet",
        ],
    },
    "de": {
        "title": "Black Stories Investigation, 3 Personen, du bist Platz 0",
        "said": [
            "#1: 1 woman+knife 0/1",
            "#2: 1 woman+night+inside 3",
            "der Fall von Platz 1 ist sicher nicht Mann, sondern Frau; das folgt aus "
            "#2 (1 woman+night+inside 3)",
            "der Fall von Platz 1 ist sicher Frau; das folgt aus #2 (1 woman+night+inside 3)",
            "Platz 2: Pistole steht noch nicht fest (16 Fälle passen)",
        ],
        "refused": [
            "'woman+cat': unbekannter Beweis cat",
            "'5' ist kein anderer Platz an diesem Tisch",
            "'man+woman': zwei Werte derselben Art (man/woman, day/night, ...)",
            "'man': vier Beweise nötig",
            "why PLATZ BEWEIS, z. B. 'why 2 woman'",
        ],
        "sheet": [
            "Platz 1: 1 möglicher Fall; sicher: Frau/Nacht/drinnen/Pistole",
            "    Frau/Nacht/drinnen/Pistole  100%",
            "Platz 2: 15 mögliche Fälle; sicher: noch nichts",
        ],
    },
    "ja": {
        "title": "Black Stories Investigation、3人、あなたは席0",
        "said": [
            "#1: 1 woman+knife 0/1",
            "#2: 1 woman+night+inside 3",
            "#2 (1 woman+night+inside 3)から、席1の事件は確実に男性ではなく女性です",
            "#2 (1 woman+night+inside 3)から、席1の事件は確実に女性です",
            "席2：銃かどうかはまだ確定していません（合う事件16通り）",
        ],
        "refused": [
            "'woman+cat'：不明な証拠 cat",
            "'5'はこのテーブルの他の席ではありません",
            "'man+woman'：同じ種類の値が2つあります（man/woman、day/night、…）",
            "'man'：証拠が4個必要です",
            "why 席 証拠（例：'why 2 woman'）",
        ],
        "sheet": [
            "席1：ありうる事件1通り。確定：女性/夜/屋内/銃",
            "    女性/夜/屋内/銃  100%",
            "席2：ありうる事件15通り。確定：まだなし",
        ],
    },
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_notebook_speaks_the_language(language: str) -> None:
    said = SAID[language]
    notebook = Notebook.start("black-stories", BLACK_STORIES, SETUP)
    if language != "en":
        notebook.speak(language)
    assert notebook.title == said["title"]
    assert [notebook.enter(line) for line in LINES] == said["said"]
    assert refusals(notebook.enter, REFUSED, EntryError, language) == said["refused"]
    assert notebook.sheet("full").splitlines() == said["sheet"]
