"""A model's worlds as class allocations: the analysis that one more answer refines when
there are too many worlds to list.

Cards that share a domain and every live constraint are alike: a world's count only depends
on how many of them lie in each location. A *class allocation* gives, for each such class of
cards, how many lie in each location; it stands for the product over classes of the
multinomials of its counts (the deals that place each class so). There are far fewer
allocations than worlds, so they can be listed where the worlds cannot, each with its exact
weight, and a new count constraint refines them: the classes its cards cut are split (each
allocation expanded over the ways its counts split, the weight adjusted by the exact
multinomials), and the allocations that break it go. World counts, card marginals and the
solution posterior are read off them as exact integers, the same numbers as the dynamic
program's.

Models with exclusions (solutions ruled out) are not listed here (``list_allocations`` gives
None): an exclusion names cards, not counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from math import comb

import numpy as np

from sleuth.deduce.model import Constraint, Reduced
from sleuth.deduce.transitions import NDArray

# Rows (partial allocations times one class's compositions) made at once, past which the
# listing or a refinement gives up and the caller counts afresh.
WORKING_ROWS = 2_000_000
_BINOM = np.array([[comb(n, k) for k in range(33)] for n in range(33)], dtype=np.int64)


@dataclass(frozen=True)
class Allocations:
    """The worlds of a model, by class: ``rows[a, k, loc]`` cards of class ``k`` (the cards
    ``classes[k]``) lie in ``loc`` in allocation ``a``, which stands for ``weights[a]`` worlds;
    ``fixed`` maps each decided card to its location."""

    rows: NDArray[np.int64]
    weights: NDArray[np.int64]
    classes: tuple[tuple[int, ...], ...]
    fixed: dict[int, int]
    ncards: int
    nloc: int

    @property
    def worlds(self) -> int:
        return int(self.weights.sum())

    @property
    def size(self) -> int:
        """The number of allocations listed."""
        return int(self.rows.shape[0])

    def refine(self, constraints: Sequence[Constraint], limit: int) -> Allocations | None:
        """The allocations of the worlds that also satisfy ``constraints``; None past
        ``limit`` allocations (or working rows)."""
        out: Allocations | None = self
        for con in constraints:
            if out is None:
                return None
            out = out._refine_one(con, limit)
        return out

    def _refine_one(self, con: Constraint, limit: int) -> Allocations | None:
        count = con.count - sum(
            1 for c in con.cards if c in self.fixed and self.fixed[c] in con.locations
        )
        cut = set(con.cards) - set(self.fixed)
        rows, weights = self.rows, self.weights
        classes = list(self.classes)
        inside: list[int] = []  # the classes all of whose cards the constraint names
        for k, cards in enumerate(self.classes):
            named = tuple(c for c in cards if c in cut)
            if not named:
                continue
            if len(named) < len(cards):
                rest = tuple(c for c in cards if c not in cut)
                split = _split(rows, weights, k, len(named), WORKING_ROWS)
                if split is None:
                    return None
                rows, weights = split
                classes[k] = rest
                classes.append(named)
                inside.append(len(classes) - 1)
            else:
                inside.append(k)
        locs = sorted(con.locations)
        held = np.zeros(rows.shape[0], dtype=np.int64)
        if inside and locs:
            held = rows[:, inside][:, :, locs].sum(axis=(1, 2))
        keep = np.flatnonzero(held == count)
        if keep.shape[0] > limit:
            return None
        return Allocations(
            rows[keep], weights[keep], tuple(classes), self.fixed, self.ncards, self.nloc
        )

    def marginal_counts(self) -> list[list[int]]:
        """counts[card][location], as ``Analysis.marginal_counts``."""
        total = self.worlds
        out = [[0] * self.nloc for _ in range(self.ncards)]
        for card, loc in self.fixed.items():
            out[card][loc] = total
        if not self.classes:
            return out
        # a card of class k lies in loc in weight * rows[k, loc] / |k| worlds of an allocation
        sums = np.einsum("a,akl->kl", self.weights, self.rows).tolist()
        for k, cards in enumerate(self.classes):
            row = [v // len(cards) for v in sums[k]]
            for c in cards:
                out[c] = list(row)
        return out

    def solution_counts(self, solution: int) -> tuple[NDArray[np.int64], list[int]]:
        """The distinct contents of location ``solution`` (card indices ascending, one row
        each) and each one's world count, as ``Frontier.solution_counts``."""
        fixed = tuple(sorted(c for c, loc in self.fixed.items() if loc == solution))
        ring = self.rows[:, :, solution]
        size = len(fixed) + (int(ring[0].sum()) if ring.shape[0] else 0)
        if self.size == 0:
            return np.zeros((0, size), np.int64), []
        if ring.shape[1]:
            sigs, where = np.unique(ring, axis=0, return_inverse=True)
        else:
            sigs, where = np.zeros((1, 0), np.int64), np.zeros(self.size, np.intp)
        sums = np.zeros(sigs.shape[0], dtype=np.int64)
        np.add.at(sums, where.ravel(), self.weights)
        trios: list[tuple[int, ...]] = []
        counts: list[int] = []
        for sig, weight in zip(sigs.tolist(), sums.tolist(), strict=True):
            parts = [list(combinations(self.classes[k], r)) for k, r in enumerate(sig) if r]
            ways = 1
            for k, r in enumerate(sig):
                if r:
                    ways *= comb(len(self.classes[k]), r)
            each = weight // ways  # each choice of the classes' cards: the same worlds
            for choice in product(*parts):
                trios.append(tuple(sorted(fixed + tuple(c for part in choice for c in part))))
                counts.append(each)
        return np.array(trios, dtype=np.int64).reshape(len(trios), size), counts


