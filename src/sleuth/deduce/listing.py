"""A model's worlds listed by one compiled depth-first walk (numba), for ``frontier``.

``frontier.list_worlds`` lists level by level with numpy: a few calls per card and location,
which on a few thousand worlds cost more than the worlds do. The walk below places the cards
in the same order with the same checks (every location can still be filled by the cards
left; every constraint neither overshot nor out of reach), so it finds the same worlds, in
another order (nothing reads the order). The numpy listing gives up when a level would keep
more than ``limit`` partial rows; the walk gives up past ``limit`` worlds, or once it has
placed a card more than ``limit`` times the number of cards (the partial rows the levels
may keep in all): a model with few worlds but many dead ends would otherwise be walked to
its end, however long that takes. So the walk gives up where the levels would have kept
too much in all, never where they would have listed the worlds.

numba is optional: without it, or before the process is warm (``kernels.wanted``), the
numpy listing runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from sleuth.deduce import kernels
from sleuth.deduce.transitions import NDArray

_WALK: Callable[..., Any] | None = None
_TRIED = False


def walk(
    ncards: int,
    order: Sequence[int],
    doms: Sequence[Sequence[int]],
    caps: Sequence[int],
    cons: Sequence[tuple[frozenset[int], frozenset[int], int]],
    limit: int,
) -> tuple[bool, NDArray[np.uint8] | None]:
    """Whether the compiled walk ran (not without numba, before the process is warm, or
    where it failed to run), and the worlds (one row per world, a card's location per
    column), None when there are more than ``limit`` or when the walk placed a card more
    than ``limit`` times the number of cards."""
    global _WALK
    if not kernels.wanted() or not _compiled():
        return False, None
    nloc = len(caps)
    dom = np.zeros((ncards, nloc), dtype=np.bool_)
    for card, d in enumerate(doms):
        dom[card, list(d)] = True
    con_locs = np.zeros((len(cons), nloc), dtype=np.bool_)
    con_cards = np.zeros((len(cons), max(ncards, 1)), dtype=np.bool_)
    for i, (locs, cards, _) in enumerate(cons):
        con_locs[i, sorted(locs)] = True
        con_cards[i, sorted(cards)] = True
    need = np.array([count for _, _, count in cons], dtype=np.int64)
    try:
        rows, found = _WALK(  # type: ignore[misc]
            np.array(order, dtype=np.int64),
            dom,
            np.array(caps, dtype=np.int64),
            con_locs,
            con_cards,
            need,
            limit,
            limit * max(ncards, 1),
        )
    except Exception:  # numba's own errors at its first call: it is an optional speed-up
        _WALK = None
        return False, None
    return True, None if found < 0 else rows[:found]


def _compiled() -> bool:
    global _WALK, _TRIED
    if not _TRIED:
        _TRIED = True
        try:
            from numba import njit  # type: ignore[import-not-found,unused-ignore]

            _WALK = njit(cache=True, nogil=True)(_walk)
        except Exception:  # not installed, or a numba that does not load with this numpy
            _WALK = None
    return _WALK is not None


def _walk(
    order: Any,
    dom: Any,
    caps: Any,
    con_locs: Any,
    con_cards: Any,
    need: Any,
    limit: int,
    budget: int,
) -> tuple[Any, int]:
    """The worlds (rows, how many; -1 past ``limit`` worlds or ``budget`` cards placed)."""
    ncards, nloc, ncons = order.shape[0], caps.shape[0], need.shape[0]
    # per level k, what the cards from k on may fill: per location, and per constraint
    avail = np.zeros((ncards + 1, nloc), dtype=np.int64)
    left = np.zeros((ncards + 1, ncons), dtype=np.int64)
    for k in range(ncards - 1, -1, -1):
        card = order[k]
        for loc in range(nloc):
            avail[k, loc] = avail[k + 1, loc] + (1 if dom[card, loc] else 0)
        for i in range(ncons):
            left[k, i] = left[k + 1, i] + (1 if con_cards[i, card] else 0)
    used = np.zeros(nloc, dtype=np.int64)
    held = np.zeros(ncons, dtype=np.int64)
    choice = np.full(max(ncards, 1), -1, dtype=np.int64)
    rows = np.zeros((64, ncards), dtype=np.uint8)
    found = 0
    placed = 0
    k = 0
    while k >= 0:
        if k == ncards:
            if found == limit:
                return rows, -1
            if found == rows.shape[0]:
                grown = np.zeros((2 * found, ncards), dtype=np.uint8)
                grown[:found] = rows
                rows = grown
            for j in range(ncards):
                rows[found, order[j]] = choice[j]
            found += 1
            k -= 1
            continue
        card = order[k]
        loc = choice[k]
        if loc >= 0:  # take back the last place tried for this card
            used[loc] -= 1
            for i in range(ncons):
                if con_cards[i, card] and con_locs[i, loc]:
                    held[i] -= 1
        loc += 1
        while loc < nloc:
            if dom[card, loc] and used[loc] < caps[loc]:
                used[loc] += 1
                for i in range(ncons):
                    if con_cards[i, card] and con_locs[i, loc]:
                        held[i] += 1
                ok = True
                for other in range(nloc):
                    if caps[other] - used[other] > avail[k + 1, other]:
                        ok = False
                        break
                if ok:
                    for i in range(ncons):
                        if held[i] > need[i] or held[i] + left[k + 1, i] < need[i]:
                            ok = False
                            break
                if ok:
                    break
                used[loc] -= 1
                for i in range(ncons):
                    if con_cards[i, card] and con_locs[i, loc]:
                        held[i] -= 1
            loc += 1
        if loc < nloc:
            placed += 1
            if placed > budget:
                return rows, -1
            choice[k] = loc
            k += 1
        else:
            choice[k] = -1
            k -= 1
    return rows, found
