"""Black Stories Investigation's position refusals are said with values (issue #35): English
as before, German and Japanese from the catalogues."""

from __future__ import annotations

import pytest

from sleuth.deduce.model import PositionError
from sleuth.games.black_stories.knowledge import posterior
from support.said_errors import refusals

POSITIONS = [
    {"cards": [{"evidence": ["man", "cat"], "field": "2"}]},
    {"cards": [{"evidence": ["man", "woman"], "field": "2"}]},
    {"cards": [{"evidence": ["man", "day"], "field": "9"}]},
    {"cards": "none"},
]
SAID = {
    "en": [
        "cards[0].evidence[1]: unknown evidence 'cat'",
        "cards[0].evidence: two values of the same attribute",
        "cards[0].field: expected '0/1', '2' or '3', got '9'",
        "cards: expected a list",
    ],
    "de": [
        "cards[0].evidence[1]: unbekannter Beweis 'cat'",
        "cards[0].evidence: zwei Werte derselben Art",
        "cards[0].field: erwartet wird '0/1', '2' oder '3', nicht '9'",
        "cards: erwartet wird eine Liste",
    ],
    "ja": [
        "cards[0].evidence[1]：不明な証拠 'cat'",
        "cards[0].evidence：同じ種類の値が2つあります",
        "cards[0].field：'0/1'、'2'、'3'のどれかを指定してください（指定されたのは'9'）",
        "cards：リストを指定してください",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_refused_position_is_said_in_the_language(language: str) -> None:
    assert refusals(posterior, POSITIONS, PositionError, language) == SAID[language]
