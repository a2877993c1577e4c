"""13 Clues' assistant answers ``why`` and refuses entries in German and Japanese (issue #35):
the cards by the language's names, the entries as typed; English word for word as before."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.assist import EntryError, Notebook
from sleuth.core.said import error_in
from sleuth.games.thirteen_clues.notebook import GRAMMAR as THIRTEEN_CLUES

SETUP = {"players": 3, "seat": 0, "hidden": ["Officer", "Park"]}
MYSTERIES = ["mystery 1 Duke Museum Sword", "mystery 2 Dancer Harbor Poison"]
# Before the mysteries: what each line is refused with.
EMPTY = ["undo", "delete 1", "why Nurse"]
# Once they are in: the line, then what it says (an answer) or is refused with.
TAKEN = [
    "why Duke",
    "why Officer",
    "look A Nurse",
    "why Nurse",
    "why Butcher",
    "1 purple 0",
    "why Knife",
    "1 red 9",
    "7 red 2",
    "frob x y",
    "1 gray 2",
    "look A Bow",
    "mystery 0 Duke Museum Sword",
    "accuse 2 Duke Library Knife",
    "delete",
    "delete x",
    "delete 9",
    "undo",
]
SAID = {
    "en": [
        "nothing to undo",
        "there are no entries yet",
        "enter the mysteries of seats 1, 2 first",
        "Duke is in seat 1's mystery (#1)",
        "Officer is one of your hidden cards",
        "#3: look A Nurse",
        "Nurse is informant A (#3)",
        "Butcher: not certain yet",
        "#4: 1 purple 0",
        "Knife: its place is not certain yet, but it is not in your mystery, because of "
        "#4 (1 purple 0)",
        "9 red: there are only 3 red cards in play",
        "seat 7 is not at this table (seats 0-2)",
        "'frob x y': expected e.g. '2 purple 3', 'mystery 1 Duke Market Sword', "
        "'look A Nurse', 'accuse 3 Maid Harbor Rifle' or 'solution Duke Park Knife'",
        "gray is not in play at 3 players",
        "Bow is not in play at 3 players (no gray cards)",
        "you cannot see your own mystery: that is what you deduce",
        "#5: seat 2 sees Duke in seat 1's mystery (#1), so could not accuse with it",
        "which entry? (e.g. delete 3)",
        "'x' is not an entry number (e.g. delete 3)",
        "there is no entry #9 (the entries are #1-#4)",
        "undone #4: 1 purple 0",
    ],
    "de": [
        "nichts rückgängig zu machen",
        "es gibt noch keine Einträge",
        "trag zuerst die Rätsel der Plätze 1, 2 ein",
        "Herzog ist im Rätsel von Platz 1 (#1)",
        "Polizist ist eine deiner verdeckten Karten",
        "#3: look A Nurse",
        "Krankenschwester ist Informant A (#3)",
        "Metzger: steht noch nicht fest",
        "#4: 1 purple 0",
        "Messer: noch nicht sicher, wo die Karte liegt, aber nicht in deinem Rätsel; das folgt "
        "aus #4 (1 purple 0)",
        "9 red: Es sind nur 3 red-Karten im Spiel",
        "Platz 7 gibt es an diesem Tisch nicht (Plätze 0-2)",
        "'frob x y': erwartet z. B. '2 purple 3', 'mystery 1 Duke Market Sword', "
        "'look A Nurse', 'accuse 3 Maid Harbor Rifle' oder 'solution Duke Park Knife'",
        "gray ist bei 3 Personen nicht im Spiel",
        "Bow ist bei 3 Personen nicht im Spiel (keine gray-Karten)",
        "dein eigenes Rätsel siehst du nicht: genau das findest du heraus",
        "#5: Platz 2 sieht Duke im Rätsel von Platz 1 (#1) und kann damit nicht anklagen",
        "welcher Eintrag? (z. B. delete 3)",
        "'x' ist keine Eintragsnummer (z. B. delete 3)",
        "es gibt keinen Eintrag #9 (die Einträge sind #1-#4)",
        "#4 rückgängig gemacht: 1 purple 0",
    ],
    "ja": [
        "取り消す入力がありません",
        "まだ入力がありません",
        "まず席 1, 2 の解答を入力してください",
        "公爵は席1の解答の中です（#1）",
        "警官はあなたの伏せ札の1枚です",
        "#3: look A Nurse",
        "看護師は情報提供者Aです（#3）",
        "肉屋：まだ確定していません",
        "#4: 1 purple 0",
        "ナイフ：場所はまだ確定していませんが、#4 (1 purple 0)から、あなたの解答にはありません",
        "9 red：使われているredのカードは3枚だけです",
        "席7はこのテーブルにありません（席 0-2）",
        "'frob x y'：たとえば '2 purple 3'、'mystery 1 Duke Market Sword'、'look A Nurse'、"
        "'accuse 3 Maid Harbor Rifle'、'solution Duke Park Knife' のように入力してください",
        "3人ではgrayは使いません",
        "3人ではBowは使いません（grayのカードなし）",
        "自分の解答は見えません。それを推理するのです",
        "#5：席2には席1の解答のDukeが見えている（#1）ので、それで告発することはできません",
        "どの入力ですか？（例：delete 3）",
        "'x'は入力の番号ではありません（例：delete 3）",
        "#9の入力はありません（入力は#1-#4）",
        "#4を取り消しました：1 purple 0",
    ],
}


def _said(notebook: Notebook[Any, Any], line: str, language: str) -> str:
    try:
        return notebook.enter(line)
    except EntryError as error:
        return error_in(error, language)


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_why_and_the_refusals_in_the_language(language: str) -> None:
    notebook = Notebook.start("13-clues", THIRTEEN_CLUES, SETUP)
    notebook.speak(language)
    said = [_said(notebook, line, language) for line in EMPTY]
    for line in MYSTERIES:
        notebook.enter(line)
    said += [_said(notebook, line, language) for line in TAKEN]
    assert said == SAID[language]


def test_english_refusals_are_plain_strings_as_before() -> None:
    notebook = Notebook.start("13-clues", THIRTEEN_CLUES, SETUP)
    said = []
    for line in EMPTY:
        with pytest.raises(EntryError) as refused:
            notebook.enter(line)
        said.append(str(refused.value))
    assert said == SAID["en"][: len(EMPTY)]
