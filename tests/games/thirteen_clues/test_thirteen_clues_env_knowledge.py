"""13 Clues's knowledge features in the research environments' observation: the exact
engine's numbers at the right places, the truth of the deal (read from the state, which the
engine never sees) at a positive probability in its own row, column and slot."""

from __future__ import annotations

import numpy as np

from envs.knowledge_features import knowledge_observations, parts
from sleuth.games.thirteen_clues import ThirteenClues, ThirteenCluesState
from support.narrow import narrow


def test_thirteen_clues_features_wait_for_the_setup_then_hold_the_mystery() -> None:
    before = after = 0
    for state, seat, observation, table in knowledge_observations("13-clues", 3, seed=6):
        valid, cards, solutions = parts(table, observation)
        state = narrow(ThirteenCluesState, state)
        if state.phase == "choose":
            assert valid == 0.0 and not cards.any() and not solutions.any()
            before += 1
            continue
        assert valid == 1.0 and np.isclose(solutions.sum(), 1.0)
        k = table.encoder.knowledge
        assert k is not None
        names = [c.name for c in narrow(ThirteenClues, table.game).cards]
        own_mystery = state.mysteries[seat]
        assert own_mystery is not None  # past the setup: every mystery is chosen
        mystery = tuple(names[c] for c in own_mystery)
        slot = k.solution_slot(None, mystery)
        assert slot is not None and solutions[slot] > 0
        for name in mystery:
            assert cards[k.cards.index(name), k.places.index("mystery")] > 0
        after += 1
    assert before >= 1 and after >= 3
