"""``deductive``: Black Vienna played with the exact engine, from the seat's view only.

It asks the question that tells the most about the ring (exact expected information),
accuses as soon as the ring is certain, and accuses under uncertainty once the likeliest
trio is probable enough for the investigations the game has left: near a break-off, a
likely guess beats the certain 0 of waiting. After another seat's correct accusation it
hands in the likeliest trio: a guess costs nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from sleuth.agents.base import Agent, kinds_of, of_kind
from sleuth.core import Action, Game, View
from sleuth.core.said import said
from sleuth.deduce.warmup import warm_kernels
from sleuth.games.black_vienna import Accuse, BlackViennaView, Guess, Investigate, Pass
from sleuth.games.black_vienna.beliefs import same_worlds
from sleuth.games.black_vienna.knowledge import (
    BlackViennaAnalysis,
    Position,
    black_vienna_position,
)

from .ring import canonical_ring

# The confidence needed to accuse falls from EARLY to LATE as the investigations that the
# stacks and the marker supply still allow run out (about one marker per answer).
EARLY_CONFIDENCE = 0.95
LATE_CONFIDENCE = 0.25
HORIZON = 30


class DeductiveBlackVienna(Agent):
    name: ClassVar[str] = "deductive"

    def __init__(
        self, early: float = EARLY_CONFIDENCE, late: float = LATE_CONFIDENCE, thrift: float = 0.0
    ) -> None:
        """``early``/``late``: the confidence needed to accuse with a full / an empty game
        ahead (1.0 and 1.0: accuse only when certain); ``thrift``: the bits about the ring a
        question must give for each marker its answer is expected to take from the supply
        (0: markers are not counted)."""
        for name, chance in (("early", early), ("late", late)):
            if not (isinstance(chance, int | float) and 0.0 <= chance <= 1.0):
                raise ValueError(
                    said("%(name)s=%(value)s: between 0 and 1", name=name, value=str(chance))
                )
        if thrift < 0.0:
            raise ValueError(
                said("%(name)s=%(value)s: not below 0", name="thrift", value=str(thrift))
            )
        self.early = early
        self.late = late
        self.thrift = thrift
        # The last position and its analysis: a seat offered an accusation and then asked
        # to move, with nothing answered in between, reads the same position twice.
        self._last: tuple[Position, BlackViennaAnalysis] | None = None

    def start(
        self, game: Game[Any], seat: int, rng: random.Random, steps_played: Callable[[], int]
    ) -> None:
        # The compiled kernels' load (about half a second of CPU, once a process, where
        # numba is installed) falls here, before the game's first decision, rather than
        # inside a decision that a clock may be timing.
        warm_kernels()
        super().start(game, seat, rng, steps_played)

    def _analysis(self, view: BlackViennaView) -> BlackViennaAnalysis:
        position = black_vienna_position(view)
        last = self._last
        if last is not None and last[0] == position:
            return last[1]
        # Answers about the seat's own hand, or on letters whose places it knows, leave
        # its worlds as they were: the counts are shared, not made again.
        kept = None if last is None else same_worlds(last[1], position)
        analysis = BlackViennaAnalysis(position) if kept is None else kept
        self._last = (position, analysis)
        return analysis

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, BlackViennaView):
            raise TypeError("the deductive Black Vienna bot plays Black Vienna only")
        analysis = self._analysis(view)
        kinds = kinds_of(legal)
        questions = [q for q in of_kind(legal, "ask") if isinstance(q, Investigate)]
        if "guess" not in kinds and questions and self._surely_waits(view, analysis):
            # No accusation now, whatever the rings: the ring posterior is not needed.
            ending = self._ending_chances(view, questions, rng)
            return self._best_question(analysis, questions, rng, self.thrift, ending)
        rings = self._rings(view, analysis, rng)
        best = canonical_ring(rings[0][0]) if rings else None
        if "guess" in kinds:
            return Guess(best) if best else Pass()
        if "accuse" in kinds and best and self._should_accuse(view, rings, rng):
            return Accuse(best)
        if questions:
            ending = self._ending_chances(view, questions, rng)
            return self._best_question(analysis, questions, rng, self.thrift, ending)
        if best is None:  # an inconsistent view cannot happen from a real game
            raise RuntimeError("no ring is consistent with this seat's view")
        return Accuse(best)

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        if not isinstance(view, BlackViennaView) or "accuse" not in kinds_of(legal):
            return None
        analysis = self._analysis(view)
        if self._surely_waits(view, analysis):
            return None
        rings = self._rings(view, analysis, rng)
        if rings and self._should_accuse(view, rings, rng):
            return Accuse(canonical_ring(rings[0][0]))
        return None

    def _rings(
        self, view: BlackViennaView, analysis: BlackViennaAnalysis, rng: random.Random
    ) -> list[tuple[str, float]]:
        """The possible rings with their weights, the likeliest first (ties: deck order)."""
        return sorted(analysis.ring(), key=lambda item: (-item[1], item[0]))

    def _should_accuse(
        self, view: BlackViennaView, rings: list[tuple[str, float]], rng: random.Random
    ) -> bool:
        return top_share(rings) >= confidence_needed(view, self.early, self.late)

    def _surely_waits(self, view: BlackViennaView, analysis: BlackViennaAnalysis) -> bool:
        """Whether ``_should_accuse`` is false whatever the rings, read from the cards'
        marginals alone (far cheaper than the ring posterior): a trio is in the ring in no
        more deals than its least likely card, so no trio's share passes the third largest
        card's share of the ring."""
        if not analysis.consistent:
            return True
        ring = len(analysis.seat_model.seats)
        counts = sorted(row[ring] for row in analysis.analysis.marginal_counts)
        third = counts[-3] if len(counts) >= 3 else analysis.worlds
        return third / analysis.worlds < confidence_needed(view, self.early, self.late)

    def _ending_chances(
        self, view: BlackViennaView, questions: list[Investigate], rng: random.Random
    ) -> Mapping[Investigate, float]:
        """The chance that the answer to each question ends the game, for the questions
        to weigh it (``deductive`` weighs none)."""
        return {}

    @staticmethod
    def _best_question(
        analysis: BlackViennaAnalysis,
        questions: list[Investigate],
        rng: random.Random,
        thrift: float = 0.0,
        ending: Mapping[Investigate, float] | None = None,
    ) -> Investigate:
        """The question telling the most about the ring (bits), less ``thrift`` bits a
        marker its answer is expected to take; what it tells counts only in the chance that
        the answer leaves the game going (``ending``: the chance it does not, by question)."""
        cards = sorted({card for q in questions for card in q.cards})
        bits: dict[tuple[str, int], float] = {}
        informing: dict[tuple[str, int], float] = {}
        for ranked in analysis.questions(cards):
            worth = float(str(ranked["ring_bits"]))
            if thrift:
                # A game whose supply runs down to 3 markers is broken off and scores
                # nothing: markers are the budget the questions share.
                answers = ranked["answers"]
                if not isinstance(answers, dict):
                    raise TypeError("unexpected question ranking from the deduction engine")
                worth -= thrift * sum(int(a) * float(p) for a, p in answers.items())
            key = (str(ranked["letters"]), int(str(ranked["target"])))
            bits[key] = worth
            informing[key] = float(str(ranked["ring_bits"]))

        def value(question: Investigate) -> tuple[float, float]:
            # A special investigation's two answers are scored as the sum of their values:
            # an upper bound, which is good enough to tell when the extra card is worth it.
            gain = sum(bits.get((card, question.target), 0.0) for card in question.cards)
            if ending:
                # What an answer that ends the game tells is worth nothing to anyone.
                gain -= ending.get(question, 0.0) * sum(
                    informing.get((card, question.target), 0.0) for card in question.cards
                )
            return gain, rng.random()

        return max(questions, key=value)


def top_share(rings: list[tuple[str, float]]) -> float:
    """The likeliest ring's share of the weight (rings as ``_rings`` orders them)."""
    if len(rings) == 1:
        return 1.0
    return rings[0][1] / sum(count for _, count in rings)


def confidence_needed(view: BlackViennaView, early: float, late: float) -> float:
    """The odds of the likeliest ring needed to accuse: from ``early`` with a full game
    ahead down to ``late`` as the investigations the stacks and markers allow run out."""
    left = min(sum(view.stack_sizes), view.supply - 3)
    return late + (early - late) * min(1.0, left / HORIZON)
