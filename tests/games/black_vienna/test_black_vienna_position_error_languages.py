"""Black Vienna's position refusals are said with values (issue #35): English as before,
German and Japanese from the catalogues."""

from __future__ import annotations

import pytest

from sleuth.deduce.model import PositionError
from sleuth.games.black_vienna.knowledge import Position
from support.said_errors import refusals

BASE = {"game": "black-vienna", "players": 4, "seat": 0, "hand": "AFKPTX"}
POSITIONS = [
    {**BASE, "players": 9, "hand": "A"},
    {**BASE, "hand": "AA"},
    {**BASE, "investigations": [{"target": 1, "letters": "AB", "markers": 1}]},
    {**BASE, "game": "other"},
]
SAID = {
    "en": [
        "players: 9 is out of range 3..6",
        "hand: a letter is repeated in 'AA'",
        "investigations[0].letters: expected 3 letters, got 2",
        "game: expected 'black-vienna', got 'other'",
    ],
    "de": [
        "players: 9 liegt nicht im Bereich 3..6",
        "hand: ein Buchstabe kommt in 'AA' doppelt vor",
        "investigations[0].letters: erwartet werden 3 Buchstaben, nicht 2",
        "game: erwartet wird 'black-vienna', nicht 'other'",
    ],
    "ja": [
        "players：9は範囲3..6の外です",
        "hand：'AA'に同じ文字が2回あります",
        "investigations[0].letters：3文字を指定してください（指定されたのは2文字）",
        "game：'black-vienna' を指定してください（指定されたのは'other'）",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_refused_position_is_said_in_the_language(language: str) -> None:
    assert refusals(Position.from_json, POSITIONS, PositionError, language) == SAID[language]
