"""Black Vienna's knowledge features in the research environments' observation: the exact
engine's numbers at the right places, the truth of the deal (read from the state, which the
engine never sees) at a positive probability in its own row, column and slot."""

from __future__ import annotations

import numpy as np

from envs.knowledge_features import knowledge_observations, parts
from sleuth.games.black_vienna import BlackViennaView
from support.json_access import as_list, as_str
from support.narrow import narrow


def test_black_vienna_features_hold_the_truth() -> None:
    checked = 0
    for state, seat, observation, table in knowledge_observations("black-vienna", 4, seed=3):
        valid, cards, solutions = parts(table, observation)
        assert valid == 1.0
        assert np.allclose(cards.sum(axis=1), 1.0)
        assert np.isclose(solutions.sum(), 1.0)
        k = table.encoder.knowledge
        assert k is not None
        deal = state.reveal()
        for holder, hand in enumerate(as_list(deal["hands"])):
            for letter in as_str(hand):
                assert cards[k.cards.index(letter), holder] > 0
        for letter in as_str(deal["ring"]):
            assert cards[k.cards.index(letter), k.places.index("ring")] > 0
        ring = k.solution_slot(None, tuple(as_str(deal["ring"])))
        assert ring is not None and solutions[ring] > 0
        if seat is not None:
            own = narrow(BlackViennaView, state.view(seat)).hand
            assert own is not None
            assert all(cards[k.cards.index(c), seat] == 1.0 for c in own)
        checked += 1
    assert checked >= 5
