"""Queries on a model: worlds, marginals, solution posterior, certain facts,
information gain of a question, and uniform sampling of worlds.

A model's exclusions (solutions ruled out) are not part of the dynamic program: the analysis
counts the model without them (``plain_worlds``, ``layers``, ``solution_arrays``) and one
*part* per excluded solution, the model with that solution fixed, and subtracts
(``sleuth.deduce.exclusions``). Every public answer is of the model with its exclusions.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate, combinations
from math import comb, log2

import numpy as np

from sleuth.deduce import kernels, ring_kernel
from sleuth.deduce.counting import composition_weights, ints, to_int
from sleuth.deduce.dp import Layers
from sleuth.deduce.exclusions import classes_without, question_without
from sleuth.deduce.model import Model, Reduced, propagate
from sleuth.deduce.sampling import draw_worlds
from sleuth.deduce.solution import (
    Channels,
    choice_counts,
    expand_compositions,
    interpolate,
    solution_weights,
)
from sleuth.deduce.transitions import Msg, NDArray


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
        # One part per distinct excluded solution that the constraints still allow.
        self.excluded_solutions: list[frozenset[int]] = []
        self.parts: list[Analysis] = []
        sol = model.solution
        if self.reduced.ok and sol is not None:
            for ex in model.excluded:
                if ex.cards in self.excluded_solutions:
                    continue
                if all(sol in self.reduced.domains[c] for c in ex.cards):
                    self.excluded_solutions.append(ex.cards)
                    self.parts.append(Analysis(model.with_solution_fixed(ex.cards)))

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
    def _compiled(self) -> tuple[Msg, Msg] | None:
        """The forward message's last column and each layer's worlds with one specific card
        of its group in each location, by the compiled kernel (None: not here)."""
        lay = self.layers
        if lay is None or not lay.exact_float or not kernels.layer_ready():
            return None
        return kernels.plain_counts(ring_kernel.layer_arrays(lay), lay.tail())

    @cached_property
    def plain_worlds(self) -> int:
        """The exact number of worlds of the model without its exclusions."""
        if self.layers is None:
            return 0
        if self._compiled is not None:
            return to_int(np.dot(self._compiled[0], self.layers.tail()))
        alpha, beta = self._passes
        return to_int(np.dot(alpha[-1], beta[-1]))

    @cached_property
    def worlds(self) -> int:
        """The exact number of worlds consistent with the model."""
        return self.plain_worlds - sum(part.worlds for part in self.parts)

    @property
    def consistent(self) -> bool:
        return self.worlds > 0

    @cached_property
    def marginal_counts(self) -> list[list[int]]:
        """counts[card][location]: the worlds in which the card lies in the location."""
        out = [list(row) for row in self._plain_marginals]
        for part in self.parts:
            for row, minus in zip(out, part.marginal_counts, strict=True):
                for loc, cnt in enumerate(minus):
                    row[loc] -= cnt
        return out

    @cached_property
    def _plain_marginals(self) -> list[list[int]]:
        m = self.model
        nl = len(m.locations)
        out = [[0] * nl for _ in m.cards]
        lay = self.layers
        if lay is None or self.plain_worlds == 0:
            return out
        total = self.plain_worlds
        for c, d in enumerate(self.reduced.domains):
            if len(d) == 1:
                out[c][next(iter(d))] = total
        compiled = self._compiled
        if compiled is not None:
            for j, group in enumerate(lay.groups):
                counts = ints(compiled[1][j])
                for c in group:
                    out[c] = list(counts)
            if lay.free:
                self._free_marginals(compiled[0], out)
            return out
        alpha, beta = self._passes
        for j, group in enumerate(lay.groups):
            t = lay.trans[j]
            comps = lay.comps[j]
            # one specific card of the group in location l: the others placed as x - e_l
            if len(group) == 1:
                per_card = comps if lay.exact_float else comps.astype(object)
            else:
                size, domain, caps = lay.comp_keys[j]
                per_card = np.stack(
                    [
                        composition_weights(size, domain, caps, nl, False, minus=loc)
                        for loc in range(nl)
                    ],
                    axis=1,
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
            self._free_marginals(alpha[-1], out)
        return out

    def _free_marginals(self, fa: Msg, out: list[list[int]]) -> None:
        """Each free card's row of ``out``, from the forward message's last column."""
        lay = self.layers
        assert lay is not None
        nfree = len(lay.free)
        if lay.exact_float:
            # one specific free card in loc: multinomial(m - 1; rem - e_loc) = tail*rem/m
            t64 = np.rint(lay.tail()).astype(np.int64)
            per_loc = (t64[:, None] * lay.final_rem) // nfree
            row = ints(fa @ per_loc.astype(np.float64))
        else:
            row = [
                to_int(np.dot(fa, lay.tail(minus=loc))) if lay.cap[loc] else 0
                for loc in range(len(self.model.locations))
            ]
        for c in lay.free:
            out[c] = list(row)

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
    def solution_arrays(self) -> tuple[NDArray[np.int64], NDArray[np.int64], list[int]]:
        """The solution posterior of the model without its exclusions in compact form: (cards
        K x 3 padded with -1, free_count K, counts K). A class holds its cards plus any
        ``free_count`` of the free cards; each such solution has exactly its count of worlds."""
        m = self.model
        lay = self.layers
        if m.solution is None:
            raise ValueError("the model has no solution location")
        if lay is None or self.plain_worlds == 0:
            return np.zeros((0, 3), np.int64), np.zeros(0, np.int64), []
        sol = m.solution
        fixed = [c for c, d in enumerate(self.reduced.domains) if d == {sol}]
        final = lay.tail(drop=sol)[:, None]
        comp = solution_weights(lay, final)
        cap = lay.cap[sol]
        wcol = comp.weights[:, 0]
        wint: Msg = np.rint(wcol).astype(np.int64) if lay.exact_float else wcol
        cards, counts_arr = expand_compositions(lay, comp.layers, comp.counts, wint)
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
        """The solutions in classes (the free cards are those of ``layers``)."""
        cards, free_count, counts = self.solution_arrays
        rows = [
            (tuple(int(x) for x in row if x >= 0), int(q), cnt)
            for row, q, cnt in zip(cards, free_count, counts, strict=True)
            if cnt
        ]
        if self.excluded_solutions:
            free = self.layers.free if self.layers is not None else []
            rows = classes_without(rows, free, self.excluded_solutions)
        return [SolutionClass(*row) for row in rows]

    def solution_table(self) -> tuple[NDArray[np.int64], NDArray[np.float64], list[int]]:
        """Every solution with non-zero probability, most likely first: (cards N x size, sorted
        card indices per row; probabilities; exact world counts)."""
        return self._solution_table

    @cached_property
    def _solution_table(
        self,
    ) -> tuple[NDArray[np.int64], NDArray[np.float64], list[int]]:
        cards, free_count, counts = self.solution_arrays
        lay = self.layers
        free = np.array(lay.free if lay is not None else [], dtype=np.int64)
        rows: list[NDArray[np.int64]] = []
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
        if self.excluded_solutions:
            kept = np.ones(allrows.shape[0], dtype=bool)
            for solution in self.excluded_solutions:
                kept &= np.any(allrows != np.array(sorted(solution))[None, :], axis=1)
            allrows = allrows[kept]
            cnts = [c for c, k in zip(cnts, kept.tolist(), strict=True) if k]
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
        plain = self._plain_question_value(locations, cards)
        if not self.parts:
            return plain
        removed = [part.answer_distributions([(locations, cards)])[0] for part in self.parts]
        return self._without_parts(plain, removed)

    def _without_parts(self, plain: QuestionValue, removed: list[dict[int, int]]) -> QuestionValue:
        return QuestionValue(
            *question_without(
                self.plain_worlds,
                plain.answers,
                plain.answer_entropy,
                plain.solution_bits,
                removed,
            )
        )

    def _plain_question_value(
        self, locations: frozenset[int], cards: frozenset[int]
    ) -> QuestionValue:
        total = self.plain_worlds
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
        plain = self._plain_question_values(questions)
        if not self.parts:
            return plain
        removed = [part.answer_distributions(questions) for part in self.parts]
        return [
            self._without_parts(qv, [dists[i] for dists in removed]) for i, qv in enumerate(plain)
        ]

    def _plain_question_values(
        self, questions: Sequence[tuple[frozenset[int], frozenset[int]]]
    ) -> list[QuestionValue]:
        total = self.plain_worlds
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
            return [self._plain_question_value(locs, cards) for locs, cards in questions]
        spec = lay.tail(drop=sol)
        plain = solution_weights(lay, spec[:, None], keep_zeros=True)
        # The rows are in one order for every question: their specific choices, times the
        # free cards that complete the solution, are counted once.
        mults_all = choice_counts(plain, [len(g) for g in lay.groups], len(lay.free), lay.cap[sol])
        # Questions on the same cards (at different targets) share one sweep: a column per
        # question and channel z = 0, -1, 2 as its degree needs (z = 1 is the plain sweep).
        batches: dict[frozenset[int], list[int]] = {}
        for i, ((_, cards), qc) in enumerate(zip(questions, opened, strict=True)):
            if qc:
                batches.setdefault(cards, []).append(i)
        joint: dict[int, Msg] = {}
        for members in batches.values():
            col_layers: list[frozenset[int]] = []
            col_locs: list[frozenset[int]] = []
            col_z: list[float] = []
            for i in members:
                deg = len(opened[i])
                col_layers += [frozenset(lay.layer_of[c] for c in opened[i])] * deg
                col_locs += [questions[i][0]] * deg
                col_z += [0.0, -1.0, 2.0][:deg]
            chan = Channels(tuple(col_layers), tuple(col_locs), np.array(col_z))
            final = np.repeat(spec[:, None], len(col_z), axis=1)
            comp = solution_weights(lay, final, chan, keep_zeros=True)
            k = 0
            for i in members:
                deg = len(opened[i])
                joint[i] = comp.weights[:, k : k + deg]
                k += deg
        out: list[QuestionValue] = []
        for i, ((locs, cards), qc) in enumerate(zip(questions, opened, strict=True)):
            offset = sum(1 for c in cards if red.domains[c] <= locs)
            if not qc:
                out.append(QuestionValue({offset: total}, 0.0, 0.0))
                continue
            deg = len(qc)
            vals_all = np.concatenate([plain.weights, joint[i]], axis=1)
            nz = np.any(vals_all != 0, axis=1)
            coef = interpolate(vals_all[nz], deg)  # N x (deg + 1), exact
            mults = mults_all[nz]
            # every term is a count of worlds (>= 0) and they sum to the world count: int64
            per_v = [int(x) for x in (mults @ coef).tolist()]
            if sum(per_v) != total:
                raise ArithmeticError("question joint does not sum to the world count")
            answers = {offset + v: cnt for v, cnt in enumerate(per_v) if cnt}
            h_ans = -sum(c / total * log2(c / total) for c in answers.values())
            w = coef.astype(np.float64)
            w_all = w.sum(axis=1)
            pv = np.array(per_v, dtype=np.float64)[None, :]
            with np.errstate(divide="ignore", invalid="ignore"):
                terms = np.where(w > 0, w * np.log2(w * total / (pv * w_all[:, None])), 0.0)
            bits = float((terms.sum(axis=1) * mults.astype(np.float64)).sum() / total)
            out.append(QuestionValue(answers, h_ans, max(bits, 0.0)))
        return out

    def answer_distributions(
        self, questions: Sequence[tuple[frozenset[int], frozenset[int]]]
    ) -> list[dict[int, int]]:
        """The exact distribution of each question's answer (answer -> worlds), without the
        solution: one forward pass per question from its first card on, with polynomial
        channels z = 0, -1, 2 (z = 1 is the world count)."""
        out = self._plain_answer_distributions(questions)
        for part in self.parts:
            for dist, minus in zip(out, part.answer_distributions(questions), strict=True):
                for v, cnt in minus.items():
                    dist[v] -= cnt
        return [{v: cnt for v, cnt in sorted(dist.items()) if cnt} for dist in out]

    def _plain_answer_distributions(
        self, questions: Sequence[tuple[frozenset[int], frozenset[int]]]
    ) -> list[dict[int, int]]:
        total = self.plain_worlds
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
            return [self._plain_question_value(locs, cards).answers for locs, cards in questions]
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
            coef = interpolate(vals, deg)[0]
            out.append({offset + v: int(c) for v, c in enumerate(coef.tolist()) if c})
        return out

    # ---- sampling -----------------------------------------------------------------------------
    def sample(self, rng: random.Random, k: int = 1) -> list[list[int]]:
        """``k`` worlds drawn uniformly at random; each world gives a location per card."""
        if self.worlds == 0:
            raise ValueError("no consistent world to sample from")
        if not self.parts:
            return self._plain_sample(rng, k)
        sol = self.model.solution
        if 2 * self.worlds >= self.plain_worlds:
            # Rejection: a world of the model without exclusions is kept with chance >= 1/2.
            out: list[list[int]] = []
            while len(out) < k:
                for world in self._plain_sample(rng, k - len(out)):
                    held = frozenset(c for c, loc in enumerate(world) if loc == sol)
                    if held not in self.excluded_solutions:
                        out.append(world)
            return out
        # Most worlds are excluded: draw the solution by its worlds, then a world of it.
        rows, _, counts = self.solution_table()
        upto = list(accumulate(counts))
        picks = [bisect_right(upto, rng.randrange(upto[-1])) for _ in range(k)]
        worlds: dict[int, list[list[int]]] = {}
        for i in sorted(set(picks)):
            fixed = Analysis(self.model.with_solution_fixed(int(c) for c in rows[i]))
            worlds[i] = fixed._plain_sample(rng, picks.count(i))
        return [worlds[i].pop() for i in picks]

    def _plain_sample(self, rng: random.Random, k: int) -> list[list[int]]:
        lay = self.layers
        assert lay is not None
        return draw_worlds(lay, self._passes[1], self.reduced.domains, rng, k)
