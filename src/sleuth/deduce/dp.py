"""Exact model counting by a layered frontier dynamic program over cards.

After propagation, the undecided cards split into *constrained* cards (named by a live
constraint, or with a narrowed domain) and *free* cards (named by nothing, allowed everywhere).
Free cards are interchangeable and are counted in closed form by a multinomial of the capacities
left after the constrained cards. Constrained cards that nothing separates (same domain, same
constraints) form a group, placed in one layer: a move puts x_l of them in each location l, in
multinomial(n; x) ways. Groups are processed in an order that keeps few constraints open
(constrained groups first, domain-only groups last); a state is the fill of every location plus
the running count of every open constraint, packed into one int64 key. States that cannot be
completed (no room left for a constraint, too few cards left for a location) are cut while
building, and the rest pruned backwards. Transitions of every layer are built once with numpy;
counts, marginals (forward-backward), the solution posterior and question joints reuse them.

All counts are exact. They are float64 when every intermediate value is provably below 2**53
(each is a number of capacity-respecting placements, bounded by the multinomial of the
undecided cards), else Python integers in object arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from sleuth.deduce import kernels, layer_kernel
from sleuth.deduce.counting import BINOM64, composition_weights, compositions, multinomial
from sleuth.deduce.model import Reduced
from sleuth.deduce.transitions import IntArr, Msg, NDArray, Trans

_EXACT_FLOAT = 2**53


def _first_of_each(keys: IntArr) -> tuple[IntArr, IntArr, IntArr]:
    """The distinct keys in order: the index of each one's first occurrence, each key's rank
    among them, and a stable order of the keys (``np.unique``'s own sort, kept for the
    transitions rather than sorted again)."""
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    new = np.empty(len(keys), dtype=bool)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    rank = np.empty(len(keys), dtype=np.int64)
    rank[order] = np.cumsum(new) - 1
    return order[new], rank, order


class _Limits(NamedTuple):
    """What the states after each layer ``j`` must satisfy to be completed at all."""

    need: IntArr  # [j][l]: the least fill of location l
    upper: IntArr  # [j][l]: the most fill of location l (capacity less unstarted constraints)
    rest: list[list[int]]  # [i][j]: members of constraint i in layers after j
    last: list[int]  # [i]: the layer that closes constraint i (past the end: the observed one)
    group_cons: list[list[int]]  # [j]: the constraints naming layer j's cards


class _Keys(NamedTuple):
    """A move's next-state key is ``base[state] + step[move]``."""

    base: IntArr
    step: IntArr


