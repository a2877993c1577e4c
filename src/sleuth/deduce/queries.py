"""Queries on a model: worlds, marginals, solution posterior, certain facts, explanations,
contradictions, information gain of a question, and uniform sampling of worlds."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from math import comb, log2

import numpy as np
import numpy.typing as npt

from sleuth.deduce.dp import Layers, Msg, ints, multinomial_rows, to_int
from sleuth.deduce.model import Constraint, Model, Reduced, propagate
from sleuth.deduce.solution import Channels, Compositions, solution_weights


@dataclass(frozen=True)
class SolutionClass:
    """Solutions that hold ``fixed`` cards and ``constrained``, plus any ``free_count`` of the
    free cards; each such solution has exactly ``count`` worlds."""

    cards: tuple[int, ...]
    free_count: int
    count: int


@dataclass(frozen=True)
class QuestionValue:
    """What asking about ``cards`` at ``locations`` would tell: the exact distribution of the
    answer (answer value -> worlds) and the mutual information with the solution, in bits."""

    answers: dict[int, int]
    answer_entropy: float
    solution_bits: float


class Analysis:
    """The exact knowledge contained in a model. Everything is computed lazily and cached."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.reduced: Reduced = propagate(model)

    @cached_property
    def layers(self) -> Layers | None:
        return Layers(self.reduced) if self.reduced.ok else None

    @cached_property
    def _passes(self) -> tuple[list[Msg], list[Msg]]:
        lay = self.layers
        assert lay is not None
        alpha = lay.forward()
        beta = lay.backward(lay.tail())
        return alpha, beta

    @cached_property
    def worlds(self) -> int:
        """The exact number of worlds consistent with the model."""
        if self.layers is None:
            return 0
        alpha, beta = self._passes
        return to_int(np.dot(alpha[-1], beta[-1]))

    @property
    def consistent(self) -> bool:
        return self.worlds > 0

    @cached_property
    def marginal_counts(self) -> list[list[int]]:
        """counts[card][location]: the worlds in which the card lies in the location."""
        m = self.model
        nl = len(m.locations)
        out = [[0] * nl for _ in m.cards]
        lay = self.layers
        if lay is None or self.worlds == 0:
            return out
        total = self.worlds
        for c, d in enumerate(self.reduced.domains):
            if len(d) == 1:
                out[c][next(iter(d))] = total
        alpha, beta = self._passes
        for j, group in enumerate(lay.groups):
            t = lay.trans[j]
            comps = lay.comps[j]
            # one specific card of the group in location l: the others placed as x - e_l
            if len(group) == 1:
                per_card = comps if lay.exact_float else comps.astype(object)
            else:
                per_card = np.stack(
                    [multinomial_rows(comps, minus=loc) for loc in range(nl)], axis=1
                )
            if lay.exact_float:
                w = alpha[j][t.src] * beta[j + 1][t.dst]
                agg = np.bincount(lay.choices[j], weights=w, minlength=len(comps))
                counts = ints(agg @ per_card.astype(np.float64))
            else:
                agg_o = np.zeros(len(comps), dtype=object)
                for x, y, ci in zip(t.src, t.dst, lay.choices[j], strict=True):
                    agg_o[ci] += alpha[j][x] * beta[j + 1][y]
                counts = [int(v) for v in agg_o @ per_card]
            for c in group:
                out[c] = list(counts)
        if lay.free:
            fa = alpha[-1]
            nfree = len(lay.free)
            if lay.exact_float:
                # one specific free card in loc: multinomial(m - 1; rem - e_loc) = tail*rem/m
                t64 = np.rint(lay.tail()).astype(np.int64)
                per_loc = (t64[:, None] * lay.final_rem) // nfree
                row = ints(fa @ per_loc.astype(np.float64))
            else:
                row = [
                    to_int(np.dot(fa, lay.tail(minus=loc))) if lay.cap[loc] else 0
                    for loc in range(nl)
                ]
            for c in lay.free:
                out[c] = list(row)
        return out

    def probabilities(self) -> list[dict[int, float]]:
        """For each card, location -> probability (zero entries left out)."""
        total = self.worlds
        if total == 0:
            return [{} for _ in self.model.cards]
        return [
            {loc: cnt / total for loc, cnt in enumerate(row) if cnt} for row in self.marginal_counts
        ]

    def certain(self) -> list[tuple[int, int]]:
        """(card, location) for every card whose location is certain."""
        total = self.worlds
        if total == 0:
            return []
        return [
            (c, loc)
            for c, row in enumerate(self.marginal_counts)
            for loc, cnt in enumerate(row)
            if cnt == total
        ]

    # ---- the solution -----------------------------------------------------------------------
    @cached_property
    def solution_arrays(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], list[int]]:
        """The solution posterior in compact form: (cards K x 3 padded with -1, free_count K,
        counts K). A class holds its cards plus any ``free_count`` of the free cards; each such
        solution has exactly its count of worlds."""
        m = self.model
        lay = self.layers
        if m.solution is None:
            raise ValueError("the model has no solution location")
        if lay is None or self.worlds == 0:
            return np.zeros((0, 3), np.int64), np.zeros(0, np.int64), []
        sol = m.solution
        fixed = [c for c, d in enumerate(self.reduced.domains) if d == {sol}]
        final = lay.tail(drop=sol)[:, None]
        comp = solution_weights(lay, final)
        cap = lay.cap[sol]
        wcol = comp.weights[:, 0]
        wint: Msg = np.rint(wcol).astype(np.int64) if lay.exact_float else wcol
        cards, counts_arr = _expand(lay, comp.layers, comp.counts, wint)
        counts = counts_arr.tolist()
        size = len(fixed) + cap
        full = np.full((cards.shape[0], size), -1, dtype=np.int64)
        full[:, : len(fixed)] = fixed
        full[:, len(fixed) :] = cards[:, :cap]
        full = np.sort(np.where(full < 0, 1 << 40, full), axis=1)
        full = np.where(full == 1 << 40, -1, full)
        inner = (cards >= 0).sum(axis=1)
        return full, (cap - inner).astype(np.int64), counts

    @cached_property
    def solution_classes(self) -> list[SolutionClass]:
        cards, free_count, counts = self.solution_arrays
        return [
            SolutionClass(tuple(int(x) for x in row if x >= 0), int(q), cnt)
            for row, q, cnt in zip(cards, free_count, counts, strict=True)
            if cnt
        ]

    def solution_table(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], list[int]]:
        """Every solution with non-zero probability, most likely first: (cards N x size, sorted
        card indices per row; probabilities; exact world counts)."""
        return self._solution_table

    @cached_property
    def _solution_table(
        self,
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], list[int]]:
        cards, free_count, counts = self.solution_arrays
        lay = self.layers
        free = np.array(lay.free if lay is not None else [], dtype=np.int64)
        rows: list[npt.NDArray[np.int64]] = []
        cnts: list[int] = []
        size = cards.shape[1]
        for q in sorted(set(free_count.tolist())):
            sel = np.flatnonzero(free_count == q)
            clist = list(combinations(free.tolist(), q))
            combos = np.array(clist, dtype=np.int64).reshape(len(clist), q)
            base = cards[sel][:, : size - q]
            rep = np.repeat(base, len(combos), axis=0)
            ext = np.tile(combos, (len(sel), 1))
            rows.append(np.sort(np.concatenate([rep, ext], axis=1), axis=1))
            cnts.extend(np.repeat(np.array(counts, dtype=object)[sel], len(combos)).tolist())
        if not rows:
            return np.zeros((0, size), np.int64), np.zeros(0), []
        allrows = np.concatenate(rows)
        carr = np.array(cnts, dtype=np.float64)
        keys = [allrows[:, k] for k in range(size - 1, -1, -1)]
        order = np.lexsort((*keys, -carr))
        total = self.worlds
        return allrows[order], carr[order] / total, [cnts[i] for i in order]

    def solution_posterior(self) -> list[tuple[tuple[int, ...], int]]:
        """Every solution with non-zero probability and its world count, most likely first."""
        rows, _, cnts = self.solution_table()
        return [(tuple(r), c) for r, c in zip(rows.tolist(), cnts, strict=True)]

    def solution_entropy(self) -> float:
        total = self.worlds
        h = 0.0
        lay = self.layers
        free = len(lay.free) if lay is not None else 0
        for cls in self.solution_classes:
            p = cls.count / total
            h -= comb(free, cls.free_count) * p * log2(p)
        return h

    # ---- questions ----------------------------------------------------------------------------
    def question_value(self, locations: frozenset[int], cards: frozenset[int]) -> QuestionValue:
        """The exact joint of a new count (``cards`` in ``locations``) and the solution."""
        total = self.worlds
        if total == 0:
            return QuestionValue({}, 0.0, 0.0)
        lay = Layers(self.reduced, observe=(locations, cards))
        sol = self.model.solution
        base = lay.obs_offset
        if lay.obs_index is None:
            return QuestionValue({base: total}, 0.0, 0.0)
        nv = len(lay.cons[lay.obs_index][1]) + 1
        alpha = lay.forward()
        tail_all = lay.tail()
        per_v = [to_int(np.dot(alpha[-1] * (lay.final_obs == v), tail_all)) for v in range(nv)]
        answers = {base + v: cnt for v, cnt in enumerate(per_v) if cnt}
        h_ans = -sum(c / total * log2(c / total) for c in answers.values())
        if sol is None:
            return QuestionValue(answers, h_ans, 0.0)
        spec = lay.tail(drop=sol)
        final = np.stack([spec * (lay.final_obs == v) for v in range(nv)], axis=1)
        comp = solution_weights(lay, final)
        weights = comp.weights
        cap = lay.cap[sol]
        nfree = len(lay.free)
        sizes = [len(g) for g in lay.groups]
        inner = comp.counts.sum(axis=1)
        mult = np.array(
            [
                m * comb(nfree, cap - int(x))
                for m, x in zip(comp.multiplicity(sizes), inner, strict=True)
            ],
            dtype=np.float64,
        )
        w = weights.astype(np.float64)  # K x V
        w_all = w.sum(axis=1)
        pv = np.array(per_v, dtype=np.float64)[None, :]
        with np.errstate(divide="ignore", invalid="ignore"):
            terms = np.where(w > 0, w * np.log2(w * total / (pv * w_all[:, None])), 0.0)
        bits = float((terms.sum(axis=1) * mult).sum() / total)
        return QuestionValue(answers, h_ans, max(bits, 0.0))

    def question_values(
        self, questions: Sequence[tuple[frozenset[int], frozenset[int]]]
    ) -> list[QuestionValue]:
        """``question_value`` of many questions at once, on one shared layer graph.

        Each question's answer is a polynomial weight evaluated at z = 1, 0, -1, 2 (exact in
        float64 below 2**53, checked), interpolated back to the joint of answer and solution.
        """
        total = self.worlds
        if total == 0:
            return [QuestionValue({}, 0.0, 0.0) for _ in questions]
        red = self.reduced
        sol = self.model.solution

        def open_cards(locs: frozenset[int], cards: frozenset[int]) -> list[int]:
            return sorted(c for c in cards if red.domains[c] & locs and not red.domains[c] <= locs)

        opened = [open_cards(locs, cards) for locs, cards in questions]
        lay = Layers(
            red,
            keep=frozenset(c for qc in opened for c in qc),
            together=sorted({frozenset(qc) for qc in opened if qc}, key=sorted),
        )
        if (
            sol is None
            or not lay.exact_float
            or lay.bound * 8 >= 2**53
            or any(len(qc) > 3 for qc in opened)
        ):
            return [self.question_value(locs, cards) for locs, cards in questions]
        spec = lay.tail(drop=sol)
        cap = lay.cap[sol]
        nfree = len(lay.free)
        sizes = [len(g) for g in lay.groups]
        plain = solution_weights(lay, spec[:, None], keep_zeros=True)
        out: list[QuestionValue] = []
        for (locs, cards), qc in zip(questions, opened, strict=True):
            offset = sum(1 for c in cards if red.domains[c] <= locs)
            if not qc:
                out.append(QuestionValue({offset: total}, 0.0, 0.0))
                continue
            deg = len(qc)
            # z = 1 is the plain sweep, shared; channels z = 0, -1, 2 as the degree needs
            z = np.array([0.0, -1.0, 2.0][:deg])
            chan = Channels(frozenset(lay.layer_of[c] for c in qc), locs, z)
            final = np.repeat(spec[:, None], deg, axis=1)
            comp = solution_weights(lay, final, chan, keep_zeros=True)
            vals_all = np.concatenate([plain.weights, comp.weights], axis=1)
            nz = np.any(vals_all != 0, axis=1)
            comp = Compositions(comp.layers[nz], comp.counts[nz], vals_all[nz])
            coef = _interpolate(comp.weights, deg)  # N x (deg + 1), exact
            inner = comp.counts.sum(axis=1)
            mults = [
                m * comb(nfree, cap - int(x))
                for m, x in zip(comp.multiplicity(sizes), inner, strict=True)
            ]
            per_v = [
                sum(m * int(c) for m, c in zip(mults, coef[:, v], strict=True))
                for v in range(deg + 1)
            ]
            if sum(per_v) != total:
                raise ArithmeticError("question joint does not sum to the world count")
            answers = {offset + v: cnt for v, cnt in enumerate(per_v) if cnt}
            h_ans = -sum(c / total * log2(c / total) for c in answers.values())
            w = coef.astype(np.float64)
            w_all = w.sum(axis=1)
            pv = np.array(per_v, dtype=np.float64)[None, :]
            with np.errstate(divide="ignore", invalid="ignore"):
                terms = np.where(w > 0, w * np.log2(w * total / (pv * w_all[:, None])), 0.0)
            bits = float((terms.sum(axis=1) * np.array(mults, dtype=np.float64)).sum() / total)
            out.append(QuestionValue(answers, h_ans, max(bits, 0.0)))
        return out

    def answer_distributions(
        self, questions: Sequence[tuple[frozenset[int], frozenset[int]]]
    ) -> list[dict[int, int]]:
        """The exact distribution of each question's answer (answer -> worlds), without the
        solution: one forward pass per question from its first card on, with polynomial
        channels z = 0, -1, 2 (z = 1 is the world count)."""
        total = self.worlds
        if total == 0:
            return [{} for _ in questions]
        red = self.reduced
        opened = [
            sorted(c for c in cards if red.domains[c] & locs and not red.domains[c] <= locs)
            for locs, cards in questions
        ]
        lay = Layers(
            red,
            keep=frozenset(c for qc in opened for c in qc),
            together=sorted({frozenset(qc) for qc in opened if qc}, key=sorted),
        )
        if not lay.exact_float or lay.bound * 8 >= 2**53 or any(len(qc) > 3 for qc in opened):
            return [self.question_value(locs, cards).answers for locs, cards in questions]
        alpha = lay.forward()
        tail = lay.tail()
        out: list[dict[int, int]] = []
        for (locs, cards), qc in zip(questions, opened, strict=True):
            offset = sum(1 for c in cards if red.domains[c] <= locs)
            if not qc:
                out.append({offset: total})
                continue
            deg = len(qc)
            z = np.array([0.0, -1.0, 2.0][:deg])
            chan = {lay.layer_of[c] for c in qc}
            first = min(chan)
            m: Msg = np.repeat(alpha[first][:, None], deg, axis=1)
            for j in range(first, lay.n):
                t = lay.trans[j]
                if j not in chan:
                    m = t.fwd(m)
                    continue
                e = lay.comps[j][:, sorted(locs)].sum(axis=1)[lay.choices[j]]
                acc = np.zeros((t.n_out, deg))
                for ev in np.unique(e).tolist():
                    acc += t.subset(e == ev).fwd(m) * z**ev
                m = acc
            vals = np.concatenate([[float(total)], tail @ m])[None, :]
            coef = _interpolate(vals, deg)[0]
            out.append({offset + v: int(c) for v, c in enumerate(coef.tolist()) if c})
        return out

    # ---- sampling -----------------------------------------------------------------------------
    def sample(self, rng: random.Random, k: int = 1) -> list[list[int]]:
        """``k`` worlds drawn uniformly at random; each world gives a location per card."""
        if self.worlds == 0:
            raise ValueError("no consistent world to sample from")
        lay = self.layers
        assert lay is not None
        _, beta = self._passes
        base = [-1] * len(self.model.cards)
        for c, d in enumerate(self.reduced.domains):
            if len(d) == 1:
                base[c] = next(iter(d))
        tail = [to_int(x) for x in beta[-1]]
        by_src = []
        for j, t in enumerate(lay.trans):
            o = np.argsort(t.src, kind="stable")
            w = [to_int(x) for x in beta[j + 1][t.dst[o]]]
            if t.w is not None:
                w = [a * to_int(b) for a, b in zip(w, t.w[o], strict=True)]
            by_src.append((t.src[o].tolist(), t.dst[o].tolist(), lay.choices[j][o].tolist(), w))
        del tail
        out = []
        for _ in range(k):
            world = list(base)
            s = 0
            for j, group in enumerate(lay.groups):
                srcs, dsts, chs, ws = by_src[j]
                lo = _bisect(srcs, s)
                hi = _bisect(srcs, s + 1)
                r = rng.randrange(sum(ws[lo:hi]))
                for i in range(lo, hi):
                    r -= ws[i]
                    if r < 0:
                        s = dsts[i]
                        cards = list(group)
                        rng.shuffle(cards)
                        pos = 0
                        for loc, cnt in enumerate(lay.comps[j][chs[i]].tolist()):
                            for c in cards[pos : pos + cnt]:
                                world[c] = loc
                            pos += cnt
                        break
            rem = [int(x) for x in lay.final_rem[s]]
            free = list(lay.free)
            rng.shuffle(free)
            i = 0
            for loc, cnt in enumerate(rem):
                for c in free[i : i + cnt]:
                    world[c] = loc
                i += cnt
            out.append(world)
        return out


