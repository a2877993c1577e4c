"""``racing``: the deductive bot that also reads its rivals: who is close, who failed.

Black Vienna is a race: the first correct accusation takes 3 points a marker, the others
at best 1 by a guess. The deductive bot waits for its own confidence threshold whatever
the others know; this one estimates, from deals drawn uniformly from its own view, the
chance that some rival still in the game is about to accuse (its exact probability of
the likeliest ring, from the public answers and the hand it holds in the drawn deal, is
``closeness`` of the threshold a deductive player needs or more). The nearer the rivals
are, the lower the confidence it needs itself, down to ``floor`` when every drawn deal
has a rival about to accuse: a likely accusation now beats a guess after theirs.

A rival's wrong accusation is public, its letters are not; yet a deductive rival accuses
the likeliest ring of its own view, and late in a game the seats' views agree on few
trios. So for each rival that accused in vain, the same drawn deals tell which trio it
would have named (its likeliest, ties in deck order); a trio it names in a share ``f`` of
them keeps ``1 - shun * f`` of its weight. Without this, deductive bots with two equally
likely trios left all name the same one: at tables of four of them (30 games), 17 of the
24 accusations made at odds of one half were wrong.

Measured against ``deductive`` (two seats each, 4 players; paired score difference, 95%
interval): the defaults, both parts together (the ``expert`` level), +1.74 [+0.41, +3.07]
(400 games, seed 31) and +1.62 [+0.24, +3.01] (400 games, seed 41); either part alone was
not shown stronger: the hurrying alone +0.51 [-1.30, +2.31] (200 games), hurried harder
(``floor=0.3:closeness=0.5``) -0.09 [-1.40, +1.22] (400), the shunning alone
(``floor=1.0``) +0.41 [-1.18, +1.99] (300). At the ladder's one table of random, basic,
deductive and racing it is level with deductive (600 games: -0.14 [-1.86, +1.58]): its
reading of a failed accusation assumes a deductive rival, and random ones fail anywhere.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any, ClassVar

from sleuth.core import Game
from sleuth.games.black_vienna import BlackViennaView
from sleuth.games.black_vienna.knowledge import BlackViennaAnalysis, black_vienna_position

from .deductive import (
    EARLY_CONFIDENCE,
    LATE_CONFIDENCE,
    DeductiveBlackVienna,
    confidence_needed,
    top_share,
)
from .ring import canonical_ring, knowledge_of

SAMPLES = 6
CLOSENESS = 0.7
FLOOR = 0.4
SHUN = 0.9
# Bits about the ring a question must give for each marker its answer is expected to take.
THRIFT = 0.1
# The least odds it ever accuses from when weighing a rival's threat.
MINIMUM = 0.1
# Deals drawn to guess what the rivals who failed accused (once per new answer or result).
FAILED_SAMPLES = 8


class RacingBlackVienna(DeductiveBlackVienna):
    name: ClassVar[str] = "racing"

    def __init__(
        self,
        early: float = EARLY_CONFIDENCE,
        late: float = LATE_CONFIDENCE,
        samples: int = SAMPLES,
        closeness: float = CLOSENESS,
        floor: float = FLOOR,
        shun: float = SHUN,
        thrift: float = THRIFT,
        odds: bool = True,
        minimum: float = MINIMUM,
    ) -> None:
        """``samples``: deals drawn to judge the rivals; ``closeness``: the share of its
        threshold from which a rival counts as about to accuse; ``floor``: the confidence
        needed when every drawn deal has such a rival (1.0: never hurried); ``shun``: how
        much of a trio's weight a failed rival's likely accusation takes (0: none); ``thrift``:
        the bits a question must give for each marker it is expected to take (as
        ``deductive``)."""
        if not 0.0 <= shun <= 1.0:
            raise ValueError(f"shun={shun}: between 0 and 1")
        super().__init__(early, late, thrift)
        self.samples = samples
        self.closeness = closeness
        self.floor = floor
        self.shun = shun
        self.odds = odds
        self.minimum = minimum
        self._shunned: dict[object, dict[str, float]] = {}

    def start(
        self, game: Game[Any], seat: int, rng: random.Random, steps_played: Callable[[], int]
    ) -> None:
        # A new game draws its own deals: what the last one drew must not spare it draws
        # (the choices would depend on the game before).
        self._shunned = {}
        super().start(game, seat, rng, steps_played)

    def _rings(
        self, view: BlackViennaView, analysis: BlackViennaAnalysis, rng: random.Random
    ) -> list[tuple[str, float]]:
        rings = analysis.ring()
        failed = [a.seat for a in view.accusations if a.seat != view.seat and not a.correct]
        if not failed or self.shun == 0.0 or len(rings) < 2:
            return super()._rings(view, analysis, rng)
        key = (view.seat, view.hand, view.investigations, tuple(failed))
        if key not in self._shunned:
            self._shunned = {key: failed_accusations(analysis, failed, FAILED_SAMPLES, rng)}
        shares = self._shunned[key]
        weighted = [
            (trio, count * (1.0 - self.shun * shares.get(canonical_ring(trio), 0.0)))
            for trio, count in rings
        ]
        return sorted(weighted, key=lambda item: (-item[1], item[0]))

    def _should_accuse(
        self, view: BlackViennaView, rings: list[tuple[str, float]], rng: random.Random
    ) -> bool:
        p = top_share(rings)
        needed = confidence_needed(view, self.early, self.late)
        if p >= needed:
            return True
        if self.odds:
            # With one rival left to accuse, a wrong accusation hands it the game.
            if p < self.minimum or len(rivals_in(view)) < 2:
                return False
            threat = rival_threat(view, self.samples, rng)
            # Accusing now is worth p * 3 markers a marker left; waiting, a guess (p * 1)
            # when a rival is rightly first, else the chance of its own needed odds later.
            return 3 * p >= threat * p + (1 - threat) * 3 * needed
        if p < self.floor:
            return False
        near = rival_pressure(view, self.samples, self.closeness, rng)
        return p >= (1.0 - near) * needed + near * self.floor


def rival_pressure(
    view: BlackViennaView, samples: int, closeness: float, rng: random.Random
) -> float:
    """The share of deals drawn from ``view`` in which some rival still allowed to accuse
    holds, by its own exact knowledge, a likeliest ring of at least ``closeness`` times the
    confidence a deductive player needs now (or is certain)."""
    rivals = rivals_in(view)
    if not rivals or samples <= 0:
        return 0.0
    mine = black_vienna_position(view)
    bar = closeness * confidence_needed(view, EARLY_CONFIDENCE, LATE_CONFIDENCE)
    deals = BlackViennaAnalysis(mine).sample(rng, samples)
    pressed = 0
    for deal in deals:
        hands = deal["hands"]
        if not isinstance(hands, list):
            raise TypeError("unexpected sample from the deduction engine")
        for seat in rivals:
            theirs = dataclasses.replace(mine, seat=seat, hand=str(hands[seat]), ring=None)
            known = knowledge_of(BlackViennaAnalysis(theirs), name_best=False)
            if known.certain or known.p_best >= bar:
                pressed += 1
                break
    return pressed / len(deals)


def rival_threat(view: BlackViennaView, samples: int, rng: random.Random) -> float:
    """The share of deals drawn from ``view`` in which a rival still allowed to accuse
    would, as a deductive player, accuse now and be right."""
    rivals = rivals_in(view)
    if not rivals or samples <= 0:
        return 0.0
    mine = black_vienna_position(view)
    need = confidence_needed(view, EARLY_CONFIDENCE, LATE_CONFIDENCE)
    deals = BlackViennaAnalysis(mine).sample(rng, samples)
    hit = 0
    for deal in deals:
        hands = deal["hands"]
        if not isinstance(hands, list):
            raise TypeError("unexpected sample from the deduction engine")
        ring = canonical_ring(str(deal["ring"]))
        for seat in rivals:
            theirs = dataclasses.replace(mine, seat=seat, hand=str(hands[seat]), ring=None)
            known = knowledge_of(BlackViennaAnalysis(theirs))
            if (known.certain or known.p_best >= need) and known.best == ring:
                hit += 1
                break
    return hit / len(deals)


def failed_accusations(
    analysis: BlackViennaAnalysis, failed: list[int], samples: int, rng: random.Random
) -> dict[str, float]:
    """For deals drawn from the seat's ``analysis``: the share of them in which each trio
    (alphabet order) is the likeliest ring of a seat in ``failed`` (its hand from the deal,
    the public answers), counted once a deal however many of them name it."""
    mine = analysis.position
    named: dict[str, float] = {}
    deals = analysis.sample(rng, samples)
    for deal in deals:
        hands = deal["hands"]
        if not isinstance(hands, list):
            raise TypeError("unexpected sample from the deduction engine")
        trios = set()
        for seat in failed:
            theirs = dataclasses.replace(mine, seat=seat, hand=str(hands[seat]), ring=None)
            rings = BlackViennaAnalysis(theirs).ring()
            if rings:
                trios.add(canonical_ring(min(rings, key=lambda item: (-item[1], item[0]))[0]))
        for trio in trios:
            named[trio] = named.get(trio, 0.0) + 1.0 / len(deals)
    return named


def rivals_in(view: BlackViennaView) -> list[int]:
    """The other seats still allowed to accuse."""
    if view.seat is None:
        return []
    return [
        s
        for s in range(view.players)
        if s != view.seat and s not in view.eliminated and not _accused(view, s)
    ]


def _accused(view: BlackViennaView, seat: int) -> bool:
    return any(a.seat == seat for a in view.accusations)


__all__ = ["RacingBlackVienna", "failed_accusations", "rival_pressure"]
