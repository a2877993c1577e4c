"""Compiled inner loops of the layered dynamic program (numba), for float64 messages.

A layer's transitions, sorted by output, sum a message's rows into each output's row. numpy
does it with a gather, a product and ``reduceat`` (or, on wide rows, one gather per rank of a
transition within its output): several calls and temporaries per layer, which on graphs of a
few hundred states cost more than the arithmetic. The loop below makes one pass, with no
temporaries. Exact as the numpy path is: every value is an integer whose partial sums stay
below 2**53 (``sleuth.deduce.dp``), so the order of summation does not matter.

A question's whole sweep (``solution_weights`` with channels: the backward messages, the
forward ones and every product of a step with a backward message) is one compiled call too,
``channel_sweep``: there numpy's calls per layer and per product cost more than the sums.

Building a layer of the state graph, the composition plan and its cards
(``layer_kernel``), and the solution's posterior without channels and a graph's worlds
and marginals (``ring_kernel``) are compiled here too, from their modules' plain Python.

numba is optional: without it the numpy path runs. The compiled code is cached on disk
(``cache=True``), so worker processes reuse it rather than compile it again; numba loads it
at a kernel's first call (``sleuth.deduce.warmup`` makes that call ahead of a bot's game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from sleuth.deduce.transitions import IntArr, Msg, NDArray

_KERNEL: Callable[..., Any] | None = None
_SWEEP: Callable[..., Any] | None = None  # a question's whole sweep (``solution``)
_LAYER: Callable[..., Any] | None = None  # a layer of the state graph (``layer_kernel``)
_PLAN: Callable[..., Any] | None = None  # a layer graph's compositions (``layer_kernel``)
_EXPAND: Callable[..., Any] | None = None  # the compositions' cards (``layer_kernel``)
_RING: tuple[Callable[..., Any], ...] | None = None  # ``ring_kernel``
_TRIED = False
# Importing numba and loading the compiled code costs about a second of CPU once a process
# (more than a one-shot analysis takes): the kernel is taken up only by a process that has
# already swept this many layers with numpy (a bot's game or an env's episodes, not a
# single ``sleuth deduce``).
WARM_CALLS = 2000
_calls = 0


def available() -> bool:
    """Whether the compiled kernel can be used (numba imports); tried once a process."""
    global _KERNEL, _SWEEP, _LAYER, _PLAN, _EXPAND, _RING, _TRIED
    if not _TRIED:
        _TRIED = True
        try:
            _KERNEL, _SWEEP, _LAYER, _PLAN, _EXPAND, *ring = _compile()
            _RING = tuple(ring)
        except Exception:  # not installed, or a numba that does not load with this numpy
            _KERNEL = _SWEEP = _LAYER = _PLAN = _EXPAND = _RING = None
    return _KERNEL is not None


def warm() -> bool:
    """Load the compiled kernels now, whatever this process has swept so far: for a bot at
    the start of a game, so that the load does not fall inside one of its decisions."""
    return available()


def wanted() -> bool:
    """Whether to use the compiled kernel for this sweep: once this process has swept
    ``WARM_CALLS`` layers, if numba imports."""
    global _calls
    if _TRIED:
        return _KERNEL is not None
    _calls += 1
    return _calls > WARM_CALLS and available()


def _compile() -> tuple[Callable[..., Any], ...]:
    from numba import njit  # type: ignore[import-not-found,unused-ignore]

    from sleuth.deduce import layer_kernel, ring_kernel

    @njit(cache=True, nogil=True)  # type: ignore[misc,unused-ignore]
    def scatter_sum(m: Any, frm: Any, to: Any, w: Any, kw: int, rows: int) -> Any:
        # m: (states, a, k); w: (transitions, kw), kw 0 (no weights), 1 or k
        na = m.shape[1]
        k = m.shape[2]
        out = np.zeros((rows, na, k), dtype=np.float64)
        for t in range(frm.shape[0]):
            acc = out[to[t]]
            row = m[frm[t]]
            if kw == 0:
                for a in range(na):
                    for c in range(k):
                        acc[a, c] += row[a, c]
            elif kw == 1:
                wt = w[t, 0]
                for a in range(na):
                    for c in range(k):
                        acc[a, c] += wt * row[a, c]
            else:
                wr = w[t]
                for a in range(na):
                    for c in range(k):
                        acc[a, c] += wr[c] * row[a, c]
        return out

    # the sweep's parts call each other by their module's names: each is replaced by its
    # compiled version before the next is compiled
    space = globals()
    for name in _SWEEP_PARTS:
        space[name] = njit(cache=True, nogil=True)(space[name])
    own = vars(layer_kernel)
    for name in (
        "_room_bounds",
        "_count_bounds",
        "_key_parts",
        "_move_operands",
        "_kept_moves",
        "_slot",
        "_merge",
        "_choose",
    ):
        own[name] = njit(cache=True, nogil=True)(own[name])
    made = ("layer_moves", "composition_plan", "expand_rows")
    for name in made:
        own[name] = njit(cache=True, nogil=True)(own[name])
    ring = vars(ring_kernel)
    for name in ("_forward", "_backward", "ring_has", "ring_weights", "plain_counts"):
        ring[name] = njit(cache=True, nogil=True)(ring[name])
    compiled = (scatter_sum, space["_channel_sweep"], *(own[name] for name in made))
    return (*compiled, ring["ring_has"], ring["ring_weights"], ring["plain_counts"])


def layer_ready() -> bool:
    """Whether ``layer_moves`` runs compiled: once the kernels are loaded (a layer is built
    once, before its sweeps: building does not count towards ``WARM_CALLS``)."""
    return _TRIED and _LAYER is not None


def layer_moves(
    states: IntArr,
    comps: IntArr,
    size: int,
    domain: IntArr,
    limits: tuple[IntArr, IntArr, IntArr],
    spec: tuple[Any, ...],
) -> tuple[IntArr, IntArr, IntArr, IntArr, IntArr] | None:
    """A layer of the state graph by the compiled kernel (``layer_kernel.layer_moves``;
    ``limits``: the least fill, the most fill and the capacity of every location), once
    the kernels are loaded (``layer_ready``). None where the numpy path must do it."""
    global _LAYER
    if _LAYER is None:
        return None
    try:
        out: tuple[IntArr, IntArr, IntArr, IntArr, IntArr] = _LAYER(
            states, comps, size, domain, *limits, spec
        )
    except Exception:  # numba's own errors at its first call: it is an optional speed-up
        _LAYER = None
        return None
    return out


_NO_WEIGHTS = np.zeros((0, 1), dtype=np.float64)

# a layer's transitions as the kernel takes them: inputs, outputs, weights, weights per
# transition (0: none, 1, or one per column of the message's last axis)
Prepared = tuple["IntArr", "IntArr", "Msg", int]


def prepare(src: IntArr, dst: IntArr, w: Msg | None) -> Prepared:
    """A layer's transitions ``src`` -> ``dst`` with weights ``w`` (one per transition, or one
    per column of the message's last axis) for ``scatter_sum``; made once per layer."""
    if w is None:
        w2, kw = _NO_WEIGHTS, 0
    else:
        cols = w.shape[1] if w.ndim > 1 else 1
        w2 = np.ascontiguousarray(w, dtype=np.float64).reshape(w.shape[0], cols)
        kw = w2.shape[1]
    return np.ascontiguousarray(src), np.ascontiguousarray(dst), w2, kw