def _expand(
    lay: Layers, layers: npt.NDArray[np.int64], counts: npt.NDArray[np.int64], w: Msg
) -> tuple[npt.NDArray[np.int64], Msg]:
    """Specific constrained-card sets (N x 3, -1 padded) of solution compositions, and the
    count of each (int64 or object array): a slot of a cards from a group of several cards
    repeats its row over the group's C(n, a) choices."""
    single = np.array([g[0] if len(g) == 1 else -1 for g in lay.groups] + [-1], dtype=np.int64)
    n = layers.shape[0]
    cards = np.full((n, 3), -1, dtype=np.int64)
    src = np.arange(n)  # the composition each row comes from
    ptr = np.zeros(n, dtype=np.int64)  # next free column of each row
    for slot in range(3):
        g = layers[src, slot]
        a = counts[src, slot]
        one = (g >= 0) & (single[g] >= 0)
        cards[np.flatnonzero(one), ptr[one]] = single[g[one]]
        ptr[one] += 1
        multi = (g >= 0) & (single[g] < 0)
        if not multi.any():
            continue
        keep = np.flatnonzero(~multi)
        parts_cards = [cards[keep]]
        parts_src = [src[keep]]
        parts_ptr = [ptr[keep]]
        for gk, ak in sorted(set(zip(g[multi].tolist(), a[multi].tolist(), strict=True))):
            rows = np.flatnonzero(multi & (g == gk) & (a == ak))
            combos = np.array(list(combinations(lay.groups[gk], ak)), dtype=np.int64)
            m = len(combos)
            c = np.repeat(cards[rows], m, axis=0)
            p = np.repeat(ptr[rows], m)
            tiled = np.tile(combos, (len(rows), 1))
            for k in range(ak):
                c[np.arange(len(c)), p + k] = tiled[:, k]
            parts_cards.append(c)
            parts_src.append(np.repeat(src[rows], m))
            parts_ptr.append(p + ak)
        cards = np.concatenate(parts_cards)
        src = np.concatenate(parts_src)
        ptr = np.concatenate(parts_ptr)
    return cards, w[src]


