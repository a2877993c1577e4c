"""``basic``: Black Stories Investigation from a casual player's notes.

The notes of one grid: pieces of evidence known in the case and known out of it, by the
rules of thumb people use — a field that needs every open piece of a card puts them all in,
a field already reached leaves the rest out, and a piece out puts its opposite in. The
candidate cases are those agreeing with the notes, minus failed guesses and the
four-evidence cards in sight. It plays the card touching the most open attributes of a
grid, solves when one candidate is left, and gambles on two with its smallest card; once
some seat is down to its last investigation card (the end is near) it guesses with its
biggest, since cards left at the end are worth nothing. A grid that has filled up
(``PATIENCE`` cards, where the solve bonus is gone) gets a guess with the smallest card:
casual notes alone can stall, and people at a table do not wait for ever.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product
from typing import ClassVar

from sleuth.agents.base import Agent, kinds_of, of_kind
from sleuth.core import Action, View
from sleuth.games.black_stories import BlackStoriesView, Draw, Play, Solve
from sleuth.games.black_stories.knowledge import ATTRIBUTES

from .common import last_chance, seat_of, targets

# Gamble (smallest card) with at most this many candidate cases; near the end, always.
GAMBLE = 2
GAMBLE_NEAR_END = 16
# Six cards on a grid leave no bonus for waiting (REFERENCE §2: drops + max(0, 6 - k)).
PATIENCE = 6
FIELD_RANGE = {"0/1": (0, 1), "2": (2, 2), "3": (3, 3)}
OPPOSITE = {a: b for a, b in ATTRIBUTES} | {b: a for a, b in ATTRIBUTES}


def grid_notes(view: BlackStoriesView, target: int) -> tuple[set[str], set[str]]:
    """(evidence known in the case, known out of it) at ``target``'s grid."""
    known_in: set[str] = set()
    known_out: set[str] = set()
    changed = True
    while changed:
        changed = False
        for placed in view.grids[target]:
            evidence = set(placed.card.split("+"))
            low, high = FIELD_RANGE[placed.field]
            inside = len(evidence & known_in)
            open_ = evidence - known_in - known_out
            if open_ and inside + len(open_) <= low:
                known_in |= open_
                changed = True
            elif open_ and inside >= high:
                known_out |= open_
                changed = True
        for value in list(known_out):
            if OPPOSITE[value] not in known_in:
                known_in.add(OPPOSITE[value])
                changed = True
        for value in list(known_in):
            if OPPOSITE[value] not in known_out:
                known_out.add(OPPOSITE[value])
                changed = True
    return known_in, known_out


def candidates(view: BlackStoriesView, target: int) -> list[tuple[str, ...]]:
    known_in, known_out = grid_notes(view, target)
    since = 0
    for i, attempt in enumerate(view.attempts):
        if attempt.target == target and attempt.success:
            since = i + 1
    failed = {
        a.guess for a in view.attempts[since:] if a.target == target and a.guess and not a.success
    }
    # a casual player also glances at the discard pile for four-evidence cards
    seen = {c.replace("+", "/") for c in (*(view.hand or ()), *view.discard, view.case or "")}
    return [
        case
        for case in product(*ATTRIBUTES)
        if not set(case) & known_out
        and known_in <= set(case)
        and "/".join(case) not in failed | seen
    ]


class BasicBlackStories(Agent):
    name: ClassVar[str] = "basic"

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, BlackStoriesView):
            raise TypeError("the basic Black Stories bot plays Black Stories only")
        kinds = kinds_of(legal)
        if "play" in kinds:
            plays = [p for p in of_kind(legal, "play") if isinstance(p, Play)]
            notes = {t: grid_notes(view, t) for t in {p.target for p in plays}}
            left = {t: len(candidates(view, t)) for t in notes}

            def opened(play: Play) -> tuple[int, int, float]:
                known_in, known_out = notes[play.target]
                fresh = set(play.card.split("+")) - known_in - known_out
                # the grid closest to solved first: the next solve may be ours
                return len(fresh), -left[play.target], rng.random()

            return max(plays, key=opened)
        if "solve" in kinds:
            solve = self._solve(view, rng)
            if solve is not None:
                return solve
        return Draw()

    @staticmethod
    def _solve(view: BlackStoriesView, rng: random.Random) -> Solve | None:
        cards = sorted(view.unused[seat_of(view)])
        if not cards:
            return None
        options = [(candidates(view, t), t) for t in targets(view)]
        options = [(c, t) for c, t in options if c]
        if not options:
            return None
        cases, target = min(options, key=lambda o: (len(o[0]), rng.random()))
        guess = "/".join(cases[rng.randrange(len(cases))])
        if len(cases) == 1 or last_chance(view):
            return Solve(target, guess, cards[-1])
        # Someone down to one card will end the game soon: gamble more, as people do.
        near_end = any(len(left) <= 1 for left in view.unused)
        if near_end and len(cases) <= GAMBLE_NEAR_END:
            # its cards would be left over: the biggest pays most if the guess is right
            return Solve(target, guess, cards[-1])
        if len(cases) <= GAMBLE and len(cards) > 1:
            return Solve(target, guess, cards[0])
        full = [(c, t) for c, t in options if len(view.grids[t]) >= PATIENCE]
        if full:
            cases, target = min(full, key=lambda o: (len(o[0]), rng.random()))
            return Solve(target, "/".join(cases[rng.randrange(len(cases))]), cards[0])
        return None
