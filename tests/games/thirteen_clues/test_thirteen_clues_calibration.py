"""The engine's probabilities against the game's own deal: for any event, the sum over many
deals of its probability from a seat's view must match how often it is true.

With ``mystery_choice=random`` the deal (one card of each type, then two from the rest) and
the engine's uniform pick make every world consistent with a view equally likely, which is
what the engine assumes. The event tested is "my mystery is all one colour", the one a
chooser that avoids single-colour trios (BGA's hint to players) would bias.
"""

from __future__ import annotations

import math

import pytest

from sleuth.core import make_game
from sleuth.games.thirteen_clues import ThirteenClues, ThirteenCluesState, ThirteenCluesView
from sleuth.games.thirteen_clues.knowledge import ThirteenCluesAnalysis, thirteen_clues_position
from support.narrow import narrow

DEALS = 1200


@pytest.mark.slow
def test_own_mystery_of_one_colour_is_calibrated() -> None:
    game = narrow(ThirteenClues, make_game("13-clues", 3, mystery_choice="random"))
    colour = {card.name: card.colour for card in game.cards}
    expected = variance = 0.0
    observed = 0
    for seed in range(DEALS):
        state = game.new(seed)
        assert isinstance(state, ThirteenCluesState)
        view = state.view(0)
        assert isinstance(view, ThirteenCluesView)
        analysis = ThirteenCluesAnalysis(thirteen_clues_position(view)).to_json()
        trios = analysis["mystery"]
        assert isinstance(trios, list)
        p = sum(t["p"] for t in trios if len({colour[c] for c in t["cards"]}) == 1)
        expected += p
        variance += p * (1 - p)
        mystery = state.mysteries[0]
        assert mystery is not None
        observed += len({game.cards[c].colour for c in mystery}) == 1
    z = (observed - expected) / math.sqrt(variance)
    print(f"one-colour mysteries: {observed} seen, {expected:.1f} expected, z = {z:.2f}")
    assert expected > 15  # the test has power: the event is not negligible
    assert abs(z) < 4
