"""The exact posterior of the solution location (capacity at most 3) with one sweep.

For a set R of constrained cards, W(R) counts the worlds whose solution holds exactly R among
the constrained cards and a *specific* set of free cards (all such sets are equally likely).
Forward messages A0 (no solution card yet) and A1[p] (exactly card p so far), backward messages
B0 (no solution card later) and B1[t] (exactly card t later) give every W(R) with |R| <= 3 by one
small matrix product per layer, instead of one dynamic program per trio.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from sleuth.deduce.dp import Layers, Msg, Trans


def _split(layers: Layers, sol: int) -> tuple[list[Trans], list[Trans]]:
    hit = layers.split_cache.get(sol)
    if hit is not None:
        return hit
    to_sol: list[Trans] = []
    other: list[Trans] = []
    for t, ch in zip(layers.trans, layers.choices, strict=True):
        m = ch == sol
        to_sol.append(Trans(t.src[m], t.dst[m], t.n_in, t.n_out))
        other.append(Trans(t.src[~m], t.dst[~m], t.n_in, t.n_out))
    layers.split_cache[sol] = (to_sol, other)
    return to_sol, other


def solution_weights(layers: Layers, final: Msg) -> tuple[npt.NDArray[np.int64], Msg]:
    """W(R) for every set R of constrained cards, one value per column of ``final``
    (S_final x V).

    Returns (cards, weights): ``cards`` is K x 3, the card indices of each R padded with -1;
    ``weights`` is K x V. Sets with all-zero weights are left out.
    """
    sol = layers.red.model.solution
    if sol is None:
        raise ValueError("the model has no solution location")
    n = layers.n
    order = layers.order
    v = final.shape[1]
    dt = final.dtype
    to_sol, other = _split(layers, sol)
    # forward: a0[j] (S_j,), a1[j] (S_j x j): column p = card at position p is the only one so far
    a0: list[Msg] = [np.ones(1, dtype=dt)]
    a1: list[Msg] = [np.zeros((1, 0), dtype=dt)]
    for j in range(n):
        a0.append(other[j].fwd(a0[j]))
        nxt = other[j].fwd(a1[j])
        row = to_sol[j].fwd(a0[j])
        a1.append(np.concatenate([nxt, row[:, None]], axis=1))
    # backward: b0[j] (S_j x V), b1[j] (S_j x (n - j) x V): index t - j = the only later card
    b0: list[Msg] = [final]
    b1: list[Msg] = [np.zeros((final.shape[0], 0, v), dtype=dt)]
    for j in range(n - 1, -1, -1):
        prev = other[j].bwd(b1[-1])
        row = to_sol[j].bwd(b0[-1])
        b0.append(other[j].bwd(b0[-1]))
        b1.append(np.concatenate([row[:, None, :], prev], axis=1))
    b0.reverse()
    b1.reverse()
    order_arr = np.array(order, dtype=np.int64)
    keys: list[npt.NDArray[np.int64]] = []
    vals: list[Msg] = []

    def put(k: npt.NDArray[np.int64], val: Msg) -> None:
        # k: (K x 3) card positions padded with -1, val: (K x V)
        nz = np.any(val != 0, axis=1)
        if np.any(nz):
            keys.append(k[nz])
            vals.append(val[nz])

    put(np.full((1, 3), -1, dtype=np.int64), (a0[n] @ b0[n]).reshape(1, v))
    for q in range(n):
        x = to_sol[q].fwd(a0[q])
        put(np.array([[q, -1, -1]], dtype=np.int64), (x @ b0[q + 1]).reshape(1, v))
        if q == 0:
            continue
        y = to_sol[q].fwd(a1[q])  # S x q
        cols = np.flatnonzero(np.any(y != 0, axis=0))
        if len(cols) == 0:
            continue
        yt = y[:, cols].T  # P x S
        w2 = yt @ b0[q + 1]  # P x V
        k2 = np.stack([cols, np.full(len(cols), q), np.full(len(cols), -1)], axis=1)
        put(k2.astype(np.int64), w2)
        later = b1[q + 1]  # S x T x V
        nt = later.shape[1]
        if nt == 0:
            continue
        w3 = (yt @ later.reshape(later.shape[0], nt * v)).reshape(len(cols) * nt, v)
        pp, tt = np.meshgrid(cols, np.arange(q + 1, n), indexing="ij")
        k3 = np.stack([pp.ravel(), np.full(pp.size, q), tt.ravel()], axis=1)
        put(k3.astype(np.int64), w3)
    if not keys:
        return np.zeros((0, 3), dtype=np.int64), np.zeros((0, v), dtype=final.dtype)
    kk = np.concatenate(keys)
    cards = np.append(order_arr, -1)[kk]
    return cards, np.concatenate(vals, axis=0)
