"""Random Black Vienna games from a seeded ``random.Random``: for tests and benchmarks."""

from __future__ import annotations

import random
from dataclasses import dataclass

from sleuth.games.black_vienna.components import DEFAULT_DECK, LETTERS
from sleuth.games.black_vienna.knowledge import HAND_SIZES, Investigation, Position


@dataclass(frozen=True)
class Deal:
    """The whole truth: each seat's hand and the ring."""

    hands: tuple[str, ...]
    ring: str


def random_deal(rng: random.Random, players: int) -> Deal:
    cards = list(LETTERS)
    rng.shuffle(cards)
    ring = "".join(sorted(cards[:3], key=LETTERS.index))
    rest = cards[3:]
    hands = []
    i = 0
    for size in HAND_SIZES[players]:
        hands.append("".join(sorted(rest[i : i + size], key=LETTERS.index)))
        i += size
    return Deal(tuple(hands), ring)


def answer(deal: Deal, target: int, letters: str) -> int:
    return sum(1 for ch in letters if ch in deal.hands[target])


def random_game(
    rng: random.Random, players: int, answers: int, deck: tuple[str, ...] = DEFAULT_DECK
) -> tuple[Deal, list[Investigation], list[str]]:
    """A deal, ``answers`` answers of a random question chain, and three face-up-like cards.

    The asker starts at the dealer (seat 0); the target asks next. Cards come from the shuffled
    deck without repetition; once six cards are down, an asker sometimes reuses a 0-marker card
    lying in front of another seat as well (a special investigation: two answers). When the deck
    runs out, cards are reused at random.
    """
    deal = random_deal(rng, players)
    stack = list(deck)
    rng.shuffle(stack)
    invs: list[Investigation] = []
    zero: list[tuple[int, str]] = []
    asker = 0
    while len(invs) < answers:
        target = rng.choice([s for s in range(players) if s != asker])
        cards = [stack.pop() if stack else rng.choice(deck)]
        others = [z for z in zero if z[0] != asker]
        if len(invs) >= 6 and others and len(invs) + 2 <= answers and rng.random() < 0.15:
            z = rng.choice(others)
            zero.remove(z)
            cards.append(z[1])
        for letters in cards:
            m = answer(deal, target, letters)
            invs.append(Investigation(target, letters, m))
            if m == 0:
                zero.append((target, letters))
        asker = target
    face_up = [stack.pop() if stack else rng.choice(deck) for _ in range(3)]
    return deal, invs, face_up


def random_position(
    rng: random.Random, players: int, answers: int, seat: int | None = None
) -> tuple[Deal, Position]:
    """A position of a random seat (or ``seat``) after ``answers`` answers, with face-up cards."""
    deal, invs, face_up = random_game(rng, players, answers)
    if seat is None:
        seat = rng.randrange(players)
    return deal, Position(players, seat, deal.hands[seat], tuple(invs), face_up=tuple(face_up))
