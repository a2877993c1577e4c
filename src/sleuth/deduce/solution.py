"""The exact posterior of the solution location (capacity at most 3) with one sweep.

Cards come in layers of interchangeable cards (groups). A *composition* R says how many cards
of which groups lie in the solution; W(R) counts the worlds whose solution holds a *specific*
choice of those cards (every choice is equally likely by symmetry) and a specific set of free
cards. Forward messages carry a column for "no solution card yet" and one per (group, count) so
far; backward messages a column for "none later" and one per later group with one card. One
small matrix product per layer gives every W(R) with |R| <= 3, instead of one dynamic program
per trio.

*Channels* evaluate a polynomial weight: at the layers in ``Channels.layers``, a move that puts
e cards of the group into ``Channels.locations`` is weighted by z**e (one z per channel). With
z = 1, 0, -1, 2 this gives, by interpolation, the joint of the solution and the count of a set of
cards in a set of locations (a question's answer), on the same layers, in one sweep.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from sleuth.deduce import kernels, ring_kernel
from sleuth.deduce.counting import composition_weights
from sleuth.deduce.dp import Layers
from sleuth.deduce.transitions import IntArr, Msg, NDArray, Trans


@dataclass(frozen=True)
class Channels:
    """One polynomial weight per column: at the layers ``layers[c]``, a move that puts e cards
    of the group into ``locations[c]`` is weighted by ``z[c]**e`` (elsewhere by 1). Columns of
    several questions share one sweep."""

    layers: tuple[frozenset[int], ...]
    locations: tuple[frozenset[int], ...]
    z: NDArray[np.float64]

    @property
    def all_layers(self) -> frozenset[int]:
        return frozenset().union(*self.layers)


@dataclass(frozen=True)
class Compositions:
    """``layers`` (N x 3, -1 padded) and ``counts`` (N x 3): how many cards of which layer's
    group lie in the solution; ``weights`` (N x K): W of a specific choice of those cards."""

    layers: IntArr
    counts: IntArr
    weights: Msg

    def multiplicity(self, sizes: list[int]) -> list[int]:
        """The number of specific card choices of each composition."""
        out = []
        for row, cnt in zip(self.layers.tolist(), self.counts.tolist(), strict=True):
            m = 1
            for g, a in zip(row, cnt, strict=True):
                if g >= 0:
                    m *= comb(sizes[g], a)
            out.append(m)
        return out


def choice_counts(comp: Compositions, sizes: list[int], nfree: int, cap: int) -> IntArr:
    """Per composition, the specific solutions it stands for (int64): its choices of cards
    from the groups, times the choices of free cards that fill the rest of the solution."""
    top = max([nfree, *sizes], default=0) + 1
    binom = np.array([[comb(n, k) for k in range(4)] for n in range(top)], dtype=np.int64)
    size_of = np.array([*sizes, 0], dtype=np.int64)  # index -1: no group, C(0, 0) = 1
    g = comp.layers
    per_slot = binom[size_of[g], np.where(g >= 0, comp.counts, 0)]
    rest = cap - comp.counts.sum(axis=1)
    free_ways = np.where(rest >= 0, binom[nfree, np.clip(rest, 0, 3)], 0)
    out: IntArr = per_slot.prod(axis=1) * free_ways
    return out


def _split(layers: Layers, sol: int) -> list[dict[int, Trans]]:
    """Per layer, the transitions by how many cards go to the solution; a move of a cards
    there is weighted by the ways to place the group's other cards (specific solution cards)."""
    hit = layers.split_cache.get(sol)
    if hit is not None:
        return hit  # type: ignore[return-value]
    out: list[dict[int, Trans]] = []
    for j, t in enumerate(layers.trans):
        comps = layers.comps[j]
        size = len(layers.groups[j])
        a_of = comps[:, sol][layers.choices[j]]
        parts: dict[int, Trans] = {}
        spec: Msg | None = None
        for a, (part, sel) in t.partition(a_of).items():
            if a > 3:
                continue
            if a == 0 or size == 1:
                parts[a] = part
            else:
                if spec is None:
                    size, domain, caps = layers.comp_keys[j]
                    spec = composition_weights(
                        size, domain, caps, layers.nl, layers.exact_float, drop=sol
                    )
                parts[a] = part.reweighted(spec[layers.choices[j][sel]])
        out.append(parts)
    layers.split_cache[sol] = out
    return out


