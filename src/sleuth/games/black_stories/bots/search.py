"""``ismcts`` for Black Stories Investigation: the generic search, flat over the seat's move.

Determinizations: each iteration draws the other seats' cases uniformly among the joint
assignments the deduction engine allows (candidates computed once per decision) and deals
the unseen cards at random (``sleuth.games.black_stories.sampler``).

Moves weighed: every play; at the solve step the draw and, per target with candidates, one
attempt per investigation card on one representative guess (the cases left are equally
likely, so which one is guessed does not matter, and 16 guesses per target would swamp the
tree). By default only the decision at hand branches (``flat``): below it the playout policy
picks the one move of each node. A deeper tree merges nodes across the fields a play can
show, so the seat's own solve after a play was decided blind to the field; the policy sees
it, and flat search scored more (tuning notes at the constants).

Playouts run to the end of the game (it is short: about nine steps per seat) with the
``deductive`` bot's rules applied from the mover's own knowledge in the sampled state (the
most informative play, then a solve when the likeliest case is likely enough), so every seat
plays as a good player would with what it knows. The case sets are bit masks and the
engine's posterior is recomputed from the state directly: a playout asks it at every step.
The reward is each seat's final score lead over the best other seat, squashed into [-1, 1];
should a playout reach the depth cap unfinished, each seat is credited its likeliest solve.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

from sleuth.agents.ismcts import ISMCTS
from sleuth.core import Action, State, View
from sleuth.core.said import said
from sleuth.games.black_stories import (
    BlackStoriesInvestigation,
    BlackStoriesState,
    BlackStoriesView,
    Draw,
    Play,
    Solve,
)
from sleuth.games.black_stories import components as bs
from sleuth.games.black_stories.sampler import (
    case_candidates,
    determinize,
    sample_cases,
)
from sleuth.games.black_stories.views import epoch_of

from .deductive import RISK  # the playout's solve rule is the deductive bot's

# Tuned 4 players against three deductive bots, 80 games each on the same deals (a fair
# share is 0.25; one interval is about +-0.1, so only the mean scores hint at an order):
# a full tree with random playout plays won 0.45 scoring 10.6 a game, with deductive plays
# 0.45 and 11.4; flat with random plays 0.41 and 11.2, flat with deductive plays (chosen)
# 0.45 and 12.0. Around it: 300 iterations 0.43 and 12.1 (1.5x the time), exploration 0.4
# 0.44 and 11.2, 1.0 0.44 and 10.8, scale 1.0 0.39 and 9.9; with the full tree 400
# iterations 0.45 and 11.8, exploration 0.3 0.30, 1.2 0.35, scale 1.0 0.35, 4.0 0.35.
# A score lead this large counts as a near-certain win (tanh squashes into [-1, 1]).
SCALE = 2.0
ITERATIONS = 200
# Playouts end with the game (about 35 steps with four players); the cap is a guard.
DEPTH = 60
EXPLORATION = 0.7
# A case set is a 16-bit mask, a bit per case in ``ALL_CASES`` order (the engine's order).
_CASE_BIT = {case: 1 << i for i, case in enumerate(bs.ALL_CASES)}
_ALL_CASES = (1 << len(bs.ALL_CASES)) - 1
_FIELD_OF = ("0/1", "0/1", "2", "3", "4")  # by match count; 4 only for the case's own card


@lru_cache(maxsize=256)
def field_masks(card: str) -> dict[str, int]:
    """Per field, the cases that put ``card`` on it."""
    mask = bs.evidence_mask(card)
    out = {"0/1": 0, "2": 0, "3": 0}
    for case, bit in _CASE_BIT.items():
        field = _FIELD_OF[(mask & bs.evidence_mask(case)).bit_count()]
        if field in out:
            out[field] |= bit
    return out


@lru_cache(maxsize=8192)
def grid_mask(grid: tuple[tuple[str, str], ...]) -> int:
    """The cases that put every card of a grid on its field (cached: grids recur)."""
    mask = _ALL_CASES
    for card, field in grid:
        mask &= field_masks(card)[field]
    return mask


def seen_mask(state: BlackStoriesState, seat: int) -> int:
    """The cases ``seat`` sees as cards now: own case and hand, the discard pile, the grids."""
    bit = _CASE_BIT.get
    mask = bit(state.cases[seat] or "", 0)
    for card in (*state.hands[seat], *state.discard):
        mask |= bit(card, 0)
    for grid in state.grids:
        for card, _ in grid:
            mask |= bit(card, 0)
    return mask


def known_mask(state: BlackStoriesState, seat: int, target: int, seen: int) -> int:
    """The cases ``target`` may hold as ``seat`` knows in ``state`` (``seen``: its
    ``seen_mask``): the deduction engine's posterior, computed from the state for speed."""
    if state.cases[target] is None or target == seat:
        return 0
    private = state.game.config.guesses == "private"
    failed = 0
    for attempt in state.attempts:
        if attempt.target != target:
            continue
        if attempt.success:
            failed = 0  # guesses before a solve were about an earlier case
        elif (
            not private or seat == attempt.seat
        ):  # (the target, the other who sees it, is not ``seat``)
            failed |= _CASE_BIT[attempt.guess.replace("/", "+")]
    mask = grid_mask(state.grids[target]) & ~failed & ~seen
    if state.reshuffled:  # only a card of the pile the case came from may be it
        piles = pile_masks(state.reshuffled)
        case_bit = _CASE_BIT[state.cases[target] or ""]
        mask &= next(pile for pile in piles if pile & case_bit)
    return mask


