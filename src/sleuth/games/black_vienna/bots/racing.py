"""``racing``: the deductive bot that also watches how close its rivals are to accusing.

Black Vienna is a race: the first correct accusation takes 3 points a marker, the others
at best 1 by a guess. The deductive bot waits for its own confidence threshold whatever
the others know; this one estimates, from deals drawn uniformly from its own view, the
chance that some rival still in the game is about to accuse (its exact probability of
the likeliest ring, from the public answers and the hand it holds in the drawn deal, is
``closeness`` of the threshold a deductive player needs or more). The nearer the rivals
are, the lower the confidence it needs itself, down to ``floor`` when every drawn deal
has a rival about to accuse: a likely accusation now beats a guess after theirs.
"""

from __future__ import annotations

import dataclasses
import random
from typing import ClassVar

from sleuth.games.black_vienna import BlackViennaView
from sleuth.games.black_vienna.knowledge import BlackViennaAnalysis, black_vienna_position

from .deductive import EARLY_CONFIDENCE, LATE_CONFIDENCE, DeductiveBlackVienna, confidence_needed
from .ring import knowledge_of

SAMPLES = 4
CLOSENESS = 0.7
FLOOR = 0.4


class RacingBlackVienna(DeductiveBlackVienna):
    name: ClassVar[str] = "racing"

    def __init__(
        self,
        early: float = EARLY_CONFIDENCE,
        late: float = LATE_CONFIDENCE,
        samples: int = SAMPLES,
        closeness: float = CLOSENESS,
        floor: float = FLOOR,
    ) -> None:
        """``samples``: deals drawn to judge the rivals; ``closeness``: the share of its
        threshold from which a rival counts as about to accuse; ``floor``: the confidence
        needed when every drawn deal has such a rival."""
        super().__init__(early, late)
        self.samples = samples
        self.closeness = closeness
        self.floor = floor

    def _should_accuse(
        self, view: BlackViennaView, rings: list[tuple[str, int]], rng: random.Random
    ) -> bool:
        if len(rings) == 1:
            return True
        total = sum(count for _, count in rings)
        p = rings[0][1] / total
        needed = confidence_needed(view, self.early, self.late)
        if p >= needed:
            return True
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
    if view.seat is None or samples <= 0:
        return 0.0
    mine = black_vienna_position(view)
    rivals = [
        s
        for s in range(view.players)
        if s != view.seat and s not in view.eliminated and not _accused(view, s)
    ]
    if not rivals:
        return 0.0
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


def _accused(view: BlackViennaView, seat: int) -> bool:
    return any(a.seat == seat for a in view.accusations)


__all__ = ["RacingBlackVienna", "rival_pressure"]
