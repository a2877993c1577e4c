"""The solution's posterior (``solution_weights`` without channels) in one compiled call.

``solution_weights`` splits every layer's moves by the cards they put in the solution,
sweeps forward and backward through the parts and multiplies each layer's steps with the
backward messages: on graphs of a few hundred states, a few dozen numpy calls and objects
per layer, about a third of a new 6-player Black Vienna position's count. ``ring_weights``
does the same sums from the layer graph's arrays, once: the same W of every composition,
exactly (every partial sum is an integer below 2**53, so the order of summation does not
matter).

The functions below are plain Python; ``sleuth.deduce.kernels`` compiles them with the
other kernels (numba is optional: without it the numpy path runs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from sleuth.deduce.counting import composition_weights

if TYPE_CHECKING:
    from sleuth.deduce.dp import Layers

# A layer graph's arrays for ``ring_weights``, made by ``solution``: the states per layer
# (n + 1); where each layer's transitions start (n + 1) and each transition's input state,
# output state and move; where each layer's moves start (n + 1), each move's cards per
# location, its weight, and its weight with the solution's cards specific; each layer's
# group size; the solution location; the final states' weights.
RingGraph = tuple[Any, ...]


def ring_weights(graph: RingGraph, plan: tuple[Any, ...]) -> Any:
    """W of the empty composition, then of every entry of ``plan`` (``composition_plan``'s
    picks: layer, cards, where each pick's entries start, their flat indices)."""
    sizes, toff, src, dst, choice, moff, comps, wfull, wdrop, gsize, sol, final = graph
    pick_q, pick_a, pick_off, flat = plan
    n = sizes.shape[0] - 1
    av = np.empty(src.shape[0], np.int64)  # each transition's cards in the solution
    wt = np.empty(src.shape[0], np.float64)
    has = np.zeros((n, 4), np.int64)
    for j in range(n):
        for t in range(toff[j], toff[j + 1]):
            m = moff[j] + choice[t]
            av[t] = comps[m, sol]
            if av[t] <= 3:
                has[j, av[t]] = 1
            # a move of a cards there: the ways to place the group's other cards
            wt[t] = 1.0 if gsize[j] == 1 else (wfull[m] if av[t] == 0 else wdrop[m])
    a, aoff, width = _forward(sizes, toff, src, dst, av, wt, has)
    b, boff, bwidth = _backward(sizes, toff, src, dst, av, wt, has, final)
    out = np.zeros(1 + flat.shape[0], np.float64)
    for s in range(sizes[n]):
        out[0] += a[aoff[n] + s * width[n]] * b[boff[n] + s * bwidth[n]]
    for p in range(pick_q.shape[0]):
        q, aq = pick_q[p], pick_a[p]
        lw, nt, rows = width[q], bwidth[q + 1], sizes[q + 1]
        y = np.zeros((rows, lw), np.float64)  # the step of the moves with aq cards there
        for t in range(toff[q], toff[q + 1]):
            if av[t] == aq:
                at = aoff[q] + src[t] * lw
                for i in range(lw):
                    y[dst[t], i] += wt[t] * a[at + i]
        for e in range(pick_off[p], pick_off[p + 1]):
            i, c = flat[e] // nt, flat[e] % nt
            acc = 0.0
            for s in range(rows):
                acc += y[s, i] * b[boff[q + 1] + s * nt + c]
            out[1 + e] = acc
    return out


def _forward(
    sizes: Any, toff: Any, src: Any, dst: Any, av: Any, wt: Any, has: Any
) -> tuple[Any, Any, Any]:
    """The forward messages, flat: column 0 no solution card yet, then one per (layer,
    1 or 2 cards) so far, as ``solution._forward``; where each starts and its width."""
    n = sizes.shape[0] - 1
    width = np.ones(n + 1, np.int64)
    for j in range(n):
        width[j + 1] = width[j] + has[j, 1] + has[j, 2]
    aoff = np.zeros(n + 2, np.int64)
    for j in range(n + 1):
        aoff[j + 1] = aoff[j] + sizes[j] * width[j]
    a = np.zeros(aoff[n + 1], np.float64)
    a[0] = 1.0
    for j in range(n):
        lw, nw = width[j], width[j + 1]
        for t in range(toff[j], toff[j + 1]):
            at, to = aoff[j] + src[t] * lw, aoff[j + 1] + dst[t] * nw
            if av[t] == 0:
                for i in range(lw):
                    a[to + i] += wt[t] * a[at + i]
            elif av[t] == 1:
                a[to + lw] += wt[t] * a[at]
            elif av[t] == 2:
                a[to + lw + has[j, 1]] += wt[t] * a[at]
    return a, aoff, width


def _backward(
    sizes: Any, toff: Any, src: Any, dst: Any, av: Any, wt: Any, has: Any, final: Any
) -> tuple[Any, Any, Any]:
    """The backward messages, flat: column 0 no solution card later, then one per later
    layer with single-card moves, as ``solution._backward``; where each starts and its
    width."""
    n = sizes.shape[0] - 1
    width = np.ones(n + 1, np.int64)
    for j in range(n - 1, -1, -1):
        width[j] = width[j + 1] + has[j, 1]
    boff = np.zeros(n + 2, np.int64)
    for j in range(n + 1):
        boff[j + 1] = boff[j] + sizes[j] * width[j]
    b = np.zeros(boff[n + 1], np.float64)
    for s in range(sizes[n]):
        b[boff[n] + s] = final[s]
    for j in range(n - 1, -1, -1):
        lw, nw, h1 = width[j], width[j + 1], has[j, 1]
        for t in range(toff[j], toff[j + 1]):
            at, to = boff[j] + src[t] * lw, boff[j + 1] + dst[t] * nw
            if av[t] == 0:
                b[at] += wt[t] * b[to]
                for c in range(1, nw):
                    b[at + c + h1] += wt[t] * b[to + c]
            elif av[t] == 1:
                b[at + 1] += wt[t] * b[to]
    return b, boff, width


def ring_has(graph: RingGraph) -> Any:
    """Per layer, whether it has moves with 0, 1, 2 and 3 cards in the solution (n x 4)."""
    sizes, toff, choice, moff, comps = graph[0], graph[1], graph[4], graph[5], graph[6]
    sol = graph[10]
    n = sizes.shape[0] - 1
    has = np.zeros((n, 4), np.uint8)
    for j in range(n):
        for t in range(toff[j], toff[j + 1]):
            cards = comps[moff[j] + choice[t], sol]
            if cards <= 3:
                has[j, cards] = 1
    return has


def ring_graph(layers: Layers, final: Any, sol: int) -> RingGraph:
    """A layer graph's arrays for ``ring_weights`` (``RingGraph``), its counts in float64
    (``layers.exact_float``)."""
    src, dst, choice, comps, wfull, wdrop = [], [], [], [], [], []
    toff, moff, gsize = [0], [0], []
    for j, t in enumerate(layers.trans):
        size, domain, caps = layers.comp_keys[j]
        moves = layers.comps[j]
        none = np.zeros(len(moves))  # a single card's moves: weight 1, not read
        full = layers.comp_w[j]
        drop = none
        if size > 1:
            drop = composition_weights(size, domain, caps, layers.nl, True, drop=sol)
        src.append(t.src)
        dst.append(t.dst)
        choice.append(layers.choices[j])
        comps.append(moves)
        wfull.append(none if full is None else full)
        wdrop.append(drop)
        gsize.append(size)
        toff.append(toff[-1] + len(t.src))
        moff.append(moff[-1] + len(moves))

    def joined(parts: list[Any], dtype: Any) -> Any:
        return np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype)

    return (
        np.array(layers.sizes, dtype=np.int64),
        np.array(toff, dtype=np.int64),
        joined(src, np.int64),
        joined(dst, np.int64),
        joined(choice, np.int64),
        np.array(moff, dtype=np.int64),
        joined(comps, np.int64).reshape(-1, layers.nl),
        joined(wfull, np.float64),
        joined(wdrop, np.float64),
        np.array(gsize, dtype=np.int64),
        sol,
        np.ascontiguousarray(final, dtype=np.float64),
    )
