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

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from sleuth.deduce.dp import Layers

# A layer's constraints as the kernel takes them, made by ``layer_spec``: a row per
# constraint naming the group (count, whether it is the observed slot, its column in the
# states or -1 when not open before, whether this layer closes it, how many of its cards
# later layers hold, then 0/1 per location it names); a row per constraint open after the
# layer (its column in the states or -1, its row among the group's or -1, its one location
# where the room it needs is checked or -1, its count); the key's multiplier per column of
# the next states (nl + open ones).
LayerSpec = tuple[Any, ...]


def layer_spec(
    layers: Layers,
    j: int,
    prev_col: dict[int, int],
    new_open: list[int],
    limits: Any,
    mult: Any,
) -> LayerSpec:
    """Layer ``j``'s constraints as ``layer_moves`` takes them (``LayerSpec``; ``limits``:
    the graph's ``dp._Limits``)."""
    nl, cons, obs = layers.nl, layers.cons, layers.obs_index
    rows = []
    for i in limits.group_cons[j]:
        where = [0] * nl
        for loc in cons[i][0]:
            where[loc] = 1
        last = int(limits.last[i] == j)
        rest = limits.rest[i][j]
        rows.append([cons[i][2], int(i == obs), prev_col.get(i, -1), last, rest, *where])
    opened = []
    for i in new_open:
        locs = cons[i][0]
        single = next(iter(locs)) if i != obs and len(locs) == 1 else -1
        inc = limits.group_cons[j].index(i) if i in limits.group_cons[j] else -1
        opened.append([prev_col.get(i, -1), inc, single, cons[i][2]])
    group = np.array(rows, dtype=np.int64).reshape(len(rows), 5 + nl)
    return group, np.array(opened, dtype=np.int64).reshape(len(opened), 4), mult


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
    group, opened, mult = spec
    no_prev, no_inc, no_single = opened[:, 0], opened[:, 1], opened[:, 2]
    s_n, nl, c_n, o_n = states.shape[0], comps.shape[1], comps.shape[0], opened.shape[0]
    g_n = group.shape[0]
    inc = np.zeros((g_n, c_n), np.int64)
    for g in range(g_n):
        for c in range(c_n):
            for loc in range(nl):
                inc[g, c] += group[g, 5 + loc] * comps[c, loc]
    # every cut as bounds per state: on the cards a move puts in each location of the
    # domain, on what it adds to each constraint's count, and on what it adds to an open
    # constraint's count and its location together
    lo, hi, live = _room_bounds(states, size, domain, need, up, cap)
    glo, ghi, thr = _count_bounds(states, domain, cap, spec, hi)
    col = np.empty((s_n, o_n), np.int64)
    for s in range(s_n):
        for o in range(o_n):
            col[s, o] = states[s, no_prev[o]] if no_prev[o] >= 0 else 0
    # a next state's key is a part per state plus a part per move (integers: the same sum)
    base, step = _key_parts(states, comps, col, inc, no_inc, mult)
    at, tight, both = _move_operands(comps, domain, inc, no_inc, no_single)
    src, choice, keys = _kept_moves(
        live, domain, at, lo, hi, inc.T.copy(), glo, ghi, tight, both, thr, base, step
    )
    dst, order, rep, _ = _merge(keys)
    nxt = np.zeros((rep.shape[0], nl + o_n), np.int64)
    for r in range(rep.shape[0]):
        s, c = src[rep[r]], choice[rep[r]]
        for loc in range(nl):
            nxt[r, loc] = states[s, loc] + comps[c, loc]
        for o in range(o_n):
            nxt[r, nl + o] = col[s, o] + (inc[no_inc[o], c] if no_inc[o] >= 0 else 0)
    return src, choice, dst, order, nxt


def _key_parts(
    states: Any, comps: Any, col: Any, inc: Any, no_inc: Any, mult: Any
) -> tuple[Any, Any]:
    """Per state and per move, its part of a next state's key: the fills and the open
    constraints' running counts (the state's), and what the move adds to them."""
    s_n, c_n, nl, o_n = states.shape[0], comps.shape[0], comps.shape[1], col.shape[1]
    base = np.zeros(s_n, np.int64)
    for s in range(s_n):
        for loc in range(nl):
            base[s] += states[s, loc] * mult[loc]
        for o in range(o_n):
            base[s] += col[s, o] * mult[nl + o]
    step = np.zeros(c_n, np.int64)
    for c in range(c_n):
        for loc in range(nl):
            step[c] += comps[c, loc] * mult[loc]
        for o in range(o_n):
            if no_inc[o] >= 0:
                step[c] += inc[no_inc[o], c] * mult[nl + o]
    return base, step


