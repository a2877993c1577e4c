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

Two refinements are off by default (see the figures). The table offers each chance to
accuse to the seats after the one to move, in seat order, and to the one to move last.
With ``passes`` a rival who has had this chance on the same answers and let it pass is
taken as not sure enough to accuse now: the deals in which it would be are left out of the
threat (on its own turn, every rival has let it pass). A supply down to 3 markers, or the
last card taken from the stacks, breaks the game off with no score for anyone. With
``break_off``, once an answer of 3 markers would do it (or one card is left), the deals
drawn tell the share of the asker's questions (card set and target alike) whose answer
would: waiting is worth only the rest, so that a likely trio beats the certain 0; and its
own question's information counts only in the deals whose answer leaves the game going.

A rival's wrong accusation is public, its letters are not; yet a deductive rival accuses
the likeliest ring of its own view, and late in a game the seats' views agree on few
trios. So for each rival that accused in vain, the same drawn deals tell which trio it
would have named (its likeliest, ties in deck order); a trio it names in a share ``f`` of
them keeps ``1 - shun * f`` of its weight. Without this, deductive bots with two equally
likely trios left all name the same one: at tables of four of them (30 games), 17 of the
24 accusations made at odds of one half were wrong.

Its questions are deductive's, less ``thrift`` bits for each marker the answer is
expected to take. At a table of four askers who wait for certainty
(``benchmarks/games/black_vienna/vienna_pace.py``, 30 deals) it takes the games that reach
a certain seat from 24 to 29.

Measured against ``deductive`` (two seats each, rotated, 4 players; paired score
difference, 95% interval) and at a table of four of them (200 games, seed 4002: the games
that end with a correct accusation, the others broken off at the markers or handed to the
last player, and the median questions the table asked before the winning accusation):

- the defaults: +1.92 [+0.44, +3.41] (400 games, seed 4001), +1.85 [+0.31, +3.38] (400,
  seed 4003), +0.88 [-0.00, +1.75] (1,200, the ladder's seed 1; pilots +3.35 over 100 games
  at seed 100 and +1.35 over 200 at seed 200); at the table 83.5% (15 break off, 18 go to
  the last player), median 25 questions;
- ``break_off`` and ``passes``, ``minimum`` 0.4: +1.41 [-0.08, +2.89] (400 games, seed
  4001); at the table 94.0% (5 break off, 7 to the last player, 3 of them wrong), median
  26. At ``minimum`` 0.2: +1.25 [-0.23, +2.74]; 90.5% (3 break off, 16 to the last
  player, 14 wrong), median 26. The odds rule's accusations below odds of 0.3 (mean
  0.22) were right in 7 of 31 against ``deductive`` and 10 of 56 at tables of racers
  (pilots): at a table of racers each ends a seat's race, and two or three hand the game
  to the last player. Against ``deductive`` no ``minimum`` tried (0.2, 0.3, 0.4) kept an
  interval above zero; paired pilots (200 games, the same generators) put 0.4 at 1.5
  points a game [0.5, 2.5] below 0.1. ``break_off`` and ``passes`` alone: +0.23 [-1.29,
  +1.76] (400 games, seed 4001; the pilot +3.06 [+0.85, +5.27]: differences of a point or
  two are within the noise of such runs), and 69 of the first 80 games at the table
  (pilot; the defaults 68, ``minimum`` 0.4 73);
- thrift alone with the older rule +0.06 [-1.96, +2.07] (200 games, seed 200), the older
  rule without thrift +1.74 [+0.41, +3.07] (400 games, seed 31).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from sleuth.core import Game
