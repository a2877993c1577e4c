"""The deduction entry point's refusals of a position are said with values (issue #35): the
English as before, German and Japanese from the catalogues."""

from __future__ import annotations

import pytest

from sleuth.deduce.api import seat_analysis
from sleuth.deduce.model import PositionError
from support.said_errors import refusals

SAID = {
    "en": ["position: expected a JSON object", "game: expected a game name"],
    "de": ["position: erwartet wird ein JSON-Objekt", "game: erwartet wird der Name eines Spiels"],
    "ja": ["position：JSONオブジェクトを指定してください", "game：ゲーム名を指定してください"],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_refused_position_is_said_in_the_language(language: str) -> None:
    refused_data: list[object] = [[], {"game": 3}]
    assert refusals(seat_analysis, refused_data, PositionError, language) == SAID[language]
