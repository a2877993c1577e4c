"""Calibration by simulation: a chi-squared test of frequencies against the engine's posterior.

The samples come from each game's own deal (rejection against a fixed public history), so a
test built on this can disagree with the engine's model of the rules.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sleuth.core import IllegalActionError, State

# Cells expected fewer times than this are pooled with others.
MIN_EXPECTED = 5.0
# A correct engine fails a test at this level once in a thousand seeds.
SIGNIFICANCE = 1e-3


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for X chi-squared with ``dof`` degrees of freedom: the regularized upper
    incomplete gamma function Q(dof / 2, x / 2), by its series below a + 1 and its continued
    fraction (modified Lentz) above."""
    if dof <= 0:
        raise ValueError("at least one degree of freedom")
    if x <= 0:
        return 1.0
    a, z = dof / 2, x / 2
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1:
        term = total = 1 / a
        k = a
        while abs(term) > abs(total) * 1e-16:
            k += 1
            term *= z / k
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    smallest = 1e-300
    b = z + 1 - a
    c = 1 / smallest
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = smallest if abs(d) < smallest else d
        c = b + an / c
        c = smallest if abs(c) < smallest else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-16:
            break
    return math.exp(log_front) * h


@dataclass(frozen=True)
class Chi2:
    statistic: float
    dof: int
    p_value: float
    samples: int
    cells: int  # after pooling

    def __str__(self) -> str:
        return (
            f"chi2 = {self.statistic:.2f}, dof = {self.dof}, p = {self.p_value:.3g}, "
            f"{self.samples} samples, {self.cells} cells"
        )


# The cell type: a deal, a card's place, a trio... anything the counts can be keyed by.
CellT = TypeVar("CellT", bound=Hashable)


def pooled_chi2(probabilities: Mapping[CellT, float], observed: Counter[CellT]) -> Chi2:
    """Pearson's chi-squared of ``observed`` counts against ``probabilities``.

    Cells are pooled from the least likely up until each pool is expected at least
    ``MIN_EXPECTED`` times. An observation the probabilities call impossible is an
    ``AssertionError`` at once: no number of samples makes it likely.
    """
    impossible = [key for key in observed if probabilities.get(key, 0.0) <= 0.0]
    assert not impossible, f"observed, but given probability 0: {impossible[:5]}"
    n = sum(observed.values())
    assert n > 0, "no samples"
    pools: list[tuple[float, int]] = []
    expected, seen = 0.0, 0
    for key in sorted(probabilities, key=lambda k: (probabilities[k], str(k))):
        expected += probabilities[key] * n
        seen += observed.get(key, 0)
        if expected >= MIN_EXPECTED:
            pools.append((expected, seen))
            expected, seen = 0.0, 0
    if expected > 0 or seen:
        if pools:
            last_e, last_o = pools.pop()
            pools.append((last_e + expected, last_o + seen))
        else:
            pools.append((expected, seen))
    statistic = sum((o - e) ** 2 / e for e, o in pools)
    dof = max(len(pools) - 1, 1)
    return Chi2(statistic, dof, chi2_sf(statistic, dof), n, len(pools))


def replay(
    game: Any,
    state: State,
    history: Sequence[tuple[int, str]],
    results: Sequence[str] | None = None,
) -> Any:
    """The state after ``history``, or None where an action is illegal in this deal or its
    public result differs from ``results`` (the reference's, if given): a quick first check
    before the views are compared."""
    for step, (seat, text) in enumerate(history):
        try:
            state = state.apply(seat, game.parse_action(text))
        except IllegalActionError:
            return None
        if results is not None and state.last_result() != results[step]:
            return None
    return state


def results_of(game: Any, state: State, history: Sequence[tuple[int, str]]) -> list[str]:
    """The public result of each step of ``history`` played from ``state``."""
    out = []
    for seat, text in history:
        state = state.apply(seat, game.parse_action(text))
        out.append(state.last_result())
    return out


# The seat whose view the simulations match, and the first seed of the deals they draw.
SEAT = 0
FIRST_SEED = 10**6
History = tuple[tuple[int, str], ...]


def simulate(
    game: Any,
    reference: State,
    history: History,
    deals: int,
    relabel: Callable[[Any, random.Random], State | None],
    solution: Callable[[Any], str],
) -> tuple[Any, Counter[str]]:
    """Seat 0's view after the reference history, and the solutions of the kept deals."""
    results = results_of(game, reference, history)
    target = replay(game, reference, history).view(SEAT)
    rng = random.Random(7)
    kept: Counter[str] = Counter()
    for seed in range(FIRST_SEED, FIRST_SEED + deals):
        deal = relabel(game.new(seed), rng)
        if deal is None:
            continue
        final = replay(game, deal, history, results)
        if final is not None and final.view(SEAT) == target:
            kept[solution(final)] += 1
    return target, kept
