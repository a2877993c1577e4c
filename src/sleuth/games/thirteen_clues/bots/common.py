"""What the 13 Clues bots do alike: choosing a mystery, taking a glass, ordering a trio, and
reading the exact engine (the own mystery's posterior, the information of questions)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from sleuth.core import Action
from sleuth.games.thirteen_clues import Accuse, Choose, Take, ThirteenCluesView
from sleuth.games.thirteen_clues.components import TYPES
from sleuth.games.thirteen_clues.knowledge import (
    MYSTERY,
    ThirteenCluesAnalysis,
    attribute_set,
    deck_cards,
)

# A question: (witness, subject, side); side is "" except with two players.
QuestionKey = tuple[int, str, str]


def type_of(view: ThirteenCluesView) -> dict[str, int]:
    """Each card's type (0 person, 1 location, 2 weapon) in the deck in play."""
    return {card.name: card.type for card in deck_cards(view.config.deck)}


def trio(names: Sequence[str], types: dict[str, int]) -> tuple[str, ...]:
    """Person, location, weapon: the order an accusation is written in."""
    return tuple(sorted(names, key=types.__getitem__))


def choose(view: ThirteenCluesView, legal: Sequence[Action], rng: random.Random) -> Choose:
    """A random trio not all of one colour when possible: one colour would stand out."""
    colour_of = {card.name: card.colour for card in deck_cards(view.config.deck)}
    options = [a for a in legal if isinstance(a, Choose)]
    mixed = [a for a in options if len({colour_of.get(n, n) for n in a.cards}) > 1]
    pool = mixed or options
    return pool[rng.randrange(len(pool))]


def take(view: ThirteenCluesView, legal: Sequence[Action], rng: random.Random) -> Take:
    """From the seat with the most glasses: it could ask the most next."""
    options = [a for a in legal if isinstance(a, Take)]
    return max(options, key=lambda a: (view.seats[a.source].glasses, rng.random()))


def own_wrong(view: ThirteenCluesView) -> set[tuple[str, ...]]:
    """The trios the seat has accused in vain (for bots that keep their own notes)."""
    return {tuple(a.cards) for a in view.accusations if a.seat == view.seat and not a.correct}


def accuse(names: Sequence[str]) -> Accuse:
    """The accusation of a trio given in type order (as ``mystery_posterior`` gives them)."""
    return Accuse(tuple(names))


def mystery_posterior(
    view: ThirteenCluesView, analysis: ThirteenCluesAnalysis
) -> list[tuple[tuple[str, ...], float]]:
    """The own mystery's trios (type order) with their probabilities, most likely first
    (the engine gives the seat's own wrong accusations none); empty if no deal is
    consistent."""
    names = analysis.model.cards
    types = type_of(view)
    total = analysis.analysis.worlds
    if not analysis.consistent or not total:
        return []
    return [
        (trio([names[c] for c in cards], types), count / total)
        for cards, count in analysis.analysis.solution_posterior()
    ]


def question_bits(
    view: ThirteenCluesView, analysis: ThirteenCluesAnalysis, keys: Sequence[QuestionKey]
) -> dict[QuestionKey, float]:
    """Exact information (bits) each question gives about the own mystery (not about a
    type: the engine counts colours and categories only)."""
    model = analysis.model
    keys = sorted({k for k in keys if k[1] not in TYPES})
    queries = []
    for witness, subject, side in keys:
        hidden = f"hidden:{witness}" + (f":{side}" if side else "")
        locs = frozenset(i for i, name in enumerate(model.locations) if name in (MYSTERY, hidden))
        attr = attribute_set(subject, view.players, view.config.deck)
        cards = frozenset(i for i, c in enumerate(model.cards) if c in attr)
        queries.append((locs, cards))
    values = analysis.analysis.question_values(queries)
    return {k: v.solution_bits for k, v in zip(keys, values, strict=True)}