def _split(
    rows: NDArray[np.int64], weights: NDArray[np.int64], k: int, named: int, cap: int
) -> tuple[NDArray[np.int64], NDArray[np.int64]] | None:
    """Class ``k`` split into its other cards (kept as ``k``) and ``named``
    of them (a new last class): every allocation expanded over the ways its counts split."""
    nloc = rows.shape[2]
    parts = _compositions(named, nloc)
    counts = rows[:, k, :]
    if rows.shape[0] * parts.shape[0] > cap:
        return None
    ok = np.all(parts[None, :, :] <= counts[:, None, :], axis=2)
    a, p = np.nonzero(ok)
    taken = parts[p]
    left = counts[a] - taken
    # multinomial(size; counts) = multinomial(named; taken) * multinomial(rest; left) summed
    # over the splits; each split's share of the weight is exact:
    new_w = weights[a] // _multinomial(counts[a]) * _multinomial(taken) * _multinomial(left)
    new_rows = np.concatenate([rows[a], taken[:, None, :]], axis=1)
    new_rows[:, k, :] = left
    return new_rows, new_w


def _multinomial(counts: NDArray[np.int64]) -> NDArray[np.int64]:
    """Each row's multinomial coefficient (exact: a product of binomials)."""
    out = np.ones(counts.shape[0], dtype=np.int64)
    running = np.zeros(counts.shape[0], dtype=np.int64)
    for col in range(counts.shape[1]):
        running = running + counts[:, col]
        out = out * _BINOM[running, counts[:, col]]
    return out


@lru_cache(maxsize=512)
def _compositions(n: int, nloc: int, domain: tuple[int, ...] | None = None) -> NDArray[np.int64]:
    """Every way of placing ``n`` alike cards in the locations ``domain`` (all by default),
    as counts per location (a row each; read-only)."""
    locs = tuple(range(nloc)) if domain is None else domain
    found: list[list[int]] = []

    def place(i: int, left: int, row: list[int]) -> None:
        if i == len(locs) - 1:
            row[locs[i]] = left
            found.append(list(row))
            row[locs[i]] = 0
            return
        for x in range(left + 1):
            row[locs[i]] = x
            place(i + 1, left - x, row)
        row[locs[i]] = 0

    if locs:
        place(0, n, [0] * nloc)
    elif n == 0:
        found.append([0] * nloc)
    out = np.array(found, dtype=np.int64).reshape(len(found), nloc)
    out.setflags(write=False)
    return out


