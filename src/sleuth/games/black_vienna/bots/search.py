"""``ismcts`` for Black Vienna: exact accusations, and a search over the best questions that
weighs what every seat learns from the answer.

The game is a race: everyone hears every answer, and the first seat sure of the ring (each
seat may accuse before every move) wins. So a question is good for the asker when the answer
teaches it more than the other seats, and the target of a question asks the next one.

- Accusations come from the exact engine on the seat's own view, never from casual notes:
  at once when only one trio is left (also as an interruption). Under uncertainty the
  likeliest trio, with odds p, is accused when p is high enough for the investigations the
  game has left (the ``deductive`` bot's schedule), or when waiting for the next answer is
  worth less than p: that answer may break the game off (the marker supply, the last card)
  or make another seat sure first, which the sampled deals show (on the seat's own turn,
  for the question it would ask; out of turn, only the break-off, over the asker's possible
  questions). The post-win guess is the likeliest trio (a guess costs nothing), and the
  last player's forced accusation too.
- Questions: the ``deductive`` bot's exact ranking (information about the ring) keeps the
  best few as the only candidates (top-k); the search then weighs them on deals drawn
  uniformly from the engine (the exact posterior), a few per decision, reused across
  iterations (``sleuth.games.black_vienna.sampler`` fills in the rest of the state).
- Evaluation, one question deep: in a sampled deal the answer is known, so is what every
  seat then knows (the exact engine on each seat's hand and the answers). A seat sure of the
  ring wins (the first in the order the table offers interruptions, the next asker last);
  otherwise each seat's remaining ring entropy, the next asker credited with a tempo bonus,
  is compared with the best other seat's. Evaluations are cached per deal and question, so
  the iterations beyond the first visit of each pair only refine the UCB allocation.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from sleuth.agents.base import kinds_of
from sleuth.agents.ismcts import ISMCTS
from sleuth.agents.random_agent import split_drastic
from sleuth.core import Action, State, View
from sleuth.core.said import said
from sleuth.games.black_vienna import (
    Accuse,
    BlackViennaState,
    BlackViennaView,
    Guess,
    Investigate,
    Pass,
)
from sleuth.games.black_vienna import components as bv
from sleuth.games.black_vienna.knowledge import BlackViennaAnalysis, black_vienna_position
from sleuth.games.black_vienna.sampler import determinize

from .basic import BasicBlackVienna
from .deductive import EARLY_CONFIDENCE, LATE_CONFIDENCE, confidence_needed
from .ring import RingKnowledge, knowledge_of, seat_knowledge

# Deals drawn from the deduction engine per decision.
DEALS = 4
# Questions the search weighs: the best by the exact information about the ring.
TOP_QUESTIONS = 3
ITERATIONS = 24
EXPLORATION = 0.3
# Bits of ring entropy ahead of the best other seat that count as a near-certain lead.
SCALE = 2.0
# Bits the next asker is credited with for choosing the next question.
TEMPO = 0.5
# Below FLOOR no accusation is weighed against waiting; an accusation must beat the odds
# of waiting one answer by MARGIN (that bound is low: the seat may wait longer).
FLOOR = 0.2
MARGIN = 0.0

_Deal = tuple[list[str], str]


class BlackViennaISMCTS(ISMCTS):
    def __init__(
        self,
        iterations: int = ITERATIONS,
        exploration: float = EXPLORATION,
        deals: int = DEALS,
        top: int = TOP_QUESTIONS,
        tempo: float = TEMPO,
        scale: float = SCALE,
        early: float = EARLY_CONFIDENCE,
        late: float = LATE_CONFIDENCE,
        floor: float = FLOOR,
        margin: float = MARGIN,
        *,
        seconds: float | None = None,
    ) -> None:
        """``deals``: deals sampled per decision; ``top``: questions weighed; ``tempo``/
        ``scale``: bits credited to the next asker / counted as a near-certain lead;
        ``early``/``late``: the odds needed to accuse with a full / an empty game ahead;
        ``floor``/``margin``: see FLOOR and MARGIN; ``seconds``: a time budget per decision
        instead of ``iterations`` (then not reproducible)."""
        if deals < 1 or top < 1:
            raise ValueError(
                said(
                    "%(name)s=%(value)s, %(other)s=%(other_value)s: at least 1 each",
                    name="deals",
                    value=deals,
                    other="top",
                    other_value=top,
                )
            )
        # NaN passes ``<= 0`` and infinity is no scale either: every lead would count as
        # nothing (tanh of x/inf is 0, of x/NaN NaN), so the search would weigh nothing.
        if not (isinstance(scale, int | float) and math.isfinite(scale) and scale > 0):
            raise ValueError(
                said("%(name)s=%(value)s: must be positive", name="scale", value=str(scale))
            )
        for name, chance in (("early", early), ("late", late)):
            if not (isinstance(chance, int | float) and 0.0 <= chance <= 1.0):
                raise ValueError(
                    said("%(name)s=%(value)s: between 0 and 1", name=name, value=str(chance))
                )
        super().__init__(
            self._sample,
            self._evaluate,
            iterations,
            0,
            exploration,
            _first,
            self._candidates,
            seconds=seconds,
        )
        self.deals_per_decision = deals
        self.top = top
        self.tempo = tempo
        self.scale = scale
        self.early = early
        self.late = late
        self.floor = floor
        self.margin = margin
        self._basic = BasicBlackVienna()
        # Per decision: the deals, the candidate questions, and the evaluations so far.
        self._deals: list[_Deal] = []
        self._questions: list[Investigate] = []
        self._seat = 0
        self._root_answers = 0
        self._leaves: dict[object, Sequence[float]] = {}
        self._known: dict[object, RingKnowledge] = {}
        self._after: dict[tuple[tuple[str, ...], str, str], BlackViennaState] = {}
        # The seat's own knowledge, kept while its view shows no new answer or accusation.
        self._own_key: object = None
        self._own: tuple[BlackViennaAnalysis, RingKnowledge] | None = None

    # --- the moves -----------------------------------------------------------------------------

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        view = _checked(view)
        analysis, known = self._own_knowledge(view)
        kinds = kinds_of(legal)
        if "guess" in kinds:
            return Guess(known.best) if known.best else Pass()
        if "accuse" in kinds and known.best and self._should_accuse(view, known):
            return Accuse(known.best)
        questions = investigations_of(legal)
        if not questions:
            if not known.best:  # an inconsistent view cannot happen from a real game
                raise RuntimeError("no ring is consistent with this seat's view")
            return Accuse(known.best)
        if view.seat in view.eliminated:
            # Out of the race: no question can win it back, so no search is spent on it.
            return self._basic.act(view, questions, rng)
        choice = self._search(view, analysis, questions, rng)
        # Waiting for this answer is worth at most the odds that nobody else is sure of the
        # ring first and the game goes on, times the odds after it (a lower bound, as the
        # seat could wait longer): accuse now if that is worse than the odds now.
        if (
            "accuse" in kinds
            and known.p_best >= self.floor
            and known.p_best > self._odds_after(view, choice, rng) + self.margin
        ):
            return Accuse(known.best)
        return choice

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        if not isinstance(view, BlackViennaView) or "accuse" not in kinds_of(legal):
            return None
        analysis, known = self._own_knowledge(view)
        if not known.best:
            return None
        if self._should_accuse(view, known):
            return Accuse(known.best)
        # The next answer may break the game off: then waiting is worth only the odds the
        # game goes on (whichever question the asker picks) times the odds after it.
        if (
            known.p_best >= self.floor
            and _may_end_next(view)
            and known.p_best > self._odds_after_next(view, analysis, rng) + self.margin
        ):
            return Accuse(known.best)
        return None

    def _should_accuse(self, view: BlackViennaView, known: RingKnowledge) -> bool:
        if known.certain:
            return True
        return known.p_best >= confidence_needed(view, self.early, self.late)

    def _odds_after(self, view: BlackViennaView, question: Action, rng: random.Random) -> float:
        """The mean over the sampled deals of the seat's win odds right after ``question``
        is answered, if it accuses then: 0 if the game ends or another seat is sure first."""
        odds = []
        for hands, ring in self._deals:
            state = self._after.get((tuple(hands), ring, str(question)))
            if state is None:
                state = determinize(view, hands, ring, rng).apply(self._seat, question)
            if state.outcome is not None:
                odds.append(1.0 if self._seat in state.outcome.winners else 0.0)
                continue
            sure = self._first_sure(state)
            if sure is None:
                odds.append(self._knowledge(state, self._seat).p_best)
            else:
                odds.append(1.0 if sure == self._seat else 0.0)
        return sum(odds) / len(odds) if odds else 1.0

    def _first_sure(self, state: BlackViennaState) -> int | None:
        """The seat that accuses first knowing the ring, if any: interruptions are offered
        in seat order from the next asker on, the next asker itself last."""
        players = state.players
        mover = state.to_move()
        if mover is None:
            mover = state.asker
        standing = [s for s in range(players) if not state.eliminated >> s & 1]
        order = sorted(standing, key=lambda s: (s - mover) % players or players)
        return next((s for s in order if self._knowledge(state, s).certain), None)

    def _odds_after_next(
        self, view: BlackViennaView, analysis: BlackViennaAnalysis, rng: random.Random
    ) -> float:
        """As ``_odds_after``, for another seat's question: the mean over its regular
        questions (it may pick any) and a few deals; other seats' certainty is not looked
        at, only whether the game ends and the seat's own odds after the answer."""
        asker = view.asker
        cards = [card for card in view.face_up if card is not None]
        questions = [Investigate(t, (card,)) for card in cards for t in range(view.players)]
        questions = [q for q in questions if q.target != asker]
        odds: list[float] = []
        seen: dict[object, float] = {}
        for deal in analysis.sample(rng, self.deals_per_decision):
            hands, ring = deal["hands"], deal["ring"]
            if not isinstance(hands, list) or not isinstance(ring, str):
                raise TypeError("unexpected sample from the deduction engine")
            state = determinize(view, [str(h) for h in hands], ring, rng)
            for question in questions:
                after = state.apply(asker, question)
                if after.outcome is not None:
                    odds.append(0.0)
                    continue
                key = after.log[-1]
                if key not in seen:
                    seen[key] = seat_knowledge(after, view.seat or 0).p_best
                odds.append(seen[key])
        return sum(odds) / len(odds) if odds else 1.0

    def _own_knowledge(self, view: BlackViennaView) -> tuple[BlackViennaAnalysis, RingKnowledge]:
        key = (view.seat, view.hand, len(view.investigations), len(view.accusations))
        if self._own is None or key != self._own_key:
            analysis = BlackViennaAnalysis(black_vienna_position(view))
            self._own_key, self._own = key, (analysis, knowledge_of(analysis))
        return self._own

    # --- the search ----------------------------------------------------------------------------

    def _search(
        self,
        view: BlackViennaView,
        analysis: BlackViennaAnalysis,
        questions: list[Investigate],
        rng: random.Random,
    ) -> Action:
        # Deals are drawn even for a single question: accusing is weighed against waiting.
        self._deals = []
        self._leaves, self._known, self._after = {}, {}, {}
        for deal in analysis.sample(rng, self.deals_per_decision):
            hands, ring = deal["hands"], deal["ring"]
            if not isinstance(hands, list) or not isinstance(ring, str):
                raise TypeError("unexpected sample from the deduction engine")
            self._deals.append(([str(h) for h in hands], ring))
        self._questions = ranked_questions(analysis, questions, rng)[: self.top]
        self._seat = view.seat if view.seat is not None else 0
        self._root_answers = len(view.investigations)
        if not self._deals or len(self._questions) == 1:
            return self._questions[0]
        return super().act(view, self._questions, rng)

    def _sample(self, view: View, rng: random.Random) -> State:
        hands, ring = self._deals[rng.randrange(len(self._deals))]
        return determinize(_checked(view), hands, ring, rng)

    def _candidates(self, state: State, seat: int) -> Sequence[Action]:
        """The root's candidate questions; nothing below them (the evaluation looks on)."""
        if not isinstance(state, BlackViennaState) or len(state.log) != self._root_answers:
            return []
        return self._questions if seat == self._seat else []

    def _evaluate(self, state: State) -> Sequence[float]:
        if not isinstance(state, BlackViennaState):
            raise TypeError("the Black Vienna search plays Black Vienna only")
        key = (state.hands, state.ring, state.log[self._root_answers :], state.accusations)
        if len(state.log) == self._root_answers + 1 and state.log[-1].asker == self._seat:
            last = state.log[-1]
            asked = Investigate(last.target, last.cards)
            ring = bv.mask_letters(state.ring)
            hands = tuple(bv.mask_letters(h) for h in state.hands)
            self._after[(hands, ring, str(asked))] = state
        if key not in self._leaves:
            self._leaves[key] = self._rewards(state)
        return self._leaves[key]

    def _rewards(self, state: BlackViennaState) -> list[float]:
        players = state.players
        if state.outcome is not None:
            return [1.0 if s in state.outcome.winners else -1.0 for s in range(players)]
        sure = self._first_sure(state)
        if sure is not None:
            return [1.0 if s == sure else -1.0 for s in range(players)]
        standing = [s for s in range(players) if not state.eliminated >> s & 1]
        known = {s: self._knowledge(state, s) for s in standing}
        mover = state.asker
        if len(standing) == 1:
            # The last player standing: its accusation is right with the likeliest trio's odds.
            only = standing[0]
            return [2.0 * known[only].p_best - 1.0 if s == only else -1.0 for s in range(players)]
        value = {s: -known[s].entropy + (self.tempo if s == mover else 0.0) for s in standing}
        rewards = []
        for seat in range(players):
            if seat not in value:
                rewards.append(-1.0)
                continue
            best_other = max(v for s, v in value.items() if s != seat)
            rewards.append(math.tanh((value[seat] - best_other) / self.scale))
        return rewards

    def _knowledge(self, state: BlackViennaState, seat: int) -> RingKnowledge:
        key = (seat, state.hands[seat], state.log)
        if key not in self._known:
            self._known[key] = seat_knowledge(state, seat)
        return self._known[key]


