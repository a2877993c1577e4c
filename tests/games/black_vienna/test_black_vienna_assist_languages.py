"""Black Vienna's assistant in German and Japanese (issue #35): its title, what the person
holds, what it says of an entry taken, ``why``, ``deck``, its refusals and the sheet, in the
language; the entries stay as typed. English word for word as before."""

from __future__ import annotations

import pytest

from sleuth.assist import EntryError, Notebook
from sleuth.games.black_vienna.notebook import GRAMMAR as BLACK_VIENNA
from support.said_errors import refusals

SETUP = {"players": 4, "seat": 1, "hand": "AFKPTX"}
LINES = ["up AOR BHV CDE", "2 CDE 3", "new FGI", "why C", "why B", "why A", "deck"]
REFUSED = ["2 CDE 1", "3 AOR 5", "9 AOR 1", "why 7"]
SAID = {
    "en": {
        "title": "Black Vienna, 4 players, you are seat 1",
        "lines": ["hand: AFKPTX", "face up: not entered", "deck: unknown: 0 cards seen so far"],
        "said": [
            "#1: up AOR BHV CDE",
            "#2: seat 2 has 3 of CDE; CDE leaves the face-up cards: enter the card turned up "
            "in its place (new XYZ)",
            "#3: new FGI",
            "C is in seat 2, because of #2 (2 CDE 3) with your hand and the hand sizes",
            "B: not certain yet",
            "A is in seat 1: own hand",
            "deck: unknown: 4 cards seen so far: AOR BHV CDE FGI; 'deck save NAME' keeps them "
            "for this box",
        ],
        "refused": [
            "#4: CDE was answered in #2 (2 CDE 3), so it lies in front of seat 2 with markers "
            "on it: only a card with 0 markers is asked again (in a special investigation)",
            "5 markers: a card has three letters, so 0-3",
            "seat 9 is not at this table (seats 0-3)",
            "'7' is not a person (one letter of A-Z and Ö)",
        ],
        "sheet": [
            "343,062,720 deals fit what seat 1 knows (deck: unknown: 4 cards seen so far)",
            "certainly in the ring: none yet",
        ],
    },
    "de": {
        "title": "Black Vienna, 4 Personen, du bist Platz 1",
        "lines": [
            "Hand: AFKPTX",
            "offen: nicht eingetragen",
            "Kartensatz: unbekannt: bisher 0 Karten gesehen",
        ],
        "said": [
            "#1: up AOR BHV CDE",
            "#2: Platz 2 hat 3 von CDE; CDE liegt nicht mehr offen: Trag die Karte ein, die an "
            "ihrer Stelle aufgedeckt wurde (new XYZ)",
            "#3: new FGI",
            "C ist bei Platz 2; das folgt aus #2 (2 CDE 3) mit deiner Hand und den Handgrößen",
            "B: steht noch nicht fest",
            "A ist bei Platz 1: eigene Hand",
            "Kartensatz: unbekannt: bisher 4 Karten gesehen: AOR BHV CDE FGI; 'deck save NAME' "
            "merkt sie sich für diese Schachtel",
        ],
        "refused": [
            "#4: Auf CDE wurde in #2 (2 CDE 3) geantwortet, also liegt die Karte mit Steinen "
            "darauf vor Platz 2: Nur eine Karte ohne Steine wird noch einmal gefragt (bei einer "
            "Sonderermittlung)",
            "5 Steine: Eine Karte hat drei Buchstaben, also 0-3",
            "Platz 9 gibt es an diesem Tisch nicht (Plätze 0-3)",
            "'7' ist keine Person (ein Buchstabe von A-Z und Ö)",
        ],
        "sheet": [
            "343.062.720 Verteilungen passen zu dem, was Platz 1 weiß "
            "(Kartensatz: unbekannt: bisher 4 Karten gesehen)",
            "sicher in Black Vienna: noch keiner",
        ],
    },
    "ja": {
        "title": "Black Vienna、4人、あなたは席1",
        "lines": ["手札：AFKPTX", "表向き：未入力", "カードセット：不明：これまでに0枚を確認"],
        "said": [
            "#1: up AOR BHV CDE",
            "#2: 席2はCDEのうち3枚。CDEは表向きの列から外れます。代わりに表にしたカードを"
            "入力してください（new XYZ）",
            "#3: new FGI",
            "#2 (2 CDE 3)と、あなたの手札と手札の枚数から、Cは席2にあります",
            "B：まだ確定していません",
            "Aは席1にあります：自分の手札",
            "カードセット：不明：これまでに4枚を確認：AOR BHV CDE FGI。'deck save NAME' で"
            "この箱のカードとして保存します",
        ],
        "refused": [
            "#4：CDEは#2（2 CDE 3）で答えられたので、マーカーが載って席2の前にあります。"
            "もう一度聞けるのはマーカー0個のカードだけです（特別捜査で）",
            "マーカー5個：カードは3文字なので0-3です",
            "席9はこのテーブルにありません（席 0-3）",
            "'7'は容疑者ではありません（A-ZとÖの1文字）",
        ],
        "sheet": [
            "席1の知っていることに合う配り方：343,062,720通り"
            "（カードセット：不明：これまでに4枚を確認）",
            "ブラック・ウィーンに確定：まだなし",
        ],
    },
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_notebook_speaks_the_language(language: str) -> None:
    said = SAID[language]
    notebook = Notebook.start("black-vienna", BLACK_VIENNA, SETUP)
    if language != "en":
        notebook.speak(language)
    assert notebook.title == said["title"]
    assert notebook.lines() == said["lines"]
    assert [notebook.enter(line) for line in LINES] == said["said"]
    assert refusals(notebook.enter, REFUSED, EntryError, language) == said["refused"]
    sheet = notebook.sheet("facts").splitlines()
    assert [sheet[0], sheet[-1]] == said["sheet"]
