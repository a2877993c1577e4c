"""Every world of a model, listed: the analysis that one more answer refines.

The dynamic program counts a model afresh: an answer adds a count over cards spread across
its order, so no part of the previous count carries over. Once few worlds are left, they are
listed instead (one row per world, one column per card, the card's location), and a new count
constraint keeps the rows that satisfy it: nothing is recounted. World counts, card
marginals and the solution posterior are read off the rows as exact integers, the same
numbers as the dynamic program's.

A model's exclusions (solutions ruled out) are one more filter each: the rows whose solution
location holds exactly the excluded cards go.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sleuth.deduce import listing
from sleuth.deduce.model import Constraint, Exclusion, Model, Reduced
from sleuth.deduce.transitions import NDArray

# Partial assignments kept at once while listing; past it the listing gives up (the caller
# counts afresh), so that an unlucky order cannot take more memory than the worlds would.
WORKING_ROWS = 400_000


@dataclass(frozen=True)
class Frontier:
    """The worlds of a model: ``rows[w, c]`` is the location of card ``c`` in world ``w``."""

    rows: NDArray[np.uint8]
    capacities: tuple[int, ...]

    @property
    def worlds(self) -> int:
        return int(self.rows.shape[0])

    def refine(self, constraints: Sequence[Constraint]) -> Frontier:
        """The worlds that also satisfy ``constraints``."""
        rows = self.rows
        for con in constraints:
            if not con.cards:
                if con.count:
                    rows = rows[:0]
                continue
            # a lookup per location rather than ``np.isin``: a world's row holds locations
            inside = np.zeros(len(self.capacities), dtype=bool)
            inside[sorted(con.locations)] = True
            held = inside[rows[:, sorted(con.cards)]].sum(axis=1)
            rows = rows[held == con.count]
        return Frontier(rows, self.capacities)

    def exclude(self, exclusions: Sequence[Exclusion], solution: int) -> Frontier:
        """The worlds whose location ``solution`` holds none of ``exclusions``' sets of cards
        (each as many as the location holds, so holding them all is holding exactly them)."""
        rows = self.rows
        for ex in exclusions:
            if len(ex.cards) != self.capacities[solution]:
                raise ValueError("an exclusion names as many cards as the solution holds")
            inside = (rows[:, sorted(ex.cards)] == solution).all(axis=1)
            rows = rows[~inside]
        return Frontier(rows, self.capacities)

    def marginal_counts(self) -> list[list[int]]:
        """counts[card][location], as ``Analysis.marginal_counts``."""
        nloc = len(self.capacities)
        ncards = self.rows.shape[1]
        if ncards == 0:
            return []
        flat = self.rows.astype(np.intp) + np.arange(ncards, dtype=np.intp) * nloc
        counts = np.bincount(flat.ravel(), minlength=ncards * nloc).reshape(ncards, nloc)
        return [[int(v) for v in row] for row in counts.tolist()]

    def solution_counts(self, solution: int) -> tuple[NDArray[np.int64], list[int]]:
        """The distinct contents of location ``solution`` (card indices ascending, one row
        each) and each one's world count."""
        size = self.capacities[solution]
        if self.worlds == 0:
            return np.zeros((0, size), np.int64), []
        if size == 0:
            return np.zeros((1, 0), np.int64), [self.worlds]
        inside = self.rows == solution
        # nonzero walks each row left to right: the cards of a row come out ascending.
        cards = np.nonzero(inside)[1].reshape(self.worlds, size).astype(np.int64)
        # One integer a row (its cards as digits), counted by bincount: far cheaper than
        # numpy's unique over rows.
        ncards = self.rows.shape[1]
        powers = ncards ** np.arange(size - 1, -1, -1, dtype=np.int64)
        keys = cards @ powers
        if ncards**size <= 1 << 20:
            counts = np.bincount(keys, minlength=ncards**size)
            present = np.flatnonzero(counts)
            weights = counts[present]
        else:
            present, weights = np.unique(keys, return_counts=True)
        distinct = (present[:, None] // powers[None, :]) % ncards
        return distinct.astype(np.int64), [int(v) for v in weights.tolist()]


def list_worlds(reduced: Reduced, limit: int = WORKING_ROWS) -> Frontier | None:
    """Every world of a propagated model (its domains, its live constraints and the
    capacities: the worlds the dynamic program counts, less those its exclusions rule out),
    or None where the listing gives up: the levels below when one would keep more than
    ``limit`` partial assignments, the compiled walk (``listing``) past ``limit`` worlds or
    past ``limit`` times the number of cards placed in all."""
    model = reduced.model
    ncards, nloc = len(model.cards), len(model.locations)
    if not reduced.ok:
        return Frontier(np.zeros((0, ncards), np.uint8), model.capacities)
    doms = [sorted(d) for d in reduced.domains]
    cons = [(locs, frozenset(cards), count) for locs, cards, count, _tag in reduced.live]
    order = _order(ncards, doms, [cards for _, cards, _ in cons])
    walked, rows = listing.walk(ncards, order, doms, model.capacities, cons, limit)
    if walked:
        return None if rows is None else _without_excluded(Frontier(rows, model.capacities), model)
    caps = np.array(model.capacities, dtype=np.int16)
    left = np.array([len(cards) for _, cards, _ in cons], dtype=np.int16)
    need = np.array([count for _, _, count in cons], dtype=np.int16)
    # Per location, the cards still to place that may go there: a row whose location
    # cannot be filled by them dies now rather than at the last card.
    avail = np.zeros(nloc, dtype=np.int16)
    for d in doms:
        avail[d] += 1
    used = np.zeros((1, nloc), dtype=np.int16)
    held = np.zeros((1, len(cons)), dtype=np.int16)
    # Each level keeps, per row, its parent row and the location it gave the card: the
    # worlds are written out once at the end.
    levels: list[tuple[NDArray[np.intp], NDArray[np.uint8]]] = []
    for card in order:
        touching = [i for i, (_, cards, _) in enumerate(cons) if card in cards]
        left[touching] -= 1
        avail[doms[card]] -= 1
        parents, places, kept_used, kept_held = [], [], [], []
        for loc in doms[card]:
            keep = np.flatnonzero(used[:, loc] < caps[loc])
            u, h = used[keep], held[keep]
            u[:, loc] += 1
            inside = [i for i in touching if loc in cons[i][0]]
            if inside:
                h[:, inside] += 1
            parents.append(keep)
            places.append(np.full(keep.shape[0], loc, dtype=np.uint8))
            kept_used.append(u)
            kept_held.append(h)
        parent, place = np.concatenate(parents), np.concatenate(places)
        used, held = np.concatenate(kept_used), np.concatenate(kept_held)
        alive = np.all(caps - used <= avail, axis=1)
        if touching:
            h = held[:, touching]
            alive &= np.all(h <= need[touching], axis=1)
            alive &= np.all(h + left[touching] >= need[touching], axis=1)
        kept = np.flatnonzero(alive)
        parent, place, used, held = parent[kept], place[kept], used[kept], held[kept]
        if parent.shape[0] > limit:
            return None
        levels.append((parent, place))
    return _without_excluded(Frontier(_write_out(ncards, order, levels), model.capacities), model)


def _without_excluded(listed: Frontier, model: Model) -> Frontier:
    if model.excluded and model.solution is not None:
        return listed.exclude(model.excluded, model.solution)
    return listed


def _order(ncards: int, doms: Sequence[Sequence[int]], cons: Sequence[frozenset[int]]) -> list[int]:
    """Cards in an order that closes constraints soon (the constraint with the fewest cards
    still to place goes next), so that rows breaking one die early; decided cards first,
    cards that no constraint names last."""
    order = [c for c in range(ncards) if len(doms[c]) == 1]
    placed = set(order)
    open_cons: list[set[int]] = [set(cards) - placed for cards in cons]
    while True:
        pending: list[set[int]] = [cards for cards in open_cons if cards]
        if not pending:
            break
        chosen = min(pending, key=_closing)
        nearest = set(chosen)  # a copy: the loop below empties ``chosen``
        for card in sorted(nearest):
            order.append(card)
            placed.add(card)
        for cards in open_cons:
            cards -= nearest
    order.extend(c for c in range(ncards) if c not in placed)
    return order


def _closing(cards: set[int]) -> tuple[int, int]:
    return len(cards), min(cards)


def _write_out(
    ncards: int, order: Sequence[int], levels: Sequence[tuple[NDArray[np.intp], NDArray[np.uint8]]]
) -> NDArray[np.uint8]:
    rows = np.zeros((levels[-1][0].shape[0] if levels else 1, ncards), dtype=np.uint8)
    if not levels:
        return rows
    at = np.arange(rows.shape[0], dtype=np.intp)
    for card, (parent, place) in zip(reversed(order), reversed(levels), strict=True):
        rows[:, card] = place[at]
        at = parent[at]
    return rows
