"""A 13 Clues position that cannot be worked out, as a person reads it (issue #35): the
error's words are the catalogue's, said in the terminal's language, and cross to the page as
a typed line within the sheet's line; English word for word as before."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from sleuth.core import make_game
from sleuth.core.records import Recorder
from sleuth.core.said import error_in
from sleuth.deduce.model import PositionError
from sleuth.games.thirteen_clues.knowledge import thirteen_clues_position
from sleuth.games.thirteen_clues.position_model import read_position
from sleuth.games.thirteen_clues.render import sheet_lines, sheet_text

SEED = 4
CHOSEN = [
    (0, "choose Duke Museum Sword"),
    (1, "choose Dancer Harbor Poison"),
    (2, "choose Butcher Parlor Gun"),
]
SAID = {
    "de": "(noch kein Bogen: hidden: die Rätsel sind noch nicht gewählt)",
    "ja": "（推理シートはまだありません：hidden：解答がまだ選ばれていません）",
}


def without_hidden_cards() -> Any:
    """Seat 0's view after the choice with its hidden cards taken away: a position the
    engine refuses."""
    recorder = Recorder(make_game("13-clues", 3, mystery_choice="players"), SEED)
    for seat, action in CHOSEN:
        recorder.play(seat, action)
    view: Any = recorder.state.view(0)
    seats = list(view.seats)
    seats[0] = replace(seats[0], hidden=None)
    return replace(view, seats=tuple(seats))


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_sheet_says_why_in_the_language(language: str) -> None:
    assert sheet_text(without_hidden_cards(), "full", language) == SAID[language]


def test_the_page_gets_the_error_as_a_line_of_its_own() -> None:
    assert sheet_lines(without_hidden_cards(), "full") == [
        {
            "key": "(no sheet yet: %(error)s)",
            "values": {"error": {"key": "hidden: the mysteries are not chosen yet", "values": {}}},
        }
    ]


def test_english_stays_as_it_was() -> None:
    assert sheet_text(without_hidden_cards(), "full") == (
        "(no sheet yet: hidden: the mysteries are not chosen yet)"
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "informants.Z: no such slot (slots ABCDEF)"),
        ("de", "informants.Z: diese Stelle gibt es nicht (Stellen ABCDEF)"),
        ("ja", "informants.Z：そのような置き場はありません（置き場は ABCDEF）"),
    ],
)
def test_a_position_files_error_keeps_its_values(language: str, said: str) -> None:
    recorder = Recorder(make_game("13-clues", 3, mystery_choice="players"), SEED)
    for seat, action in CHOSEN:
        recorder.play(seat, action)
    position = thirteen_clues_position(recorder.state.view(0))  # type: ignore[arg-type]
    with pytest.raises(PositionError) as raised:
        read_position({**position, "informants": {"Z": "Rifle"}})
    assert error_in(raised.value, language) == said
