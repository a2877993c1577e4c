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
        except Exception:  # not installed, or a numba that does not load with this numpy
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
    def scatter_sum(m: Any, frm: Any, to: Any, w: Any, kw: int, rows: int) -> Any:
        # m: (states, a, k); w: (transitions, kw), kw 0 (no weights), 1 or k
        na = m.shape[1]
        k = m.shape[2]
        out = np.zeros((rows, na, k), dtype=np.float64)
        for t in range(frm.shape[0]):
            acc = out[to[t]]
            row = m[frm[t]]
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

    return scatter_sum


_NO_WEIGHTS = np.zeros((0, 1), dtype=np.float64)

# a layer's transitions as the kernel takes them: inputs, outputs, weights, weights per
# transition (0: none, 1, or one per column of the message's last axis)
Prepared = tuple["IntArr", "IntArr", "Msg", int]


def prepare(src: IntArr, dst: IntArr, w: Msg | None) -> Prepared:
    """A layer's transitions ``src`` -> ``dst`` with weights ``w`` (one per transition, or one
    per column of the message's last axis) for ``scatter_sum``; made once per layer."""
    if w is None:
        w2, kw = _NO_WEIGHTS, 0
    else:
        cols = w.shape[1] if w.ndim > 1 else 1
        w2 = np.ascontiguousarray(w, dtype=np.float64).reshape(w.shape[0], cols)
        kw = w2.shape[1]
    return np.ascontiguousarray(src), np.ascontiguousarray(dst), w2, kw


def scatter_sum(m: Msg, prep: Prepared, forward: bool, rows: int) -> Msg | None:
    """Per state on the other side (``rows`` of them), the sum of the rows of ``m`` of its
    transitions, each weighted by its weight: what the numpy path gets by sorting the
    transitions and ``reduceat``, for float64 messages (shape (states, ...), the weights'
    columns matching the last axis). None where the numpy path must do it: weights that
    do not match the message (the kernel would read past them; numpy says why), or a kernel
    that failed to compile here (numpy from then on in this process)."""
    global _KERNEL
    if _KERNEL is None:
        raise RuntimeError("the compiled kernel is not available (numba did not import)")
    if m.size == 0:
        return np.zeros((rows, *m.shape[1:]), dtype=np.float64)
    shape = m.shape
    k = shape[-1] if m.ndim > 1 else 1
    if prep[3] not in (0, 1, k):
        return None
    m3 = np.ascontiguousarray(m).reshape(shape[0], m.size // (shape[0] * k), k)
    frm, to = (prep[0], prep[1]) if forward else (prep[1], prep[0])
    try:
        out: Msg = _KERNEL(m3, frm, to, prep[2], prep[3], rows)
    except Exception:  # numba's own errors at its first call: it is an optional speed-up
        _KERNEL = None
        return None
    return out.reshape(rows, *shape[1:])
