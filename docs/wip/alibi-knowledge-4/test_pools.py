"""Alibi's pool knowledge (``pools``) against a brute force over physical deals.

Tiny games of 2-3 seats, hands of 2-3 and 8-11 cards of three values, played at random
through draws, plays, swaps, the observer's own draws, discard refills, new rounds and
exchanges shuffled away unseen. The brute force keeps every physical placement of the
hidden cards (each card its own) with the number of histories leading to it; the pool
states must give the very same chances, as exact fractions, for every count of every value
in every other hand and the draw pile.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from hand_filter import HandFilter
from hypothesis import given, settings
from hypothesis import strategies as st
from pools import PoolKnowledge, Weight

VALUES = 3


@dataclass(frozen=True)
class Event:
    """What the observer sees: ``kind`` drew/fill/showed (``place``, ``n``), gave (``place``,
    the sizes ``cards``), pile_gets (the known ``cards`` by value)."""

    kind: str
    place: int = 0
    n: int = 0
    cards: tuple[int, ...] = ()


def counts(values: list[int]) -> tuple[int, ...]:
    c = Counter(values)
    return tuple(c[v] for v in range(VALUES))


class TinyGame:
    """A random tiny game: the true cards, and the events its observer (seat 0) sees."""

    def __init__(self, rng: random.Random, players: int, hand: int, deck: list[int]) -> None:
        self.rng = rng
        self.players = players
        cards = deck[:]
        rng.shuffle(cards)
        self.hands = [cards[i * hand : (i + 1) * hand] for i in range(players)]
        self.pile = cards[players * hand :]
        self.discard: list[int] = []
        self.table: list[int] = []
        self.hand = hand
        self.events: list[Event] = []

    def draw(self, seat: int, n: int) -> None:
        """``seat`` draws ``n``; an empty pile is refilled from the discards (C11)."""
        take = min(n, len(self.pile))
        self._take(seat, take)
        if take < n and self.discard:
            self.events.append(Event("pile_gets", cards=counts(self.discard)))
            self.pile = self.discard[:]
            self.rng.shuffle(self.pile)
            self.discard = []
            self._take(seat, min(n - take, len(self.pile)))

    def _take(self, seat: int, n: int) -> None:
        drawn = [self.pile.pop() for _ in range(n)]
        self.hands[seat] += drawn
        if seat == 0:
            self.events += [Event("showed", self.players, v) for v in drawn]
        elif n:
            self.events.append(Event("drew", seat, n))

    def lay(self, seat: int, to_table: bool) -> None:
        card = self.hands[seat].pop(self.rng.randrange(len(self.hands[seat])))
        (self.table if to_table else self.discard).append(card)
        if seat != 0:
            self.events.append(Event("showed", seat, card))

    def unseen_exchange(self, seat: int) -> None:
        """Cards given up and shuffled into a refill before anyone but their owner saw them."""
        old = len(self.pile)
        k = self.rng.randrange(old + 1, self.hand + 1)
        self.rng.shuffle(self.hands[seat])
        gone, self.hands[seat] = self.hands[seat][:k], self.hands[seat][k:]
        self.events.append(Event("gave", seat, cards=tuple(range(old + 1, self.hand + 1))))
        self._take(seat, old)
        self.events.append(Event("pile_gets", cards=counts(self.discard)))
        self.pile = self.discard + gone
        self.rng.shuffle(self.pile)
        self.discard = []
        drawn = [self.pile.pop() for _ in range(k - old)]
        self.hands[seat] += drawn
        # How many it drew is not told: as many as the hand lacks.
        self.events.append(Event("fill", seat, self.hand))

    def step(self) -> None:
        rng = self.rng
        seat = rng.randrange(self.players)
        kind = rng.choice(["play", "swap", "swap", "round", "unseen"])
        if kind == "round":
            # A new round: the table and the discards join the pile.
            self.events.append(Event("pile_gets", cards=counts(self.table + self.discard)))
            self.pile += self.table + self.discard
            rng.shuffle(self.pile)
            self.table, self.discard = [], []
        elif kind == "unseen" and seat != 0 and len(self.pile) < self.hand == len(self.hands[seat]):
            self.unseen_exchange(seat)
        elif self.hands[seat] and (self.pile or self.discard or kind == "play"):
            self.lay(seat, kind == "play")
            self.draw(seat, 1)


def brute_force(game: TinyGame, deck: list[int], own: list[int]) -> list[list[list[Fraction]]]:
    """Each place's chance of holding n of each value, from every physical placement."""
    players = game.players
    unseen = Counter(deck)
    unseen.subtract(own)
    value = [v for v in range(VALUES) for _ in range(unseen[v])]
    ids = list(range(len(value)))
    worlds: dict[tuple[frozenset[int], ...], Fraction] = {}

    def deal(left: frozenset[int], s: int, placed: tuple[frozenset[int], ...]) -> None:
        if s == players:
            worlds[(*placed, left, frozenset())] = Fraction(1)
            return
        for part in _subsets(left, sizes[s] if s else 0):
            deal(left - part, s + 1, (*placed, part))

    sizes = [game.hand if s else 0 for s in range(players)]
    deal(frozenset(ids), 0, ())
    pile, limbo = players, players + 1
    for event in game.events:
        made: defaultdict[tuple[frozenset[int], ...], Fraction] = defaultdict(Fraction)
        for world, ways in worlds.items():
            if event.kind in ("drew", "fill"):
                seat, n = event.place, event.n
                if event.kind == "fill":
                    n = n - len(world[seat])
                # Each set off the top of a shuffled pile is as likely.
                parts = _subsets(world[pile], n)
                for part in parts:
                    made[_moved(world, pile, seat, part)] += ways / len(parts)
            elif event.kind == "showed":
                place, v = event.place, event.n
                for card in world[place]:
                    if value[card] == v:
                        places = list(world)
                        places[place] = world[place] - {card}
                        made[tuple(places)] += ways
            elif event.kind == "gave":
                for k in event.cards:
                    for part in _subsets(world[event.place], k):
                        made[_moved(world, event.place, limbo, part)] += ways
            else:
                fresh = []
                for v, n in enumerate(event.cards):
                    for _ in range(n):
                        value.append(v)
                        fresh.append(len(value) - 1)
                places = list(world)
                places[pile] = world[pile] | world[limbo] | frozenset(fresh)
                places[limbo] = frozenset()
                made[tuple(places)] += ways
        worlds = made
    total = sum(worlds.values())
    result = []
    for place in range(players + 1):
        rows = []
        for v in range(VALUES):
            dist: defaultdict[int, Fraction] = defaultdict(Fraction)
            for world, ways in worlds.items():
                dist[sum(1 for c in world[place] if value[c] == v)] += ways
            rows.append([dist[n] / total for n in range(max(dist) + 1)])
        result.append(rows)
    return result