def _moved_into(layers: Layers, j: int, a: int, sol: int, locs: frozenset[int]) -> IntArr:
    """Per transition of layer ``j`` that puts ``a`` cards into the solution, the cards it
    puts into ``locs`` (the same for every sweep on the layer graph: kept)."""
    key = (j, a, sol, locs)
    hit = layers.moved_cache.get(key)
    if hit is None:
        ch = layers.choices[j]
        comps = layers.comps[j]
        sub = comps[ch[comps[:, sol][ch] == a]]
        hit = layers.moved_cache[key] = sub[:, sorted(locs)].sum(axis=1)
    return hit


class _Ops:
    """Apply a layer's transitions with a given solution count, with channel weights."""

    def __init__(self, layers: Layers, sol: int, channels: Channels | None) -> None:
        self.parts = _split(layers, sol)
        # per channel layer and solution count: the transitions with a weight per column
        self.chan: dict[int, dict[int, Trans]] = {}
        if channels is None:
            return
        z = channels.z
        for j in channels.all_layers:
            split: dict[int, Trans] = {}
            cols = [c for c, lays in enumerate(channels.layers) if j in lays]
            for a, t in self.parts[j].items():
                # e per transition and column: the group's cards the move puts into the
                # column's locations (0 where the column has no channel at this layer)
                e = np.zeros((len(t.src), len(z)), dtype=np.int64)
                for c in cols:
                    e[:, c] = _moved_into(layers, j, a, sol, channels.locations[c])
                powers = z[None, :] ** np.arange(int(e.max(initial=0)) + 1)[:, None]
                w = np.take_along_axis(powers, e, axis=0)
                if t.w is not None:
                    w *= t.w[:, None]
                split[a] = t.reweighted(w)
            self.chan[j] = split

    def has(self, j: int, a: int) -> bool:
        return a in self.parts[j]

    def fwd(self, j: int, a: int, m: Msg) -> Msg:
        chan = self.chan.get(j)
        return (self.parts[j] if chan is None else chan)[a].fwd(m)

    def bwd(self, j: int, a: int, m: Msg) -> Msg:
        chan = self.chan.get(j)
        return (self.parts[j] if chan is None else chan)[a].bwd(m)


def _zeros_like_layer(layers: Layers, j: int, shape: tuple[int, ...], dt: Any) -> Msg:
    return np.zeros((layers.sizes[j], *shape), dtype=dt)


def _forward(
    layers: Layers,
    ops: _Ops,
    start: Msg,
    j0: int,
    labels0: list[tuple[int, int]],
    steps: dict[tuple[int, int], Msg],
) -> tuple[list[Msg], list[list[tuple[int, int]]]]:
    """Forward messages from layer j0: column 0 = no solution card, then one per label.
    ``steps`` gets each layer's whole message moved with 1 and 2 solution cards, which
    the composition products read (column 0 is what the next message takes)."""
    a: list[Msg] = [start]
    labels = [list(labels0)]
    for j in range(j0, layers.n):
        cur = a[-1]
        parts = [
            ops.fwd(j, 0, cur)
            if ops.has(j, 0)
            else _zeros_like_layer(layers, j + 1, cur.shape[1:], cur.dtype)
        ]
        lab = list(labels[-1])
        for cnt in (1, 2):
            if ops.has(j, cnt):
                moved = steps[(j, cnt)] = ops.fwd(j, cnt, cur)
                parts.append(moved[:, :1])
                lab.append((j, cnt))
        a.append(np.concatenate(parts, axis=1))
        labels.append(lab)
    return a, labels


