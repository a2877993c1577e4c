"""13 Clues' checked ``apply``: fields of the wrong type are malformed."""

from __future__ import annotations

import pytest

from sleuth.core import InvalidActionError, make_game
from sleuth.games.thirteen_clues import Ask


def test_fields_of_the_wrong_type_are_malformed() -> None:
    clues = make_game("13-clues", 4, mystery_choice="random").new(2)
    seat = clues.to_move()
    assert seat is not None
    with pytest.raises(InvalidActionError, match="malformed action"):  # a str side on purpose
        clues.apply(seat, Ask((seat + 1) % 4, "red", "", 0))  # type: ignore[arg-type]