@lru_cache(maxsize=1024)
def pile_masks(reshuffled: tuple[tuple[str, ...], ...]) -> tuple[int, ...]:
    """Per pile (the deal's, then each reshuffle's), the cases whose card was last in it."""
    piles = [0] * (len(reshuffled) + 1)
    for case, bit in _CASE_BIT.items():
        piles[epoch_of(reshuffled, case)] |= bit
    return tuple(piles)


def known_cases(state: BlackStoriesState, seat: int, target: int) -> list[str]:
    """``known_mask`` as case names, in the engine's order."""
    mask = known_mask(state, seat, target, seen_mask(state, seat))
    return [case for case, bit in _CASE_BIT.items() if mask & bit]


def _first_case(mask: int) -> str:
    return bs.ALL_CASES[(mask & -mask).bit_length() - 1]


def evaluate(state: State, scale: float = SCALE) -> Sequence[float]:
    """Each seat's score lead over the best other seat, squashed into [-1, 1]."""
    if not isinstance(state, BlackStoriesState):
        raise TypeError("the Black Stories search plays Black Stories only")
    points = [float(s) for s in state.scores]
    if state.outcome is None:
        # Unfinished: add each seat's likeliest next solve with its biggest card.
        for seat in range(state.players):
            if not state.unused[seat]:
                continue
            seen = seen_mask(state, seat)
            best = 0.0
            for target in state.targets(seat):
                cases = known_mask(state, seat, target, seen).bit_count()
                if cases:
                    gain = max(state.unused[seat]) + max(
                        0, bs.SOLVE_BASE - len(state.grids[target])
                    )
                    best = max(best, gain / cases)
            points[seat] += best
    rewards = []
    for seat, mine in enumerate(points):
        best_other = max(p for s, p in enumerate(points) if s != seat)
        rewards.append(math.tanh((mine - best_other) / scale))
    return rewards


def solve_options(state: BlackStoriesState, seat: int) -> list[tuple[float, int, str]]:
    """(chance, target, representative guess) per target with candidates, as ``seat`` knows."""
    seen = seen_mask(state, seat)
    options = []
    for target in state.targets(seat):
        cases = known_mask(state, seat, target, seen)
        if cases:
            options.append((1 / cases.bit_count(), target, bs.guess_text(_first_case(cases))))
    return options


def deductive_solve(
    state: BlackStoriesState,
    seat: int,
    options: list[tuple[float, int, str]],
    risk: float = RISK,
) -> Action:
    """The deductive bot's step 2 from ``seat``'s knowledge: the likeliest case when likely
    enough, with the biggest card when certain or in the final round, else the smallest."""
    cards = sorted(state.unused[seat])
    if not cards or not options:
        return Draw()
    grids = state.grids
    p, target, guess = max(options, key=lambda o: (o[0], -len(grids[o[1]]), -o[1]))
    if p >= 1.0 or state.final:
        return Solve(target, guess, cards[-1])
    if p >= risk and (len(cards) > 1 or state.scores[seat] >= max(state.scores)):
        return Solve(target, guess, cards[0])
    return Draw()


@lru_cache(maxsize=65536)
def play_value(card: str, cases: int) -> tuple[float, float]:
    """(the entropy of the field ``card`` lands on, the chance one case is left after it)
    over equally likely ``cases`` (a mask): the deductive bot's measure of a play."""
    total = cases.bit_count()
    if not total:
        return (0.0, 0.0)
    counts = [n for m in field_masks(card).values() if (n := (cases & m).bit_count())]
    bits = -sum(n / total * math.log2(n / total) for n in counts)
    return (round(bits, 9), len(counts) / total)


