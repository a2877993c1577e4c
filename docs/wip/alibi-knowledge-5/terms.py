"""What one seat knows of the hidden Alibi cards: slot-count states carrying the card-value
part as sums of per-value products (issue #33, fifth attempt; see ``../alibi-knowledge-5.md``).

Deal model as in the fourth attempt (``../alibi-knowledge-4/pools.py``): "every hidden history
equally likely". Which physical card moves where is independent of the cards' values (a draw
takes a uniform set of the pile, a card shown is a uniform card of its hand given its value's
count), so a history's weight is a *slot part* (how many cards of each pool lie in each place,
step by step: depends on the order of events) times a *value part*: per pool j and value X the
falling factorial N_jX (N_jX - 1) ... over the c_jX cards of X the pool gave up (depends only on
the counts c).

A *state* is keyed by slot counts alone: its live pools, each with the *coordinates* it is made
of (a coordinate per pool ever created; merged pools keep all of theirs, the lowest one counts
what the merged pool gives up), a constant ``base`` (the make-up at creation, summed over
merged pools) and its ``slots`` per place; and, per coordinate, ``target``: how many cards were
given up through it. A pool's cards left of value X are ``base_X`` less the sum of its
coordinates' c_X.

The value part of a state is a list of *terms*, each ``coef`` times a product over values X of a
*column*: a map from c_X (one count per coordinate) to a weight. A product over columns also
holds combinations no history made; they are told apart by their row sums (per coordinate,
the sum over X of c_X must equal ``target``: every show adds one to exactly one coordinate in one
column for every entry, so a combination that is wrong once stays wrong), and every query sums
only the combinations that meet them (a DP over values whose state is the partial row sums).
Terms of a state that differ in one column only are added into one term (exact).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

Counts = tuple[int, ...]
Weight = float | Fraction
Entry = tuple[int, ...]  # c_X: one count per coordinate
Column = tuple[tuple[Entry, Weight], ...]
Term = tuple[Weight, tuple[Column, ...]]
# A live pool: (coordinates, base make-up, slots per place).
Pool = tuple[tuple[int, ...], Counts, Counts]
Key = tuple[tuple[Pool, ...], tuple[int, ...]]  # (pools, target per coordinate)


def _splits(total: int, room: Sequence[int]) -> Iterator[tuple[int, ...]]:
    if not room:
        if total == 0:
            yield ()
        return
    head, rest = room[0], room[1:]
    most = sum(rest)
    for a in range(max(0, total - most), min(head, total) + 1):
        for tail in _splits(total - a, rest):
            yield (a, *tail)


def _left(pool: Pool, x: int, entry: Entry) -> int:
    coords, base, _ = pool
    return base[x] - sum(entry[k] for k in coords)


@dataclass
class TermKnowledge:
    players: int
    seat: int
    values: int
    coords: int
    states: dict[Key, list[Term]]
    exact: bool

    @property
    def pile(self) -> int:
        return self.players

    @property
    def limbo(self) -> int:
        return self.players + 1

    @property
    def places(self) -> int:
        return self.players + 2

    def _one(self) -> Weight:
        return Fraction(1) if self.exact else 1.0

    def _div(self, a: Weight, b: int | Weight) -> Weight:
        return Fraction(a) / b if self.exact else a / float(b)

    @classmethod
    def start(
        cls,
        unseen: Counts,
        hand_sizes: Sequence[int],
        seat: int,
        pile_size: int,
        exact: bool = False,
    ) -> TermKnowledge:
        players = len(hand_sizes)
        slots = [0] * (players + 2)
        for s, size in enumerate(hand_sizes):
            if s != seat:
                slots[s] = size
        slots[players] = pile_size
        if sum(slots) != sum(unseen):
            raise ValueError(f"{sum(unseen)} unseen cards for {sum(slots)} hidden places")
        made = cls(players, seat, len(unseen), 1, {}, exact)
        one = made._one()
        cols = tuple(((((0,), one),)) for _ in unseen)
        key = made._canonical([((0,), tuple(unseen), tuple(slots))], (0,))
        made.states = {key[0]: [(one, cols)]}
        return made

    # --- keeping states canonical ---------------------------------------------------------

    def _canonical(self, pools: Iterable[Pool], target: tuple[int, ...]) -> tuple[Key, list[Pool]]:
        """Pools lying whole in one place merged (coordinates joined: no term changes), sorted;
        also returns the pools that emptied, whose columns must be restricted."""
        local: dict[int, Pool] = {}
        spread: list[Pool] = []
        emptied: list[Pool] = []
        for pool in pools:
            coords, base, slots = pool
            held = [p for p in range(self.places) if slots[p]]
            if not held:
                emptied.append(pool)
            elif len(held) > 1:
                spread.append(pool)
            elif held[0] in local:
                oc, ob, os_ = local[held[0]]
                local[held[0]] = (
                    tuple(sorted(oc + coords)),
                    tuple(a + b for a, b in zip(ob, base, strict=True)),
                    tuple(a + b for a, b in zip(os_, slots, strict=True)),
                )
            else:
                local[held[0]] = pool
        key = (tuple(sorted([*spread, *local.values()], key=lambda p: (p[2], p[0]))), target)
        return key, emptied

    def _restrict(
        self, cols: tuple[Column, ...], emptied: Sequence[Pool]
    ) -> tuple[Column, ...] | None:
        """An emptied pool has nothing left of any value: keep only the entries saying so."""
        if not emptied:
            return cols
        out = []
        for x, col in enumerate(cols):
            kept = tuple((e, w) for e, w in col if all(_left(p, x, e) == 0 for p in emptied))
            if not kept:
                return None
            out.append(kept)
        return tuple(out)

    def _put(
        self, made: dict[Key, list[Term]], key: Key, emptied: Sequence[Pool], terms: Iterable[Term]
    ) -> None:
        bucket = made.setdefault(key, [])
        for coef, cols in terms:
            kept = self._restrict(cols, emptied)
            if kept is not None:
                bucket.append((coef, kept))

    def _update(self, made: dict[Key, list[Term]]) -> None:
        made = {k: self._merged(ts, k[1]) for k, ts in made.items() if ts}
        if not made:
            raise ValueError("no hidden history explains the step")
        if not self.exact:
            scale = max(float(c) for ts in made.values() for c, _ in ts)
            made = {k: [(c / scale, cols) for c, cols in ts] for k, ts in made.items()}
        self.states = made
        self._cache: dict[tuple[int, int], list[Weight]] | None = None

    def _normal(self, coef: Weight, cols: tuple[Column, ...]) -> Term:
        """Each column scaled to weights summing to 1 (the scale into ``coef``), entries sorted,
        so that equal columns compare equal."""
        out = []
        for col in cols:
            total = sum(w for _, w in col)
            coef = coef * total
            out.append(tuple(sorted((e, self._div(w, total)) for e, w in col)))
        return coef, tuple(out)

    def _merged(self, terms: list[Term], target: tuple[int, ...]) -> list[Term]:
        """Equal terms added; then terms differing in one column only, into one."""
        same: dict[tuple[Column, ...], Weight] = {}
        for coef, cols in terms:
            coef, cols = self._normal(coef, cols)
            same[cols] = same.get(cols, 0 * coef) + coef
        work = [(c, cols) for cols, c in same.items() if c]
        for x in range(self.values):
            groups: dict[tuple[Column, ...], list[Term]] = {}
            for coef, cols in work:
                groups.setdefault(cols[:x] + cols[x + 1 :], []).append((coef, cols))
            work = []
            for group in groups.values():
                if len(group) == 1:
                    work.append(group[0])
                    continue
                col: dict[Entry, Weight] = {}
                for coef, cols in group:
                    for e, w in cols[x]:
                        col[e] = col.get(e, 0 * w) + coef * w
                cols = group[0][1]
                merged = tuple((e, w) for e, w in col.items() if w)
                if merged:
                    work.append(self._normal(self._one(), (*cols[:x], merged, *cols[x + 1 :])))
        if self.CROSS:
            return self._cross(work, target)
        return work

    CROSS = False

    def _cross(self, terms: list[Term], target: tuple[int, ...]) -> list[Term]:
        """Terms differing in several columns added into one product when every mixed
        combination (some columns from one, some from the other) misses the row sums: the
        product then equals their sum wherever the row sums are met (exact)."""
        out: list[Term] = []
        for t in terms:
            for i, m in enumerate(out[: self.CROSS_TRIES]):
                got = self._try(m, t, target)
                if got is not None:
                    out[i] = got
                    break
            else:
                out.append(t)
        return out

    CROSS_TRIES = 64

    def _try(self, m: Term, t: Term, target: tuple[int, ...]) -> Term | None:
        (cm, mc), (ct, tc) = m, t
        diff = [x for x in range(self.values) if mc[x] != tc[x]]
        for x in diff:
            if {e for e, _ in mc[x]} & {e for e, _ in tc[x]}:
                return None
        rest = set(self._dp([mc[x] for x in range(self.values) if x not in diff], self.coords))
        # (partial row sums, a column from m, a column from t)
        states = {((0,) * self.coords, False, False)}
        for x in diff:
            states = {
                (tuple(a + b for a, b in zip(v, e, strict=True)), fm or not side, ft or side)
                for v, fm, ft in states
                for side, col in ((False, mc[x]), (True, tc[x]))
                for e, _ in col
            }
        for v, fm, ft in states:
            if fm and ft and tuple(a - b for a, b in zip(target, v, strict=True)) in rest:
                return None
        cols = list(mc)
        for i, x in enumerate(diff):
            a = cm if i == 0 else self._one()
            b = ct if i == 0 else self._one()
            cols[x] = tuple([(e, a * w) for e, w in mc[x]] + [(e, b * w) for e, w in tc[x]])
        return self._normal(self._one(), tuple(cols))

    # --- steps ----------------------------------------------------------------------------

    def _move(self, source: int, target: int, count: int, fill: bool = False) -> None:
        made: dict[Key, list[Term]] = {}
        for (pools, tg), terms in self.states.items():
            room = [slots[source] for _, _, slots in pools]
            many = count
            if fill:
                many = max(count - sum(slots[target] for _, _, slots in pools), 0)
            whole = math.comb(sum(room), many)
            for split in _splits(many, room):
                ways = math.prod(math.comb(r, a) for r, a in zip(room, split, strict=True))
                moved = []
                for (coords, base, slots), n in zip(pools, split, strict=True):
                    if n:
                        s = list(slots)
                        s[source] -= n
                        s[target] += n
                        slots = tuple(s)
                    moved.append((coords, base, slots))
                key, emptied = self._canonical(moved, tg)
                f = self._div(ways * self._one(), whole)
                self._put(made, key, emptied, [(c * f, cols) for c, cols in terms])
        self._update(made)

    def drew(self, seat: int, count: int) -> None:
        if count:
            self._move(self.pile, seat, count)

    def drew_to(self, seat: int, size: int) -> None:
        self._move(self.pile, seat, size, fill=True)

    def gave_unseen(self, seat: int, sizes: Iterable[int]) -> None:
        made: dict[Key, list[Term]] = {}
        sizes = tuple(sizes)
        for (pools, tg), terms in self.states.items():
            room = [slots[seat] for _, _, slots in pools]
            for size in sizes:
                for split in _splits(size, room):
                    ways = math.prod(math.comb(r, a) for r, a in zip(room, split, strict=True))
                    moved = []
                    for (coords, base, slots), n in zip(pools, split, strict=True):
                        if n:
                            s = list(slots)
                            s[seat] -= n
                            s[self.limbo] += n
                            slots = tuple(s)
                        moved.append((coords, base, slots))
                    key, emptied = self._canonical(moved, tg)
                    self._put(made, key, emptied, [(c * ways, cols) for c, cols in terms])
        self._update(made)

    def showed(self, place: int, card: int) -> None:
        """A card of value ``card`` left ``place`` face up: from pool j with weight
        slots_j[place] / size_j (slot part) times the cards of that value left (value part)."""
        made: dict[Key, list[Term]] = {}
        for (pools, tg), terms in self.states.items():
            for j, pool in enumerate(pools):
                coords, base, slots = pool
                if not slots[place]:
                    continue
                active = coords[0]
                s = list(slots)
                s[place] -= 1
                new_pools = [*pools[:j], (coords, base, tuple(s)), *pools[j + 1 :]]
                new_tg = list(tg)
                new_tg[active] += 1
                key, emptied = self._canonical(new_pools, tuple(new_tg))
                f = self._div(slots[place] * self._one(), sum(slots))
                out = []
                for coef, cols in terms:
                    col = []
                    for e, w in cols[card]:
                        left = _left(pool, card, e)
                        if left > 0:
                            e2 = list(e)
                            e2[active] += 1
                            col.append((tuple(e2), w * left))
                    if col:
                        out.append((coef * f, (*cols[:card], tuple(col), *cols[card + 1 :])))
                self._put(made, key, emptied, out)
        self._update(made)

    def pile_gets(self, known: Counts) -> None:
        """Known cards (and any given up unseen) shuffled into the pile: a new pool with a
        new coordinate (every entry gets a 0 for it)."""
        made: dict[Key, list[Term]] = {}
        k = self.coords
        self.coords += 1
        fresh_slots = [0] * self.places
        fresh_slots[self.pile] = sum(known)
        fresh: Pool = ((k,), tuple(known), tuple(fresh_slots))
        for (pools, tg), terms in self.states.items():
            moved = []
            for coords, base, slots in pools:
                if slots[self.limbo]:
                    s = list(slots)
                    s[self.pile] += s[self.limbo]
                    s[self.limbo] = 0
                    slots = tuple(s)
                moved.append((coords, base, slots))
            key, emptied = self._canonical([*moved, fresh], (*tg, 0))
            widened = [
                (c, tuple(tuple(((*e, 0), w) for e, w in col) for col in cols)) for c, cols in terms
            ]
            self._put(made, key, emptied, widened)
        self._update(made)

    # --- what is known --------------------------------------------------------------------

    def _dp(self, cols: Sequence[Column], size: int) -> dict[Entry, Weight]:
        """Total weight of each vector of row sums over ``cols`` (a DP over values; columns
        with one entry only shift and scale)."""
        shift = [0] * size
        scale = self._one()
        dist: dict[Entry, Weight] = {(0,) * size: self._one()}
        for col in cols:
            if len(col) == 1:
                e, w = col[0]
                scale = scale * w
                for i in range(size):
                    shift[i] += e[i]
                continue
            new: dict[Entry, Weight] = {}
            for r, v in dist.items():
                for e, w in col:
                    r2 = tuple(a + b for a, b in zip(r, e, strict=True))
                    new[r2] = new.get(r2, 0 * w) + v * w
            dist = new
        return {
            tuple(a + b for a, b in zip(r, shift, strict=True)): v * scale for r, v in dist.items()
        }

    def _value_weights(self) -> dict[tuple[int, int, tuple[int, ...]], Weight]:
        """Weight of each (state, value X, cards of X left in each live pool), summed over
        every term's combinations that meet the row sums: the DP over the other values once
        per varying column, once for all the single-entry ones."""
        out: dict[tuple[int, int, tuple[int, ...]], Weight] = {}
        for i, ((pools, tg), terms) in enumerate(self.states.items()):
            for coef, cols in terms:
                vary = [x for x, col in enumerate(cols) if len(col) > 1]
                full = self._dp([cols[x] for x in vary], self.coords)
                for x in range(self.values):
                    if len(cols[x]) > 1:
                        rest = self._dp([c for y, c in enumerate(cols) if y != x], self.coords)
                    else:
                        rest = None
                    for e, w in cols[x]:
                        need = tuple(t - a for t, a in zip(tg, e, strict=True))
                        if rest is not None:
                            v = rest.get(need, 0)
                        else:
                            # ``full`` has only the varying columns: add the singles but x.
                            for y, col in enumerate(cols):
                                if y != x and len(col) == 1:
                                    need = tuple(
                                        a - b for a, b in zip(need, col[0][0], strict=True)
                                    )
                                    w = w * col[0][1]
                            v = full.get(need, 0)
                        if not v:
                            continue
                        lefts = tuple(_left(pool, x, e) for pool in pools)
                        k = (i, x, lefts)
                        out[k] = out.get(k, 0 * v) + coef * w * v
        return out

    def _all(self) -> dict[tuple[int, int], list[Weight]]:
        """For every place and value, the weight of each count there (not normalised), and
        the total weight under key (-1, -1)."""
        out: dict[tuple[int, int], list[Weight]] = {}
        zero = 0 * self._one()
        total = zero
        hyper: dict[tuple[int, int, int], list[Weight]] = {}

        def hg(size: int, good: int, taken: int) -> list[Weight]:
            got = hyper.get((size, good, taken))
            if got is None:
                whole = math.comb(size, taken)
                got = [
                    self._div(math.comb(good, n) * math.comb(size - good, taken - n), whole)
                    for n in range(min(good, taken) + 1)
                ]
                hyper[(size, good, taken)] = got
            return got

        keys = list(self.states)
        for (i, x, lefts), weight in self._value_weights().items():
            pools = keys[i][0]
            if x == 0:
                total += weight
            for place in range(self.places):
                dist: list[Weight] = [self._one()]
                for pool, left in zip(pools, lefts, strict=True):
                    taken = pool[2][place]
                    if not taken:
                        continue
                    part = hg(sum(pool[2]), left, taken)
                    conv: list[Weight] = [zero] * (len(dist) + len(part) - 1)
                    for a, da in enumerate(dist):
                        for b, pb in enumerate(part):
                            conv[a + b] += da * pb
                    dist = conv
                row = out.setdefault((place, x), [])
                if len(row) < len(dist):
                    row += [zero] * (len(dist) - len(row))
                for n, d in enumerate(dist):
                    row[n] += weight * d
        out[(-1, -1)] = [total]
        return out

    def spread(self, place: int, card: int) -> list[Weight]:
        if getattr(self, "_cache", None) is None:
            self._cache = self._all()
        assert self._cache is not None
        total = self._cache[(-1, -1)][0]
        return [d / total for d in self._cache.get((place, card), [total])]

    def size(self) -> tuple[int, int]:
        """How many (state, term) pairs, and the most terms in one state."""
        return sum(len(t) for t in self.states.values()), max(len(t) for t in self.states.values())

    def sample(self, rng: random.Random) -> list[list[int]]:
        raise NotImplementedError("not built: the knowledge was not shown tractable")


class CrossTermKnowledge(TermKnowledge):
    """``TermKnowledge`` that also adds terms differing in several columns (``_cross``)."""

    CROSS = True
