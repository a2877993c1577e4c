"""Black Stories Investigation's knowledge features in the research environments'
observation: the exact engine's numbers at the right places, the truth of the deal (read
from the state, which the engine never sees) at a positive probability in its own row,
column and slot."""

from __future__ import annotations

import numpy as np

from envs.knowledge_features import knowledge_observations, parts
from sleuth.games.black_stories import BlackStoriesState
from support.narrow import narrow


def test_black_stories_features_hold_the_opponents_cases() -> None:
    checked = 0
    for state, seat, observation, table in knowledge_observations("bsi", 3, seed=2, every=1):
        valid, cards, solutions = parts(table, observation)
        if not valid:
            continue
        assert np.isclose(solutions.sum(), 1.0)
        k = table.encoder.knowledge
        assert k is not None
        view = state.view(seat)
        cases = narrow(BlackStoriesState, state).cases
        held = tuple(
            case.replace("+", "/") for s, case in enumerate(cases) if s != seat and case is not None
        )
        slot = k.solution_slot(view, held)
        assert slot is not None and solutions[slot] > 0
        for s, case in enumerate(cases):
            if s != seat and case is not None:
                assert cards[k.cards.index(case.replace("+", "/")), s] > 0
        checked += 1
    assert checked >= 5
