"""Uniform sampling of worlds from a model's layered graph (``sleuth.deduce.dp.Layers``).

Layer by layer, a move is drawn with the weight of the worlds it leads to (the backward
messages); the group's cards are shuffled into the move's places, and the free cards at the
end into the room left.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence

import numpy as np

from sleuth.deduce.counting import to_int
from sleuth.deduce.dp import Layers
from sleuth.deduce.transitions import Msg


def draw_worlds(
    lay: Layers, beta: list[Msg], domains: Sequence[set[int]], rng: random.Random, k: int
) -> list[list[int]]:
    """``k`` worlds drawn uniformly; each gives a location per card. ``beta`` are the
    backward messages of ``lay`` (from its tail), ``domains`` the reduced domains."""
    base = [-1] * len(domains)
    for c, d in enumerate(domains):
        if len(d) == 1:
            base[c] = next(iter(d))
    by_src = []
    for j, t in enumerate(lay.trans):
        o = np.argsort(t.src, kind="stable")
        w = [to_int(x) for x in beta[j + 1][t.dst[o]]]
        if t.w is not None:
            w = [a * to_int(b) for a, b in zip(w, t.w[o], strict=True)]
        by_src.append((t.src[o].tolist(), t.dst[o].tolist(), lay.choices[j][o].tolist(), w))
    out = []
    for _ in range(k):
        world = list(base)
        s = 0
        for j, group in enumerate(lay.groups):
            srcs, dsts, chs, ws = by_src[j]
            lo = bisect_left(srcs, s)
            hi = bisect_left(srcs, s + 1)
            r = rng.randrange(sum(ws[lo:hi]))
            for i in range(lo, hi):
                r -= ws[i]
                if r < 0:
                    s = dsts[i]
                    cards = list(group)
                    rng.shuffle(cards)
                    pos = 0
                    for loc, cnt in enumerate(lay.comps[j][chs[i]].tolist()):
                        for c in cards[pos : pos + cnt]:
                            world[c] = loc
                        pos += cnt
                    break
        rem = [int(x) for x in lay.final_rem[s]]
        free = list(lay.free)
        rng.shuffle(free)
        i = 0
        for loc, cnt in enumerate(rem):
            for c in free[i : i + cnt]:
                world[c] = loc
            i += cnt
        out.append(world)
    return out
