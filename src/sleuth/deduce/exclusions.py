"""Solutions ruled out (``Exclusion``): what they take from the counts of a model without them.

An exclusion names as many cards as the solution holds, so the worlds it removes are exactly
those of the model with these cards fixed in the solution (``Model.with_solution_fixed``, a
*part*), and no world is removed twice. Every count of an analysis is the count without the
exclusions less the same count in each part. This module does the arithmetic that is more than
one subtraction: the information of a question, and the solution classes.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import log2

# A solution class: its cards, how many free cards complete it, the worlds of each solution.
ClassRow = tuple[tuple[int, ...], int, int]


def question_without(
    total: int,
    answers: dict[int, int],
    answer_entropy: float,
    bits: float,
    removed: Sequence[dict[int, int]],
) -> tuple[dict[int, int], float, float]:
    """A question's answer distribution, its entropy and its information about the solution
    (bits) once the excluded solutions are taken out.

    ``total``, ``answers``, ``answer_entropy`` and ``bits`` are its value without exclusions;
    ``removed`` holds, per excluded solution, the answers over that solution's worlds. With
    w(s, v) the worlds of solution s and answer v, bits = H(answer) + (1/total) * sum of
    w(s, v) log2(w(s, v) / w(s)); an excluded solution's w(s, .) is its answer distribution, so
    the sum over the solutions left is the sum over all less the excluded terms.
    """
    left = dict(answers)
    inner = total * (bits - answer_entropy)
    kept = total
    for dist in removed:
        size = sum(dist.values())
        if not size:
            continue
        kept -= size
        for v, c in dist.items():
            left[v] -= c
            inner -= c * log2(c / size)
    if kept <= 0:
        return {}, 0.0, 0.0
    left = {v: c for v, c in sorted(left.items()) if c}
    h = -sum(c / kept * log2(c / kept) for c in left.values())
    return left, h, min(max(inner / kept + h, 0.0), h)


def classes_without(
    classes: Sequence[ClassRow], free: Sequence[int], excluded: Sequence[frozenset[int]]
) -> list[ClassRow]:
    """Solution classes without the excluded solutions: a class that holds one is spelled out
    solution by solution (no free cards left to choose), the excluded ones left out."""
    free_set = frozenset(free)
    out: list[ClassRow] = []
    for cards, free_count, count in classes:
        own = frozenset(cards)
        hit = {
            t for t in excluded if own <= t and len(t - own) == free_count and t - own <= free_set
        }
        if not hit:
            out.append((cards, free_count, count))
            continue
        for extra in combinations(sorted(free_set), free_count):
            solution = own | frozenset(extra)
            if solution not in hit:
                out.append((tuple(sorted(solution)), 0, count))
    return out
