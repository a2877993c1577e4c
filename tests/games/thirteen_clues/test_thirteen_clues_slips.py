"""13 Clues' smaller slips of issue #34: its sheet before the mysteries says so in words."""

from __future__ import annotations

from typing import Any

from sleuth.core import make_game
from sleuth.games.thirteen_clues.render import sheet_text as thirteen_clues_sheet


def test_the_thirteen_clues_sheet_before_the_mysteries_says_so_in_words() -> None:
    game = make_game("13-clues", 3)
    view: Any = game.new(3).view(0)
    assert view.phase == "choose"
    assert thirteen_clues_sheet(view, "facts") == (
        "(no sheet yet: the mysteries are still being chosen)"
    )