def solution_weights(
    layers: Layers, final: Msg, channels: Channels | None = None, keep_zeros: bool = False
) -> Compositions:
    """W(R) for every composition R, one value per column of ``final`` (S_final x K), or per
    channel (then the columns of ``final`` must be equal). With ``keep_zeros`` the rows are in
    a fixed order for the layer graph, whatever the channels."""
    sol = layers.red.model.solution
    if sol is None:
        raise ValueError("the model has no solution location")
    n = layers.n
    k = final.shape[1]
    dt = final.dtype
    if channels is None and k == 1 and dt == np.float64 and kernels.layer_ready():
        # the whole sweep in one compiled call, from the layer graph's arrays
        swept = _plain_compiled(layers, final[:, 0], sol)
        if swept is not None:
            return _compositions(swept[0], swept[1][:, None], keep_zeros)
    plain_ops = _Ops(layers, sol, None)
    key = (sol, str(dt))
    cached = layers.forward_cache.get(key)
    if cached is None:
        moved: dict[tuple[int, int], Msg] = {}
        a_plain, lab_plain = _forward(layers, plain_ops, np.ones((1, 1), dtype=dt), 0, [], moved)
        for (q, aq), y in moved.items():
            layers.step_cache[(sol, q, aq, str(dt))] = y
        layers.forward_cache[key] = a_plain
        layers.label_cache[key] = lab_plain
    else:
        a_plain, lab_plain = cached, layers.label_cache[key]
    first = min(channels.all_layers, default=n) if channels is not None else n
    if channels is not None and first < n and dt == np.float64 and kernels.wanted():
        # the whole sweep in one compiled call (the labels are the plain sweep's)
        plan = _composition_plan(layers, plain_ops, lab_plain, n, sol)
        done = _compiled(layers, plain_ops, channels, final[:, :1], a_plain, plan)
        if done is not None:
            return _compositions(plan, done, keep_zeros)
    ops = _Ops(layers, sol, channels) if channels is not None else plain_ops
    steps: dict[tuple[int, int], Msg] = {}  # the channel sweep's own, from ``first`` on
    labels = lab_plain
    if first < n:
        start = np.repeat(a_plain[first][:, :, None], k, axis=2)
        a_chan, lab_chan = _forward(layers, ops, start, first, lab_plain[first], steps)
        a = a_plain[:first] + a_chan
        labels = lab_plain[:first] + lab_chan
    else:
        a = a_plain
    # backward: b[j] (S_j x (1 + later single-card labels) x K)
    if channels is not None:
        last = max(channels.all_layers, default=-1)
        plain = _plain_backward(layers, plain_ops, final[:, :1])
        # after the last channel layer the backward messages are the plain ones, shared by
        # every column: only the first is repeated, to start the sweep with channels
        tail = [np.repeat(plain[last + 1], k, axis=2), *plain[last + 2 :]]
        b = _backward(layers, ops, tail, last)
    elif k == 1:
        b = _plain_backward(layers, ops, final)
    else:
        b = _backward(layers, ops, [final[:, None, :]], n - 1)
    plan = _composition_plan(layers, ops, labels, n, sol)
    vals: list[Msg] = []
    end = a[n][:, 0] * b[n][:, 0] if a[n].ndim == 3 else a[n][:, :1] * b[n][:, 0]
    vals.append(end.sum(axis=0).reshape(1, k))
    for q, aq, picks in plan.picks:
        later = b[q + 1]
        nt = later.shape[1]
        # before the first channel layer the step is the plain sweep's: kept
        step = (sol, q, aq, str(dt))
        found = layers.step_cache.get(step) if q < first else steps.get((q, aq))
        if found is None:
            found = ops.fwd(q, aq, a[q])  # S x cols [x K]
            if q < first:
                layers.step_cache[step] = found
        y = found
        # matrix products (BLAS); exact, as every partial sum is an integer below 2**53
        # whatever the order of summation
        if y.ndim == 3 and later.shape[2] == k:
            w = np.matmul(y.transpose(2, 1, 0), later.transpose(2, 0, 1)).transpose(1, 2, 0)
        elif y.ndim == 3:  # the later messages are shared by every column
            cols = y.shape[1]
            w = (y.reshape(y.shape[0], cols * k).T @ later[:, :, 0]).reshape(cols, k, nt)
            w = w.transpose(0, 2, 1)
        else:
            w = (y.T @ later.reshape(later.shape[0], nt * k)).reshape(y.shape[1], nt, k)
        vals.append(w.reshape(-1, k)[picks])
    return _compositions(plan, np.concatenate(vals, axis=0), keep_zeros)


def _plain_compiled(layers: Layers, final: Msg, sol: int) -> tuple[_Plan, Msg] | None:
    """The plan and W of every composition without channels by the compiled kernel
    (``ring_kernel``), from the layer graph's arrays (None: not here)."""
    if not layers.exact_float:
        return None
    graph = ring_kernel.ring_graph(layers, final, sol)
    has = kernels.ring_has(graph)
    plan = None if has is None else _plan_of(layers, has, sol)
    if plan is None or plan.arrays is None:
        return None
    vals = kernels.ring_weights(graph, plan.arrays)
    return None if vals is None else (plan, vals)


def _compositions(plan: _Plan, ww: Msg, keep_zeros: bool) -> Compositions:
    if keep_zeros:
        return Compositions(plan.layers, plan.counts, ww)
    nz = np.any(ww != 0, axis=1)
    return Compositions(plan.layers[nz], plan.counts[nz], ww[nz])


