"""Direct enumeration of the Black Vienna deals (ring and hands) a seat cannot tell apart,
three players, from the rules' own data: a marker per letter held (``support.review_oracle``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import numpy as np

from sleuth.games.black_vienna import components as bv
from sleuth.games.black_vienna.rules import BlackViennaState


def bv_answers(state: BlackViennaState) -> list[tuple[int, int, int]]:
    """Every answer given so far: (target, card letters as a mask, markers)."""
    return [
        (inv.target, bv.letters_mask(card), answer)
        for inv in state.log
        for card, answer in zip(inv.cards, inv.answers, strict=True)
    ]


def bv_ring_counts(
    hand: int, seat: int, sizes: Sequence[int], answers: Sequence[tuple[int, int, int]]
) -> list[Counter[int]]:
    """For each number k of answers, the deals (by ring mask) that agree with the first k.

    Three players: the ring takes 3 of the letters the seat does not hold, the next seat
    ``a`` any ``sizes[a]`` of the rest, the last seat the others."""
    a, b = (s for s in range(len(sizes)) if s != seat)
    unknown = [i for i in range(len(bv.LETTERS)) if not hand >> i & 1]
    out = [Counter[int]() for _ in range(len(answers) + 1)]
    rest_size = len(unknown) - bv.RING_SIZE
    picks = np.array(list(combinations(range(rest_size), sizes[a])), dtype=np.int64)
    for ring in combinations(unknown, bv.RING_SIZE):
        ring_mask = sum(1 << i for i in ring)
        rest = np.array([1 << i for i in unknown if i not in ring], dtype=np.int64)
        hand_a = rest[picks].sum(axis=1)
        hand_b = int(rest.sum()) - hand_a
        alive = np.ones(len(picks), dtype=bool)
        out[0][ring_mask] += len(picks)
        for k, (target, card, markers) in enumerate(answers, start=1):
            if target == a:
                alive &= np.bitwise_count(hand_a & card) == markers
            elif target == b:
                alive &= np.bitwise_count(hand_b & card) == markers
            elif (hand & card).bit_count() != markers:  # the seat's own answer
                alive[:] = False
            out[k][ring_mask] += int(alive.sum())
    return out
