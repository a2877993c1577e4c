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
from typing import Any

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
        to_sol.append(t.subset(m))
        other.append(t.subset(~m))
    layers.split_cache[sol] = (to_sol, other)
    return to_sol, other


def _forward_plain(layers: Layers, sol: int, dt: np.dtype[Any]) -> list[Msg]:
    """a[j] (S_j x (1 + j)): column 0 = no solution card so far, column 1 + p = exactly the
    card at position p so far."""
    key = (sol, str(dt))
    hit = layers.forward_cache.get(key)
    if hit is not None:
        return hit
    to_sol, other = _split(layers, sol)
    a: list[Msg] = [np.ones((1, 1), dtype=dt)]
    for j in range(layers.n):
        nxt = other[j].fwd(a[j])
        row = to_sol[j].fwd(a[j][:, 0])
        a.append(np.concatenate([nxt, row[:, None]], axis=1))
    layers.forward_cache[key] = a
    return a


def _backward_plain(layers: Layers, sol: int, final: Msg) -> list[Msg]:
    """b[j] (S_j x (1 + n - j) x 1) without channels, cached per layer graph."""
    key = (sol, "backward")
    hit = layers.forward_cache.get(key)
    if hit is not None:
        return hit
    to_sol, other = _split(layers, sol)
    n = layers.n
    b: list[Msg] = [final[:, None, :]] * (n + 1)
    for j in range(n - 1, -1, -1):
        prev = other[j].bwd(b[j + 1])
        row = to_sol[j].bwd(b[j + 1][:, 0])
        b[j] = np.concatenate([prev[:, :1], row[:, None, :], prev[:, 1:]], axis=1)
    layers.forward_cache[key] = b
    return b


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
    a = _forward_plain(layers, sol, dt)
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
            inside[j] = t.subset(m)
            outside[j] = t.subset(~m)

    def fwd(j: int, m: Msg) -> Msg:
        if j in inside:
            return outside[j].fwd(m) + inside[j].fwd(m) * z
        return other[j].fwd(m)

    def bwd(j: int, m: Msg) -> Msg:
        if j in inside:
            return outside[j].bwd(m) + inside[j].bwd(m) * z
        return other[j].bwd(m)

    # forward with channels from the first channel layer on: c[j] (S x (1 + j) x K)
    c: dict[int, Msg] = {}
    if first < n:
        c[first] = np.repeat(a[first][:, :, None], k, axis=2)
        for j in range(first, n):
            nxt = fwd(j, c[j])
            row = to_sol[j].fwd(c[j][:, 0])
            c[j + 1] = np.concatenate([nxt, row[:, None, :]], axis=1)
    # backward: b[j] (S_j x (1 + n - j) x K): index 0 = no solution card later,
    # 1 + t - j = exactly the card at position t later
    last = -1
    if channels is not None:
        # the columns of ``final`` are equal: share the plain messages after the last channel
        last = max(channels.layers, default=-1)
        plain = _backward_plain(layers, sol, final[:, :1])
        b = [np.repeat(plain[j], k, axis=2) if j > last else plain[j] for j in range(n + 1)]
        start = last
    else:
        b = [final[:, None, :]] * (n + 1)
        start = n - 1
    for j in range(start, -1, -1):
        prev = bwd(j, b[j + 1])
        row = to_sol[j].bwd(b[j + 1][:, 0])
        b[j] = np.concatenate([prev[:, :1], row[:, None, :], prev[:, 1:]], axis=1)
    keys: list[npt.NDArray[np.int64]] = []
    vals: list[Msg] = []
    # no constrained card in the solution
    end = np.einsum("sk,sk->k", c[n][:, 0], b[n][:, 0]) if first < n else a[n][:, 0] @ b[n][:, 0]
    keys.append(np.full((1, 3), -1, dtype=np.int64))
    vals.append(end.reshape(1, k))
    for q in range(n):
        chan = q >= first
        y = to_sol[q].fwd(c[q] if chan else a[q])  # S x (1 + q) [x K]
        rows = np.flatnonzero(np.any(y != 0, axis=tuple(i for i in range(y.ndim) if i != 1)))
        if len(rows) == 0:
            continue
        y = y[:, rows]
        later = b[q + 1]  # S x (1 + T) x K
        nt = later.shape[1]
        if chan:
            w = np.einsum("spk,stk->ptk", y, later)
        else:
            w = (y.T @ later.reshape(later.shape[0], nt * k)).reshape(len(rows), nt, k)
        # rows: 0 = {q} alone so far, 1 + p = {p, q}; columns: 0 = nothing later, 1 + t'
        pp = np.repeat(rows - 1, nt)
        tt = np.tile(np.arange(nt) + q, len(rows))  # position q + t' for t' >= 1
        good = (pp >= 0) | (tt == q)  # {q, t} pairs are counted at t instead
        key = np.stack(
            [np.where(pp >= 0, pp, q), np.where(pp >= 0, q, -1), np.where(tt > q, tt, -1)], axis=1
        )
        key = np.sort(np.where(key < 0, 1 << 40, key), axis=1)
        key = np.where(key == 1 << 40, -1, key)
        flat = w.reshape(len(rows) * nt, k)
        sel = good & np.any(flat != 0, axis=1)
        keys.append(key[sel].astype(np.int64))
        vals.append(flat[sel])
    kk = np.concatenate(keys)
    ww = np.concatenate(vals, axis=0)
    nz = np.any(ww != 0, axis=1)
    kk, ww = kk[nz], ww[nz]
    order_arr = np.array(layers.order, dtype=np.int64)
    return np.append(order_arr, -1)[kk], ww
