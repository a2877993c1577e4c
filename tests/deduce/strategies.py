"""Random small models and small Black Vienna-like positions, built from a true deal."""

from __future__ import annotations

import random

from sleuth.deduce.model import Constraint, Model
from sleuth.games.black_vienna.knowledge import Investigation, SeatModel, seat_model


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


def small_bv(
    rng: random.Random, answers: int | None = None, wrong: float = 0.0
) -> tuple[SeatModel, list[str], str]:
    """A small Black Vienna-like game: 9-12 letters, 2-3 players, 3-letter questions.

    Returns the seat's model, the true hands and the true ring."""
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
        invs.append(Investigation(target, q, m))
    seat = rng.randrange(players)
    sm = seat_model(letters, sizes, seat, hands[seat], invs, None, ring_size)
    return sm, hands, ring
