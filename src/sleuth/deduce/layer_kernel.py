"""One layer of the frontier dynamic program's state graph in one compiled call (numba).

``Layers._add_layer`` builds a layer with numpy: a mask of every (state, move) pair, cut by
the room each location must keep and each constraint's running count, then the keys of the
next states, sorted to merge equal ones. On graphs of a few hundred states its dozens of
numpy calls per layer cost far more than the arithmetic (about a third of a new 6-player
Black Vienna position's count). ``layer_moves`` makes the same cuts, keys and merge in one
pass: the same transitions, in the same order, and the same next states, as the numpy path
(``tests/deduce/test_kernels.py`` compares them layer by layer).

The function below is plain Python; ``sleuth.deduce.kernels`` compiles it with the other
kernels (numba is optional: without it the numpy path runs).
"""

from __future__ import annotations

from typing import Any

import numpy as np

# A layer's constraints as the kernel takes them, made by ``Layers._add_layer``: per
# constraint naming the group (G of them), its locations (G x nl, 0/1), count, whether it is
# the observed slot, its column in the states (-1: not open before), whether this layer
# closes it and how many of its cards later layers hold; per constraint open after the
# layer (O of them), its column in the states (-1), its index among the group's (-1), its
# one location where the room it needs is checked (-1: none) and its count; then the
# key's multiplier per column of the next states (nl + O).
LayerSpec = tuple[Any, ...]


def layer_moves(
    states: Any,
    comps: Any,
    size: int,
    domain: Any,
    need: Any,
    up: Any,
    cap: Any,
    spec: LayerSpec,
) -> tuple[Any, Any, Any, Any, Any]:
    """The moves of ``comps`` from ``states`` that can still be completed, as
    ``Layers._add_layer`` finds them: (state, move, next state, the transitions ordered by
    next state (stable), the next states)."""
    gc_locs, gc_k = spec[0], spec[1]
    no_prev, no_inc, mult = spec[6], spec[7], spec[10]
    s_n, nl, c_n, o_n = states.shape[0], comps.shape[1], comps.shape[0], no_prev.shape[0]
    inc = np.zeros((gc_k.shape[0], c_n), np.int64)
    for g in range(gc_k.shape[0]):
        for c in range(c_n):
            for loc in range(nl):
                inc[g, c] += gc_locs[g, loc] * comps[c, loc]
    ok = np.ones((s_n, c_n), np.bool_)
    _room_cuts(ok, states, comps, size, domain, need, up, cap)
    _count_cuts(ok, states, comps, domain, cap, inc, spec)
    # a move's next state, as a key (mixed radix) and as columns
    col = np.empty((s_n, o_n), np.int64)
    for s in range(s_n):
        for o in range(o_n):
            col[s, o] = states[s, no_prev[o]] if no_prev[o] >= 0 else 0
    src = np.empty(s_n * c_n, np.int64)
    choice = np.empty(s_n * c_n, np.int64)
    keys = np.empty(s_n * c_n, np.int64)
    t_n = 0
    for s in range(s_n):
        for c in range(c_n):
            if ok[s, c]:
                key = 0
                for loc in range(nl):
                    key += (states[s, loc] + comps[c, loc]) * mult[loc]
                for o in range(o_n):
                    v = col[s, o] + (inc[no_inc[o], c] if no_inc[o] >= 0 else 0)
                    key += v * mult[nl + o]
                src[t_n], choice[t_n], keys[t_n] = s, c, key
                t_n += 1
    src, choice, keys = src[:t_n], choice[:t_n], keys[:t_n]
    dst, order, rep = _merge(keys)
    r_n = rep.shape[0]
    nxt = np.zeros((r_n, nl + o_n), np.int64)
    for r in range(r_n):
        s, c = src[rep[r]], choice[rep[r]]
        for loc in range(nl):
            nxt[r, loc] = states[s, loc] + comps[c, loc]
        for o in range(o_n):
            nxt[r, nl + o] = col[s, o] + (inc[no_inc[o], c] if no_inc[o] >= 0 else 0)
    return src, choice, dst, order, nxt


