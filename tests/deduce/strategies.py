"""Random small models and small positions of a game of hidden hands and a hidden set
(the shape of Black Vienna), built from a true deal."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from sleuth.deduce.model import Constraint, Model

# The hidden set's location: the last, after the other seats.
HIDDEN = "ring"


@dataclass(frozen=True)
class Answer:
    """One answer: ``target`` holds ``markers`` of the ``letters`` asked about."""

    target: int
    letters: str
    markers: int


@dataclass(frozen=True)
class SeatModel:
    model: Model


def seat_model(
    letters: str,
    sizes: Sequence[int],
    seat: int,
    hand: str,
    answers: Sequence[Answer],
    ring_size: int = 3,
) -> SeatModel:
    """The model of one seat: the cards it does not hold over the other seats (in seat
    order) and the hidden set; an answer about its own hand tells it nothing."""
    own = set(hand)
    cards = tuple(ch for ch in letters if ch not in own)
    index = {ch: i for i, ch in enumerate(cards)}
    seats = tuple(s for s in range(len(sizes)) if s != seat)
    caps = (*(sizes[s] for s in seats), ring_size)
    cons = [
        Constraint(
            frozenset([seats.index(answer.target)]),
            frozenset(index[ch] for ch in answer.letters if ch not in own),
            answer.markers,
            i,
        )
        for i, answer in enumerate(answers)
        if answer.target != seat
    ]
    locations = (*(str(s) for s in seats), HIDDEN)
    return SeatModel(Model(cards, locations, caps, tuple(cons), None, len(seats)))


def random_model(rng: random.Random, wrong: float = 0.05) -> tuple[Model, list[int]]:
    """A general model with domains and multi-location constraints, and its true deal."""
    n = rng.randint(3, 9)
    nh = rng.randint(1, 3)
    sol_cap = rng.randint(0, min(3, n))
    rest = n - sol_cap
    caps = [rest // nh] * nh
    for i in range(rest - sum(caps)):
        caps[i] += 1
    caps.append(sol_cap)
    deal: list[int] = []
    for loc, c in enumerate(caps):
        deal += [loc] * c
    rng.shuffle(deal)
    domains = None
    if rng.random() < 0.5:
        domains = tuple(
            frozenset({deal[c]} | {loc for loc in range(nh + 1) if rng.random() < 0.7})
            for c in range(n)
        )
    cons = []
    for t in range(rng.randint(0, 8)):
        locs = frozenset(rng.sample(range(nh + 1), rng.randint(1, nh + 1)))
        cs = frozenset(rng.sample(range(n), rng.randint(1, n)))
        k = sum(1 for c in cs if deal[c] in locs)
        if rng.random() < wrong:
            k += rng.choice([-1, 1])
        if k >= 0:
            cons.append(Constraint(locs, cs, k, t))
    model = Model(
        tuple(f"c{c}" for c in range(n)),
        tuple(f"l{loc}" for loc in range(nh + 1)),
        tuple(caps),
        tuple(cons),
        domains,
        nh,
    )
    return model, deal


@dataclass(frozen=True)
class SmallGame:
    """A small game's true deal, one seat and the answers it heard."""

    letters: str
    sizes: tuple[int, ...]
    seat: int
    hands: tuple[str, ...]
    ring: str
    answers: tuple[Answer, ...]
    ring_size: int = 3


def small_game(rng: random.Random, answers: int | None = None, wrong: float = 0.0) -> SmallGame:
    """A small game of hands and a hidden set: 9-12 letters, 2-3 players, 3-letter questions;
    a share ``wrong`` of the answers is wrong."""
    n = rng.randint(9, 12)
    letters = "ABCDEFGHIJKL"[:n]
    players = rng.randint(2, 3)
    ring_size = 3
    rest = n - ring_size
    sizes = [rest // players] * players
    for i in range(rest - sum(sizes)):
        sizes[i] += 1
    cards = list(letters)
    rng.shuffle(cards)
    ring = "".join(sorted(cards[:ring_size]))
    hands = []
    i = ring_size
    for s in sizes:
        hands.append("".join(sorted(cards[i : i + s])))
        i += s
    invs = []
    for _ in range(rng.randint(0, 10) if answers is None else answers):
        target = rng.randrange(players)
        q = "".join(rng.sample(letters, 3))
        m = sum(1 for ch in q if ch in hands[target])
        if rng.random() < wrong:
            m = (m + rng.randint(1, 3)) % 4
        invs.append(Answer(target, q, m))
    seat = rng.randrange(players)
    return SmallGame(letters, tuple(sizes), seat, tuple(hands), ring, tuple(invs), ring_size)


def small_bv(
    rng: random.Random, answers: int | None = None, wrong: float = 0.0
) -> tuple[SeatModel, list[str], str]:
    """The model of a small game's seat (``small_game``), the true hands and the true ring."""
    game = small_game(rng, answers, wrong)
    hand = game.hands[game.seat]
    sm = seat_model(game.letters, game.sizes, game.seat, hand, game.answers, game.ring_size)
    return sm, list(game.hands), game.ring
