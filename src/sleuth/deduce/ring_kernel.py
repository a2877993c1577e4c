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


def _joined(parts: list[Any], dtype: Any) -> Any:
    return np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype)


def _per_card(size: int, domain: tuple[int, ...], caps: tuple[int, ...], nl: int) -> Any:
    """Per move of a group of ``size`` cards, the ways to place the others with one
    specific card in each location (as ``Analysis._plain_marginals``), float64."""
    return np.stack(
        [composition_weights(size, domain, caps, nl, False, minus=loc) for loc in range(nl)],
        axis=1,
    ).astype(np.float64)


def layer_arrays(layers: Layers) -> tuple[Any, ...]:
    """The layer graph's own arrays (``RingGraph``'s first ten but the solution's weights,
    then each move's ways with one specific card in each location), kept on the graph."""
    if layers.arrays is not None:
        return layers.arrays
    src, dst, choice, comps, wfull, per_card = [], [], [], [], [], []
    toff, moff, gsize = [0], [0], []
    for j, t in enumerate(layers.trans):
        size, domain, caps = layers.comp_keys[j]
        moves = layers.comps[j]
        full = layers.comp_w[j]
        src.append(t.src)
        dst.append(t.dst)
        choice.append(layers.choices[j])
        comps.append(moves)
        # a single card's moves: weight 1 (not read), the card itself where it goes
        wfull.append(np.zeros(len(moves)) if full is None else full)
        per_card.append(moves if size == 1 else _per_card(size, domain, caps, layers.nl))
        gsize.append(size)
        toff.append(toff[-1] + len(t.src))
        moff.append(moff[-1] + len(moves))
    layers.arrays = (
        np.array(layers.sizes, dtype=np.int64),
        np.array(toff, dtype=np.int64),
        _joined(src, np.int64),
        _joined(dst, np.int64),
        _joined(choice, np.int64),
        np.array(moff, dtype=np.int64),
        _joined(comps, np.int64).reshape(-1, layers.nl),
        _joined(wfull, np.float64),
        np.array(gsize, dtype=np.int64),
        _joined(per_card, np.float64).reshape(-1, layers.nl),
    )
    return layers.arrays


def ring_graph(layers: Layers, final: Any, sol: int) -> RingGraph:
    """A layer graph's arrays for ``ring_weights`` (``RingGraph``), its counts in float64
    (``layers.exact_float``)."""
    own = layer_arrays(layers)
    wdrop = []
    for j in range(layers.n):
        size, domain, caps = layers.comp_keys[j]
        if size > 1:
            wdrop.append(composition_weights(size, domain, caps, layers.nl, True, drop=sol))
        else:
            wdrop.append(np.zeros(len(layers.comps[j])))  # weight 1, not read
    final = np.ascontiguousarray(final, dtype=np.float64)
    return (*own[:8], _joined(wdrop, np.float64), own[8], sol, final)


def plain_counts(graph: tuple[Any, ...], tail: Any) -> tuple[Any, Any]:
    """The forward message's last column (per final state, the placements of the groups)
    and per layer, the worlds with one specific card of its group in each location (n x
    nl): ``Analysis._passes`` and ``_plain_marginals``' sums over the groups' layers, from
    ``layer_arrays`` and the final states' weights ``tail``."""
    sizes, toff, src, dst, choice, moff, comps, wfull, gsize, per_card = graph
    n, nl = sizes.shape[0] - 1, comps.shape[1]
    aoff = np.zeros(n + 2, np.int64)
    for j in range(n + 1):
        aoff[j + 1] = aoff[j] + sizes[j]
    a = np.zeros(aoff[n + 1], np.float64)
    b = np.zeros(aoff[n + 1], np.float64)
    a[0] = 1.0
    for j in range(n):
        for t in range(toff[j], toff[j + 1]):
            w = 1.0 if gsize[j] == 1 else wfull[moff[j] + choice[t]]
            a[aoff[j + 1] + dst[t]] += w * a[aoff[j] + src[t]]
    for s in range(sizes[n]):
        b[aoff[n] + s] = tail[s]
    for j in range(n - 1, -1, -1):
        for t in range(toff[j], toff[j + 1]):
            w = 1.0 if gsize[j] == 1 else wfull[moff[j] + choice[t]]
            b[aoff[j] + src[t]] += w * b[aoff[j + 1] + dst[t]]
    counts = np.zeros((n, nl), np.float64)
    for j in range(n):
        for t in range(toff[j], toff[j + 1]):
            both = a[aoff[j] + src[t]] * b[aoff[j + 1] + dst[t]]
            m = moff[j] + choice[t]
            for loc in range(nl):
                counts[j, loc] += both * per_card[m, loc]
    return a[aoff[n] : aoff[n + 1]].copy(), counts
