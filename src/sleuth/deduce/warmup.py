"""The compiled kernels loaded ahead of a bot's decisions.

numba loads a kernel's cached machine code at the kernel's first call, not at import: about
half a second of CPU once a process, with the import. A bot that will sweep many layers
calls ``warm_kernels`` when its game starts, so that the load falls there rather than
inside its first decision, which a clock may be timing. Once a process: a later call does
nothing (an env makes a seat's writer per episode, each of which calls it).
"""

from __future__ import annotations

from sleuth.deduce import kernels
from sleuth.deduce.frontier import list_worlds
from sleuth.deduce.model import Constraint, Model
from sleuth.deduce.queries import Analysis

_warmed: bool | None = None  # what the first call found


def warm_kernels() -> bool:
    """Load the compiled kernels now (whatever this process has swept so far) by one small
    analysis that calls each of them, with the types of a real one, and one listing of its
    worlds; once a process. False without numba."""
    global _warmed
    if _warmed is None:
        _warmed = _warm()
    return _warmed


def _warm() -> bool:
    if not kernels.warm():
        return False
    # two hands of two and a hidden pair, one answer; then a question's value, which sweeps
    # the layers with channels, and the solution's posterior
    answer = Constraint(frozenset([0]), frozenset([0, 1]), 1)
    model = Model(("a", "b", "c", "d", "e", "f"), ("0", "1", "x"), (2, 2, 2), (answer,), None, 2)
    analysis = Analysis(model)
    analysis.question_values([(frozenset([1]), frozenset([2]))])
    analysis.solution_posterior()  # the solution's posterior: its own kernels
    list_worlds(analysis.reduced)  # the compiled walk (``listing``)
    return True