def _compiled(
    layers: Layers, ops: _Ops, channels: Channels, final: Msg, a_plain: list[Msg], plan: _Plan
) -> Msg | None:
    """``solution_weights`` with channels by the compiled kernel (None: not here)."""
    graph = _graph(layers, ops, final, a_plain, plan)
    k = len(channels.z)
    where = np.zeros((k, layers.nl), dtype=np.int64)
    active = np.zeros((layers.n, k), dtype=np.uint8)
    for c, (lays, locs) in enumerate(zip(channels.layers, channels.locations, strict=True)):
        where[c, sorted(locs)] = 1
        active[sorted(lays), c] = 1
    rows = 1 + sum(len(flat) for _, _, flat in plan.picks)
    span = (min(channels.all_layers), max(channels.all_layers))
    z = np.ascontiguousarray(channels.z, dtype=np.float64)
    return kernels.channel_sweep(graph, z, where, active, span, rows)


def _flat(msgs: list[Msg]) -> tuple[Msg, IntArr]:
    """Messages one after another in one float64 array, and where each starts."""
    starts = np.zeros(len(msgs) + 1, dtype=np.int64)
    starts[1:] = np.cumsum([m.size for m in msgs])
    flat = np.concatenate([m.ravel() for m in msgs]) if msgs else np.zeros(0)
    return flat.astype(np.float64, copy=False), starts


