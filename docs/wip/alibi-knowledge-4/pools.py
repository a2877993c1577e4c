"""What one seat knows of the hidden Alibi cards, exactly, as weighted pool states (issue #33).

Deal model ("every hidden history equally likely"): the physical cards are distinct, every
shuffle is uniform, and a card a seat lays, discards or gives up is any card of its hand
holding that value, the choice telling nothing more (counting histories, a hand with two
such cards is twice as likely as one with one: the same as "a random card of the hand",
hand sizes being public). An exchange shuffled away unseen gave up any subset of the hand
of a size that explains the step, every subset as likely.

Under this model a card laid from a hand says nothing about the hand's other cards beyond
what the cards' origin says: cards that came from the same shuffled group (a *pool*) stay
exchangeable wherever they went. So a seat's knowledge is a weighted set of *states*,
each a list of pools; a pool is what is left hidden of a group of cards of known make-up
(``left``, counts by card) and how many of its cards lie in each place (``slots``: the
seats, the draw pile, and ``LIMBO`` for cards given up unseen on their way into the pile).
Given a state, each pool's ``left`` cards lie uniformly over its slots. A state's weight is
the number of hidden histories leading to it, up to one factor common to all states.

Steps: another seat draws (``drew``: which pools the drawn slots came from, hypergeometric
in slot counts), shows a card from its hand or the observer draws one (``showed``: which
pool the card came from), gives cards up unseen (``gave_unseen``), and known cards join the
pile (``pile_gets``). Pools lying whole in one place are merged (exact: a place's cards
from several fully contained pools are one uniform group), empty pools dropped, and equal
states merged.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

Counts = tuple[int, ...]
Pool = tuple[Counts, Counts]  # (left by card, slots by place)
Key = tuple[Pool, ...]
Weight = float | Fraction


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _canonical(pools: Iterable[Pool], places: int) -> Key:
    """Empty pools dropped, the pools lying whole in one place merged, sorted."""
    local: dict[int, Pool] = {}
    spread: list[Pool] = []
    for left, slots in pools:
        held = [p for p in range(places) if slots[p]]
        if not held:
            continue
        if len(held) > 1:
            spread.append((left, slots))
        elif held[0] in local:
            old_left, old_slots = local[held[0]]
            local[held[0]] = (_add(old_left, left), _add(old_slots, slots))
        else:
            local[held[0]] = (left, slots)
    return tuple(sorted([*spread, *local.values()], key=lambda p: (p[1], p[0])))


def _splits(total: int, room: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` items from groups of sizes ``room``."""
    if not room:
        if total == 0:
            yield ()
        return
    head, rest = room[0], room[1:]
    most = sum(rest)
    for a in range(max(0, total - most), min(head, total) + 1):
        for tail in _splits(total - a, rest):
            yield (a, *tail)