class Layers:
    """The layered state graph of a reduced model.

    ``observe`` adds an observed slot ``(locations, cards)``: its count is carried to the end and
    the final states are split by it (``final_obs``); it is never checked. Cards in ``keep``
    are never counted in closed form: they get layers of their own. Each set in ``together``
    is kept apart from other cards in groups, and close together in the order.
    """

    def __init__(
        self,
        red: Reduced,
        observe: tuple[frozenset[int], frozenset[int]] | None = None,
        keep: frozenset[int] = frozenset(),
        together: Sequence[frozenset[int]] = (),
    ) -> None:
        model = red.model
        self.red = red
        nl = len(model.locations)
        self.nl = nl
        self.cap = red.remaining_capacity()
        self._cap_arr = np.array(self.cap, dtype=np.int64)
        undecided = [c for c, d in enumerate(red.domains) if len(d) > 1]
        cons: list[tuple[frozenset[int], tuple[int, ...], int]] = [
            (locs, cards, k) for locs, cards, k, _ in red.live
        ]
        self.obs_offset = 0
        self.obs_index: int | None = None
        if observe is not None:
            olocs, ocards = observe
            self.obs_offset = sum(1 for c in ocards if red.domains[c] <= olocs)
            open_cards = tuple(
                sorted(c for c in ocards if red.domains[c] & olocs and not red.domains[c] <= olocs)
            )
            if open_cards:
                self.obs_index = len(cons)
                cons.append((olocs, open_cards, len(open_cards)))
        self.cons = cons
        named: set[int] = set()
        for _, cards, _ in cons:
            named.update(cards)
        full = {loc for loc in range(nl) if self.cap[loc] > 0}
        self.free = [
            c for c in undecided if c not in named and c not in keep and red.domains[c] == full
        ]
        constrained = [c for c in undecided if c not in self.free]
        # interchangeable cards: same domain, same constraints, same pull-together sets
        sig: dict[tuple[frozenset[int], tuple[int, ...], tuple[int, ...]], list[int]] = {}
        named_by: dict[int, list[int]] = {c: [] for c in constrained}
        for i, (_, cs, _) in enumerate(cons):
            for c in cs:
                if c in named_by:
                    named_by[c].append(i)
        for c in constrained:
            key = (
                frozenset(red.domains[c]),
                tuple(named_by[c]),
                tuple(g for g, t in enumerate(together) if c in t),
            )
            sig.setdefault(key, []).append(c)
        units = list(sig.values())
        self.groups: list[tuple[int, ...]] = [tuple(units[u]) for u in self._order(units, together)]
        self.layer_of = {c: j for j, g in enumerate(self.groups) for c in g}
        self.bound = multinomial([self.cap[loc] for loc in range(nl)])
        self.exact_float = self.bound < _EXACT_FLOAT and len(undecided) < 60
        self.split_cache: dict[int, object] = {}
        # (layer, solution count, solution, locations) -> cards each such move puts there
        self.moved_cache: dict[tuple[int, int, int, frozenset[int]], IntArr] = {}
        self.plan_cache: dict[int, object] = {}  # solution location -> composition plan
        self.forward_cache: dict[tuple[int, str], list[Msg]] = {}
        self.backward_cache: dict[tuple[int, str], tuple[Msg, list[Msg]]] = {}
        # (solution, layer, solution cards, dtype) -> a plain step of the solution sweep
        self.step_cache: dict[tuple[int, int, int, str], Msg] = {}
        self.label_cache: dict[tuple[int, str], list[list[tuple[int, int]]]] = {}
        # solution -> (the plain sweep's final column, its data for the compiled sweep)
        self.sweep_cache: dict[int, tuple[Msg, object]] = {}
        self.arrays: tuple[object, ...] | None = None  # for the compiled sums (``ring_kernel``)
        self._tails: dict[tuple[int | None, int | None], Msg] = {}
        self.dtype: type = np.float64 if self.exact_float else object
        self._build()

    # ---- order ------------------------------------------------------------------------------
    def _order(self, units: list[list[int]], together: Sequence[frozenset[int]] = ()) -> list[int]:
        """A greedy order of the groups that keeps few constraints open; sets in ``together``
        are kept close (a weaker pull than constraints)."""
        member: list[list[int]] = [[] for _ in units]
        left: list[set[int]] = [set() for _ in self.cons]
        group_of: list[list[int]] = [[] for _ in units]
        gleft: list[set[int]] = [set() for _ in together]
        for u, cards in enumerate(units):
            c = cards[0]
            for i, (_, cs, _) in enumerate(self.cons):
                if c in cs:
                    member[u].append(i)
                    left[i].add(u)
            for g, t in enumerate(together):
                if c in t:
                    group_of[u].append(g)
                    gleft[g].add(u)
        comp = self._components(units)
        # sets of constraints and of pull-together sets as bits, counts of groups left
        mbits = [sum(1 << i for i in m) for m in member]
        gbits = [sum(1 << g for g in m) for m in group_of]
        left_n = [len(x) for x in left]
        gleft_n = [len(x) for x in gleft]
        obs = -1 if self.obs_index is None else self.obs_index
        remaining = set(range(len(units)))
        open_ = gopen = 0
        order: list[int] = []
        current = -1
        while remaining:
            best: tuple[int, int, int, int, int] | None = None
            pick = -1
            # finish one independent part before the next: their state spaces then add up
            cand = [u for u in remaining if comp[u] == current] or list(remaining)
            pool = [u for u in cand if member[u]] or cand
            for u in pool:
                closing = sum(1 << i for i in member[u] if left_n[i] == 1 and i != obs)
                gclosing = sum(1 << g for g in group_of[u] if gleft_n[g] == 1)
                score = (
                    ((open_ | mbits[u]) & ~closing).bit_count(),
                    -(open_ & mbits[u]).bit_count(),
                    ((gopen | gbits[u]) & ~gclosing).bit_count(),
                    len(self.red.domains[units[u][0]]),
                    u,
                )
                if best is None or score < best:
                    best, pick = score, u
            order.append(pick)
            remaining.discard(pick)
            current = comp[pick]
            for i in member[pick]:
                left_n[i] -= 1
                open_ = open_ | 1 << i if left_n[i] or i == obs else open_ & ~(1 << i)
            for g in group_of[pick]:
                gleft_n[g] -= 1
                gopen = gopen | 1 << g if gleft_n[g] else gopen & ~(1 << g)
        return order

    def _components(self, units: list[list[int]]) -> list[int]:
        """Independent parts: groups linked by a location they may share or a constraint."""
        parent = list(range(len(units) + self.nl))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        def union(x: int, y: int) -> None:
            parent[find(x)] = find(y)

        base = len(units)
        if self.free:
            live = [loc for loc in range(self.nl) if self.cap[loc] > 0]
            for loc in live[1:]:
                union(base + live[0], base + loc)
        for u, cards in enumerate(units):
            for loc in self.red.domains[cards[0]]:
                union(u, base + loc)
        for locs, cs, _ in self.cons:
            us = [u for u, cards in enumerate(units) if cards[0] in cs]
            for u in us[1:]:
                union(us[0], u)
            for loc in locs:
                if us:
                    union(us[0], base + loc)
        return [find(u) for u in range(len(units))]

    # ---- layer construction -------------------------------------------------------------------
    def _compositions(self, size: int, domain: list[int]) -> IntArr:
        caps = tuple(self.cap[d] for d in domain)
        return compositions(size, tuple(domain), caps, self.nl)

    def _build(self) -> None:
        """Every layer's transitions, forward from the empty fill, then pruned backwards."""
        nl = self.nl
        limits = self._limits()
        states = np.zeros((1, nl), dtype=np.int64)
        prev_open: list[int] = []
        self.trans: list[Trans] = []
        self.choices: list[IntArr] = []
        self.comps: list[IntArr] = []
        self.comp_w: list[Msg | None] = []
        # per layer, the key of its moves in ``composition_weights``
        self.comp_keys: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        self.sizes: list[int] = [1]
        for j, group in enumerate(self.groups):
            states, prev_open = self._add_layer(j, group, states, prev_open, limits)
        self.n = len(self.groups)
        states = self._prune(states)
        self.final_rem = np.array(self.cap, dtype=np.int64)[None, :] - states[:, :nl]
        if self.obs_index is not None and self.n > 0:
            self.final_obs = states[:, nl]
        else:
            self.final_obs = np.zeros(states.shape[0], dtype=np.int64)

    def _limits(self) -> _Limits:
        """What a state after each layer must leave room for, to be completed at all."""
        n, layer_of = len(self.groups), self.layer_of
        last = [max(layer_of[c] for c in cs) for _, cs, _ in self.cons]
        if self.obs_index is not None:
            last[self.obs_index] = n
        group_cons = [
            [i for i, (_, cs, _) in enumerate(self.cons) if g[0] in cs] for g in self.groups
        ]
        rest = []  # rest[i][j]: members of constraint i in layers after j
        for _, cs, _ in self.cons:
            left = [0] * n
            for c in cs:
                for j in range(layer_of[c]):
                    left[j] += 1
            rest.append(left)
        upper = np.array(self.cap, dtype=np.int64)[None, :] - self._reserve()
        return _Limits(self._need(), upper, rest, last, group_cons)

    def _need(self) -> IntArr:
        """need[j][l]: the least fill of location l after layer j that can still be completed
        (by the groups after j and the free cards)."""
        n = len(self.groups)
        need = np.zeros((n, self.nl), dtype=np.int64)
        avail = np.full(self.nl, len(self.free), dtype=np.int64)
        cap_arr = np.array(self.cap, dtype=np.int64)
        for j in range(n - 1, -1, -1):
            need[j] = cap_arr - avail
            for loc in self.red.domains[self.groups[j][0]]:
                avail[loc] += len(self.groups[j])
        return need

    def _reserve(self) -> IntArr:
        """reserve[j][l]: room that constraints on location l not started by layer j still
        need (a greedy packing of pairwise disjoint ones, largest count first)."""
        n, layer_of = len(self.groups), self.layer_of
        reserve = np.zeros((n, self.nl), dtype=np.int64)
        # per location, its constraints largest count first (ties in constraint order)
        by_loc: dict[int, list[tuple[int, int, frozenset[int]]]] = {}
        for i, (locs_i, cs_i, k_i) in enumerate(self.cons):
            if i != self.obs_index and len(locs_i) == 1:
                (loc,) = locs_i
                first = min(layer_of[c] for c in cs_i)
                by_loc.setdefault(loc, []).append((first, k_i, frozenset(cs_i)))
        for loc, entries in by_loc.items():
            entries.sort(key=lambda x: -x[1])
            for j in range(n):
                used: set[int] = set()
                for first_i, k_i, cs_set in entries:
                    if first_i > j and not used & cs_set:
                        reserve[j, loc] += k_i
                        used |= cs_set
        return reserve

    def _add_layer(
        self, j: int, group: tuple[int, ...], states: IntArr, prev_open: list[int], limits: _Limits
    ) -> tuple[IntArr, list[int]]:
        """Layer ``j``: every move of ``group`` from ``states`` that can still be completed,
        its transitions recorded; returns the states after it and the constraints left open."""
        nl = self.nl
        ext_ids = prev_open + [i for i in limits.group_cons[j] if i not in prev_open]
        new_open = [i for i in ext_ids if limits.last[i] > j]
        prev_col = {i: nl + k for k, i in enumerate(prev_open)}
        domain = sorted(self.red.domains[group[0]])
        comps = self._compositions(len(group), domain)
        mult = self._multipliers(new_open)
        done = None
        if kernels.layer_ready():
            done = kernels.layer_moves(
                states,
                comps,
                len(group),
                np.array(domain, dtype=np.int64),
                (limits.need[j], limits.upper[j], self._cap_arr),
                layer_kernel.layer_spec(self, j, prev_col, new_open, limits, mult),
            )
        if done is not None:
            src, choice, dst, by_dst, new_states = done
        else:
            src, choice, dst, by_dst, new_states = self._moves(
                j, len(group), states, comps, domain, prev_col, new_open, limits, mult
            )
        cw: Msg | None = None
        if len(group) > 1:
            caps = tuple(self.cap[d] for d in domain)
            cw = composition_weights(len(group), tuple(domain), caps, nl, self.exact_float)
        self.comp_keys.append((len(group), tuple(domain), tuple(self.cap[d] for d in domain)))
        weights = None if cw is None else cw[choice]
        self.trans.append(Trans(src, dst, states.shape[0], len(new_states), by_dst, weights))
        self.choices.append(choice)
        self.comps.append(comps)
        self.comp_w.append(cw)
        self.sizes.append(len(new_states))
        return new_states, new_open

    def _moves(
        self,
        j: int,
        size: int,
        states: IntArr,
        comps: IntArr,
        domain: list[int],
        prev_col: dict[int, int],
        new_open: list[int],
        limits: _Limits,
        mult: IntArr,
    ) -> tuple[IntArr, IntArr, IntArr, IntArr, IntArr]:
        """With numpy, what ``kernels.layer_moves`` gives: (state, move, next state, the
        transitions ordered by next state, the next states)."""
        nl = self.nl
        ok = self._room_mask(j, size, states, comps, domain, limits)
        inc = self._count_checks(j, states, comps, prev_col, limits, ok)
        self._open_room_checks(states, comps, domain, prev_col, new_open, inc, ok)
        src, choice = np.nonzero(ok)
        keys = self._state_keys(states, comps, prev_col, new_open, inc, mult)
        # transitions into one state share its key; the states come out in key order
        rep, dst, by_dst = _first_of_each(keys.base[src] + keys.step[choice])
        fs, fc = src[rep], choice[rep]
        new_states = np.zeros((len(rep), nl + len(new_open)), dtype=np.int64)
        new_states[:, :nl] = states[fs, :nl] + comps[fc]
        for k, i in enumerate(new_open):
            if i in prev_col:
                new_states[:, nl + k] = states[fs, prev_col[i]]
            if i in inc:
                new_states[:, nl + k] += inc[i][fc]
        return src.astype(np.int64), choice.astype(np.int64), dst, by_dst, new_states

    def _room_mask(
        self, j: int, size: int, states: IntArr, comps: IntArr, domain: list[int], limits: _Limits
    ) -> NDArray[np.bool_]:
        """ok[s, c]: whether move ``c`` from state ``s`` keeps every location within the room
        its unstarted constraints leave, and fills what the later layers cannot."""
        nl, cap = self.nl, self.cap
        fills = states[:, :nl]
        d = limits.need[j][None, :] - fills  # what each location still needs now
        up = limits.upper[j]
        if size == 1:  # a move per location of the domain, in its order
            locs = np.array(domain, dtype=np.int64)
            short = d > 0
            fits: NDArray[np.bool_] = (fills[:, locs] < up[locs]) & (d[:, locs] <= 1)
            fits &= (short.sum(axis=1)[:, None] - short[:, locs]) == 0
            return fits
        ok = np.ones((states.shape[0], len(comps)), dtype=bool)
        dmax = d.max(axis=0, initial=-(1 << 30))
        for loc in range(nl):
            if loc in domain:
                ok &= fills[:, loc, None] + comps[None, :, loc] <= up[loc]
            elif up[loc] < cap[loc]:
                ok &= (fills[:, loc] <= up[loc])[:, None]
            if loc in domain:
                if dmax[loc] > 0:
                    ok &= comps[None, :, loc] >= d[:, loc, None]
            elif dmax[loc] > 0:
                ok &= (d[:, loc] <= 0)[:, None]
        return ok

    def _count_checks(
        self,
        j: int,
        states: IntArr,
        comps: IntArr,
        prev_col: dict[int, int],
        limits: _Limits,
        ok: NDArray[np.bool_],
    ) -> dict[int, IntArr]:
        """Clears in ``ok`` the moves that overshoot a constraint of the group's cards, leave
        too few of its cards to reach its count, or end it off its count; returns, per such
        constraint, what each move adds to its running count."""
        s = states.shape[0]
        inc: dict[int, IntArr] = {}
        for i in limits.group_cons[j]:
            locs_i, _, k_i = self.cons[i]
            inc[i] = comps[:, sorted(locs_i)].sum(axis=1)
            if i == self.obs_index:
                continue
            cnt = states[:, prev_col[i]] if i in prev_col else np.zeros(s, np.int64)
            tot = cnt[:, None] + inc[i][None, :]
            if limits.last[i] == j:
                ok &= tot == k_i
            else:
                ok &= (tot <= k_i) & (tot >= k_i - limits.rest[i][j])
        return inc

    def _open_room_checks(
        self,
        states: IntArr,
        comps: IntArr,
        domain: list[int],
        prev_col: dict[int, int],
        new_open: list[int],
        inc: dict[int, IntArr],
        ok: NDArray[np.bool_],
    ) -> None:
        """Clears in ``ok`` the moves that leave an open constraint on one location too
        little room there (a constraint this group does not touch only needs checking where
        the group adds cards)."""
        s, cap = states.shape[0], self.cap
        fills = states[:, : self.nl]
        need_room: dict[int, IntArr] = {}
        for i in new_open:
            locs_i, _, k_i = self.cons[i]
            if i == self.obs_index or len(locs_i) != 1:
                continue
            (li,) = locs_i
            cnt = states[:, prev_col[i]] if i in prev_col else np.zeros(s, np.int64)
            if i in inc:
                cnt2 = cnt[:, None] + inc[i][None, :]
                ok &= k_i - cnt2 <= cap[li] - fills[:, li, None] - comps[None, :, li]
            elif li in domain:
                r = k_i - cnt
                need_room[li] = r if li not in need_room else np.maximum(need_room[li], r)
        for li, r in need_room.items():
            ok &= r[:, None] <= cap[li] - fills[:, li, None] - comps[None, :, li]

    def _state_keys(
        self,
        states: IntArr,
        comps: IntArr,
        prev_col: dict[int, int],
        new_open: list[int],
        inc: dict[int, IntArr],
        mult: IntArr,
    ) -> _Keys:
        """The int64 key of the state a move leads to, as the sum of a part per state and a
        part per move (``mult`` from ``_multipliers``)."""
        nl = self.nl
        base = states[:, :nl] @ mult[:nl]
        step = comps @ mult[:nl]
        for k, i in enumerate(new_open):
            if i in prev_col:
                base = base + states[:, prev_col[i]] * mult[nl + k]
            if i in inc:
                step = step + inc[i] * mult[nl + k]
        return _Keys(base, step)

    def _multipliers(self, new_open: list[int]) -> IntArr:
        """The key of a state: the fill of every location, then the count of every open
        constraint, in mixed radix; its multiplier per column."""
        nl, obs = self.nl, self.obs_index
        radix = [self.cap[loc] + 1 for loc in range(nl)]
        radix += [(len(self.cons[i][1]) if i == obs else self.cons[i][2]) + 1 for i in new_open]
        mult = np.ones(len(radix), dtype=np.int64)
        acc = 1
        for k in range(len(radix) - 1, -1, -1):
            mult[k] = acc
            acc *= radix[k]
        if acc >= 2**62:
            raise OverflowError("state space too large to pack into int64 keys")
        return mult

    def _prune(self, states: IntArr) -> IntArr:
        """Drop states that cannot reach the end; returns the final states kept."""
        alive = np.ones(states.shape[0], dtype=bool)
        keep: list[IntArr] = [np.flatnonzero(alive)]
        for t in reversed(self.trans):
            prev = np.zeros(t.n_in, dtype=bool)
            prev[t.src[alive[t.dst]]] = True
            alive = prev
            keep.append(np.flatnonzero(alive))
        keep.reverse()
        for j, t in enumerate(self.trans):
            ks, kd = keep[j], keep[j + 1]
            if len(ks) == t.n_in and len(kd) == t.n_out:
                continue
            ms = np.full(t.n_in, -1, dtype=np.int64)
            ms[ks] = np.arange(len(ks))
            md = np.full(t.n_out, -1, dtype=np.int64)
            md[kd] = np.arange(len(kd))
            sel = (ms[t.src] >= 0) & (md[t.dst] >= 0)
            sub = t.subset(sel)
            self.trans[j] = Trans(ms[sub.src], md[sub.dst], len(ks), len(kd), sub._order, sub.w)
            self.choices[j] = self.choices[j][sel]
            self.sizes[j + 1] = len(kd)
        return states[keep[-1]]

    # ---- closed-form tail ---------------------------------------------------------------------
    def tail(self, drop: int | None = None, minus: int | None = None) -> Msg:
        """Per final state, the placements of the free cards into the remaining capacities.

        ``drop``: that location's share is fixed to specific cards (not chosen);
        ``minus``: one specific free card is put into that location.
        """
        key = (drop, minus)
        hit = self._tails.get(key)
        if hit is not None:
            return hit
        rem = self.final_rem.copy()
        if minus is not None:
            rem[:, minus] -= 1
        cols = [loc for loc in range(self.nl) if loc != drop]
        rem = rem[:, cols]
        bad: NDArray[np.bool_] = np.asarray((rem < 0).any(axis=1))
        rem[bad] = 0
        out: Msg
        if self.exact_float:
            cum = np.cumsum(rem, axis=1)
            vals = np.ones(rem.shape[0], dtype=np.int64)
            for k in range(rem.shape[1]):
                vals *= BINOM64[cum[:, k], rem[:, k]]
            vals[bad] = 0
            out = vals.astype(np.float64)
        else:
            out = np.empty(rem.shape[0], dtype=object)
            for r in range(rem.shape[0]):
                out[r] = 0 if bad[r] else multinomial([int(x) for x in rem[r]])
        self._tails[key] = out
        return out

    # ---- passes -------------------------------------------------------------------------------
    def forward(self) -> list[Msg]:
        a: list[Msg] = [np.ones(1, dtype=self.dtype)]
        for t in self.trans:
            a.append(t.fwd(a[-1]))
        return a

    def backward(self, final: Msg) -> list[Msg]:
        b = [final]
        for t in reversed(self.trans):
            b.append(t.bwd(b[-1]))
        b.reverse()
        return b
