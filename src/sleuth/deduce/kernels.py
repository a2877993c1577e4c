"""Compiled inner loops of the layered dynamic program (numba), for float64 messages.

A layer's transitions, sorted by output, sum a message's rows into each output's row. numpy
does it with a gather, a product and ``reduceat`` (or, on wide rows, one gather per rank of a
transition within its output): several calls and temporaries per layer, which on graphs of a
few hundred states cost more than the arithmetic. The loop below makes one pass, with no
temporaries. Exact as the numpy path is: every value is an integer whose partial sums stay
below 2**53 (``sleuth.deduce.dp``), so the order of summation does not matter.

numba is optional: without it the numpy path runs. The compiled code is cached on disk
(``cache=True``), so worker processes reuse it rather than compile it again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from sleuth.deduce.transitions import IntArr, Msg

_KERNEL: Callable[..., Any] | None = None
_TRIED = False
# Importing numba and loading the compiled code costs about a second of CPU once a process
# (more than a one-shot analysis takes): the kernel is taken up only by a process that has
# already swept this many layers with numpy (a bot's game or an env's episodes, not a
# single ``sleuth deduce``).
WARM_CALLS = 2000
_calls = 0


def available() -> bool:
    """Whether the compiled kernel can be used (numba imports); tried once a process."""
    global _KERNEL, _TRIED
    if not _TRIED:
        _TRIED = True
        try:
            _KERNEL = _compile()
        except ImportError:
            _KERNEL = None
    return _KERNEL is not None


def wanted() -> bool:
    """Whether to use the compiled kernel for this sweep: once this process has swept
    ``WARM_CALLS`` layers, if numba imports."""
    global _calls
    if _TRIED:
        return _KERNEL is not None
    _calls += 1
    return _calls > WARM_CALLS and available()


def _compile() -> Callable[..., Any]:
    from numba import njit  # type: ignore[import-not-found,unused-ignore]

    @njit(cache=True, nogil=True)  # type: ignore[misc,unused-ignore]
    def gather_sum(m: Any, idx: Any, starts: Any, w: Any, kw: int) -> Any:
        # m: (rows, a, k); w: (transitions, kw), kw 0 (no weights), 1 or k
        nt = idx.shape[0]
        nr = starts.shape[0]
        na = m.shape[1]
        k = m.shape[2]
        out = np.zeros((nr, na, k), dtype=np.float64)
        for o in range(nr):
            lo = starts[o]
            hi = starts[o + 1] if o + 1 < nr else nt
            acc = out[o]
            for t in range(lo, hi):
                row = m[idx[t]]
                if kw == 0:
                    for a in range(na):
                        for c in range(k):
                            acc[a, c] += row[a, c]
                elif kw == 1:
                    wt = w[t, 0]
                    for a in range(na):
                        for c in range(k):
                            acc[a, c] += wt * row[a, c]
                else:
                    wr = w[t]
                    for a in range(na):
                        for c in range(k):
                            acc[a, c] += wr[c] * row[a, c]
        return out

    return gather_sum


_NO_WEIGHTS = np.zeros((0, 1), dtype=np.float64)

# a layer's sorted transitions as the kernel takes them: inputs, run starts, weights, weights
# per transition (0: none, 1, or one per column of the message's last axis)
Prepared = tuple["IntArr", "IntArr", "Msg", int]


def prepare(idx: IntArr, starts: IntArr, w: Msg | None) -> Prepared:
    """The transitions (inputs ``idx`` sorted by output, runs starting at ``starts``, weights
    ``w``: one per transition, or one per column of the message's last axis) for
    ``gather_sum``; made once per layer and direction."""
    if w is None:
        w2, kw = _NO_WEIGHTS, 0
    else:
        w2 = np.ascontiguousarray(w, dtype=np.float64).reshape(w.shape[0], -1)
        kw = w2.shape[1]
    return np.ascontiguousarray(idx), np.ascontiguousarray(starts), w2, kw


def gather_sum(m: Msg, prep: Prepared) -> Msg:
    """Per output, the sum of the rows ``m[idx[t]]`` of its transitions, each weighted by
    ``w[t]``: the numpy path's ``reduceat`` of the gathered, weighted rows, for float64
    messages (shape (rows, ...), the weights' columns matching the last axis)."""
    if _KERNEL is None:
        raise RuntimeError("the compiled kernel is not available (numba did not import)")
    starts = prep[1]
    if m.size == 0:
        return np.zeros((len(starts), *m.shape[1:]), dtype=np.float64)
    shape = m.shape
    k = shape[-1] if m.ndim > 1 else 1
    m3 = np.ascontiguousarray(m).reshape(shape[0], m.size // (shape[0] * k), k)
    out: Msg = _KERNEL(m3, prep[0], starts, prep[2], prep[3])
    return out.reshape(len(starts), *shape[1:])
