"""Explanations and conflicts: a smallest set of a model's facts (constraint tags) that
already implies a certain fact, or that is already inconsistent."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from math import comb

from sleuth.deduce.model import Constraint, Exclusion, Model
from sleuth.deduce.queries import Analysis


def _minimal_subset(
    tags: Sequence[int], holds: Callable[[frozenset[int]], bool], budget: int = 400
) -> tuple[list[int], bool]:
    """A subset S of ``tags`` with ``holds(S)``, irreducible, and smallest when the search over
    smaller subsets fits in ``budget`` checks. Returns (subset, proven smallest).

    ``holds`` is monotone (a superset of a contradiction contradicts too), so whole chunks are
    dropped at once, halving their size: about k log n checks for k tags in the result,
    where one tag at a time took n (4,000 answers: a minute). The last pass, one tag at a
    time over what is left, makes the result irreducible.
    """
    current = list(tags)
    chunk = max(1, len(current) // 2)
    while True:
        start = 0
        while start < len(current):
            trial = current[:start] + current[start + chunk :]
            if trial != current and holds(frozenset(trial)):
                current = trial
            else:
                start += chunk
        if chunk == 1:
            break
        chunk //= 2
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
    return model.with_constraints(
        (c for c in model.constraints if c.tag < 0 or c.tag in tags),
        (e for e in model.excluded if e.tag < 0 or e.tag in tags),
    )


def _all_tags(model: Model) -> list[int]:
    facts: list[Constraint | Exclusion] = [*model.constraints, *model.excluded]
    return sorted({f.tag for f in facts if f.tag >= 0})


def explain(model: Model, card: int, location: int, present: bool = True) -> tuple[list[int], bool]:
    """A smallest set of constraint tags that already implies ``card`` lies in ``location``
    (``present=False``: that it does not lie there, a card ruled out of a place).

    Returns (tags, proven smallest). Raises ValueError when the fact is not certain.
    """
    # The opposite of the fact: the card is absent (to explain a presence) or present.
    opposite = Constraint(frozenset([location]), frozenset([card]), 0 if present else 1)

    def holds(tags: frozenset[int]) -> bool:
        m = _restricted(model, tags)
        if Analysis(m).worlds == 0:
            return True
        return Analysis(m.with_constraints((*m.constraints, opposite))).worlds == 0

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
