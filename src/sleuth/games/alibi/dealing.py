"""The hidden cards dealt to the other hands and the draw pile within a view's bounds.

Uniform over the deals of the physical cards (each card its own, as a shuffle deals them)
in which no hand and not the draw pile holds more of a card than the view's ``bounds``
allow. First by rejection: shuffle, deal, keep the deal if it fits (nearly always at
once); after ``TRIES`` misses by an exact sequential draw, card value by card value, each
split weighted by how many whole deals complete it (``_Counter``). Both give the same
distribution; the second only costs more.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Sequence

import numpy as np

from sleuth.core import GameError

from . import components as ac
from .bounds import INDEX, counts_of
from .views import AlibiView

TRIES = 64
KEPT = 16  # views whose deals are counted, kept for the samples that follow
_Key = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]
_EXACT: dict[_Key, _Counter] = {}


def deal(
    view: AlibiView, cards: list[str], rng: random.Random
) -> tuple[dict[int, tuple[str, ...]], list[str]]:
    """The other seats' hands (sorted) and the draw pile (top last) from ``cards``, the
    cards the seat cannot see, within ``view.bounds``; without bounds a plain shuffle."""
    others = [s for s in range(view.players) if s != view.seat]
    sizes = [view.hand_sizes[s] for s in others]
    if not view.bounds:
        rng.shuffle(cards)
        return _split(others, sizes, cards)
    total = tuple(counts_of(cards))
    caps, pile_caps = _caps(view.bounds, tuple(others), tuple(sizes), total)
    exact = _EXACT.get((total, tuple(sizes), caps, pile_caps))
    if exact is None:
        for _ in range(TRIES):
            rng.shuffle(cards)
            if _fits(cards, sizes, caps, pile_caps, total):
                return _split(others, sizes, cards)
    return _exact(others, sizes, caps, pile_caps, total, rng)


@functools.lru_cache(maxsize=64)  # a search samples one view a hundred times
def _caps(
    bounds: tuple[tuple[int, ...], ...],
    others: tuple[int, ...],
    sizes: tuple[int, ...],
    total: tuple[int, ...],
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Each other hand's and the pile's bounds, cut to the cards there are and the size."""
    caps = tuple(
        tuple(min(b, n, size) for b, n in zip(bounds[s], total, strict=True))
        for s, size in zip(others, sizes, strict=True)
    )
    return caps, tuple(min(b, n) for b, n in zip(bounds[-1], total, strict=True))


def _exact(
    others: Sequence[int],
    sizes: Sequence[int],
    caps: tuple[tuple[int, ...], ...],
    pile_caps: tuple[int, ...],
    total: Sequence[int],
    rng: random.Random,
) -> tuple[dict[int, tuple[str, ...]], list[str]]:
    """The exact draw: the hands no bound restricts counted as one place (given what they
    hold together, any split of it among them is as likely), so the count stays small."""
    free = [
        j
        for j, (cap, size) in enumerate(zip(caps, sizes, strict=True))
        if all(c >= min(n, size) for c, n in zip(cap, total, strict=True))
    ]
    bound = [j for j in range(len(sizes)) if j not in free]
    places = [sizes[j] for j in bound]
    place_caps = [caps[j] for j in bound]
    if free:
        places.append(sum(sizes[j] for j in free))
        place_caps.append(tuple(min(n, places[-1]) for n in total))
    key = (tuple(total), tuple(sizes), caps, pile_caps)
    counter = _EXACT.get(key)
    if counter is None:
        # A search samples one view a hundred times: count its deals once, then draw.
        if len(_EXACT) >= KEPT:
            _EXACT.clear()
        counter = _EXACT[key] = _Counter(tuple(total), tuple(places), tuple(place_caps), pile_caps)
    table = counter.draw(rng)
    dealt = [[ac.CARDS[v] for v, x in enumerate(row) for _ in range(x)] for row in table]
    pile = [ac.CARDS[v] for v, n in enumerate(total) for _ in range(n - sum(x[v] for x in table))]
    rng.shuffle(pile)
    hands = {others[j]: tuple(cards) for j, cards in zip(bound, dealt, strict=False)}
    if free:
        together = dealt[-1]
        rng.shuffle(together)
        hands.update(_split([others[j] for j in free], [sizes[j] for j in free], together)[0])
    return hands, pile


