"""``basic``: 13 Clues as a casual player plays it, from hand-kept notes.

The notes: for each type, the cards not seen (own hidden cards, the others' mysteries, the
informants looked up) and not struck off. A card is struck off when a witness's answer equals
what the seat knows he sees (so none of that subject is in the seat's mystery), or when
another seat named it in an accusation (he sees the seat's mystery, so he cannot name it).
It asks about the subject that covers the most candidates and never looks up an informant.
It accuses when its notes leave one trio, and gambles on one of the trios left once they are
at most ``gamble`` (a wrong accusation only ends the turn), with the turn's last glass only
(``last``): the glasses to spare go to questions first. Such notes can stop shrinking, and
people do not ask for ever: the number of trios it will gamble on doubles with every
``patience`` questions it has asked.

It used to gamble on three trios at most, whenever it held a glass: at the ladder's table
(random, basic, deductive, expert; 4 players, seed 1, 200 games) it was level with random,
+0.025 [-0.013, +0.063] wins a game, for the others win before its notes get that narrow,
while random accuses at most of its turns. Gambling on up to 24 trios with the last glass
(pilot, seed 7, 100 games at that table): wins basic 17, random 3, deductive 38, expert 42;
the ladder (seed 1, 200 games): basic - random +0.17 [+0.11, +0.23], deductive - basic +0.18
[+0.08, +0.29]. With two players (200 games, seed 77) basic - random +0.89 [+0.83, +0.95]
(the old rule: +0.82 [+0.74, +0.90]).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product
from typing import ClassVar

from sleuth.agents.base import Agent, kinds_of, of_kind
from sleuth.core import Action, View
from sleuth.core.said import said
from sleuth.games.thirteen_clues import Ask, ThirteenCluesView
from sleuth.games.thirteen_clues.components import TYPES
from sleuth.games.thirteen_clues.knowledge import attribute_set, cards_for

from .common import accuse, choose, own_wrong, take, type_of

GAMBLE = 24
PATIENCE = 4


def candidates(view: ThirteenCluesView) -> list[list[str]]:
    """Per type (person, location, weapon), the cards that may be in the own mystery."""
    seat = view.seat
    if seat is None:
        raise ValueError("notes are kept for a seat, not a spectator")
    own = view.seats[seat]
    seen = set(own.hidden or ())
    for s in view.seats:
        if s.seat != seat and s.mystery:
            seen |= set(s.mystery)
    seen |= {i.card for i in view.informants if i.card is not None}
    struck: set[str] = set()
    for q in view.questions:
        if q.subject is None or q.answer is None or q.witness == seat or q.subject in TYPES:
            continue
        attr = attribute_set(q.subject, view.players, view.config.deck)
        known = sum(
            1
            for s in view.seats
            if s.seat not in (seat, q.witness) and s.mystery
            for c in s.mystery
            if c in attr
        )
        if q.answer == known:
            struck |= attr
    for a in view.accusations:
        if a.seat != seat:
            struck |= set(a.cards)
    types = type_of(view)
    in_play = {name for name, _, _ in cards_for(view.players, view.config.deck)}
    out: list[list[str]] = [[], [], []]
    for n in types:
        if n in in_play and n not in seen and n not in struck:
            out[types[n]].append(n)
    return out


class BasicThirteenClues(Agent):
    name: ClassVar[str] = "basic"

    def __init__(self, gamble: int = GAMBLE, patience: int = PATIENCE, last: bool = True) -> None:
        """``gamble``: the trios its notes may leave for it to accuse one at random (doubled
        every ``patience`` questions it asked); ``last``: with 3+ players, only with the
        turn's last glass."""
        if gamble < 1 or patience < 1:
            raise ValueError(
                said(
                    "%(name)s=%(value)s, %(other)s=%(other_value)s: at least 1",
                    name="gamble",
                    value=gamble,
                    other="patience",
                    other_value=patience,
                )
            )
        self.gamble = gamble
        self.patience = patience
        self.last = last

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, ThirteenCluesView):
            raise TypeError("the basic 13 Clues bot plays 13 Clues only")
        kinds = kinds_of(legal)
        if "choose" in kinds:
            return choose(view, legal, rng)
        if "take" in kinds:
            return take(view, legal, rng)
        cands = candidates(view)
        wrong = own_wrong(view)
        trios = [t for t in product(*cands) if t not in wrong]
        asks = [a for a in of_kind(legal, "ask") if isinstance(a, Ask) and not a.secret]
        # A casual gamble: a wrong accusation costs only the rest of the turn.
        asked_so_far = sum(q.asker == view.seat for q in view.questions)
        gamble = self.gamble * 2 ** (asked_so_far // self.patience)
        seat = view.seats[view.seat] if view.seat is not None else None
        spare = self.last and view.players > 2 and seat is not None and seat.glasses > 1
        willing = len(trios) <= 1 or (len(trios) <= gamble and not spare)
        if "accuse" in kinds and (willing or not asks):
            if trios:
                return accuse(trios[rng.randrange(len(trios))])
            options = of_kind(legal, "accuse")
            return options[rng.randrange(len(options))]
        flat = {n for group in cands for n in group}
        asked = {(q.witness, q.subject, q.side) for q in view.questions if q.asker == view.seat}

        def value(a: Ask) -> tuple[int, bool, float]:
            covered = len(attribute_set(a.subject, view.players, view.config.deck) & flat)
            return covered, (a.witness, a.subject, a.side) not in asked, rng.random()

        usable = [a for a in asks if a.subject not in TYPES]
        return max(usable or asks, key=value)