def ranked_questions(
    analysis: BlackViennaAnalysis, questions: list[Investigate], rng: random.Random
) -> list[Investigate]:
    """The questions by the exact information about the ring they give the asker, best
    first, ties in random order. A special investigation's two answers count as the sum of
    their values: an upper bound, good enough to tell when the extra card is worth it."""
    cards = sorted({card for q in questions for card in q.cards})
    bits: dict[tuple[str, int], float] = {}
    for ranked in analysis.questions(cards):
        bits[(str(ranked["letters"]), int(str(ranked["target"])))] = float(str(ranked["ring_bits"]))
    keyed = [
        (-sum(bits.get((card, q.target), 0.0) for card in q.cards), rng.random(), i)
        for i, q in enumerate(questions)
    ]
    return [questions[i] for _, _, i in sorted(keyed)]


def _may_end_next(view: BlackViennaView) -> bool:
    """Whether the next investigation may end the game: its answer may bring the supply
    down to the break-off, or it may take the last face-up card."""
    most = 3 * (2 if view.special_unlocked else 1)
    return view.supply - most <= bv.BREAK_OFF_MARKERS or sum(view.stack_sizes) <= 1


def investigations_of(legal: Sequence[Action]) -> list[Investigate]:
    ordinary, _ = split_drastic(legal)
    return [a for a in ordinary if isinstance(a, Investigate)]


def _first(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """The playout policy; never called, as the search evaluates where the tree ends."""
    return legal[0]


def _checked(view: View) -> BlackViennaView:
    if not isinstance(view, BlackViennaView):
        raise TypeError("the Black Vienna search plays Black Vienna only")
    return view


__all__ = ["BlackViennaISMCTS", "ranked_questions"]