def _move_operands(
    comps: Any, domain: Any, inc: Any, no_inc: Any, no_single: Any
) -> tuple[Any, Any, Any]:
    """The checks' operands per move, gathered once: the cards it puts in each location of
    the domain; the open constraints checked with their one location (those the group's
    cards count for), and what the move adds to each one's count and its location."""
    c_n, d_n, o_n = comps.shape[0], domain.shape[0], no_inc.shape[0]
    at = np.empty((c_n, d_n), np.int64)
    for c in range(c_n):
        for d in range(d_n):
            at[c, d] = comps[c, domain[d]]
    k_n = 0
    for o in range(o_n):
        k_n += no_single[o] >= 0 and no_inc[o] >= 0
    tight = np.empty(k_n, np.int64)
    k = 0
    for o in range(o_n):
        if no_single[o] >= 0 and no_inc[o] >= 0:
            tight[k] = o
            k += 1
    both = np.empty((c_n, k_n), np.int64)
    for c in range(c_n):
        for k in range(k_n):
            both[c, k] = inc[no_inc[tight[k]], c] + comps[c, no_single[tight[k]]]
    return at, tight, both


def _kept_moves(
    live: Any,
    domain: Any,
    at: Any,
    lo: Any,
    hi: Any,
    inc_t: Any,
    glo: Any,
    ghi: Any,
    tight: Any,
    both: Any,
    thr: Any,
    base: Any,
    step: Any,
) -> tuple[Any, Any, Any]:
    """Every (state, move) that passes the cuts, states first, and its next state's key;
    a move's checks end at the first cut it fails."""
    s_n, c_n, g_n, d_n, k_n = (
        live.shape[0],
        at.shape[0],
        inc_t.shape[1],
        at.shape[1],
        tight.shape[0],
    )
    src = np.empty(s_n * c_n, np.int64)
    choice = np.empty(s_n * c_n, np.int64)
    keys = np.empty(s_n * c_n, np.int64)
    # a state's bounds, gathered in the order the moves' operands are
    lo_s = np.empty(d_n, np.int64)
    hi_s = np.empty(d_n, np.int64)
    thr_s = np.empty(k_n, np.int64)
    t_n = 0
    for s in range(s_n):
        if not live[s]:
            continue
        for d in range(d_n):
            lo_s[d], hi_s[d] = lo[s, domain[d]], hi[s, domain[d]]
        for k in range(k_n):
            thr_s[k] = thr[s, tight[k]]
        for c in range(c_n):
            fits = True
            for d in range(d_n):
                if at[c, d] < lo_s[d] or at[c, d] > hi_s[d]:
                    fits = False
                    break
            for g in range(g_n if fits else 0):
                if inc_t[c, g] < glo[s, g] or inc_t[c, g] > ghi[s, g]:
                    fits = False
                    break
            for k in range(k_n if fits else 0):
                if both[c, k] < thr_s[k]:
                    fits = False
                    break
            if fits:
                src[t_n], choice[t_n], keys[t_n] = s, c, base[s] + step[c]
                t_n += 1
    return src[:t_n], choice[:t_n], keys[:t_n]


def _merge(keys: Any) -> tuple[Any, Any, Any, int]:
    """What ``dp._first_of_each`` gives: each key's rank among the distinct keys, a stable
    order of the keys and the first of each distinct key; and how many slots of the table
    were looked at (for the tests: about one a key when the keys spread). By a hash table
    and a counting sort: a layer has tens of thousands of moves into a few hundred states,
    and sorting the moves took most of the layer's time."""
    t_n = keys.shape[0]
    size, bits = 1, 0
    while size < 2 * t_n:
        size *= 2
        bits += 1
    slot_key = np.full(size, -1, np.int64)  # keys are never negative
    slot_id = np.empty(size, np.int64)
    did = np.empty(t_n, np.int64)  # a move's distinct key, by first appearance
    first = np.empty(t_n, np.int64)
    r_n = 0
    probes = 0
    for i in range(t_n):
        at = _slot(keys[i], bits)
        probes += 1
        while slot_key[at] != -1 and slot_key[at] != keys[i]:
            at = (at + 1) & (size - 1)
            probes += 1
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
    return dst, order, rep, probes


def _slot(key: int, bits: int) -> Any:
    """A key's slot in a table of ``2**bits`` (bits >= 1): the top bits of key * an odd
    constant. Bit k of the product depends only on the key's bits 0..k, so its top bits are
    the ones that depend on every bit of the key: the low or middle ones had put keys that
    differ only in a high column (a multiplier of 2**40) all in one slot."""
    h = np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)
    return np.int64(h >> np.uint64(64 - bits))


_BIG = 1 << 30


def _room_bounds(
    states: Any, size: int, domain: Any, need: Any, up: Any, cap: Any
) -> tuple[Any, Any, Any]:
    """``Layers._room_mask`` as bounds: per state, the least and most cards a move may put
    in each location of the domain, and whether any move from it is kept."""
    s_n, nl = states.shape[0], need.shape[0]
    dom = np.zeros(nl, np.bool_)
    for x in domain:
        dom[x] = True
    d = np.empty((s_n, nl), np.int64)
    short = np.zeros(s_n, np.int64)
    dmax = np.full(nl, -_BIG, np.int64)
    for s in range(s_n):
        for loc in range(nl):
            d[s, loc] = need[loc] - states[s, loc]
            short[s] += d[s, loc] > 0
            dmax[loc] = max(dmax[loc], d[s, loc])
    lo = np.full((s_n, nl), -_BIG, np.int64)
    hi = np.full((s_n, nl), _BIG, np.int64)
    live = np.ones(s_n, np.bool_)
    for s in range(s_n):
        for loc in range(nl):
            if size == 1:  # a move per location of the domain: one card there, or none
                inner = 1 if d[s, loc] > 0 else 0
                fits = states[s, loc] < up[loc] and d[s, loc] <= 1 and short[s] == inner
                hi[s, loc] = 1 if fits else 0
            elif dom[loc]:
                hi[s, loc] = up[loc] - states[s, loc]
                if dmax[loc] > 0:
                    lo[s, loc] = d[s, loc]
            else:
                live[s] &= not (up[loc] < cap[loc] and states[s, loc] > up[loc])
                live[s] &= not (dmax[loc] > 0 and d[s, loc] > 0)
    return lo, hi, live