@dataclass
class PoolKnowledge:
    """One observer's knowledge: ``states`` maps each state to its weight."""

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

    @property
    def places(self) -> int:
        return self.players + 2

    @classmethod
    def start(
        cls,
        unseen: Counts,
        hand_sizes: Sequence[int],
        seat: int,
        pile_size: int,
        exact: bool = False,
    ) -> PoolKnowledge:
        """At the deal: the ``unseen`` cards (the deck less the seat's hand) lie anywhere
        in the other hands (``hand_sizes``, the seat's own ignored) and the pile."""
        players = len(hand_sizes)
        slots = [0] * (players + 2)
        for s, size in enumerate(hand_sizes):
            if s != seat:
                slots[s] = size
        slots[players] = pile_size
        if sum(slots) != sum(unseen):
            raise ValueError(f"{sum(unseen)} unseen cards for {sum(slots)} hidden places")
        key = _canonical([(tuple(unseen), tuple(slots))], players + 2)
        one: Weight = Fraction(1) if exact else 1.0
        return cls(players, seat, {key: one}, exact)

    # --- steps --------------------------------------------------------------------------------

    def _update(self, made: dict[Key, Weight]) -> None:
        if not made:
            raise ValueError("no hidden history explains the step")
        if not self.exact:
            total = sum(made.values())
            made = {k: w / total for k, w in made.items()}
        self.states = made

    def _moved(self, key: Key, source: int, target: int, counts: Sequence[int]) -> Key:
        pools = []
        for (left, slots), n in zip(key, counts, strict=True):
            if n:
                moved = list(slots)
                moved[source] -= n
                moved[target] += n
                slots = tuple(moved)
            pools.append((left, slots))
        return _canonical(pools, self.places)

    def _move(self, source: int, target: int, count: int, fill: bool = False) -> None:
        """``count`` random cards of ``source`` go to ``target`` unseen; with ``fill``, as
        many as ``target`` lacks of ``count`` in each state."""
        made: dict[Key, Weight] = {}
        for key, weight in self.states.items():
            room = [slots[source] for _, slots in key]
            many = count
            if fill:
                many = max(count - sum(slots[target] for _, slots in key), 0)
            # Each set of cards off the top is as likely: 1 in comb(pile, many), a pile
            # whose size may differ from state to state (``fill``).
            whole = math.comb(sum(room), many)
            for split in _splits(many, room):
                ways = math.prod(math.comb(r, a) for r, a in zip(room, split, strict=True))
                new = self._moved(key, source, target, split)
                gain = weight * ways
                made[new] = made.get(new, 0) + (gain / whole if self.exact else gain / float(whole))
        self._update(made)

    def drew(self, seat: int, count: int) -> None:
        """Another ``seat`` drew ``count`` cards from the pile."""
        if count:
            self._move(self.pile, seat, count)

    def drew_to(self, seat: int, size: int) -> None:
        """Another ``seat`` drew from the pile until it held ``size`` cards: after an
        exchange shuffled away unseen, how many it drew depends on the state."""
        self._move(self.pile, seat, size, fill=True)

    def showed(self, place: int, card: int) -> None:
        """A card of index ``card`` left ``place`` face up: laid or discarded from another
        seat's hand, or drawn by the observer from the pile."""
        made: dict[Key, Weight] = {}
        for key, weight in self.states.items():
            for j, (left, slots) in enumerate(key):
                if not slots[place] or not left[card]:
                    continue
                new_left = list(left)
                new_left[card] -= 1
                new_slots = list(slots)
                new_slots[place] -= 1
                pools = [*key[:j], (tuple(new_left), tuple(new_slots)), *key[j + 1 :]]
                new = _canonical(pools, self.places)
                gain = weight * slots[place] * left[card]
                gain = gain / sum(slots) if self.exact else gain / float(sum(slots))
                made[new] = made.get(new, 0) + gain
        self._update(made)

    def gave_unseen(self, seat: int, sizes: Iterable[int]) -> None:
        """Another ``seat`` gave up, unseen, a subset of its hand of one of ``sizes`` cards
        (every subset as likely), bound for the pile (``LIMBO`` until ``pile_gets``)."""
        made: dict[Key, Weight] = {}
        for key, weight in self.states.items():
            room = [slots[seat] for _, slots in key]
            for size in sizes:
                for split in _splits(size, room):
                    ways = math.prod(math.comb(r, a) for r, a in zip(room, split, strict=True))
                    new = self._moved(key, seat, self.limbo, split)
                    made[new] = made.get(new, 0) + weight * ways
        self._update(made)

    def pile_gets(self, known: Counts) -> None:
        """Known cards (and any given up unseen) are shuffled into the pile."""
        made: dict[Key, Weight] = {}
        fresh_slots = [0] * self.places
        fresh_slots[self.pile] = sum(known)
        fresh = (tuple(known), tuple(fresh_slots))
        for key, weight in self.states.items():
            pools = []
            for left, slots in key:
                if slots[self.limbo]:
                    moved = list(slots)
                    moved[self.pile] += moved[self.limbo]
                    moved[self.limbo] = 0
                    slots = tuple(moved)
                pools.append((left, slots))
            new = _canonical([*pools, fresh], self.places)
            made[new] = made.get(new, 0) + weight
        self._update(made)

    # --- what is known ------------------------------------------------------------------------

    def total(self) -> Weight:
        return sum(self.states.values())

    def spread(self, place: int, card: int) -> list[Weight]:
        """The chance that ``place`` holds exactly n cards of index ``card``, for each n."""
        dist: list[Weight] = []
        for key, weight in self.states.items():
            mine: list[Weight] = [Fraction(1) if self.exact else 1.0]
            for left, slots in key:
                taken = slots[place]
                if not taken:
                    continue
                size, good = sum(slots), left[card]
                whole = math.comb(size, taken)
                part = [
                    math.comb(good, x) * math.comb(size - good, taken - x)
                    for x in range(min(good, taken) + 1)
                ]
                mine = [
                    sum(
                        (mine[n - x] * part[x] for x in range(len(part)) if 0 <= n - x < len(mine)),
                        start=0 * mine[0],
                    )
                    for n in range(len(mine) + len(part) - 1)
                ]
                mine = [m / whole for m in mine] if self.exact else [m / float(whole) for m in mine]
            if len(dist) < len(mine):
                dist += [0 * mine[0]] * (len(mine) - len(dist))
            for n, m in enumerate(mine):
                dist[n] += weight * m
        total = self.total()
        return [d / total for d in dist]

    def sample(self, rng: random.Random) -> list[list[int]]:
        """One hidden deal drawn from the knowledge: for each place, its cards (indices)."""
        keys = list(self.states)
        key = rng.choices(keys, weights=[float(self.states[k]) for k in keys])[0]
        dealt: list[list[int]] = [[] for _ in range(self.places)]
        for left, slots in key:
            cards = [c for c, n in enumerate(left) for _ in range(n)]
            rng.shuffle(cards)
            at = 0
            for place, n in enumerate(slots):
                dealt[place] += cards[at : at + n]
                at += n
        return dealt

    def size(self) -> tuple[int, int]:
        """How many states, and the most pools in one."""
        return len(self.states), max((len(k) for k in self.states), default=0)