def _subsets(cards: frozenset[int], n: int) -> list[frozenset[int]]:
    import itertools

    return [frozenset(c) for c in itertools.combinations(sorted(cards), n)]


def _moved(
    world: tuple[frozenset[int], ...], source: int, target: int, part: frozenset[int]
) -> tuple[frozenset[int], ...]:
    places = list(world)
    places[source] = world[source] - part
    places[target] = world[target] | part
    return tuple(places)


def pooled(
    game: TinyGame,
    deck: list[int],
    own: list[int],
    kind: type[PoolKnowledge] | type[HandFilter] = PoolKnowledge,
) -> PoolKnowledge | HandFilter:
    unseen = Counter(deck)
    unseen.subtract(own)
    sizes = [game.hand] * game.players
    pile = len(deck) - game.hand * game.players
    knowledge = kind.start(counts(list(unseen.elements())), sizes, 0, pile, exact=True)
    for event in game.events:
        if event.kind == "drew":
            knowledge.drew(event.place, event.n)
        elif event.kind == "fill":
            knowledge.drew_to(event.place, event.n)
        elif event.kind == "showed":
            knowledge.showed(event.place, event.n)
        elif event.kind == "gave":
            knowledge.gave_unseen(event.place, event.cards)
        else:
            knowledge.pile_gets(event.cards)
    return knowledge


def trimmed(dist: Sequence[Weight]) -> Sequence[Weight]:
    while len(dist) > 1 and dist[-1] == 0:
        dist = dist[:-1]
    return dist


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 3),
    hand=st.integers(2, 3),
    extra=st.integers(1, 3),
    steps=st.integers(1, 14),
)
def test_pools_agree_with_brute_force(
    seed: int, players: int, hand: int, extra: int, steps: int
) -> None:
    rng = random.Random(seed)
    size = players * hand + extra + (2 if players == 2 else 0)
    deck = [rng.randrange(VALUES) for _ in range(size)]
    game = TinyGame(rng, players, hand, deck)
    own = game.hands[0][:]
    for _ in range(steps):
        game.step()
    expected = brute_force(game, deck, own)
    for kind in (PoolKnowledge, HandFilter):
        knowledge = pooled(game, deck, own, kind)
        for place in [*range(1, players), players]:
            for v in range(VALUES):
                assert trimmed(knowledge.spread(place, v)) == trimmed(expected[place][v]), (
                    kind,
                    place,
                    v,
                    game.events,
                )
