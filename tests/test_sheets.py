"""The engine-filled sheets, from views only (each game's sheet: tests/games/<package>/)."""

from __future__ import annotations

import pytest

from sleuth.core import GameKit, all_kits
from sleuth.core.kit import RENDER, TextRender
from support.game_cases import cases_of


@pytest.mark.parametrize("kit", all_kits(), ids=lambda kit: kit.name)
def test_a_spectator_gets_no_sheet_unless_the_game_keeps_one_from_public_facts(
    kit: GameKit,
) -> None:
    players = max(kit.game.min_players, min(4, kit.game.max_players))
    view = kit.game.configure(players).new(1).view(None)
    text = kit.part(RENDER, TextRender).sheet(view, "full")
    if cases_of(kit).spectator_sheet:
        assert text and not text.startswith("(") and "(you hold it)" not in text
    else:
        assert text == "(a spectator keeps no sheet)"