def informative_play(
    state: BlackStoriesState, seat: int, legal: Sequence[Action], rng: random.Random
) -> Action:
    """The deductive bot's step 1 from ``seat``'s knowledge: the play whose field tells the
    most (its entropy over the target's cases), then the likeliest to leave one case."""
    seen = seen_mask(state, seat)
    cases = {t: known_mask(state, seat, t, seen) for t in state.targets(seat)}
    best: tuple[float, float, float] = (-1.0, 0.0, 0.0)
    choice = legal[0]
    for action in legal:
        if isinstance(action, Play):
            value = (*play_value(action.card, cases.get(action.target, 0)), rng.random())
            if value > best:
                best, choice = value, action
    return choice


class BlackStoriesISMCTS(ISMCTS):
    def __init__(
        self,
        iterations: int = ITERATIONS,
        depth: int = DEPTH,
        exploration: float = EXPLORATION,
        scale: float = SCALE,
        risk: float = RISK,
        informative: bool = True,
        flat: bool = True,
        seconds: float | None = None,
    ) -> None:
        """``informative``: the playout plays as ``deductive`` (else at random); ``flat``:
        only the decision at hand branches (else every node of the tree); ``seconds``: a
        time per decision instead of the iterations (no longer reproducible)."""
        if not (isinstance(scale, int | float) and scale > 0.0):
            raise ValueError(
                said("%(name)s=%(value)s: must be positive", name="scale", value=str(scale))
            )
        if not (isinstance(risk, int | float) and risk >= 0.0):
            raise ValueError(said("%(name)s=%(value)s: not below 0", name="risk", value=str(risk)))
        super().__init__(
            self._sample,
            lambda state: evaluate(state, scale),
            iterations,
            depth,
            exploration,
            self._playout,
            self._moves,
            seconds=seconds,
        )
        self.risk = risk
        self.informative = informative
        self.flat = flat
        self._root: tuple[int, int, str, int] = (-1, -1, "", -1)
        self._tree_rng = random.Random(0)
        self._candidates: list[list[str]] = []
        self._game: BlackStoriesInvestigation | None = None
        # The last state's solve options: the move filter and the playout policy both ask.
        self._last: tuple[BlackStoriesState | None, int, list[tuple[float, int, str]]] = (
            None,
            -1,
            [],
        )

    def _options(self, state: BlackStoriesState, seat: int) -> list[tuple[float, int, str]]:
        if self._last[0] is not state or self._last[1] != seat:
            self._last = (state, seat, solve_options(state, seat))
        return self._last[2]

    def _moves(self, state: State, seat: int) -> Sequence[Action]:
        """The moves the tree weighs: every play; the draw and one guess per target and card."""
        if not isinstance(state, BlackStoriesState):
            raise TypeError("the Black Stories search plays Black Stories only")
        if self.flat and self._root != (
            len(state.placements),
            len(state.attempts),
            state.phase,
            state.turn,
        ):
            # Below the root the playout policy decides: one move, so no branching.
            return [self._playout(state, seat, state.legal_actions(seat), self._tree_rng)]
        if state.phase != "solve":
            return state.legal_actions(seat)
        out: list[Action] = [Draw()]
        for _, target, guess in self._options(state, seat):
            out.extend(Solve(target, guess, drops) for drops in state.unused[seat])
        return out

    def _playout(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The deductive bot's rules from the mover's knowledge (or a random play)."""
        if not isinstance(state, BlackStoriesState):
            raise TypeError("the Black Stories search plays Black Stories only")
        if state.phase == "play":
            if self.informative:
                return informative_play(state, seat, legal, rng)
            return legal[rng.randrange(len(legal))]
        if state.phase != "solve":
            return Draw()
        return deductive_solve(state, seat, self._options(state, seat), self.risk)

    def _sample(self, view: View, rng: random.Random) -> State:
        if not isinstance(view, BlackStoriesView):
            raise TypeError("the Black Stories search plays Black Stories only")
        return determinize(view, rng, sample_cases(view, self._candidates, rng), self._game)

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, BlackStoriesView):
            raise TypeError("the Black Stories search plays Black Stories only")
        if len(legal) == 1:
            return legal[0]  # the draw, most often: nothing to weigh
        # One game per config (Game.of): the engine remembers per game the actions it has
        # checked (``well_formed``), which saves a sixth of a playout.
        self._game = BlackStoriesInvestigation.of(view.config)
        self._candidates = case_candidates(view)
        self._last = (None, -1, [])
        self._root = (len(view.plays), len(view.attempts), view.phase, view.turn)
        self._tree_rng = random.Random(rng.getrandbits(64))
        return super().act(view, legal, rng)


__all__ = ["BlackStoriesISMCTS", "evaluate", "known_cases", "known_mask", "solve_options"]