def _graph(layers: Layers, ops: _Ops, final: Msg, a_plain: list[Msg], plan: _Plan) -> kernels.Graph:
    """A layer graph's data for the compiled sweep (``kernels.Graph``), kept for the graph:
    every question's sweep on it reads the same."""
    sol = layers.red.model.solution
    assert sol is not None
    hit = layers.sweep_cache.get(sol)
    if hit is not None and np.array_equal(hit[0], final):
        return hit[1]  # type: ignore[return-value]
    n = layers.n
    b_plain = _plain_backward(layers, ops, final)
    has = np.zeros((n, 4), dtype=np.uint8)
    seg = np.zeros(4 * n + 1, dtype=np.int64)
    src: list[IntArr] = []
    dst: list[IntArr] = []
    wts: list[Msg] = []
    moved: list[IntArr] = []
    steps: list[Msg] = []
    fy_off = np.full((n, 4), -1, dtype=np.int64)
    pos = at = 0
    for j in range(n):
        ch, comps = layers.choices[j], layers.comps[j]
        a_of = comps[:, sol][ch]
        for a in range(4):
            seg[4 * j + a] = pos
            t = ops.parts[j].get(a)
            if t is None:
                continue
            has[j, a] = 1
            src.append(t.src)
            dst.append(t.dst)
            wts.append(np.ones(len(t.src)) if t.w is None else t.w)
            # the cards each move puts in every location, in the part's order (as
            # ``_moved_into``)
            moved.append(comps[ch[a_of == a]])
            pos += len(t.src)
            if a:
                key = (sol, j, a, "float64")
                y = layers.step_cache.get(key)
                if y is None:
                    y = layers.step_cache[key] = ops.fwd(j, a, a_plain[j])
                fy_off[j, a] = at
                steps.append(y)
                at += y.size
    seg[4 * n] = pos
    pidx = np.full((n, 4), -1, dtype=np.int64)
    pc: list[IntArr] = []
    pt: list[IntArr] = []
    for i, (q, aq, flat) in enumerate(plan.picks):
        pidx[q, aq] = i
        nt = b_plain[q + 1].shape[1]
        pc.append(flat // nt)
        pt.append(flat % nt)
    lengths = [len(flat) for _, _, flat in plan.picks]
    poff = np.zeros(len(lengths) + 1, dtype=np.int64)
    poff[1:] = np.cumsum(lengths)
    fa, fa_off = _flat(a_plain)
    fb, fb_off = _flat(b_plain)
    graph: kernels.Graph = (
        np.array(layers.sizes, dtype=np.int64),
        has,
        seg,
        _ints(src),
        _ints(dst),
        _flat(wts)[0],
        np.concatenate(moved) if moved else np.zeros((0, layers.nl), dtype=np.int64),
        np.array([m.shape[1] for m in a_plain], dtype=np.int64),
        np.array([m.shape[1] for m in b_plain], dtype=np.int64),
        fa,
        fa_off,
        _flat(steps)[0],
        fy_off,
        fb,
        fb_off,
        pidx,
        poff,
        _ints(pc),
        _ints(pt),
        1 + poff[:-1],
    )
    layers.sweep_cache[sol] = (final, graph)
    return graph


def _ints(parts: list[IntArr]) -> IntArr:
    return np.concatenate(parts).astype(np.int64) if parts else np.zeros(0, dtype=np.int64)


def _plain_backward(layers: Layers, ops: _Ops, final: Msg) -> list[Msg]:
    """The backward messages without channels from ``final`` (one column), kept for the
    layer graph: every question's sweep starts from the same ones as the plain sweep."""
    sol = layers.red.model.solution
    key = (-1 if sol is None else sol, "backward" + str(final.dtype))
    hit = layers.backward_cache.get(key)
    if hit is not None and np.array_equal(hit[0], final):
        return hit[1]
    b = _backward(layers, ops, [final[:, None, :]], layers.n - 1)
    layers.backward_cache[key] = (final, b)
    return b


@dataclass(frozen=True)
class _Plan:
    """Which entries of each layer's product (forward label x later label) are which
    composition: ``picks`` holds (layer q, cards aq there, flat indices); ``layers`` and
    ``counts`` the compositions in that order, after the empty one."""

    picks: list[tuple[int, int, IntArr]]
    layers: IntArr
    counts: IntArr
    # the picks as the compiled kernel made them (layer, cards, where each starts, flat)
    arrays: tuple[IntArr, ...] | None = None


def _composition_plan(
    layers: Layers, ops: _Ops, labels: list[list[tuple[int, int]]], n: int, sol: int
) -> _Plan:
    """The plan of a layer graph (the same for every sweep on it, channels or not)."""
    hit = layers.plan_cache.get(sol)
    if isinstance(hit, _Plan):
        return hit
    has = np.array([[ops.has(j, a) for a in range(4)] for j in range(n)], dtype=np.uint8)
    done = _plan_of(layers, has.reshape(n, 4), sol)
    if done is not None:
        return done
    blabels: list[list[int]] = [[] for _ in range(n + 1)]
    for j in range(n - 1, -1, -1):
        blabels[j] = ([j] if ops.has(j, 1) else []) + blabels[j + 1]
    keys_l: list[IntArr] = [np.full((1, 3), -1, dtype=np.int64)]
    keys_c: list[IntArr] = [np.zeros((1, 3), dtype=np.int64)]
    picks: list[tuple[int, int, IntArr]] = []
    for q in range(n):
        nt = 1 + len(blabels[q + 1])
        lab = np.array(labels[q], dtype=np.int64).reshape(-1, 2)
        later_lab = np.array(blabels[q + 1], dtype=np.int64)
        for aq in (1, 2, 3):
            if not ops.has(q, aq):
                continue
            flat: list[IntArr] = [np.zeros(1, dtype=np.int64)]
            # {q: aq} alone
            keys_l.append(np.array([[q, -1, -1]], dtype=np.int64))
            keys_c.append(np.array([[aq, 0, 0]], dtype=np.int64))
            # {p: ap, q: aq}
            rows = np.flatnonzero(lab[:, 1] + aq <= 3)
            if len(rows):
                keys_l.append(
                    np.stack([lab[rows, 0], np.full(len(rows), q), np.full(len(rows), -1)], axis=1)
                )
                keys_c.append(
                    np.stack(
                        [lab[rows, 1], np.full(len(rows), aq), np.zeros(len(rows), np.int64)],
                        axis=1,
                    )
                )
                flat.append((1 + rows) * nt)
            # {p: 1, q: 1, t: 1}
            rows = np.flatnonzero(lab[:, 1] == 1)
            if aq == 1 and len(rows) and len(later_lab):
                pp = np.repeat(rows, len(later_lab))
                tt = np.tile(np.arange(len(later_lab)), len(rows))
                keys_l.append(np.stack([lab[pp, 0], np.full(len(pp), q), later_lab[tt]], axis=1))
                keys_c.append(np.ones((len(pp), 3), dtype=np.int64))
                flat.append((1 + pp) * nt + 1 + tt)
            picks.append((q, aq, np.concatenate(flat)))
    plan = _Plan(picks, np.concatenate(keys_l), np.concatenate(keys_c))
    layers.plan_cache[sol] = plan
    return plan


def _plan_of(layers: Layers, has: NDArray[np.uint8], sol: int) -> _Plan | None:
    """The plan of a layer graph whose layers have moves with 0-3 solution cards as
    ``has`` says, by the compiled kernel (None: not here); kept for the graph."""
    done = kernels.composition_plan(has)
    if done is None:
        return None
    pick_q, pick_a, off, flat, (keys_l, keys_c) = done
    spans = zip(pick_q.tolist(), pick_a.tolist(), off[:-1].tolist(), off[1:].tolist(), strict=True)
    picks = [(q, a, flat[x:y]) for q, a, x, y in spans]
    plan = _Plan(picks, keys_l, keys_c, (pick_q, pick_a, off, flat))
    layers.plan_cache[sol] = plan
    return plan


def _backward(layers: Layers, ops: _Ops, tail: list[Msg], j_start: int) -> list[Msg]:
    """Backward messages b[0..n], given ``tail`` = b[j_start + 1..n]: column 0 = no solution
    card later, then one per later single-card move (a layer with one card in the solution),
    in layer order."""
    b: list[Msg] = [np.zeros(0)] * (j_start + 1) + list(tail)
    for j in range(j_start, -1, -1):
        nxt = b[j + 1]
        if ops.has(j, 0):
            prev = ops.bwd(j, 0, nxt)
        else:
            prev = np.zeros((layers.sizes[j], *nxt.shape[1:]), dtype=nxt.dtype)
        parts = [prev[:, :1]]
        if ops.has(j, 1):
            parts.append(ops.bwd(j, 1, nxt[:, 0])[:, None, :])
        parts.append(prev[:, 1:])
        b[j] = np.concatenate(parts, axis=1)
    return b


def expand_compositions(
    lay: Layers, layers: NDArray[np.int64], counts: NDArray[np.int64], w: Msg
) -> tuple[NDArray[np.int64], Msg]:
    """Specific constrained-card sets (N x 3, -1 padded) of solution compositions, and the
    count of each (int64 or object array): a slot of a cards from a group of several cards
    repeats its row over the group's C(n, a) choices."""
    done = kernels.expand_rows(
        np.ascontiguousarray(layers, dtype=np.int64),
        np.ascontiguousarray(counts, dtype=np.int64),
        lay.groups,
    )
    if done is not None:
        return done[0], w[done[1]]
    single = np.array([g[0] if len(g) == 1 else -1 for g in lay.groups] + [-1], dtype=np.int64)
    n = layers.shape[0]
    cards = np.full((n, 3), -1, dtype=np.int64)
    src = np.arange(n)  # the composition each row comes from
    ptr = np.zeros(n, dtype=np.int64)  # next free column of each row
    for slot in range(3):
        g = layers[src, slot]
        a = counts[src, slot]
        one = (g >= 0) & (single[g] >= 0)
        cards[np.flatnonzero(one), ptr[one]] = single[g[one]]
        ptr[one] += 1
        multi = (g >= 0) & (single[g] < 0)
        if not multi.any():
            continue
        keep = np.flatnonzero(~multi)
        parts_cards = [cards[keep]]
        parts_src = [src[keep]]
        parts_ptr = [ptr[keep]]
        for gk, ak in sorted(set(zip(g[multi].tolist(), a[multi].tolist(), strict=True))):
            rows = np.flatnonzero(multi & (g == gk) & (a == ak))
            combos = np.array(list(combinations(lay.groups[gk], ak)), dtype=np.int64)
            m = len(combos)
            c = np.repeat(cards[rows], m, axis=0)
            p = np.repeat(ptr[rows], m)
            tiled = np.tile(combos, (len(rows), 1))
            for k in range(ak):
                c[np.arange(len(c)), p + k] = tiled[:, k]
            parts_cards.append(c)
            parts_src.append(np.repeat(src[rows], m))
            parts_ptr.append(p + ak)
        cards = np.concatenate(parts_cards)
        src = np.concatenate(parts_src)
        ptr = np.concatenate(parts_ptr)
    return cards, w[src]


def interpolate(vals: Msg, deg: int) -> NDArray[np.int64]:
    """Coefficients of polynomials of degree ``deg`` <= 3 from their values at 1, 0, -1, 2."""
    p = np.rint(vals).astype(np.int64)
    c = np.zeros((p.shape[0], deg + 1), dtype=np.int64)
    c[:, 0] = p[:, 1]
    if deg == 1:
        c[:, 1] = p[:, 0] - p[:, 1]
        return c
    c[:, 2] = (p[:, 0] + p[:, 2]) // 2 - c[:, 0]
    odd = (p[:, 0] - p[:, 2]) // 2
    if deg == 2:
        c[:, 1] = odd
        return c
    c[:, 3] = (p[:, 3] - c[:, 0] - 4 * c[:, 2] - 2 * odd) // 6
    c[:, 1] = odd - c[:, 3]
    return c
