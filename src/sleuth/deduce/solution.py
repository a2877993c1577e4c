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

from sleuth.deduce.dp import Layers, Trans

Vec = npt.NDArray[np.generic]


def _split(layers: Layers, sol: int) -> tuple[list[Trans], list[Trans]]:
    to_sol: list[Trans] = []
    other: list[Trans] = []
    for t, ch in zip(layers.trans, layers.choices, strict=True):
        m = ch == sol
        to_sol.append(Trans(t.src[m], t.dst[m], t.n_in, t.n_out))
        other.append(Trans(t.src[~m], t.dst[~m], t.n_in, t.n_out))
    return to_sol, other


def solution_weights(layers: Layers, final: Vec) -> dict[tuple[int, ...], Vec]:
    """W(R) for every set R of constrained cards, one value per row of ``final`` (V x S_final).

    Keys are sorted tuples of card indices; values are arrays of length V. Zero rows omitted.
    """
    sol = layers.red.model.solution
    if sol is None:
        raise ValueError("the model has no solution location")
    n = layers.n
    order = layers.order
    v = final.shape[0]
    dt = final.dtype
    to_sol, other = _split(layers, sol)
    a0: list[Vec] = [np.ones(1, dtype=dt)]
    a1: list[Vec] = [np.zeros((0, 1), dtype=dt)]
    for j in range(n):
        a0.append(other[j].fwd(a0[j]))
        nxt = other[j].fwd(a1[j])
        row = to_sol[j].fwd(a0[j])
        a1.append(np.concatenate([nxt, row[None, :]], axis=0))
    b0: list[Vec] = [final]
    b1: list[Vec] = [np.zeros((v, 0, final.shape[1]), dtype=dt)]
    for j in range(n - 1, -1, -1):
        nb0 = other[j].bwd(b0[-1])
        prev = other[j].bwd(b1[-1])
        row = to_sol[j].bwd(b0[-1])
        b0.append(nb0)
        b1.append(np.concatenate([row[:, None, :], prev], axis=1))
    b0.reverse()
    b1.reverse()
    out: dict[tuple[int, ...], Vec] = {}

    def put(key: tuple[int, ...], val: Vec) -> None:
        if np.any(val != 0):
            out[key] = val

    put((), b0[n] @ a0[n])
    for q in range(n):
        x = to_sol[q].fwd(a0[q])
        put((order[q],), b0[q + 1] @ x)
        if q == 0:
            continue
        y = to_sol[q].fwd(a1[q])
        if not np.any(y != 0):
            continue
        w2 = b0[q + 1] @ y.T
        for p in range(q):
            put(tuple(sorted((order[p], order[q]))), w2[:, p])
        later = b1[q + 1]
        if later.shape[1] == 0:
            continue
        w3 = np.stack([y @ later[k].T for k in range(v)])
        for p in range(q):
            for t in range(later.shape[1]):
                val = w3[:, p, t]
                if np.any(val != 0):
                    out[tuple(sorted((order[p], order[q], order[q + 1 + t])))] = val
    return out
