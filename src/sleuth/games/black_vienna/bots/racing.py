"""``racing``: the deductive bot that also reads its rivals: who is close, who failed.

Black Vienna is a race: the first correct accusation takes 3 points a marker, the others
at best 1 by a guess. The deductive bot waits for its own confidence threshold whatever
the others know. This one draws deals uniformly from its own view and, in each, works out
what every rival still allowed to accuse knows exactly (the public answers and the hand it
holds in that deal). With ``odds`` (the default) it takes the share of deals in which a
rival would, as a deductive player, accuse now *and be right* as the threat ``r``, and
accuses the likeliest ring of odds ``p`` once ``3p >= r p + (1 - r) 3 needed``: accusing is
worth ``3p`` a marker; waiting, a guess (``p``) if the rival is first, else the odds it
needs itself later. It never hurries below ``minimum``, nor with one rival left to accuse,
whom a wrong accusation would hand the game. Without ``odds`` the older rule lowers the
odds needed towards ``floor`` by the share of deals with a rival ``closeness`` of its
threshold.

A rival's wrong accusation is public, its letters are not; yet a deductive rival accuses
the likeliest ring of its own view, and late in a game the seats' views agree on few
trios. So for each rival that accused in vain, the same drawn deals tell which trio it
would have named (its likeliest, ties in deck order); a trio it names in a share ``f`` of
them keeps ``1 - shun * f`` of its weight. Without this, deductive bots with two equally
likely trios left all name the same one: at tables of four of them (30 games), 17 of the
24 accusations made at odds of one half were wrong.

Its questions are deductive's, less ``thrift`` bits for each marker the answer is
expected to take: a supply down to 3 markers breaks the game off with no score for
anyone. At a table of four askers who wait for certainty (``benchmarks/vienna_pace.py``,
30 deals) it takes the games that reach a certain seat from 24 to 29.

Measured against ``deductive`` (two seats each, 4 players; paired score difference, 95%
interval): the defaults +1.92 [+0.44, +3.41] (400 games, seed 4001; pilots +3.35 over 100
games at seed 100 and +1.35 over 200 at seed 200); thrift alone with the older rule +0.06
[-1.96, +2.07] (200 games, seed 200), the older rule without thrift +1.74 [+0.41, +3.07]
(400 games, seed 31). At a table of four of them (200 games, seed 4002) 83.5% of games end
with a correct accusation (15 break off at the markers, 18 go to the last player), after a
median of 25 questions.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any, ClassVar

from sleuth.core import Game
from sleuth.games.black_vienna import BlackViennaView
from sleuth.games.black_vienna.knowledge import (
    BlackViennaAnalysis,
    Position,
    black_vienna_position,
)

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
    bar = closeness * confidence_needed(view, EARLY_CONFIDENCE, LATE_CONFIDENCE)

    def pressing(theirs: Position, ring: str) -> bool:
        known = knowledge_of(BlackViennaAnalysis(theirs), name_best=False)
        return known.certain or known.p_best >= bar

    return share_of_deals(view, samples, rng, pressing)


def rival_threat(view: BlackViennaView, samples: int, rng: random.Random) -> float:
    """The share of deals drawn from ``view`` in which a rival still allowed to accuse
    would, as a deductive player, accuse now and be right."""
    need = confidence_needed(view, EARLY_CONFIDENCE, LATE_CONFIDENCE)

    def rightly_first(theirs: Position, ring: str) -> bool:
        analysis = BlackViennaAnalysis(theirs)
        known = knowledge_of(analysis, name_best=False)
        if not (known.certain or known.p_best >= need):
            return False
        # Naming the likeliest trio costs as much again: only for a rival who would accuse.
        return knowledge_of(analysis).best == ring

    return share_of_deals(view, samples, rng, rightly_first)


def share_of_deals(
    view: BlackViennaView,
    samples: int,
    rng: random.Random,
    test: Callable[[Position, str], bool],
) -> float:
    """The share of ``samples`` deals drawn uniformly from ``view`` in which ``test`` holds
    for some rival still allowed to accuse: given that rival's position in the deal (its
    hand there, the public answers) and the deal's ring."""
    rivals = rivals_in(view)
    if not rivals or samples <= 0:
        return 0.0
    mine = black_vienna_position(view)
    deals = BlackViennaAnalysis(mine).sample(rng, samples)
    hit = 0
    for deal in deals:
        hands = deal["hands"]
        if not isinstance(hands, list):
            raise TypeError("unexpected sample from the deduction engine")
        ring = canonical_ring(str(deal["ring"]))
        if any(
            test(dataclasses.replace(mine, seat=seat, hand=str(hands[seat]), ring=None), ring)
            for seat in rivals
        ):
            hit += 1
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
