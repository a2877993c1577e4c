"""``ismcts`` for 13 Clues: the generic search over the seat's own turn.

Determinizations: deals are drawn once per decision, uniformly from those consistent with
the seat's view by the deduction engine (``ThirteenCluesAnalysis.sample``; none has a
mystery the seat has accused in vain); each iteration fills one of them into a full state
(``sleuth.games.thirteen_clues.sampler``).

The moves weighed: the questions with the most exact information about the own mystery
(a short list, from the engine's question values, as ``deductive`` ranks them), the best
informant look when questions tell little, and accusing one of the likeliest trios. The
search decides between asking on and gambling on an accusation: in a sampled deal an
accusation is simply right or wrong. A certain mystery is accused at once, without search.
With the Top Secret variant the first question chosen is asked secretly (the same answer
for the seat, none for the others).

The tree covers the rest of the seat's turn (``horizon`` actions at most, a turn being as
many actions as the seat holds glasses): other seats' moves are not searched, so the line
ends when the turn passes. A finished game scores its outcome; an unfinished one scores the
seat's knowledge at the end of the line, exactly: the engine's posterior of its mystery
after the answers of the sampled deal (cached per answers seen, as deals share them), as an
estimate of the chance to win: ``DISCOUNT`` times a blend of the likeliest trio's
probability (what an accusation next turn would win) and 2^-entropy (how close the rest
is), the discount standing for the others' chance to win first. Other seats are not
searched: their reward is the mirror of the seat's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from sleuth.agents.base import kinds_of, of_kind
from sleuth.agents.ismcts import ISMCTS
from sleuth.core import Action, State, View
from sleuth.core.said import said
from sleuth.games.thirteen_clues import Accuse, Ask, Look, ThirteenCluesState
from sleuth.games.thirteen_clues import ThirteenCluesView as TCView
from sleuth.games.thirteen_clues.components import TYPES
from sleuth.games.thirteen_clues.knowledge import ThirteenCluesAnalysis, thirteen_clues_position
from sleuth.games.thirteen_clues.sampler import determinize

from .common import accuse, choose, mystery_posterior, question_bits, take
from .deductive import LOOK_BELOW, DeductiveThirteenClues

# Deals drawn from the engine per decision (a draw costs well under a millisecond).
DEALS = 32
ITERATIONS = 160
EXPLORATION = 0.5
# Questions weighed (best by exact information first) and trios one may accuse.
QUESTIONS = 5
TRIOS = 2
# Accusations are weighed from this probability of the likeliest trio on.
ACCUSE_FROM = 0.15
# Win-chance estimate of a position: DISCOUNT * ((1 - SPREAD) * p_best + SPREAD * 2^-H).
# Tuned in 4-player games against deductive, basic and random (60 games a setting, seats
# rotated, win rates of ismcts / deductive): discount 0.7 48/48%, 0.5 50/40% and 50/45%
# (two seed sets), 0.35 47/47%, 0.85 43/48%; spread 0 42/52%, 1 52/42%; 8 questions
# instead of 5 43/53%; a horizon of 2 own actions instead of 1 53/43% (discount 0.7) and
# 55/37% (0.5), for about 10% more time. All within the noise of 60 games (+-13%).
DISCOUNT = 0.5
SPREAD = 0.5
# Own actions searched in one turn.
HORIZON = 2


class ThirteenCluesISMCTS(ISMCTS):
    def __init__(
        self,
        iterations: int = ITERATIONS,
        exploration: float = EXPLORATION,
        deals: int = DEALS,
        questions: int = QUESTIONS,
        horizon: int = HORIZON,
        discount: float = DISCOUNT,
        spread: float = SPREAD,
        *,
        seconds: float | None = None,
    ) -> None:
        for name, value in (("deals", deals), ("questions", questions), ("horizon", horizon)):
            if value < 1:
                raise ValueError(said("%(name)s=%(value)s: at least 1", name=name, value=value))
        if not 0 < discount <= 1:
            raise ValueError(
                said("%(name)s=%(value)s: a chance in (0, 1]", name="discount", value=str(discount))
            )
        if not 0 <= spread <= 1:
            raise ValueError(
                said("%(name)s=%(value)s: a weight in [0, 1]", name="spread", value=str(spread))
            )
        super().__init__(
            self._sample,
            self._evaluate,
            iterations,
            0,
            exploration,
            actions=self._moves,
            seconds=seconds,
        )
        self.deals_per_decision = deals
        self.questions = questions
        self.horizon = horizon
        self.discount = discount
        self.spread = spread
        self._deductive = DeductiveThirteenClues()
        # Per decision: the game, the deals, the seat, the moves, what the root has seen.
        self._view: TCView | None = None
        self._deals: list[dict[str, object]] = []
        self._seat = -1
        self._candidates: list[Action] = []
        self._root_questions = 0
        self._root_looks = 0
        self._root_accusations = 0
        self._values: dict[tuple[object, ...], float] = {}

    # --- the decision ---------------------------------------------------------------------

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, TCView):
            raise TypeError("the 13 Clues search plays 13 Clues only")
        kinds = kinds_of(legal)
        if "choose" in kinds:
            return choose(view, legal, rng)
        if "take" in kinds:
            return take(view, legal, rng)
        analysis, solutions = self._deductive.mystery(view)
        best, p = solutions[0]
        asks = [a for a in of_kind(legal, "ask") if isinstance(a, Ask)]
        if "accuse" in kinds and (p >= 1.0 or not asks):
            return accuse(best)
        candidates = self._candidates_for(view, analysis, solutions, asks, legal, rng)
        if len(candidates) == 1:
            chosen = candidates[0]
        else:
            self._candidates = candidates
            self._prepare(view, analysis, rng)
            chosen = super().act(view, candidates, rng) if self._deals else candidates[0]
        if isinstance(chosen, Ask):
            # Top Secret: the same answer for me, none for the others (the token is used
            # on the first question chosen, as ``deductive`` does).
            secret = Ask(chosen.witness, chosen.subject, chosen.side, True)
            if secret in asks:
                return secret
        return chosen

    def _candidates_for(
        self,
        view: TCView,
        analysis: ThirteenCluesAnalysis,
        solutions: list[tuple[tuple[str, ...], float]],
        asks: list[Ask],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> list[Action]:
        """The best questions by exact information, a look if questions tell little, and
        the likeliest trios to accuse; the best question first."""
        out: list[Action] = []
        plain = [a for a in asks if not a.secret and a.subject not in TYPES]
        if plain:
            ranked = _ranked_questions(view, analysis, plain, rng)
            out += [a for a, _ in ranked[: self.questions]]
            if ranked[0][1] < LOOK_BELOW:
                looks = [a for a in of_kind(legal, "look") if isinstance(a, Look)]
                look, _ = self._deductive.best_look(view, analysis, looks, rng)
                if look is not None:
                    out.append(look)
        elif asks:
            out.append(asks[rng.randrange(len(asks))])
        if "accuse" in kinds_of(legal):
            for trio_names, p in solutions[:TRIOS]:
                if p >= ACCUSE_FROM or not out:
                    out.append(accuse(trio_names))
        return out

    def _prepare(self, view: TCView, analysis: ThirteenCluesAnalysis, rng: random.Random) -> None:
        if view.seat is None:
            raise ValueError("a spectator cannot decide")
        self._view = view
        self._seat = view.seat
        self._deals = analysis.sample(rng, self.deals_per_decision)
        self._root_questions = len(view.questions)
        self._root_looks = len(view.looks)
        self._root_accusations = len(view.accusations)
        self._values = {}

    def _sample(self, view: View, rng: random.Random) -> State:
        if not isinstance(view, TCView):
            raise TypeError("the 13 Clues search plays 13 Clues only")
        return determinize(view, self._deals[rng.randrange(len(self._deals))], rng)

    # --- the tree -------------------------------------------------------------------------

    def _moves(self, state: State, seat: int) -> Sequence[Action]:
        """The seat's candidates while its turn lasts (up to the horizon), else none."""
        if not isinstance(state, ThirteenCluesState):
            raise TypeError("the 13 Clues search plays 13 Clues only")
        if seat != self._seat or state.turn != seat or state.phase != "play":
            return []
        done = len(state.questions) - self._root_questions + len(state.looks) - self._root_looks
        if done >= self.horizon:
            return []
        return [a for a in self._candidates if _legal_now(state, seat, a)]

    def _evaluate(self, state: State) -> Sequence[float]:
        if not isinstance(state, ThirteenCluesState):
            raise TypeError("the 13 Clues search plays 13 Clues only")
        me = self._seat
        if state.outcome is not None:
            mine = 1.0 if me in state.outcome.winners else -1.0
        else:
            mine = 2.0 * self._win_chance(state) - 1.0
        return [mine if s == me else -mine for s in range(state.players)]

    def _win_chance(self, state: ThirteenCluesState) -> float:
        """The seat's chance to win estimated from its exact knowledge in ``state``."""
        me = self._seat
        key = (
            tuple(
                (q.witness, q.subject, q.side, q.answer)
                for q in state.questions[self._root_questions :]
            ),
            tuple(
                (slot, state.informants[slot])
                for seat, slot in state.looks
                if seat == me and not self._seen_slot(slot)
            ),
            tuple(a.cards for a in state.accusations[self._root_accusations :]),
        )
        value = self._values.get(key)
        if value is None:
            view = state.view(me)
            if not isinstance(view, TCView):
                raise TypeError("the 13 Clues search plays 13 Clues only")
            value = self._knowledge_value(view)
            self._values[key] = value
        return value

    def _seen_slot(self, slot: int) -> bool:
        view = self._view
        return view is not None and view.informants[slot].card is not None

    def _knowledge_value(self, view: TCView) -> float:
        analysis = ThirteenCluesAnalysis(thirteen_clues_position(view))
        solutions = mystery_posterior(view, analysis) if analysis.consistent else []
        if not solutions:
            return 0.0
        probabilities = [p for _, p in solutions]
        entropy = -sum(p * math.log2(p) for p in probabilities if p > 0)
        closeness = (1 - self.spread) * max(probabilities) + self.spread * 2.0**-entropy
        return self.discount * closeness


def _ranked_questions(
    view: TCView, analysis: ThirteenCluesAnalysis, asks: list[Ask], rng: random.Random
) -> list[tuple[Ask, float]]:
    """Questions by exact information about the own mystery, best first (ties at random)."""
    values = question_bits(view, analysis, [(a.witness, a.subject, a.side) for a in asks])
    ranked = [(a, values[(a.witness, a.subject, a.side)], rng.random()) for a in asks]
    ranked.sort(key=lambda t: (-round(t[1], 9), t[2]))
    return [(a, bits) for a, bits, _ in ranked]


def _legal_now(state: ThirteenCluesState, seat: int, action: Action) -> bool:
    if isinstance(action, Accuse):
        return action in state.accusations_for(seat)
    if isinstance(action, Look):
        return True
    return isinstance(action, Ask)


__all__ = ["ThirteenCluesISMCTS"]