def _split(
    others: Sequence[int], sizes: Sequence[int], cards: list[str]
) -> tuple[dict[int, tuple[str, ...]], list[str]]:
    hands, at = {}, 0
    for s, size in zip(others, sizes, strict=True):
        hands[s] = ac.sort_cards(cards[at : at + size])
        at += size
    return hands, cards[at:]


def _fits(
    cards: Sequence[str],
    sizes: Sequence[int],
    caps: Sequence[Sequence[int]],
    pile_caps: Sequence[int],
    total: Sequence[int],
) -> bool:
    held = [0] * len(total)
    at = 0
    for size, cap in zip(sizes, caps, strict=True):
        hand = [0] * len(total)
        for card in cards[at : at + size]:
            i = INDEX[card]
            hand[i] += 1
            if hand[i] > cap[i]:
                return False
            held[i] += 1
        at += size
    return all(n - h <= p for n, h, p in zip(total, held, pile_caps, strict=True))


class _Counter:
    """How many physical deals fit the bounds, value by value (in floats: only their ratios
    are drawn from): ``ways[v][room]`` counts the deals of the values from ``v`` on into
    places (the hands) with ``room`` cards left to fill, the rest going to the pile."""

    def __init__(
        self,
        total: tuple[int, ...],
        sizes: tuple[int, ...],
        caps: tuple[tuple[int, ...], ...],
        pile_caps: tuple[int, ...],
    ) -> None:
        self.total, self.sizes, self.caps, self.pile_caps = total, sizes, caps, pile_caps
        self.split_lists = [self.splits(v) for v in range(len(total))]
        self.arrays = [
            (
                np.array([split for split, _ in found], dtype=int).reshape(-1, len(sizes)),
                np.array([float(weight) for _, weight in found]),
            )
            for found in self.split_lists
        ]
        shape = tuple(size + 1 for size in sizes)
        after = np.zeros(shape)
        after[(0,) * len(sizes)] = 1.0
        self.ways = [after]
        for v in reversed(range(len(total))):
            ways = np.zeros(shape)
            for split, weight in self.split_lists[v]:
                # A room of r takes the split from the room r - split of the next value.
                into = tuple(slice(x, None) for x in split)
                out = tuple(slice(0, n - x) for n, x in zip(shape, split, strict=True))
                ways[into] += weight * after[out]
            self.ways.append(ways)
            after = ways
        self.ways.reverse()

    def splits(self, v: int) -> list[tuple[tuple[int, ...], int]]:
        """Each way to put value ``v``'s cards into the places (the rest into the pile),
        with how many physical deals of those cards it stands for."""
        n = self.total[v]
        found = []
        places = zip(self.caps, self.sizes, strict=True)
        limits = (range(min(cap[v], n, size) + 1) for cap, size in places)
        for split in itertools.product(*limits):
            held = sum(split)
            if held <= n and n - held <= self.pile_caps[v]:
                weight = math.factorial(n) // math.factorial(n - held)
                for x in split:
                    weight //= math.factorial(x)
                found.append((split, weight))
        return found

    def count(self) -> float:
        """How many deals fit, up to the orders within each place."""
        return float(self.ways[0][self.sizes])

    def draw(self, rng: random.Random) -> list[list[int]]:
        """A table of how many of each value each place gets, drawn by its deals."""
        if not self.count() > 0:
            raise GameError("the view's bounds leave no deal of the unseen cards")
        room = np.array(self.sizes)
        table = [[0] * len(self.total) for _ in self.sizes]
        for v in range(len(self.total)):
            splits, weights = self.arrays[v]
            left = room - splits
            fit = (left >= 0).all(axis=1)
            chances = np.where(fit, weights, 0.0)
            chances[fit] *= self.ways[v + 1][tuple(left[fit].T)]
            # One pick by the seat's own generator: a search stays reproducible.
            pick = rng.random() * float(chances.sum())
            chosen = int(np.searchsorted(np.cumsum(chances), pick, side="right"))
            chosen = min(chosen, len(chances) - 1)
            while not chances[chosen]:  # a pick at the very end of the float sum
                chosen -= 1
            for j, x in enumerate(splits[chosen]):
                table[j][v] = int(x)
            room = left[chosen]
        return table