from sleuth.core.said import said
from sleuth.games.black_vienna import BlackViennaView, Investigate
from sleuth.games.black_vienna.components import BREAK_OFF_MARKERS
from sleuth.games.black_vienna.knowledge import (
    BlackViennaAnalysis,
    Position,
    black_vienna_position,
)
from sleuth.games.black_vienna.legal import card_sets

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
# The markers an answer must take to end the game from which the chance is weighed: more
# than one card's 3 only a special investigation takes, and rarely.
NEAR_BREAK_OFF = 3
# Deals drawn to judge which answers would end the game, once it is that near.
ENDING_SAMPLES = 24
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
        break_off: bool = False,
        passes: bool = False,
    ) -> None:
        """``samples``: deals drawn to judge the rivals; ``closeness``: the share of its
        threshold from which a rival counts as about to accuse; ``floor``: the confidence
        needed when every drawn deal has such a rival (1.0: never hurried); ``shun``: how
        much of a trio's weight a failed rival's likely accusation takes (0: none); ``thrift``:
        the bits a question must give for each marker it is expected to take (as
        ``deductive``); ``odds``: the odds rule (else the older one, by ``closeness`` and
        ``floor``); ``minimum``: the least odds the odds rule accuses from; ``break_off``:
        waiting is worth only the chance that the next answer does not end the game;
        ``passes``: a rival who let the same chance to accuse pass is not that sure."""
        if not 0.0 <= shun <= 1.0:
            raise ValueError(
                said("%(name)s=%(value)s: between 0 and 1", name="shun", value=str(shun))
            )
        super().__init__(early, late, thrift)
        self.samples = samples
        self.closeness = closeness
        self.floor = floor
        self.shun = shun
        self.odds = odds
        self.minimum = minimum
        self.break_off = break_off
        self.passes = passes
        self._shunned: dict[object, dict[str, float]] = {}

    def start(
        self, game: Game[Any], seat: int, rng: random.Random, steps_played: Callable[[], int]
    ) -> None:
        # A new game draws its own deals: what the last one drew must not spare it draws
        # (the choices would depend on the game before).
        self._shunned = {}
        super().start(game, seat, rng, steps_played)

    def _ending_chances(
        self, view: BlackViennaView, questions: list[Investigate], rng: random.Random
    ) -> Mapping[Investigate, float]:
        if not self.break_off or view.supply - BREAK_OFF_MARKERS > NEAR_BREAK_OFF:
            return {}
        asked = [(q.cards, q.target) for q in questions]
        chances = ending_chances(view, asked, ENDING_SAMPLES, rng)
        return dict(zip(questions, chances, strict=True))

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

    def _surely_waits(self, view: BlackViennaView, analysis: BlackViennaAnalysis) -> bool:
        return False  # its own weighing of the rings, below, may accuse at any odds

    def _should_accuse(
        self, view: BlackViennaView, rings: list[tuple[str, float]], rng: random.Random
    ) -> bool:
        p = top_share(rings)
        needed = confidence_needed(view, self.early, self.late)
        if p >= needed:
            return True
        # Waiting is worth, a marker left, the chance of the odds needed later...
        waiting = 3 * needed
        if self.odds:
            # ...unless a rival is rightly first: then a guess (p). With one rival left to
            # accuse, a wrong accusation hands it the game: no hurry then.
            if p >= self.minimum and len(rivals_in(view)) >= 2:
                passed = passed_rivals(view) if self.passes else []
                threat = rival_threat(view, self.samples, rng, passed)
                waiting = threat * p + (1 - threat) * 3 * needed
        elif p >= self.floor:
            near = rival_pressure(view, self.samples, self.closeness, rng)
            waiting = 3 * ((1.0 - near) * needed + near * self.floor)
        if self.break_off:
            # An answer that ends the game leaves every seat 0: any chance beats that.
            waiting *= 1.0 - break_off_risk(view, ENDING_SAMPLES, rng)
        return p > 0.0 and 3 * p >= waiting


def break_off_risk(view: BlackViennaView, samples: int, rng: random.Random) -> float:
    """The chance, from the seat's view, that the next answer ends the game (takes the
    supply down to the break-off, or the last card from the stacks) if the asker picks any
    card set it may ask about, then any other seat, alike: over ``samples`` deals drawn
    once the supply is near the break-off."""
    card_sets = asker_card_sets(view)
    targets = [t for t in range(view.players) if t != view.asker]
    if not card_sets or not targets or view.hand is None:
        return 0.0
    if sum(view.stack_sizes) <= 1 and view.config.empty_stacks == "break":
        return 1.0
    if view.supply - BREAK_OFF_MARKERS > NEAR_BREAK_OFF:
        return 0.0
    asked = [(cards, target) for cards in card_sets for target in targets]
    chances = ending_chances(view, asked, samples, rng)
    return sum(chances) / len(chances)


