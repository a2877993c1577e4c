"""Alibi's engine-filled sheet, from views only."""

from __future__ import annotations

from sleuth.core import View, find_kit, make_game
from sleuth.core.kit import RENDER, TextRender
from sleuth.games.alibi import AlibiView
from sleuth.games.alibi.components import VALUES


def sheet_text(view: View, level: str) -> str:
    return find_kit("alibi").part(RENDER, TextRender).sheet(view, level)


def test_alibi_sheet_counts_unseen_clues_from_the_view() -> None:
    view = make_game("alibi", 3).new(7).view(1)
    assert isinstance(view, AlibiView)
    assert sum(view.clue_counts) == 46
    text = sheet_text(view, "full")
    hand = list(view.hand or ())
    for suspect in view.display:
        needs = f"needs 5 more of {' '.join(suspect.values)}"
        assert f"{suspect.suspect} (0 of 5 covered): {needs}" in text
        for value in suspect.values:
            unseen = view.clue_counts[VALUES.index(value)] - hand.count(value)
            mine = " (you hold it)" if value in hand else ""
            assert f"    {value}: {unseen} unseen{mine}" in text
    assert "unseen" not in sheet_text(view, "facts")
