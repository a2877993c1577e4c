"""``ismcts`` for Black Vienna: the generic search over the seat's investigations.

Determinizations: a few deals (hands and ring) are drawn once per decision, uniformly from
those consistent with the seat's view by the deduction engine (a draw costs milliseconds,
so they are reused across iterations); each iteration takes one of them and reshuffles the
hidden stack cards (``sleuth.games.black_vienna.determinize``).

The tree weighs investigations only: 2925 accusation trios would swamp it. Accusations and
guesses are left to the casual rules: accuse as soon as the notes pin the ring down (also
as an interruption), and the forced final accusation and the post-win guess as ``basic``.
The evaluation of a (possibly unfinished) state is each seat's ring knowledge from its own
casual notes against the best other seat's; a finished game is scored by its outcome.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from sleuth.agents.ismcts import ISMCTS
from sleuth.agents.random_agent import split_drastic
from sleuth.core import Action, State, View
from sleuth.deduce.black_vienna import BlackViennaAnalysis
from sleuth.deduce.views import black_vienna_position
from sleuth.games.black_vienna import BlackVienna, BlackViennaState, BlackViennaView, Investigate
from sleuth.games.black_vienna import components as bv
from sleuth.games.black_vienna.determinize import determinize, game_from_view

from .basic import BasicBlackVienna
from .notes import CasualNotes

# Ring candidates fewer than the best other seat's by this many count as a near-certain win.
SCALE = 4.0
# Deals drawn from the deduction engine per decision.
DEALS = 8
ITERATIONS = 100
DEPTH = 2
EXPLORATION = 0.5


def evaluate(state: State) -> Sequence[float]:
    """Each seat's reward in [-1, 1]: outcome score lead, or ring-knowledge lead."""
    if not isinstance(state, BlackViennaState):
        raise TypeError("the Black Vienna search plays Black Vienna only")
    players = state.players
    if state.outcome is not None:
        points = [float(s) for s in state.outcome.scores]
        scale = 3.0 * bv.MARKERS
    else:
        # Fewer ring candidates in a seat's own notes: closer to a correct accusation.
        points = []
        for seat in range(players):
            notes = CasualNotes.from_view(state.view(seat))
            points.append(-float(len(notes.ring_candidates())))
        scale = SCALE
    rewards = []
    for seat in range(players):
        best_other = max(p for s, p in enumerate(points) if s != seat)
        rewards.append(math.tanh((points[seat] - best_other) / scale))
    return rewards


def investigations(state: State, seat: int) -> Sequence[Action]:
    """The moves the tree weighs: the ordinary (non-drastic) ones, i.e. investigations."""
    ordinary, _ = split_drastic(state.legal_actions(seat))
    return ordinary


def playout(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


class BlackViennaISMCTS(ISMCTS):
    def __init__(
        self,
        iterations: int = ITERATIONS,
        depth: int = DEPTH,
        exploration: float = EXPLORATION,
        deals: int = DEALS,
    ) -> None:
        super().__init__(
            self._sample, evaluate, iterations, depth, exploration, playout, investigations
        )
        self.deals_per_decision = deals
        self._deals: list[tuple[list[str], str]] = []
        self._basic = BasicBlackVienna()
        self._game: BlackVienna | None = None

    def _sample(self, view: View, rng: random.Random) -> State:
        if not isinstance(view, BlackViennaView):
            raise TypeError("the Black Vienna search plays Black Vienna only")
        hands, ring = self._deals[rng.randrange(len(self._deals))]
        return determinize(self._game, view, hands, ring, rng)

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, BlackViennaView):
            raise TypeError("the Black Vienna search plays Black Vienna only")
        questions = investigations_of(legal)
        if view.phase == "guessing" or not questions:
            return self._basic.act(view, legal, rng)
        certain = self._basic.interrupt(view, legal, rng)
        if certain is not None:
            return certain
        if len(questions) == 1:
            return questions[0]
        self._game = game_from_view(view)
        analysis = BlackViennaAnalysis(black_vienna_position(view))
        own_wrong = {a.letters for a in view.accusations if a.letters and not a.correct}
        self._deals = []
        for deal in analysis.sample(rng, self.deals_per_decision):
            hands, ring = deal["hands"], deal["ring"]
            if not isinstance(hands, list) or not isinstance(ring, str):
                raise TypeError("unexpected sample from the deduction engine")
            if ring not in own_wrong:
                self._deals.append(([str(h) for h in hands], ring))
        if not self._deals:
            return questions[rng.randrange(len(questions))]
        return super().act(view, questions, rng)

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        return self._basic.interrupt(view, legal, rng)


def investigations_of(legal: Sequence[Action]) -> list[Investigate]:
    ordinary, _ = split_drastic(legal)
    return [a for a in ordinary if isinstance(a, Investigate)]


__all__ = ["BlackViennaISMCTS", "evaluate"]