def _interpolate(vals: Msg, deg: int) -> npt.NDArray[np.int64]:
    """Coefficients of polynomials of degree ``deg`` <= 3 from their values at 1, 0, -1, 2."""
    p = np.rint(vals).astype(np.int64)
    c = np.zeros((p.shape[0], deg + 1), dtype=np.int64)
    c[:, 0] = p[:, 1]
    if deg == 1:
        c[:, 1] = p[:, 0] - p[:, 1]
        return c
    c[:, 2] = (p[:, 0] + p[:, 2]) // 2 - c[:, 0]
    odd = (p[:, 0] - p[:, 2]) // 2
    if deg == 2:
        c[:, 1] = odd
        return c
    c[:, 3] = (p[:, 3] - c[:, 0] - 4 * c[:, 2] - 2 * odd) // 6
    c[:, 1] = odd - c[:, 3]
    return c


def _bisect(xs: list[int], v: int) -> int:
    lo, hi = 0, len(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] < v:
            lo = mid + 1
        else:
            hi = mid
    return lo


# ---- explanations and conflicts ---------------------------------------------------------------
def _minimal_subset(
    tags: Sequence[int], holds: Callable[[frozenset[int]], bool], budget: int = 400
) -> tuple[list[int], bool]:
    """A subset S of ``tags`` with ``holds(S)``, irreducible, and smallest when the search over
    smaller subsets fits in ``budget`` checks. Returns (subset, proven smallest)."""
    current = list(tags)
    for t in list(tags):
        trial = frozenset(x for x in current if x != t)
        if holds(trial):
            current = [x for x in current if x != t]
    smallest = True
    checks = 0
    for size in range(len(current)):
        n_sub = comb(len(tags), size)
        if checks + n_sub > budget:
            smallest = False
            break
        for sub in combinations(tags, size):
            checks += 1
            if holds(frozenset(sub)):
                return sorted(sub), True
    return sorted(current), smallest


