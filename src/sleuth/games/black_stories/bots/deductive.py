"""``deductive``: Black Stories Investigation played with the exact case posterior.

Step 1 plays the card and target whose field placement tells the most (the entropy of the
field, which the case determines), preferring, on a tie, the play most likely to leave one
case. Step 2 attempts a solve when the likeliest case is likely enough: with the largest
investigation card when certain or in the final round (nothing is lost then), with the
smallest when merely probable, since a failure only wastes the card it risks. The last
investigation card ends the game after the round, so it is risked only when certain or
when the seat is ahead.

With ``aim=points`` (the ``expert`` level) step 1 plays instead for the solve it allows this
very turn: per field the play may show, the expected points of the attempt step 2 would
then make (the grid's bonus one card lower), what it tells breaking ties. Two seats each
against the default, 4 players, 1000 games: +3.28 [+2.92, +3.64] points a game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from math import log2
from typing import ClassVar

from sleuth.agents.base import Agent, kinds_of, of_kind
from sleuth.core import Action, View
from sleuth.core.said import said
from sleuth.games.black_stories import BlackStoriesView, Draw, Play, Solve, field_label
from sleuth.games.black_stories.knowledge import black_stories_position, posterior

from .common import last_chance, leading, points, seat_of, targets

Case = tuple[str, ...]
# A probable (not certain) case is risked with the smallest card from this probability
# (tuned over 800 deductive-vs-deductive games each: 0.1-0.165 beat 0.2, which beat 0.25,
# 0.3, 0.5 and certain-only: early solves keep the grid bonus that later cards cost).
RISK = 0.15
AIMS = ("bits", "points")


def cases_of(view: BlackStoriesView, target: int) -> list[Case]:
    return posterior(black_stories_position(view, target))


def field_counts(card: str, cases: Sequence[Case]) -> Counter[str]:
    evidence = card.split("+")
    return Counter(field_label(sum(1 for x in evidence if x in case)) for case in cases)


class DeductiveBlackStories(Agent):
    name: ClassVar[str] = "deductive"

    def __init__(self, risk: float = RISK, aim: str = "bits") -> None:
        """``risk``: the probability from which an uncertain case is attempted (above 1.0:
        only certain cases, and the final round's last chances). ``aim``: how a play is
        chosen, ``bits`` (what it tells) or ``points`` (the expected points of the solve it
        allows this very turn, what it tells breaking ties)."""
        if aim not in AIMS:
            raise ValueError(
                said(
                    "%(name)s: expected one of %(choices)s, not %(given)s",
                    name="aim",
                    choices=", ".join(AIMS),
                    given=repr(aim),
                )
            )
        if not (isinstance(risk, int | float) and risk >= 0.0):
            raise ValueError(said("%(name)s=%(value)s: not below 0", name="risk", value=str(risk)))
        self.risk = risk
        self.aim = aim

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, BlackStoriesView):
            raise TypeError("the deductive Black Stories bot plays Black Stories only")
        kinds = kinds_of(legal)
        if "play" in kinds:
            plays = [p for p in of_kind(legal, "play") if isinstance(p, Play)]
            if self.aim == "points":
                return self._scoring_play(view, plays, rng)
            return self._best_play(view, plays, rng)
        if "solve" in kinds:
            solve = self.solve(view)
            if solve is not None:
                return solve
        return Draw()

    @staticmethod
    def _best_play(view: BlackStoriesView, plays: list[Play], rng: random.Random) -> Play:
        posteriors = {t: cases_of(view, t) for t in {p.target for p in plays}}

        def value(play: Play) -> tuple[float, float, float]:
            cases = posteriors[play.target]
            if not cases:
                return (0.0, 0.0, rng.random())
            counts = field_counts(play.card, cases)
            total = len(cases)
            bits = -sum(c / total * log2(c / total) for c in counts.values())
            # E[P(likeliest case) after the play] = fields that can show / cases
            solve_now = len(counts) / total
            return (round(bits, 9), solve_now, rng.random())

        return max(plays, key=value)

    def _scoring_play(self, view: BlackStoriesView, plays: list[Play], rng: random.Random) -> Play:
        """The play with the most expected points from this turn's solve; what it tells
        breaks ties."""
        if not view.unused[seat_of(view)]:
            return self._best_play(view, plays, rng)
        worth = self.solve_points(view, plays)

        def value(play: Play) -> tuple[float, float, float]:
            counts = field_counts(play.card, cases_of(view, play.target))
            total = sum(counts.values())
            bits = -sum(c / total * log2(c / total) for c in counts.values()) if total else 0.0
            return (round(worth[play], 9), round(bits, 9), rng.random())

        return max(plays, key=value)

    def solve_points(self, view: BlackStoriesView, plays: Sequence[Play]) -> dict[Play, float]:
        """Each play's expected points from the solve this turn allows after it: per field
        the play may show, the target's likeliest case is attempted when likely enough (as
        ``solve`` would: the largest card when certain, the smallest when merely likely),
        unless an attempt elsewhere is worth more; the play's own card lowers the target's
        bonus by one. Nothing is worth anything once the investigation cards are spent."""
        cards = sorted(view.unused[seat_of(view)])
        if not cards:
            return dict.fromkeys(plays, 0.0)
        posteriors = {t: cases_of(view, t) for t in targets(view)}

        def attempt(p: float, target: int, extra: int) -> float:
            if p < self.risk:
                return 0.0
            drops = cards[-1] if p >= 1.0 else cards[0]
            return p * (drops + max(0, 6 - len(view.grids[target]) - extra))

        standing = {
            t: attempt(1 / len(cases), t, 0) if cases else 0.0 for t, cases in posteriors.items()
        }
        worth: dict[Play, float] = {}
        for play in plays:
            cases = posteriors.get(play.target, [])
            elsewhere = max((v for t, v in standing.items() if t != play.target), default=0.0)
            counts = field_counts(play.card, cases)
            total = len(cases)
            worth[play] = (
                sum(
                    n / total * max(attempt(1 / n, play.target, 1), elsewhere)
                    for n in counts.values()
                )
                if total
                else elsewhere
            )
        return worth

    def solve(self, view: BlackStoriesView) -> Solve | None:
        """The attempt worth making now, or ``None``."""
        seat = seat_of(view)
        cards = sorted(view.unused[seat])
        if not cards:
            return None
        options: list[tuple[float, int, Case]] = []
        for target in targets(view):
            cases = cases_of(view, target)
            if cases:
                # ties between equally likely cases go to the first: the posterior is uniform
                options.append((1 / len(cases), target, cases[0]))
        if not options:
            return None
        p, target, case = max(options, key=lambda o: (o[0], points(view, o[1], 3), -o[1]))
        guess = "/".join(case)
        if p >= 1.0 or last_chance(view):
            return Solve(target, guess, cards[-1])
        if p >= self.risk and (len(cards) > 1 or leading(view)):
            return Solve(target, guess, cards[0])
        return None
