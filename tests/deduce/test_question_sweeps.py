"""The shared sweeps of many questions agree exactly with one question at a time.

Every card set asked at every target, as Black Vienna's bots ask: the questions on one card
set share a sweep even where a target rules out some of its cards (then its columns have
fewer open cards than the others').
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.deduce import dp
from sleuth.deduce.queries import Analysis

from .strategies import small_bv
from .test_brute import assert_batch_equals_single


def test_a_card_set_at_every_target_equals_one_question_at_a_time() -> None:
    mixed = 0
    for seed in range(80):
        rng = random.Random(seed)
        sm, _, _ = small_bv(rng)
        model = sm.model
        an = Analysis(model)
        if an.worlds == 0:
            continue
        red = an.reduced
        sets = [frozenset(rng.sample(range(len(model.cards)), 3)) for _ in range(3)]
        qs = [(frozenset([t]), cards) for cards in sets for t in range(len(model.locations) - 1)]
        for cards in sets:
            opened = {
                frozenset(c for c in cards if t in red.domains[c] and red.domains[c] != {t})
                for t in range(len(model.locations) - 1)
            }
            mixed += len(opened - {frozenset()}) > 1
        assert_batch_equals_single(an, qs)
    assert mixed > 0  # the case of columns with different open cards was met


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(min_value=-50, max_value=50), min_size=1, max_size=200))
def test_the_states_of_a_layer_are_numpy_unique(keys: list[int]) -> None:
    arr = np.array(keys, dtype=np.int64)
    first, rank, order = dp._first_of_each(arr)
    _, want_first, want_rank = np.unique(arr, return_index=True, return_inverse=True)
    assert first.tolist() == want_first.tolist()
    assert rank.tolist() == want_rank.tolist()
    assert order.tolist() == np.argsort(rank, kind="stable").tolist()