def ending_chances(
    view: BlackViennaView,
    asked: list[tuple[tuple[str, ...], int]],
    samples: int,
    rng: random.Random,
) -> list[float]:
    """For each (card set, target): the share of ``samples`` deals drawn from ``view`` in
    which the answer (the cards' letters in the target's hand, each card counted) takes the
    supply down to the break-off."""
    slack = view.supply - BREAK_OFF_MARKERS
    deals = BlackViennaAnalysis(black_vienna_position(view)).sample(rng, samples)
    ending = [0] * len(asked)
    for deal in deals:
        hands = deal["hands"]
        if not isinstance(hands, list):
            raise TypeError("unexpected sample from the deduction engine")
        for i, (cards, target) in enumerate(asked):
            hand = str(hands[target])
            if sum(letter in hand for card in cards for letter in card) >= slack:
                ending[i] += 1
    return [count / len(deals) if deals else 0.0 for count in ending]


def asker_card_sets(view: BlackViennaView) -> list[tuple[str, ...]]:
    """The card sets the asker may put in front of a target, by the rules' own
    ``card_sets`` from the public view (the 0-marker cards before other seats reusable once
    special investigations are open)."""
    face_up = [card for card in view.face_up if card is not None]
    reusable = (
        [t.letters for t in view.table if not t.markers and t.holder != view.asker]
        if view.special_unlocked
        else []
    )
    return card_sets(face_up, reusable, view.config)


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


def rival_threat(
    view: BlackViennaView, samples: int, rng: random.Random, passed: Sequence[int] = ()
) -> float:
    """The share of deals drawn from ``view`` in which a rival still allowed to accuse
    would, as a deductive player, accuse now and be right. The rivals in ``passed`` had this
    chance and let it pass: a deal in which one of them would have accused is not counted."""
    rivals = rivals_in(view)
    if not rivals or samples <= 0:
        return 0.0
    need = confidence_needed(view, EARLY_CONFIDENCE, LATE_CONFIDENCE)
    mine = black_vienna_position(view)
    counted = hit = 0
    for deal in BlackViennaAnalysis(mine).sample(rng, samples):
        hands = deal["hands"]
        if not isinstance(hands, list):
            raise TypeError("unexpected sample from the deduction engine")
        ring = canonical_ring(str(deal["ring"]))
        rightly_first, possible = False, True
        for seat in rivals:
            theirs = dataclasses.replace(mine, seat=seat, hand=str(hands[seat]), ring=None)
            analysis = BlackViennaAnalysis(theirs)
            known = knowledge_of(analysis, name_best=False)
            if not (known.certain or known.p_best >= need):
                continue
            if seat in passed:
                possible = False
                break
            # Naming the likeliest trio costs as much again: only for a rival who would
            # accuse, and not once one has been found right.
            rightly_first = rightly_first or knowledge_of(analysis).best == ring
            if rightly_first and not passed:
                break  # no rival left to look at can change the count
        counted += possible
        hit += possible and rightly_first
    return hit / counted if counted else 0.0


def passed_rivals(view: BlackViennaView) -> list[int]:
    """The rivals who have had the chance to accuse on the answers the seat sees, and let
    it pass: the table offers it to the seats after the one to move, in seat order, and to
    the one to move last."""
    if view.seat is None:
        return []
    mover, players = view.asker, view.players
    mine = (view.seat - mover) % players or players
    return [s for s in rivals_in(view) if 0 < (s - mover) % players < mine]


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


__all__ = [
    "RacingBlackVienna",
    "break_off_risk",
    "ending_chances",
    "failed_accusations",
    "passed_rivals",
    "rival_pressure",
    "rival_threat",
]
