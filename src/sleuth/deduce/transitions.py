"""The transitions of one layer of the frontier dynamic program, and messages through them.

A message is an array whose first axis runs over a layer's states (exact counts: float64 below
2**53, else Python ints in object arrays); a layer's transitions map messages on its input
states to its output states (``fwd``, a sum over the transitions into each output) and back
(``bwd``).
"""

from __future__ import annotations

from typing import Any, TypeVar

import numpy as np

from sleuth.deduce.kernels import Prepared, layer_ready, prepare, scatter_sum, wanted

_T = TypeVar("_T", bound=np.generic)
# numpy.typing.NDArray without importing numpy.typing (milliseconds at every start)
NDArray = np.ndarray[Any, np.dtype[_T]]
Msg = NDArray[Any]  # exact counts: float64 below 2**53, else Python ints (object)
IntArr = NDArray[np.int64]

_WIDE = 32  # message row size from which transitions are summed a row at a time


class Trans:
    """The transitions of one layer (or a subset of them): state ``src`` -> state ``dst``, each
    with an optional integer weight ``w`` (the ways a group of cards makes that move).

    Messages are arrays whose first axis runs over states; ``fwd`` maps a message on the layer's
    input states to its output states (summing over transitions), ``bwd`` the other way.
    """

    def __init__(
        self,
        src: IntArr,
        dst: IntArr,
        n_in: int,
        n_out: int,
        by_dst: IntArr | None = None,
        w: Msg | None = None,
    ) -> None:
        self.src, self.dst, self.n_in, self.n_out, self.w = src, dst, n_in, n_out, w
        self._order = by_dst  # a permutation sorting the transitions by dst, if known
        self._f: tuple[IntArr, IntArr, IntArr, Msg | None] | None = None
        self._b: tuple[IntArr, IntArr, IntArr, Msg | None] | None = None
        # per direction (forward?): the k-th transition of every output, for wide messages
        self._plans: dict[bool, tuple[list[tuple[IntArr, Msg | None]], IntArr | None]] = {}
        # the sort orders and ranks, which depend on src and dst only: shared with the
        # reweighted copies (a question's sweep reweighs a layer's transitions every time)
        self._shape: dict[tuple[str, bool], Any] = {}
        self._prepared: Prepared | None = None  # for the compiled kernel

    def subset(self, mask: NDArray[np.bool_], w: Msg | None = None) -> Trans:
        """The transitions selected by ``mask`` (with new weights ``w`` for them, if given),
        keeping the sort orders without re-sorting."""
        sub_order: IntArr | None = None
        if self._order is not None:
            o = self._order[mask[self._order]]
            sub_order = (np.cumsum(mask) - 1)[o]
        if w is None and self.w is not None:
            w = self.w[mask]
        return Trans(self.src[mask], self.dst[mask], self.n_in, self.n_out, sub_order, w)

    def partition(self, label: IntArr) -> dict[int, tuple[Trans, IntArr]]:
        """The transitions by ``label`` (one small non-negative integer each): per value, its
        transitions (keeping the sort orders, as ``subset``, unless the compiled kernels
        are loaded) and their indices here."""
        small = label.astype(np.int8)  # a radix sort
        by_label = np.argsort(small, kind="stable")
        counts = np.bincount(small)
        ends = np.cumsum(counts).tolist()
        values = np.flatnonzero(counts).tolist()
        out: dict[int, tuple[Trans, IntArr]] = {}
        if self._order is None or layer_ready():
            # the compiled sums take the transitions in any order: no order by output kept
            for v in values:
                sel = by_label[ends[v] - int(counts[v]) : ends[v]]
                w = None if self.w is None else self.w[sel]
                out[v] = (Trans(self.src[sel], self.dst[sel], self.n_in, self.n_out, None, w), sel)
            return out
        starts = [e - int(c) for e, c in zip(ends, counts.tolist(), strict=True)]
        within = np.empty(len(label), dtype=np.int64)  # a transition's index in its part
        within[by_label] = np.arange(len(label)) - np.repeat(starts, counts)
        by_dst = self._order[np.argsort(small[self._order], kind="stable")]
        for v in values:
            a, b = starts[v], ends[v]
            sel = by_label[a:b]
            sub_order = within[by_dst[a:b]]
            w = None if self.w is None else self.w[sel]
            out[v] = (Trans(self.src[sel], self.dst[sel], self.n_in, self.n_out, sub_order, w), sel)
        return out

    def reweighted(self, w: Msg) -> Trans:
        """The same transitions with weights ``w``: one per transition, or a row per
        transition (T x K) that weighs column k of the message's last axis by ``w[:, k]``."""
        out = Trans(self.src, self.dst, self.n_in, self.n_out, self._order, w)
        out._shape = self._shape
        return out

    def _sorted(self, forward: bool) -> tuple[IntArr | None, IntArr, IntArr, IntArr]:
        """The order of the transitions by output (None: as they are), the inputs in that
        order, where each output's run starts, and the outputs reached."""
        hit = self._shape.get(("sorted", forward))
        if hit is None:
            keys, other = (self.dst, self.src) if forward else (self.src, self.dst)
            o: IntArr | None
            if forward and self._order is not None:
                o = self._order
            elif len(keys) < 2 or bool(np.all(keys[1:] >= keys[:-1])):
                o = None
            else:
                o = np.argsort(keys, kind="stable")
            starts, u = _starts(keys if o is None else keys[o])
            hit = self._shape[("sorted", forward)] = (
                o,
                other if o is None else other[o],
                starts,
                u,
            )
        return hit

    def _fsorted(self) -> tuple[IntArr, IntArr, IntArr, Msg | None]:
        if self._f is None:
            o, idx, starts, u = self._sorted(True)
            w = self.w if self.w is None or o is None else self.w[o]
            self._f = (idx, starts, u, w)
        return self._f

    def _bsorted(self) -> tuple[IntArr, IntArr, IntArr, Msg | None]:
        if self._b is None:
            o, idx, starts, u = self._sorted(False)
            w = self.w if self.w is None or o is None else self.w[o]
            self._b = (idx, starts, u, w)
        return self._b

    def _compiled(self, m: Msg, forward: bool) -> Msg | None:
        """``fwd`` or ``bwd`` by the compiled kernel, for float64 counts (None: not here)."""
        if m.dtype != np.float64 or not wanted():
            return None
        if self._prepared is None:
            if self.w is not None and self.w.dtype != np.float64:
                return None
            self._prepared = prepare(self.src, self.dst, self.w)
        return scatter_sum(m, self._prepared, forward, self.n_out if forward else self.n_in)

    def _apply(self, m: Msg, forward: bool) -> Msg:
        idx, starts, _u, w = self._fsorted() if forward else self._bsorted()
        row = m[0].size if m.ndim > 1 and m.shape[0] else 1
        if row >= _WIDE:
            return self._apply_ranked(m, forward)
        g = m[idx]
        if w is not None:
            g = g * _aligned(w, m.ndim)
        return np.add.reduceat(g, starts, axis=0)

    def _apply_ranked(self, m: Msg, forward: bool) -> Msg:
        """The sum over each output's transitions for wide messages: the k-th transition of
        every output at once, a row at a time (``reduceat`` works along the first axis element
        by element, several times slower on wide rows). Outputs are taken most transitions
        first, so that those with a k-th transition are a leading slice, added to in place.
        Exact in any order of summation."""
        plan = self._plans.get(forward)
        if plan is None:
            plan = self._plans[forward] = self._ranked_plan(forward)
        ranks, back = plan
        src0, w0 = ranks[0]
        out = m[src0] if w0 is None else m[src0] * _aligned(w0, m.ndim)
        for src_r, w_r in ranks[1:]:
            top = out[: len(src_r)]
            top += m[src_r] if w_r is None else m[src_r] * _aligned(w_r, m.ndim)
        return out if back is None else out[back]

    def _ranked_plan(self, forward: bool) -> tuple[list[tuple[IntArr, Msg | None]], IntArr | None]:
        idx, starts, _u, w = self._fsorted() if forward else self._bsorted()
        hit = self._shape.get(("ranks", forward))
        if hit is None:
            n = len(idx)
            count = np.diff(starts, append=n)
            by_count = np.argsort(-count, kind="stable")  # outputs, most transitions first
            place = np.empty(len(starts), dtype=np.int64)
            place[by_count] = np.arange(len(starts))
            ats: list[IntArr] = []
            for r in range(int(count.max()) if n else 0):
                outs = by_count[: int(np.count_nonzero(count > r))]  # outputs with an r-th
                ats.append(starts[outs] + r)
            identity = bool(np.all(by_count == np.arange(len(starts))))
            hit = self._shape[("ranks", forward)] = (ats, None if identity else place)
        ats, back = hit
        return [(idx[at], None if w is None else w[at]) for at in ats], back

    def fwd(self, m: Msg) -> Msg:
        done = self._compiled(m, True)
        if done is not None:
            return done
        if len(self.src):
            u = self._fsorted()[2]
            red = self._apply(m, True)
            if len(u) == self.n_out:
                return red
            out = np.zeros((self.n_out, *m.shape[1:]), dtype=m.dtype)
            out[u] = red
            return out
        return np.zeros((self.n_out, *m.shape[1:]), dtype=m.dtype)

    def bwd(self, m: Msg) -> Msg:
        done = self._compiled(m, False)
        if done is not None:
            return done
        if len(self.src):
            u = self._bsorted()[2]
            red = self._apply(m, False)
            if len(u) == self.n_in:
                return red
            out = np.zeros((self.n_in, *m.shape[1:]), dtype=m.dtype)
            out[u] = red
            return out
        return np.zeros((self.n_in, *m.shape[1:]), dtype=m.dtype)


def _aligned(w: Msg, ndim: int) -> Msg:
    """Transition weights shaped to multiply a gathered message of ``ndim`` axes: one weight
    per transition, or (T x K) one per transition and column of the message's last axis."""
    if w.ndim == 1:
        return w.reshape(-1, *([1] * (ndim - 1)))
    return w.reshape(w.shape[0], *([1] * (ndim - 2)), w.shape[1])


def _starts(sorted_keys: IntArr) -> tuple[IntArr, IntArr]:
    if len(sorted_keys) == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    flag = np.empty(len(sorted_keys), dtype=bool)
    flag[0] = True
    flag[1:] = sorted_keys[1:] != sorted_keys[:-1]
    starts = np.flatnonzero(flag).astype(np.int64)
    return starts, sorted_keys[starts]
