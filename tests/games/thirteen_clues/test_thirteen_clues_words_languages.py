"""13 Clues' history lines in German and Japanese, as the terminal shows them: the cards,
colours and categories by the page's catalogue words (the Japanese edition's)."""

from __future__ import annotations

import pytest

from sleuth.core.events import Event
from sleuth.games.thirteen_clues import words
from sleuth.games.thirteen_clues.events import Accused, Asked, InformantSeen, Started, TookGlass

SAID: dict[str, list[tuple[Event, int | None, str]]] = {
    "de": [
        (Asked(0, 1, "yellow", "", 2), 1, "Platz 0 → du: Frage nach gelb: 2"),
        (
            Asked(0, 1, "male", "left", 1),
            0,
            "du → Platz 1: Frage nach männlich, gezählt mit der linken verdeckten Karte: 1",
        ),
        (InformantSeen(1, "C", "Rifle"), 1, "Informant C ist Gewehr"),
        (TookGlass(0, 1), 1, "Platz 0 hat eine Lupe von dir genommen"),
        (
            Accused(0, ("Nurse", "Harbor", "Blowgun"), False),
            0,
            "Du hast Krankenschwester Hafen Blasrohr angeklagt: falsch",
        ),
        (Started(2), 0, "Platz 2 beginnt"),
    ],
    "ja": [
        (Asked(0, 1, "yellow", "", 2), 1, "席0→あなた：「黄」について質問：2"),
        (
            Asked(0, 1, "male", "left", 1),
            0,
            "あなた→席1：「男性」について質問（左の伏せ札を数える）：1",
        ),
        (InformantSeen(1, "C", "Rifle"), 1, "情報提供者Cはライフル"),
        (TookGlass(0, 1), 0, "あなたは席1から虫眼鏡を取った"),
        (
            Accused(0, ("Nurse", "Harbor", "Blowgun"), False),
            0,
            "あなたは看護師 港 吹き矢を告発：不正解",
        ),
        (Started(2), 2, "あなたが先手"),
    ],
}


@pytest.mark.parametrize("language", ["de", "ja"])
def test_history_lines_in_the_readers_language(language: str) -> None:
    for event, reader, line in SAID[language]:
        assert words.event_words(event, reader, language) == line


def test_english_stays_as_it_was() -> None:
    asked = Asked(0, 1, "male", "left", 1)
    assert (
        words.event_words(asked, 0)
        == "you asked seat 1 about male, counting the left hidden card: 1"
    )
