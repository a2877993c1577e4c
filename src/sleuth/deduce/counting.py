"""Exact counts of placements of interchangeable cards, the pieces the layered dynamic program
(``sleuth.deduce.dp``) is built from: multinomials, the compositions of a group of cards over its
locations and the ways to make each, and exact counts held in arrays read back as Python ints.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np

from sleuth.deduce.transitions import IntArr, Msg

# C(n, k) for n, k < 68 (0 where it does not fit in int64)
BINOM64 = np.array(
    [[comb(n, k) if comb(n, k) < 2**63 else 0 for k in range(68)] for n in range(68)],
    dtype=np.int64,
)


def multinomial(parts: list[int]) -> int:
    total, out = 0, 1
    for p in parts:
        total += p
        out *= comb(total, p)
    return out


@lru_cache(maxsize=4096)
def _multinomial_t(parts: tuple[int, ...]) -> int:
    total, out = 0, 1
    for p in parts:
        total += p
        out *= comb(total, p)
    return out


def multinomial_rows(rows: IntArr, drop: int | None = None, minus: int | None = None) -> Msg:
    """The multinomial of every row (object array of Python ints); ``drop`` leaves a column
    out, ``minus`` takes one from a column (0 where that column is 0)."""
    out = np.empty(rows.shape[0], dtype=object)
    for r, row in enumerate(rows.tolist()):
        if minus is not None:
            if row[minus] == 0:
                out[r] = 0
                continue
            row[minus] -= 1
        if drop is not None:
            del row[drop]
        out[r] = _multinomial_t(tuple(row))
    return out


@lru_cache(maxsize=4096)
def compositions(size: int, domain: tuple[int, ...], caps: tuple[int, ...], nl: int) -> IntArr:
    """Every way to put ``size`` interchangeable cards into ``domain`` within ``caps``, as rows
    over all ``nl`` locations (read-only, shared)."""
    out: list[list[int]] = []

    def rec(k: int, left: int, acc: list[int]) -> None:
        if k == len(domain) - 1:
            if left <= caps[k]:
                out.append([*acc, left])
            return
        for x in range(min(left, caps[k]), -1, -1):
            rec(k + 1, left - x, [*acc, x])

    rec(0, size, [])
    full = np.zeros((len(out), nl), dtype=np.int64)
    if out:
        full[:, list(domain)] = np.array(out, dtype=np.int64)
    full.setflags(write=False)
    return full


@lru_cache(maxsize=4096)
def composition_weights(
    size: int,
    domain: tuple[int, ...],
    caps: tuple[int, ...],
    nl: int,
    exact_float: bool,
    drop: int | None = None,
    minus: int | None = None,
) -> Msg:
    """The multinomial of every row of ``compositions`` (the ways to make each move; with
    ``drop`` or ``minus``, as ``multinomial_rows``), float64 when the counts are exact in it
    (read-only, shared)."""
    out = multinomial_rows(compositions(size, domain, caps, nl), drop=drop, minus=minus)
    if exact_float:
        out = out.astype(np.float64)
    out.setflags(write=False)
    return out


def ints(arr: Msg) -> list[int]:
    """Exact counts held in an array (float64 or object), as Python ints."""
    if arr.dtype == np.float64:
        return [int(x) for x in np.rint(arr).astype(np.int64).tolist()]
    return [int(x) for x in arr.tolist()]


def to_int(x: object) -> int:
    """An exact count held as float64 or Python int, as a Python int."""
    return round(x) if isinstance(x, float | np.floating) else int(x)  # type: ignore[call-overload]
