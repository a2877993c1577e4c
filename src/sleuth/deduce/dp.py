"""Exact model counting by a layered frontier dynamic program over cards.

After propagation, the undecided cards split into *constrained* cards (named by a live
constraint, or with a narrowed domain) and *free* cards (named by nothing, allowed everywhere).
Free cards are interchangeable and are counted in closed form by a multinomial of the capacities
left after the constrained cards. The constrained cards are processed one per layer in an order
that keeps few constraints open; a state is the fill of every location plus the running count of
every open constraint, packed into one int64 key. Transitions of every layer are built once with
numpy; counts, marginals (forward-backward), the solution posterior and answer joints reuse them.

All counts are exact. They are float64 when every intermediate value is provably below 2**53
(each is a number of capacity-respecting placements, bounded by the multinomial of the
undecided cards), else Python integers in object arrays.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np
import numpy.typing as npt

from sleuth.deduce.model import Reduced

Arr = npt.NDArray[np.float64]
IntArr = npt.NDArray[np.int64]

_EXACT_FLOAT = 2**53
_BINOM64 = np.array(
    [[comb(n, k) if comb(n, k) < 2**63 else 0 for k in range(68)] for n in range(68)],
    dtype=np.int64,
)


def multinomial(parts: list[int]) -> int:
    total, out = 0, 1
    for p in parts:
        total += p
        out *= comb(total, p)
    return out


@dataclass
class Trans:
    """The transitions of one layer (or a subset of them), sorted for both directions."""

    src: IntArr
    dst: IntArr
    n_in: int
    n_out: int

    def __post_init__(self) -> None:
        o = np.argsort(self.dst, kind="stable")
        self._fs, self._fd = self.src[o], self.dst[o]
        self._fstarts, self._fu = _starts(self._fd)
        o = np.argsort(self.src, kind="stable")
        self._bs, self._bd = self.src[o], self.dst[o]
        self._bstarts, self._bu = _starts(self._bs)

    def fwd(self, m: npt.NDArray[np.generic]) -> npt.NDArray[np.generic]:
        out = np.zeros((*m.shape[:-1], self.n_out), dtype=m.dtype)
        if len(self._fs):
            out[..., self._fu] = np.add.reduceat(m[..., self._fs], self._fstarts, axis=-1)
        return out

    def bwd(self, m: npt.NDArray[np.generic]) -> npt.NDArray[np.generic]:
        out = np.zeros((*m.shape[:-1], self.n_in), dtype=m.dtype)
        if len(self._bs):
            out[..., self._bu] = np.add.reduceat(m[..., self._bd], self._bstarts, axis=-1)
        return out


def _starts(sorted_keys: IntArr) -> tuple[IntArr, IntArr]:
    if len(sorted_keys) == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    flag = np.empty(len(sorted_keys), dtype=bool)
    flag[0] = True
    flag[1:] = sorted_keys[1:] != sorted_keys[:-1]
    starts = np.flatnonzero(flag).astype(np.int64)
    return starts, sorted_keys[starts]


class Layers:
    """The layered state graph of a reduced model.

    ``observe`` adds an observed slot ``(locations, cards)``: its count is carried to the end and
    the final states are split by it (``obs_values``); it is never checked.
    """

    def __init__(
        self,
        red: Reduced,
        observe: tuple[frozenset[int], frozenset[int]] | None = None,
    ) -> None:
        model = red.model
        self.red = red
        nl = len(model.locations)
        self.nl = nl
        self.cap = red.remaining_capacity()
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
        self.free = [c for c in undecided if c not in named and red.domains[c] == full]
        constrained = [c for c in undecided if c in named or red.domains[c] != full]
        self.order = self._order(constrained)
        self.bound = multinomial([self.cap[loc] for loc in range(nl)])
        self.exact_float = self.bound < _EXACT_FLOAT and len(undecided) < 60
        self._tails: dict[tuple[int | None, int | None], npt.NDArray[np.generic]] = {}
        self.dtype: type = np.float64 if self.exact_float else object
        self._build()

    # ---- card order -------------------------------------------------------------------------
    def _order(self, cards: list[int]) -> list[int]:
        member: dict[int, list[int]] = {c: [] for c in cards}
        left: list[set[int]] = []
        for i, (_, cs, _) in enumerate(self.cons):
            for c in cs:
                member[c].append(i)
            left.append(set(cs))
        remaining = set(cards)
        open_: set[int] = set()
        order: list[int] = []
        while remaining:
            best: tuple[int, int, int] | None = None
            pick = -1
            for c in remaining:
                closing = {i for i in member[c] if left[i] == {c} and i != self.obs_index}
                new_open = (open_ | set(member[c])) - closing
                score = (len(new_open), -len(open_ & set(member[c])), c)
                if best is None or score < best:
                    best, pick = score, c
            order.append(pick)
            remaining.discard(pick)
            for i in member[pick]:
                left[i].discard(pick)
                if left[i] or i == self.obs_index:
                    open_.add(i)
                else:
                    open_.discard(i)
        return order

    # ---- layer construction -------------------------------------------------------------------
    def _build(self) -> None:
        nl, cap, cons, order = self.nl, self.cap, self.cons, self.order
        n = len(order)
        pos = {c: j for j, c in enumerate(order)}
        first = [min(pos[c] for c in cs) for _, cs, _ in cons]
        last = [max(pos[c] for c in cs) for _, cs, _ in cons]
        if self.obs_index is not None:
            last[self.obs_index] = n
        radix = [cap[loc] + 1 for loc in range(nl)]
        prev_open: list[int] = []
        states = np.zeros((1, nl), dtype=np.int64)
        self.trans: list[Trans] = []
        self.choices: list[IntArr] = []
        self.sizes: list[int] = [1]
        card_cons: dict[int, list[int]] = {c: [] for c in order}
        for i, (_, cs, _) in enumerate(cons):
            for c in cs:
                card_cons[c].append(i)
        red = self.red
        for j, c in enumerate(order):
            new_open = [i for i in range(len(cons)) if first[i] <= j < last[i]]
            closing = [i for i in card_cons[c] if last[i] == j]
            prev_col = {i: nl + k for k, i in enumerate(prev_open)}
            s = states.shape[0]
            blocks: list[IntArr] = []
            srcs: list[IntArr] = []
            chs: list[IntArr] = []
            base_idx = np.arange(s, dtype=np.int64)
            for loc in sorted(red.domains[c]):
                ok = states[:, loc] < cap[loc]
                new = np.empty((s, nl + len(new_open)), dtype=np.int64)
                new[:, :nl] = states[:, :nl]
                new[:, loc] += 1
                for i in closing:
                    locs_i, _, k_i = cons[i]
                    cnt = states[:, prev_col[i]] if i in prev_col else np.zeros(s, np.int64)
                    cnt = cnt + (1 if loc in locs_i else 0)
                    ok &= cnt == k_i
                for k, i in enumerate(new_open):
                    locs_i, cs_i, k_i = cons[i]
                    cnt = states[:, prev_col[i]] if i in prev_col else np.zeros(s, np.int64)
                    if c in cs_i and loc in locs_i:
                        cnt = cnt + 1
                    new[:, nl + k] = cnt
                    if i != self.obs_index:
                        rest = sum(1 for x in cs_i if pos[x] > j)
                        ok &= (cnt <= k_i) & (cnt + rest >= k_i)
                blocks.append(new[ok])
                srcs.append(base_idx[ok])
                chs.append(np.full(int(ok.sum()), loc, dtype=np.int64))
            allnew = np.concatenate(blocks) if blocks else np.zeros((0, nl + len(new_open)), np.int64)
            src = np.concatenate(srcs) if srcs else np.zeros(0, np.int64)
            ch = np.concatenate(chs) if chs else np.zeros(0, np.int64)
            rad = radix + [
                (len(cons[i][1]) if i == self.obs_index else cons[i][2]) + 1 for i in new_open
            ]
            mult = np.ones(len(rad), dtype=np.int64)
            acc = 1
            for k in range(len(rad) - 1, -1, -1):
                mult[k] = acc
                acc *= rad[k]
            if acc >= 2**62:
                raise OverflowError("state space too large to pack into int64 keys")
            keys = allnew @ mult
            uniq, first_idx, inv = np.unique(keys, return_index=True, return_inverse=True)
            states = allnew[first_idx]
            self.trans.append(Trans(src, inv.astype(np.int64).ravel(), s, len(uniq)))
            self.choices.append(ch)
            self.sizes.append(len(uniq))
            prev_open = new_open
        self.final_states = states
        self.n = n
        rem = np.array(cap, dtype=np.int64)[None, :] - states[:, :nl]
        self.final_rem = rem
        if self.obs_index is not None and n > 0:
            self.final_obs = states[:, nl]
        else:
            self.final_obs = np.zeros(states.shape[0], dtype=np.int64)

    # ---- closed-form tail ---------------------------------------------------------------------
    def tail(self, drop: int | None = None, minus: int | None = None) -> npt.NDArray[np.generic]:
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
        bad = (rem < 0).any(axis=1)
        rem[bad] = 0
        out: npt.NDArray[np.generic]
        if self.exact_float:
            cum = np.cumsum(rem, axis=1)
            vals = np.ones(rem.shape[0], dtype=np.int64)
            for k in range(rem.shape[1]):
                vals *= _BINOM64[cum[:, k], rem[:, k]]
            vals[bad] = 0
            out = vals.astype(np.float64)
        else:
            out = np.empty(rem.shape[0], dtype=object)
            for r in range(rem.shape[0]):
                out[r] = 0 if bad[r] else multinomial([int(x) for x in rem[r]])
        self._tails[key] = out
        return out

    # ---- passes -------------------------------------------------------------------------------
    def forward(self) -> list[npt.NDArray[np.generic]]:
        a = [np.ones(1, dtype=self.dtype)]
        for t in self.trans:
            a.append(t.fwd(a[-1]))
        return a

    def backward(self, final: npt.NDArray[np.generic]) -> list[npt.NDArray[np.generic]]:
        b = [final]
        for t in reversed(self.trans):
            b.append(t.bwd(b[-1]))
        b.reverse()
        return b


def to_int(x: object) -> int:
    """An exact count held as float64 or Python int, as a Python int."""
    return int(round(x)) if isinstance(x, float | np.floating) else int(x)  # type: ignore[call-overload]