def _restricted(model: Model, tags: frozenset[int]) -> Model:
    return model.with_constraints(c for c in model.constraints if c.tag < 0 or c.tag in tags)


def _all_tags(model: Model) -> list[int]:
    return sorted({c.tag for c in model.constraints if c.tag >= 0})


def explain(model: Model, card: int, location: int) -> tuple[list[int], bool]:
    """A smallest set of constraint tags that already implies ``card`` lies in ``location``.

    Returns (tags, proven smallest). Raises ValueError when the fact is not certain.
    """

    def holds(tags: frozenset[int]) -> bool:
        m = _restricted(model, tags)
        if Analysis(m).worlds == 0:
            return True
        neg = Constraint(frozenset([location]), frozenset([card]), 0)
        return Analysis(m.with_constraints((*m.constraints, neg))).worlds == 0

    tags = _all_tags(model)
    if not holds(frozenset(tags)):
        raise ValueError("the fact is not certain")
    return _minimal_subset(tags, holds)


def conflicts(model: Model) -> tuple[list[int], bool]:
    """A smallest set of constraint tags that is already inconsistent (with the background)."""

    def holds(tags: frozenset[int]) -> bool:
        return Analysis(_restricted(model, tags)).worlds == 0

    tags = _all_tags(model)
    if not holds(frozenset(tags)):
        raise ValueError("the model is consistent")
    return _minimal_subset(tags, holds)