def scatter_sum(m: Msg, prep: Prepared, forward: bool, rows: int) -> Msg | None:
    """Per state on the other side (``rows`` of them), the sum of the rows of ``m`` of its
    transitions, each weighted by its weight: what the numpy path gets by sorting the
    transitions and ``reduceat``, for float64 messages (shape (states, ...), the weights'
    columns matching the last axis). None where the numpy path must do it: weights that
    do not match the message (the kernel would read past them; numpy says why), or a kernel
    that failed to compile here (numpy from then on in this process)."""
    global _KERNEL
    if _KERNEL is None:
        raise RuntimeError("the compiled kernel is not available (numba did not import)")
    if m.size == 0:
        return np.zeros((rows, *m.shape[1:]), dtype=np.float64)
    shape = m.shape
    k = shape[-1] if m.ndim > 1 else 1
    if prep[3] not in (0, 1, k):
        return None
    m3 = np.ascontiguousarray(m).reshape(shape[0], m.size // (shape[0] * k), k)
    frm, to = (prep[0], prep[1]) if forward else (prep[1], prep[0])
    try:
        out: Msg = _KERNEL(m3, frm, to, prep[2], prep[3], rows)
    except Exception:  # numba's own errors at its first call: it is an optional speed-up
        _KERNEL = None
        return None
    return out.reshape(rows, *shape[1:])


def composition_plan(has: NDArray[np.uint8]) -> tuple[Any, ...] | None:
    """``layer_kernel.composition_plan`` compiled, once the kernels are loaded (None: the
    numpy path must do it)."""
    global _PLAN
    if not _TRIED or _PLAN is None:
        return None
    try:
        out: tuple[Any, ...] = _PLAN(has)
    except Exception:  # numba's own errors at its first call: it is an optional speed-up
        _PLAN = None
        return None
    return out


def expand_rows(
    layers: IntArr, counts: IntArr, groups: list[tuple[int, ...]]
) -> tuple[IntArr, IntArr] | None:
    """``layer_kernel.expand_rows`` compiled, for the layer graph's ``groups``, once the
    kernels are loaded (None: the numpy path must do it)."""
    global _EXPAND
    if not _TRIED or _EXPAND is None:
        return None
    single = np.array([g[0] if len(g) == 1 else -1 for g in groups], dtype=np.int64)
    start = np.zeros(len(groups) + 1, dtype=np.int64)
    start[1:] = np.cumsum([len(g) for g in groups])
    cards_of = np.array([c for g in groups for c in g], dtype=np.int64)
    try:
        out: tuple[IntArr, IntArr] = _EXPAND(layers, counts, single, cards_of, start)
    except Exception:  # numba's own errors at its first call: it is an optional speed-up
        _EXPAND = None
        return None
    return out


def ring_has(graph: tuple[Any, ...]) -> NDArray[np.uint8] | None:
    """``ring_kernel.ring_has`` compiled, once the kernels are loaded (None: the numpy path
    must do it)."""
    out: NDArray[np.uint8] | None = _ring_call(0, graph)
    return out


def ring_weights(graph: tuple[Any, ...], plan: tuple[IntArr, ...]) -> Msg | None:
    """``ring_kernel.ring_weights`` compiled, once the kernels are loaded (None: the numpy
    path must do it)."""
    out: Msg | None = _ring_call(1, graph, plan)
    return out


def plain_counts(graph: tuple[Any, ...], tail: Msg) -> tuple[Msg, Msg] | None:
    """``ring_kernel.plain_counts`` compiled, once the kernels are loaded (None: the numpy
    path must do it)."""
    out: tuple[Msg, Msg] | None = _ring_call(2, graph, tail)
    return out


def _ring_call(which: int, *args: Any) -> Any:
    """Call ``ring_has`` (0), ``ring_weights`` (1) or ``plain_counts`` (2) compiled; None:
    not here."""
    global _RING
    if not _TRIED or _RING is None:
        return None
    try:
        return _RING[which](*args)
    except Exception:  # numba's own errors at its first call: it is an optional speed-up
        _RING = None
        return None


# A layer graph's data for ``channel_sweep`` (``sleuth.deduce.solution`` makes it once a
# graph): the states per layer; which moves with 0-3 solution cards each layer has; each
# layer's transitions by that count, one run each, with their weights and the cards each
# puts in every location; the plain forward message's columns per layer and the backward
# one's; the plain forward messages, the plain steps of each layer's moves with solution
# cards and the plain backward messages, flat, with where each starts; and which products
# are which compositions (as ``_Plan``: per (layer, count) its entry, where its entries
# start, each entry's forward and backward column, and its entry's first row).
Graph = tuple[Any, ...]


def channel_sweep(
    graph: Graph,
    z: Msg,
    where: IntArr,
    active: NDArray[np.uint8],
    span: tuple[int, int],
    rows: int,
) -> Msg | None:
    """W of every composition (``rows`` of them) for every channel: a move at a layer where
    channel c is ``active`` that puts e cards into the locations ``where[c]`` (0/1 per
    location) weighs ``z[c]**e``; channels span layers ``span`` (first, last). What
    ``solution_weights`` gets with channels, in one compiled call. None where the numpy
    path must do it (the kernel failed to run here)."""
    global _SWEEP
    if _SWEEP is None:
        return None
    out = np.zeros((rows, len(z)), dtype=np.float64)
    try:
        _SWEEP(graph, z, where, active, span[0], span[1], out)
    except Exception:  # numba's own errors at its first call: it is an optional speed-up
        _SWEEP = None
        return None
    return out


def _channel_sweep(
    g: Graph, z: Any, where: Any, active: Any, first: int, last: int, out: Any
) -> None:
    """The backward messages with channels from ``last`` down, the products of the plain
    steps before ``first`` with them, then the forward messages with channels from ``first``
    on, each layer's steps with solution cards multiplied by the backward messages as they
    are made (summed into ``out``). Exact: every partial sum is an integer below 2**53."""
    coff, cw = _sweep_weights(g, z, where, active)
    b, boff = _sweep_backward(g, coff, cw, last)
    _sweep_before(g, b, boff, first, out)
    _sweep_forward(g, coff, cw, b, boff, (first, last), out)


def _sweep_weights(g: Graph, z: Any, where: Any, active: Any) -> tuple[Any, Any]:
    """The channel layers' weights, per transition and channel (rows from ``coff[j]`` for
    layer j, -1 where no channel is active): the move's weight times z**e."""
    has, seg, w, moved = g[1], g[2], g[5], g[6]
    n, k = has.shape[0], z.shape[0]
    coff = np.full(n, -1, np.int64)
    tc = 0
    for j in range(n):
        for kk in range(k):
            if active[j, kk]:
                coff[j] = tc
        if coff[j] >= 0:
            tc += seg[4 * j + 4] - seg[4 * j]
    cw = np.empty((max(tc, 1), k))
    for j in range(n):
        if coff[j] < 0:
            continue
        for t in range(seg[4 * j], seg[4 * j + 4]):
            for kk in range(k):
                p = w[t]
                if active[j, kk]:
                    e = 0
                    for loc in range(moved.shape[1]):
                        e += where[kk, loc] * moved[t, loc]
                    for _ in range(e):
                        p *= z[kk]
                cw[coff[j] + t - seg[4 * j], kk] = p
    return coff, cw


def _sweep_backward(g: Graph, coff: Any, cw: Any, last: int) -> tuple[Any, Any]:
    """The backward messages b[j] (S_j x nt_j x k) for j <= last + 1, flat, and where each
    starts; the last is the plain one, the same for every channel."""
    (sizes, has, seg, src, dst, w) = g[:6]
    ntb, fb, fb_off = g[8], g[13], g[14]
    k = cw.shape[1]
    boff = np.zeros(last + 3, np.int64)
    for j in range(last + 2):
        boff[j + 1] = boff[j] + sizes[j] * ntb[j] * k
    b = np.zeros(boff[last + 2], np.float64)
    j = last + 1
    for s in range(sizes[j] * ntb[j]):
        v = fb[fb_off[j] + s]
        for kk in range(k):
            b[boff[j] + s * k + kk] = v
    for j in range(last, -1, -1):
        n1, n0, h1, ch = ntb[j + 1], ntb[j], has[j, 1], coff[j]
        for a in range(2):
            if not has[j, a]:
                continue
            cols = n1 if a == 0 else 1
            for t in range(seg[4 * j + a], seg[4 * j + a + 1]):
                i_out = boff[j] + src[t] * n0 * k
                i_in = boff[j + 1] + dst[t] * n1 * k
                wr = cw[ch + t - seg[4 * j]] if ch >= 0 else cw[0]
                for c in range(cols):
                    o = i_out + (1 if a == 1 else (c if c == 0 else c + h1)) * k
                    x = i_in + c * k
                    if ch >= 0:
                        for kk in range(k):
                            b[o + kk] += wr[kk] * b[x + kk]
                    else:
                        wt = w[t]
                        for kk in range(k):
                            b[o + kk] += wt * b[x + kk]
    return b, boff


def _sweep_before(g: Graph, b: Any, boff: Any, first: int, out: Any) -> None:
    """The products of the plain steps before ``first`` with the backward messages."""
    sizes, lf, ntb, fy, fy_off = g[0], g[7], g[8], g[11], g[12]
    (pidx, poff, pc, pt, prow) = g[15:]
    k = out.shape[1]
    for q in range(first):
        for aq in range(1, 4):
            i = pidx[q, aq]
            if i < 0:
                continue
            lq, nt = lf[q], ntb[q + 1]
            for s in range(sizes[q + 1]):
                y0, b0 = fy_off[q, aq] + s * lq, boff[q + 1] + s * nt * k
                for r in range(poff[i], poff[i + 1]):
                    v = fy[y0 + pc[r]]
                    if v != 0.0:
                        row, bb = prow[i] + r - poff[i], b0 + pt[r] * k
                        for kk in range(k):
                            out[row, kk] += v * b[bb + kk]


def _sweep_forward(
    g: Graph, coff: Any, cw: Any, b: Any, boff: Any, span: tuple[int, int], out: Any
) -> None:
    """The forward messages with channels from ``first`` on; each layer's steps with
    solution cards times the backward messages as they are made; then the composition
    with no solution card among the constrained cards."""
    (sizes, has, seg, src, dst, w) = g[:6]
    lf, ntb, fa, fa_off, fb, fb_off, pidx = g[7], g[8], g[9], g[10], g[13], g[14], g[15]
    first, last = span
    n, k = has.shape[0], cw.shape[1]
    cur = np.empty((sizes[first], lf[first], k))
    for s in range(sizes[first]):
        for c in range(lf[first]):
            v = fa[fa_off[first] + s * lf[first] + c]
            for kk in range(k):
                cur[s, c, kk] = v
    for j in range(first, n):
        lj, ch = lf[j], coff[j]
        nxt = np.zeros((sizes[j + 1], lf[j + 1], k))
        col = lj
        for a in range(4):
            if not has[j, a]:
                continue
            step = nxt if a == 0 else np.zeros((sizes[j + 1], lj, k))
            for t in range(seg[4 * j + a], seg[4 * j + a + 1]):
                x, y = src[t], dst[t]
                if ch >= 0:
                    wr = cw[ch + t - seg[4 * j]]
                    for c in range(lj):
                        for kk in range(k):
                            step[y, c, kk] += wr[kk] * cur[x, c, kk]
                else:
                    wt = w[t]
                    for c in range(lj):
                        for kk in range(k):
                            step[y, c, kk] += wt * cur[x, c, kk]
            if a == 0:
                continue
            if a <= 2:
                nxt[:, col, :] = step[:, 0, :]
                col += 1
            _step_products(step, b, boff, fb, fb_off, j + 1 > last, j, g, pidx[j, a], out)
        cur = nxt
    for s in range(sizes[n]):
        v = fb[fb_off[n] + s * ntb[n]]
        for kk in range(k):
            out[0, kk] += cur[s, 0, kk] * v


def _step_products(
    step: Any,
    b: Any,
    boff: Any,
    fb: Any,
    fb_off: Any,
    plain: bool,
    j: int,
    g: Graph,
    i: int,
    out: Any,
) -> None:
    """The products of layer ``j``'s step (entry ``i`` of the picks) with the backward
    messages after it (``plain``: the plain one, shared by every channel)."""
    sizes, ntb = g[0], g[8]
    (poff, pc, pt, prow) = g[16:]
    nt, k = ntb[j + 1], out.shape[1]
    for s in range(sizes[j + 1]):
        if plain:
            f0 = fb_off[j + 1] + s * nt
            for r in range(poff[i], poff[i + 1]):
                v = fb[f0 + pt[r]]
                if v != 0.0:
                    row, c = prow[i] + r - poff[i], pc[r]
                    for kk in range(k):
                        out[row, kk] += step[s, c, kk] * v
        else:
            b0 = boff[j + 1] + s * nt * k
            for r in range(poff[i], poff[i + 1]):
                row, c, bb = prow[i] + r - poff[i], pc[r], b0 + pt[r] * k
                for kk in range(k):
                    out[row, kk] += step[s, c, kk] * b[bb + kk]


# compiled by ``_compile`` (numba), in this order: each calls the ones before it
_SWEEP_PARTS: tuple[str, ...] = ("_sweep_weights", "_sweep_backward", "_sweep_before")
_SWEEP_PARTS += ("_step_products", "_sweep_forward", "_channel_sweep")