def _merge(keys: Any) -> tuple[Any, Any, Any]:
    """What ``dp._first_of_each`` gives: each key's rank among the distinct keys, a stable
    order of the keys and the first of each distinct key. By a hash table and a counting
    sort: a layer has tens of thousands of moves into a few hundred states, and sorting the
    moves took most of the layer's time."""
    t_n = keys.shape[0]
    size = 1
    while size < 2 * t_n:
        size *= 2
    slot_key = np.full(size, -1, np.int64)  # keys are never negative
    slot_id = np.empty(size, np.int64)
    did = np.empty(t_n, np.int64)  # a move's distinct key, by first appearance
    first = np.empty(t_n, np.int64)
    r_n = 0
    for i in range(t_n):
        h = (np.uint64(keys[i]) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(20)
        at = np.int64(h & np.uint64(size - 1))
        while slot_key[at] != -1 and slot_key[at] != keys[i]:
            at = (at + 1) & (size - 1)
        if slot_key[at] == -1:
            slot_key[at] = keys[i]
            slot_id[at] = r_n
            first[r_n] = i
            r_n += 1
        did[i] = slot_id[at]
    ranked = np.argsort(keys[first[:r_n]])  # distinct keys: no ties
    rank = np.empty(r_n, np.int64)
    rep = np.empty(r_n, np.int64)
    for r in range(r_n):
        rank[ranked[r]] = r
        rep[r] = first[ranked[r]]
    dst = np.empty(t_n, np.int64)
    start = np.zeros(r_n + 1, np.int64)
    for i in range(t_n):
        dst[i] = rank[did[i]]
        start[dst[i] + 1] += 1
    for r in range(r_n):
        start[r + 1] += start[r]
    order = np.empty(t_n, np.int64)
    for i in range(t_n):
        order[start[dst[i]]] = i
        start[dst[i]] += 1
    return dst, order, rep


def _room_cuts(
    ok: Any, states: Any, comps: Any, size: int, domain: Any, need: Any, up: Any, cap: Any
) -> None:
    """``Layers._room_mask``: clears the moves that overfill a location or leave one short."""
    s_n, nl = states.shape[0], comps.shape[1]
    dom = np.zeros(nl, np.bool_)
    for x in domain:
        dom[x] = True
    d = np.empty((s_n, nl), np.int64)
    short = np.zeros(s_n, np.int64)
    dmax = np.full(nl, -(1 << 30), np.int64)
    for s in range(s_n):
        for loc in range(nl):
            d[s, loc] = need[loc] - states[s, loc]
            short[s] += d[s, loc] > 0
            dmax[loc] = max(dmax[loc], d[s, loc])
    for s in range(s_n):
        for c in range(comps.shape[0]):
            if size == 1:  # a move per location of the domain, in its order
                loc = domain[c]
                inner = 1 if d[s, loc] > 0 else 0
                ok[s, c] = states[s, loc] < up[loc] and d[s, loc] <= 1 and short[s] == inner
                continue
            for loc in range(nl):
                if dom[loc]:
                    bad = states[s, loc] + comps[c, loc] > up[loc]
                    bad |= dmax[loc] > 0 and comps[c, loc] < d[s, loc]
                else:
                    bad = up[loc] < cap[loc] and states[s, loc] > up[loc]
                    bad |= dmax[loc] > 0 and d[s, loc] > 0
                if bad:
                    ok[s, c] = False
                    break


def _count_cuts(
    ok: Any, states: Any, comps: Any, domain: Any, cap: Any, inc: Any, spec: LayerSpec
) -> None:
    """``Layers._count_checks`` and ``_open_room_checks``: clears the moves that overshoot
    or fall short of a constraint's count, or leave an open one too little room."""
    gc_k, gc_obs, gc_prev, gc_last, gc_rest = spec[1], spec[2], spec[3], spec[4], spec[5]
    no_prev, no_inc, no_single, no_k = spec[6], spec[7], spec[8], spec[9]
    s_n, nl = states.shape[0], comps.shape[1]
    dom = np.zeros(nl, np.bool_)
    for x in domain:
        dom[x] = True
    # per state and location: the most room a constraint the group does not touch needs
    room = np.full((s_n, nl), -(1 << 30), np.int64)
    for o in range(no_k.shape[0]):
        li = no_single[o]
        if li >= 0 and no_inc[o] < 0 and dom[li]:
            for s in range(s_n):
                cnt = states[s, no_prev[o]] if no_prev[o] >= 0 else 0
                room[s, li] = max(room[s, li], no_k[o] - cnt)
    for s in range(s_n):
        for c in range(comps.shape[0]):
            if not ok[s, c]:
                continue
            for g in range(gc_k.shape[0]):
                if gc_obs[g]:
                    continue
                tot = (states[s, gc_prev[g]] if gc_prev[g] >= 0 else 0) + inc[g, c]
                if tot > gc_k[g] or tot < gc_k[g] - (0 if gc_last[g] else gc_rest[g]):
                    ok[s, c] = False
            for o in range(no_k.shape[0]):
                li = no_single[o]
                if li >= 0 and no_inc[o] >= 0:
                    cnt = (states[s, no_prev[o]] if no_prev[o] >= 0 else 0) + inc[no_inc[o], c]
                    if no_k[o] - cnt > cap[li] - states[s, li] - comps[c, li]:
                        ok[s, c] = False
            for loc in range(nl):
                if room[s, loc] > cap[loc] - states[s, loc] - comps[c, loc]:
                    ok[s, c] = False


def composition_plan(has: Any) -> tuple[Any, Any, Any, Any, Any]:
    """``solution._composition_plan`` from which layers have moves with 1, 2 or 3 cards in
    the solution (``has``, n x 4): each pick's (layer, cards), where its flat indices start
    (one more than the picks), the flat indices, and the compositions (layers, counts)
    after the empty one, in the same order."""
    n = has.shape[0]
    lab_p = np.empty(2 * n, np.int64)  # the forward labels, in layer order
    lab_c = np.empty(2 * n, np.int64)
    before = np.zeros(n + 1, np.int64)  # labels of the layers before q: the first before[q]
    later = np.zeros(n + 1, np.int64)  # layers after q with a single-card move
    m = 0
    for p in range(n):
        before[p] = m
        for c in (1, 2):
            if has[p, c]:
                lab_p[m], lab_c[m] = p, c
                m += 1
    before[n] = m
    for q in range(n - 1, -1, -1):
        later[q] = later[q + 1] + (1 if q + 1 < n and has[q + 1, 1] else 0)
    single = np.empty(n, np.int64)  # the layers with a single-card move, in order
    k = 0
    for t in range(n):
        if has[t, 1]:
            single[k] = t
            k += 1
    rows = 0
    picks = 0
    for q in range(n):
        for aq in (1, 2, 3):
            if has[q, aq]:
                picks += 1
                rows += 1
                for i in range(before[q]):
                    rows += (lab_c[i] + aq <= 3) + (aq == 1 and lab_c[i] == 1) * later[q]
    pick_q = np.empty(picks, np.int64)
    pick_a = np.empty(picks, np.int64)
    pick_off = np.zeros(picks + 1, np.int64)
    flat = np.empty(rows, np.int64)
    keys_l = np.full((rows + 1, 3), -1, np.int64)
    keys_c = np.zeros((rows + 1, 3), np.int64)
    r, pk = 0, 0
    for q in range(n):
        nt = 1 + later[q]
        first_later = k - later[q]  # later layers are the last ``later[q]`` single ones
        for aq in (1, 2, 3):
            if not has[q, aq]:
                continue
            pick_q[pk], pick_a[pk] = q, aq
            flat[r] = 0
            keys_l[r + 1, 0], keys_c[r + 1, 0] = q, aq
            r += 1
            for i in range(before[q]):
                if lab_c[i] + aq <= 3:
                    flat[r] = (1 + i) * nt
                    keys_l[r + 1, 0], keys_l[r + 1, 1] = lab_p[i], q
                    keys_c[r + 1, 0], keys_c[r + 1, 1] = lab_c[i], aq
                    r += 1
            if aq == 1:
                for i in range(before[q]):
                    if lab_c[i] != 1:
                        continue
                    for tt in range(later[q]):
                        flat[r] = (1 + i) * nt + 1 + tt
                        keys_l[r + 1, 0], keys_l[r + 1, 1] = lab_p[i], q
                        keys_l[r + 1, 2] = single[first_later + tt]
                        keys_c[r + 1, 0], keys_c[r + 1, 1], keys_c[r + 1, 2] = 1, 1, 1
                        r += 1
            pk += 1
            pick_off[pk] = r
    return pick_q, pick_a, pick_off, flat, (keys_l, keys_c)
