"""The fifth attempt's terms (``terms.py``) against the fourth attempt's brute force over
physical deals, on its tiny games (``../alibi-knowledge-4/test_pools.py``: 2-3 seats, hands of
2-3, 8-11 cards of three values, through draws, plays, swaps, own draws, refills, new rounds
and unseen exchanges): the same exact fractions for every count of every value in every other
hand and the pile.

    PYTHONPATH=src:docs/wip/alibi-knowledge-4:docs/wip/alibi-knowledge-5 \\
        python -m pytest -q -p no:cacheprovider docs/wip/alibi-knowledge-5/test_terms.py
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from terms import CrossTermKnowledge, TermKnowledge
from test_pools import VALUES, TinyGame, brute_force, pooled, trimmed


def check(seed: int, players: int, hand: int, extra: int, steps: int) -> None:
    rng = random.Random(seed)
    size = players * hand + extra + (2 if players == 2 else 0)
    deck = [rng.randrange(VALUES) for _ in range(size)]
    game = TinyGame(rng, players, hand, deck)
    own = game.hands[0][:]
    for _ in range(steps):
        game.step()
    expected = brute_force(game, deck, own)
    for kind in (TermKnowledge, CrossTermKnowledge):
        knowledge = pooled(game, deck, own, kind)  # type: ignore[arg-type]
        for place in [*range(1, players), players]:
            for v in range(VALUES):
                got = trimmed(knowledge.spread(place, v))
                assert got == trimmed(expected[place][v]), (kind, place, v, game.events)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 3),
    hand=st.integers(2, 3),
    extra=st.integers(1, 3),
    steps=st.integers(1, 14),
)
def test_terms_agree_with_brute_force(
    seed: int, players: int, hand: int, extra: int, steps: int
) -> None:
    check(seed, players, hand, extra, steps)


@pytest.mark.parametrize("seed", range(60))
def test_terms_agree_on_seeded_games(seed: int) -> None:
    players = 2 + seed % 2
    check(seed, players, 2 + (seed // 2) % 2 if players == 2 else 2, 1 + seed % 3, 12)
