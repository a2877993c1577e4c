"""What both 13 Clues bots do alike: choosing a mystery, taking a glass, ordering a trio."""

from __future__ import annotations

import random
from collections.abc import Sequence

from sleuth.core import Action
from sleuth.deduce.thirteen_clues import COLOURS, LOCATIONS, PERSONS, WEAPONS
from sleuth.games.thirteen_clues import Accuse, Choose, Take, ThirteenCluesView

TYPE_OF = {n: 0 for n in PERSONS} | {n: 1 for n in LOCATIONS} | {n: 2 for n in WEAPONS}
COLOUR_OF = {n: COLOURS[i] for names in (PERSONS, LOCATIONS, WEAPONS) for i, n in enumerate(names)}


def trio(names: Sequence[str]) -> tuple[str, ...]:
    """Person, location, weapon: the order an accusation is written in."""
    return tuple(sorted(names, key=lambda n: TYPE_OF[n]))


def choose(legal: Sequence[Action], rng: random.Random) -> Choose:
    """A random trio not all of one colour when possible: one colour would stand out."""
    options = [a for a in legal if isinstance(a, Choose)]
    mixed = [a for a in options if len({COLOUR_OF.get(n, n) for n in a.cards}) > 1]
    pool = mixed or options
    return pool[rng.randrange(len(pool))]


def take(view: ThirteenCluesView, legal: Sequence[Action], rng: random.Random) -> Take:
    """From the seat with the most glasses: it could ask the most next."""
    options = [a for a in legal if isinstance(a, Take)]
    return max(options, key=lambda a: (view.seats[a.source].glasses, rng.random()))


def own_wrong(view: ThirteenCluesView) -> set[tuple[str, ...]]:
    return {trio(a.cards) for a in view.accusations if a.seat == view.seat and not a.correct}


def accuse(names: Sequence[str]) -> Accuse:
    return Accuse(trio(names))