def _count_bounds(
    states: Any, domain: Any, cap: Any, spec: LayerSpec, hi: Any
) -> tuple[Any, Any, Any]:
    """``Layers._count_checks`` and ``_open_room_checks`` as bounds per state: on what a
    move adds to each of the group's constraints, and on what it adds to an open one plus
    the cards it puts in that one's location; the room the others need lowers ``hi``."""
    group, opened = spec[0], spec[1]
    gc_k, gc_obs, gc_prev, gc_last, gc_rest = (
        group[:, 0],
        group[:, 1],
        group[:, 2],
        group[:, 3],
        group[:, 4],
    )
    no_prev, no_inc, no_single, no_k = opened[:, 0], opened[:, 1], opened[:, 2], opened[:, 3]
    s_n, nl, g_n, o_n = states.shape[0], cap.shape[0], group.shape[0], opened.shape[0]
    dom = np.zeros(nl, np.bool_)
    for x in domain:
        dom[x] = True
    glo = np.full((s_n, g_n), -_BIG, np.int64)
    ghi = np.full((s_n, g_n), _BIG, np.int64)
    thr = np.full((s_n, o_n), -_BIG, np.int64)
    for s in range(s_n):
        for g in range(g_n):
            if not gc_obs[g]:
                cnt = states[s, gc_prev[g]] if gc_prev[g] >= 0 else 0
                ghi[s, g] = gc_k[g] - cnt
                glo[s, g] = gc_k[g] - cnt - (0 if gc_last[g] else gc_rest[g])
        for o in range(o_n):
            li = no_single[o]
            if li < 0:
                continue
            cnt = states[s, no_prev[o]] if no_prev[o] >= 0 else 0
            if no_inc[o] >= 0:
                thr[s, o] = no_k[o] - cnt - cap[li] + states[s, li]
            elif dom[li]:
                hi[s, li] = min(hi[s, li], cap[li] - states[s, li] - (no_k[o] - cnt))
    return glo, ghi, thr


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


def expand_rows(
    layers: Any, counts: Any, single: Any, cards_of: Any, start: Any
) -> tuple[Any, Any]:
    """``solution.expand_compositions``' rows, in the same order: the specific constrained
    cards of each composition (N x 3, -1 padded) and the composition each row comes from.
    ``single``: per layer its card, or -1 for a group of several (then its cards are
    ``cards_of[start[g]:start[g + 1]]``)."""
    n = layers.shape[0]
    cards = np.full((n, 3), -1, np.int64)
    src = np.arange(n)
    ptr = np.zeros(n, np.int64)
    for slot in range(3):
        rows = src.shape[0]
        key = np.full(rows, -1, np.int64)  # a multi-card slot's (group, count), else -1
        grown = 0
        for r in range(rows):
            g, a = layers[src[r], slot], counts[src[r], slot]
            if g >= 0 and single[g] >= 0:
                cards[r, ptr[r]] = single[g]
                ptr[r] += 1
            elif g >= 0:
                key[r] = 4 * g + a
                grown += _choose(start[g + 1] - start[g], a)
        if grown == 0:
            continue
        kept = 0
        for r in range(rows):
            kept += key[r] < 0
        out_cards = np.empty((kept + grown, 3), np.int64)
        out_src = np.empty(kept + grown, np.int64)
        out_ptr = np.empty(kept + grown, np.int64)
        o = 0
        for r in range(rows):
            if key[r] < 0:
                out_cards[o], out_src[o], out_ptr[o] = cards[r], src[r], ptr[r]
                o += 1
        for k in np.unique(key):
            if k < 0:
                continue
            g, a = k // 4, k % 4
            m = start[g + 1] - start[g]
            for r in range(rows):
                if key[r] != k:
                    continue
                for x in range(m):
                    for y in range(x + 1, m) if a > 1 else range(1):
                        for z in range(y + 1, m) if a > 2 else range(1):
                            out_cards[o], out_src[o], out_ptr[o] = cards[r], src[r], ptr[r] + a
                            picked = (x, y, z)
                            for i in range(a):
                                out_cards[o, ptr[r] + i] = cards_of[start[g] + picked[i]]
                            o += 1
        cards, src, ptr = out_cards, out_src, out_ptr
    return cards, src


def _choose(m: int, a: int) -> int:
    out = 1
    for i in range(a):
        out = out * (m - i) // (i + 1)
    return out
