"""The exact posterior of the solution location (capacity at most 3) with one sweep.

For a set R of constrained cards, W(R) counts the worlds whose solution holds exactly R among
the constrained cards and a *specific* set of free cards (all such sets are equally likely).
Forward messages A0 (no solution card yet) and A1[p] (exactly card p so far), backward messages
B0 (no solution card later) and B1[t] (exactly card t later) give every W(R) with |R| <= 3 by one
small matrix product per layer, instead of one dynamic program per trio.

*Channels* evaluate a polynomial weight: at the layers in ``Channels.layers``, a transition that
puts the card into ``Channels.locations`` is weighted by ``z`` (one value per channel). With
z = 1, 0, -1, 2 this gives the joint of the solution and the count of a set of cards in a set of
locations (a question's answer) by interpolation, on the same layers, in one sweep.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from sleuth.deduce.dp import Layers, Msg, Trans


@dataclass(frozen=True)
class Channels:
    layers: frozenset[int]
    locations: frozenset[int]
    z: npt.NDArray[np.float64]


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


def _forward_plain(layers: Layers, sol: int, dt: type) -> tuple[list[Msg], list[Msg]]:
    key = (sol, str(dt))
    hit = layers.forward_cache.get(key)
    if hit is not None:
        return hit
    to_sol, other = _split(layers, sol)
    a0: list[Msg] = [np.ones(1, dtype=dt)]
    a1: list[Msg] = [np.zeros((1, 0), dtype=dt)]
    for j in range(layers.n):
        a0.append(other[j].fwd(a0[j]))
        nxt = other[j].fwd(a1[j])
        row = to_sol[j].fwd(a0[j])
        a1.append(np.concatenate([nxt, row[:, None]], axis=1))
    layers.forward_cache[key] = (a0, a1)
    return a0, a1


def solution_weights(
    layers: Layers, final: Msg, channels: Channels | None = None
) -> tuple[npt.NDArray[np.int64], Msg]:
    """W(R) for every set R of constrained cards, one value per column of ``final``
    (S_final x K), or per channel.

    Returns (cards, weights): ``cards`` is N x 3, the card indices of each R padded with -1;
    ``weights`` is N x K. Sets with all-zero weights are left out.
    """
    sol = layers.red.model.solution
    if sol is None:
        raise ValueError("the model has no solution location")
    n = layers.n
    k = final.shape[1]
    dt = final.dtype
    to_sol, other = _split(layers, sol)
    a0, a1 = _forward_plain(layers, sol, dt)
    inside: dict[int, Trans] = {}
    outside: dict[int, Trans] = {}
    first = n
    z: npt.NDArray[np.float64] = np.ones(k)
    if channels is not None:
        z = channels.z
        first = min(channels.layers, default=n)
        for j in channels.layers:
            t, ch = other[j], layers.choices[j][layers.choices[j] != sol]
            m = np.isin(ch, list(channels.locations))
            inside[j] = Trans(t.src[m], t.dst[m], t.n_in, t.n_out)
            outside[j] = Trans(t.src[~m], t.dst[~m], t.n_in, t.n_out)

    def fwd(j: int, m: Msg) -> Msg:
        if j in inside:
            return outside[j].fwd(m) + inside[j].fwd(m) * z
        return other[j].fwd(m)

    def bwd(j: int, m: Msg) -> Msg:
        if j in inside:
            return outside[j].bwd(m) + inside[j].bwd(m) * z
        return other[j].bwd(m)

    # forward with channels from the first channel layer on: c0[j] (S x K), c1[j] (S x j x K)
    c0: dict[int, Msg] = {}
    c1: dict[int, Msg] = {}
    if first < n:
        c0[first] = np.repeat(a0[first][:, None], k, axis=1)
        c1[first] = np.repeat(a1[first][:, :, None], k, axis=2)
        for j in range(first, n):
            c0[j + 1] = fwd(j, c0[j])
            nxt = fwd(j, c1[j])
            row = to_sol[j].fwd(c0[j])
            c1[j + 1] = np.concatenate([nxt, row[:, None, :]], axis=1)
    # backward: b0[j] (S_j x K), b1[j] (S_j x (n - j) x K): index t - j = the only later card
    b0: list[Msg] = [final]
    b1: list[Msg] = [np.zeros((final.shape[0], 0, k), dtype=dt)]
    for j in range(n - 1, -1, -1):
        prev = bwd(j, b1[-1])
        row = to_sol[j].bwd(b0[-1])
        b0.append(bwd(j, b0[-1]))
        b1.append(np.concatenate([row[:, None, :], prev], axis=1))
    b0.reverse()
    b1.reverse()
    keys: list[npt.NDArray[np.int64]] = []
    vals: list[Msg] = []

    def put(key: npt.NDArray[np.int64], val: Msg) -> None:
        nz = np.any(val != 0, axis=1)
        if np.any(nz):
            keys.append(key[nz])
            vals.append(val[nz])

    if first < n:
        put(np.full((1, 3), -1, dtype=np.int64), np.sum(c0[n] * b0[n], axis=0)[None, :])
    else:
        put(np.full((1, 3), -1, dtype=np.int64), (a0[n] @ b0[n]).reshape(1, k))
    for q in range(n):
        chan = q >= first
        x = to_sol[q].fwd(c0[q] if chan else a0[q])
        single = np.sum(x * b0[q + 1], axis=0) if chan else x @ b0[q + 1]
        put(np.array([[q, -1, -1]], dtype=np.int64), single.reshape(1, k))
        if q == 0:
            continue
        y = to_sol[q].fwd(c1[q] if chan else a1[q])  # S x q (x K)
        cols = np.flatnonzero(np.any(y != 0, axis=tuple(i for i in range(y.ndim) if i != 1)))
        if len(cols) == 0:
            continue
        y = y[:, cols]
        later = b1[q + 1]  # S x T x K
        nt = later.shape[1]
        if chan:
            w2 = np.einsum("spk,sk->pk", y, b0[q + 1])
            w3 = np.stack([y[:, :, i].T @ later[:, :, i] for i in range(k)], axis=2)
        else:
            w2 = y.T @ b0[q + 1]
            w3 = (y.T @ later.reshape(later.shape[0], nt * k)).reshape(len(cols), nt, k)
        k2 = np.stack([cols, np.full(len(cols), q), np.full(len(cols), -1)], axis=1)
        put(k2.astype(np.int64), w2)
        if nt == 0:
            continue
        pp, tt = np.meshgrid(cols, np.arange(q + 1, n), indexing="ij")
        k3 = np.stack([pp.ravel(), np.full(pp.size, q), tt.ravel()], axis=1)
        put(k3.astype(np.int64), w3.reshape(len(cols) * nt, k))
    order_arr = np.array(layers.order, dtype=np.int64)
    if not keys:
        return np.zeros((0, 3), dtype=np.int64), np.zeros((0, k), dtype=dt)
    kk = np.concatenate(keys)
    cards = np.append(order_arr, -1)[kk]
    return cards, np.concatenate(vals, axis=0)
