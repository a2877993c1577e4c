"""Brute-force oracle: enumerate every placement of a small model."""

from __future__ import annotations

from collections.abc import Iterator

from sleuth.deduce.model import Model


def worlds(model: Model) -> Iterator[tuple[int, ...]]:
    n = len(model.cards)
    cap = list(model.capacities)
    world = [-1] * n

    def ok() -> bool:
        for con in model.constraints:
            if sum(1 for c in con.cards if world[c] in con.locations) != con.count:
                return False
        held = {c for c in range(n) if world[c] == model.solution}
        return all(held != set(ex.cards) for ex in model.excluded)

    def rec(i: int) -> Iterator[tuple[int, ...]]:
        if i == n:
            if ok():
                yield tuple(world)
            return
        for loc in sorted(model.domain(i)):
            if cap[loc] > 0:
                cap[loc] -= 1
                world[i] = loc
                yield from rec(i + 1)
                cap[loc] += 1
        world[i] = -1

    yield from rec(0)


def summary(
    model: Model,
) -> tuple[int, list[list[int]], dict[tuple[int, ...], int]]:
    nl = len(model.locations)
    total = 0
    marg = [[0] * nl for _ in model.cards]
    sol: dict[tuple[int, ...], int] = {}
    for w in worlds(model):
        total += 1
        for c, loc in enumerate(w):
            marg[c][loc] += 1
        if model.solution is not None:
            key = tuple(c for c, loc in enumerate(w) if loc == model.solution)
            sol[key] = sol.get(key, 0) + 1
    return total, marg, sol