def list_allocations(reduced: Reduced, limit: int) -> Allocations | None:
    """The class allocations of a propagated model (without exclusions), or None past
    ``limit`` allocations or ``WORKING_ROWS`` working rows."""
    model = reduced.model
    ncards, nloc = len(model.cards), len(model.locations)
    if model.excluded:
        return None
    fixed = reduced.fixed()
    if not reduced.ok:
        empty = np.zeros((0, 0, nloc), np.int64)
        return Allocations(empty, np.zeros(0, np.int64), (), fixed, ncards, nloc)
    live = reduced.live
    groups: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}
    for c, d in enumerate(reduced.domains):
        if len(d) > 1:
            key = (tuple(sorted(d)), tuple(i for i, con in enumerate(live) if c in con[1]))
            groups.setdefault(key, []).append(c)
    # the largest classes last: the last one's counts are what capacity is left
    keys = sorted(groups, key=lambda key: (len(groups[key]), key))
    classes = tuple(tuple(groups[key]) for key in keys)
    left = np.array([reduced.remaining_capacity()], dtype=np.int64)
    need = np.array([[con[2] for con in live]], dtype=np.int64)
    con_locs = np.zeros((len(live), nloc), dtype=np.int64)
    for i, con in enumerate(live):
        con_locs[i, sorted(con[0])] = 1
    # per location (and per constraint), what later classes can still bring
    avail = np.zeros((len(keys) + 1, nloc), dtype=np.int64)
    reach = np.zeros((len(keys) + 1, len(live)), dtype=np.int64)
    for j in range(len(keys) - 1, -1, -1):
        dom, members = keys[j]
        avail[j] = avail[j + 1]
        avail[j, list(dom)] += len(classes[j])
        reach[j] = reach[j + 1]
        for i in members:
            reach[j, i] += len(classes[j])
    parent_rows: list[tuple[NDArray[np.intp], NDArray[np.intp]]] = []
    weights = np.ones(1, dtype=np.int64)
    for j, (dom, members) in enumerate(keys):
        parts = _compositions(len(classes[j]), nloc, dom)
        if left.shape[0] * parts.shape[0] > WORKING_ROWS:
            return None
        new_left = left[:, None, :] - parts[None, :, :]
        ok = np.all((new_left >= 0) & (new_left <= avail[j + 1]), axis=2)
        new_need = need[:, None, :] - (parts @ con_locs.T)[None, :, :] * _member_mask(
            members, len(live)
        )
        ok &= np.all((new_need >= 0) & (new_need <= reach[j + 1]), axis=2)
        a, p = np.nonzero(ok)
        if a.shape[0] > max(limit, 1) * 50:
            return None
        left, need = new_left[a, p], new_need[a, p]
        weights = weights[a] * _multinomial(parts[p])
        parent_rows.append((a, p))
    if weights.shape[0] > limit:
        return None
    rows = np.zeros((weights.shape[0], len(keys), nloc), dtype=np.int64)
    at = np.arange(weights.shape[0])
    for j in range(len(keys) - 1, -1, -1):
        a, p = parent_rows[j]
        dom = keys[j][0]
        rows[:, j, :] = _compositions(len(classes[j]), nloc, dom)[p[at]]
        at = a[at]
    return Allocations(rows, weights, classes, fixed, ncards, nloc)


def _member_mask(members: Sequence[int], ncon: int) -> NDArray[np.int64]:
    mask = np.zeros(ncon, dtype=np.int64)
    mask[list(members)] = 1
    return mask
