"""The same knowledge as ``pools``, kept the plain way: one weight per way the hidden
places can be made up by card (a comparison for issue #33, not wired).

Under ``pools``' deal model the draw pile's order is uniform given what it holds, so what a
seat knows is exactly a distribution over the make-up of every other hand and the pile
(``LIMBO``: cards given up unseen, on their way into a refill). The steps are those of
``PoolKnowledge``, with the same meaning and weights.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pools import Counts, Weight

Key = tuple[Counts, ...]


def _parts(held: Counts, n: int, at: int = 0) -> Iterator[tuple[Counts, int]]:
    """Each make-up of ``n`` cards out of ``held``, with how many sets of cards give it."""
    if n == 0:
        yield (0,) * len(held), 1
        return
    if at == len(held) or sum(held[at:]) < n:
        return
    for x in range(min(held[at], n) + 1):
        for rest, ways in _parts(held, n - x, at + 1):
            part = list(rest)
            part[at] = x
            yield tuple(part), ways * math.comb(held[at], x)


@dataclass
class HandFilter:
    players: int
    seat: int
    states: dict[Key, Weight]
    exact: bool

    @property
    def pile(self) -> int:
        return self.players

    @property
    def limbo(self) -> int:
        return self.players + 1

    @classmethod
    def start(
        cls,
        unseen: Counts,
        hand_sizes: Sequence[int],
        seat: int,
        pile_size: int,
        exact: bool = False,
    ) -> HandFilter:
        players = len(hand_sizes)
        empty = (0,) * len(unseen)
        one: Weight = Fraction(1) if exact else 1.0
        states: dict[Key, Weight] = {(*(empty,) * players, tuple(unseen), empty): one}
        made = cls(players, seat, states, exact)
        for s, size in enumerate(hand_sizes):
            if s != seat:
                made._move(made.pile, s, size)
        return made

    def _update(self, made: dict[Key, Weight]) -> None:
        if not made:
            raise ValueError("no hidden history explains the step")
        if not self.exact:
            total = sum(made.values())
            made = {k: w / total for k, w in made.items()}
        self.states = made

    def _move(self, source: int, target: int, count: int, fill: bool = False) -> None:
        made: dict[Key, Weight] = {}
        for key, weight in self.states.items():
            many = max(count - sum(key[target]), 0) if fill else count
            whole = math.comb(sum(key[source]), many)
            for part, ways in _parts(key[source], many):
                places = list(key)
                places[source] = tuple(a - b for a, b in zip(key[source], part, strict=True))
                places[target] = tuple(a + b for a, b in zip(key[target], part, strict=True))
                gain = weight * ways
                new = tuple(places)
                made[new] = made.get(new, 0) + (gain / whole if self.exact else gain / float(whole))
        self._update(made)

    def drew(self, seat: int, count: int) -> None:
        if count:
            self._move(self.pile, seat, count)

    def drew_to(self, seat: int, size: int) -> None:
        self._move(self.pile, seat, size, fill=True)

    def showed(self, place: int, card: int) -> None:
        made: dict[Key, Weight] = {}
        for key, weight in self.states.items():
            held = key[place][card]
            if held:
                places = list(key)
                row = list(key[place])
                row[card] -= 1
                places[place] = tuple(row)
                new = tuple(places)
                made[new] = made.get(new, 0) + weight * held
        self._update(made)

    def gave_unseen(self, seat: int, sizes: Iterable[int]) -> None:
        made: dict[Key, Weight] = {}
        sizes = tuple(sizes)
        for key, weight in self.states.items():
            for size in sizes:
                for part, ways in _parts(key[seat], size):
                    places = list(key)
                    places[seat] = tuple(a - b for a, b in zip(key[seat], part, strict=True))
                    places[self.limbo] = part
                    new = tuple(places)
                    made[new] = made.get(new, 0) + weight * ways
        self._update(made)

    def pile_gets(self, known: Counts) -> None:
        made: dict[Key, Weight] = {}
        for key, weight in self.states.items():
            places = list(key)
            places[self.pile] = tuple(
                a + b + c for a, b, c in zip(key[self.pile], key[self.limbo], known, strict=True)
            )
            places[self.limbo] = (0,) * len(known)
            new = tuple(places)
            made[new] = made.get(new, 0) + weight
        self._update(made)

    def total(self) -> Weight:
        return sum(self.states.values())

    def spread(self, place: int, card: int) -> list[Weight]:
        dist: list[Weight] = []
        for key, weight in self.states.items():
            n = key[place][card]
            if len(dist) <= n:
                dist += [Fraction(0) if self.exact else 0.0] * (n + 1 - len(dist))
            dist[n] += weight
        total = self.total()
        return [d / total for d in dist]

    def size(self) -> tuple[int, int]:
        return len(self.states), 0
