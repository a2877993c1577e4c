"""``ismcts`` for Alibi: the generic search, guided by the ``deductive`` bot's card counting.

Three things make the generic SO-ISMCTS play the full game well (the plain version, with a
coverage heuristic and every legal move in the tree, scored below ``basic``):

* **Candidate moves.** A main action has up to ~45 legal moves (30 of them exchanges), too
  many for a few hundred iterations. At every node, for every seat, the tree holds only the
  ``width`` moves the ``deductive`` bot values highest (from that seat's view of the
  sampled state), so the search spends its iterations comparing plausible moves and models
  the opponents as sensible players.
* **Leaf evaluation.** Fronts are reshuffled after every conviction, so unscored front cards
  are worth only their share of the *next* conviction. The evaluation adds to the scores
  each seat's expected points from it, with ``deductive``'s chance model, but in the sampled
  (fully known) state: a value held in any hand is sure to come, the draw pile is counted.
* **Rewards relative to the root.** Scores reach 40 and more; a reward of the squashed score
  difference saturates late in a game. The reward is each seat's gain since the decision
  minus the mean gain of the others, squashed by ``tanh``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from sleuth.agents.base import Agent, kinds_of, of_kind
from sleuth.agents.ismcts import ISMCTS
from sleuth.core import Action, State, View
from sleuth.core.said import said
from sleuth.games.alibi import AlibiState, AlibiView, Pass, Swap
from sleuth.games.alibi.sampler import determinize

from .basic import BasicAlibi
from .common import Table, need, unseen
from .deductive import DeductiveAlibi, expected

# Gains (own minus the others' mean) this large count as a near-certain win.
SCALE = 3.0


def sample(view: View, rng: random.Random) -> State:
    if not isinstance(view, AlibiView):
        raise TypeError("the Alibi search plays Alibi only")
    return determinize(view, rng)


def _alibi_state(state: State) -> AlibiState:
    if not isinstance(state, AlibiState):
        raise TypeError("the Alibi search plays Alibi only")
    return state


def expected_points(state: AlibiState) -> list[float]:
    """Each seat's score plus its expected points from the next conviction, all cards known."""
    points = [float(s) for s in state.scores]
    if state.outcome is not None:
        return points
    values = state.game.suspect_values
    alibied = state.alibied()
    table = Table(
        seat=0,
        suspects={s: values[s] for s in state.display},
        needs={s: need(tuple(values[s]), state.game.config.threshold) for s in state.display},
        fronts=[list(f) for f in state.fronts],
        alibied=set(alibied),
        # Every hand at once: a value anybody holds counts as sure to come.
        hand=[c for hand in state.hands for c in hand],
    )
    if not table.free():
        return points
    gains = expected(table, Counter(state.pile))
    return [p + g for p, g in zip(points, gains, strict=True)]


# Against ``basic`` on the default game, 3 players, 30 games (margin over basic's mean, 95%
# interval): these settings +3.6 [2.4, 4.8]; width 8 +3.8 [2.3, 5.3]; 3 playout steps
# +3.6 [1.9, 5.4] at 1.7 times the time; exploration 0.7 +3.3 [1.5, 5.1]. 100 iterations
# keep a decision near 35 ms of CPU; 200 cost twice that and, in a few 2p games only, won
# by about as much (+7 points a game both). Against ``deductive`` (30 games each) it is
# level: 2p +0.4 [-1.5, 2.3] (200 iterations -0.7), 3p +0.3 [-1.2, 1.8] (width 2 +0.4,
# deductive as the opponent model +0.0).
ITERATIONS = 100
DEPTH = 0
EXPLORATION = 0.3
WIDTH = 4
OPPONENT_MODELS: dict[str, type[Agent]] = {"basic": BasicAlibi, "deductive": DeductiveAlibi}


class AlibiISMCTS(ISMCTS):
    """The search above; ``width`` is how many of ``deductive``'s best moves a node holds,
    ``opponents`` the bot whose single move stands for an opponent's at its nodes."""

    def __init__(
        self,
        iterations: int = ITERATIONS,
        depth: int = DEPTH,
        exploration: float = EXPLORATION,
        width: int = WIDTH,
        opponents: str = "basic",
        seconds: float | None = None,
    ) -> None:
        super().__init__(
            sample,
            self._evaluate,
            iterations,
            depth,
            exploration,
            policy=self._playout,
            actions=self._candidates,
            seconds=seconds,
        )
        if width < 1:
            raise ValueError(said("%(name)s=%(value)s: at least 1", name="width", value=width))
        self.width = width
        self._judge = DeductiveAlibi()
        if opponents not in OPPONENT_MODELS:
            *some, last = OPPONENT_MODELS
            raise ValueError(
                said(
                    "opponents: choose %(some)s or %(last)s, not %(given)s",
                    some=", ".join(some),
                    last=last,
                    given=repr(opponents),
                )
            )
        self._opponent_model = OPPONENT_MODELS[opponents]()
        self._baseline: tuple[float, ...] = ()
        self._seat = -1
        self._rng = random.Random(0)
        self._ranks: dict[tuple[object, ...], list[Action]] = {}

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, AlibiView):
            raise TypeError("the Alibi search plays Alibi only")
        # Rewards count the points gained from here on (see the module docstring).
        self._baseline = tuple(float(s) for s in view.scores)
        self._seat = -1 if view.seat is None else view.seat
        self._rng = rng
        self._ranks = {}
        if "convict" in kinds_of(legal):  # C3 claim: claim at once, the suspect as deductive would
            return DeductiveAlibi().act(view, of_kind(legal, "convict"), rng)
        return super().act(view, legal, rng)

    def _evaluate(self, state: State) -> Sequence[float]:
        points = expected_points(_alibi_state(state))
        gains = [p - b for p, b in zip(points, self._baseline, strict=True)]
        total = sum(gains)
        others = len(gains) - 1
        return [math.tanh((g - (total - g) / others) / SCALE) for g in gains]

    def ranked(self, state: AlibiState, seat: int) -> list[Action]:
        """The legal moves of ``seat``, best first by ``deductive``'s net expected points."""
        legal = state.legal_actions(seat)
        if len(legal) <= 1:
            return list(legal)
        view = state.view(seat)
        table = Table.of(view)
        if state.phase == "swap":
            # The swap is free: worth it for a card fitting no free suspect, else pass.
            useless = [a for a in legal if isinstance(a, Swap) and not table.useful(a.card)]
            return [*useless, Pass()]
        counts = unseen(view)
        base = expected(table, counts)
        scored = [(self._judge.value(table, counts, base, a), str(a), a) for a in legal]
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [a for _, _, a in scored]

    def _candidates(self, state: State, seat: int) -> Sequence[Action]:
        state = _alibi_state(state)
        if seat != self._seat:
            # Opponents play by rules of thumb: cheap, and a sensible reply to weigh against.
            legal = state.legal_actions(seat)
            return [self._opponent_model.act(state.view(seat), legal, self._rng)] if legal else []
        # Everything the ranking reads; the own hand is known, so most nodes repeat.
        key = (
            state.phase,
            state.hands[seat],
            state.fronts,
            state.alibis,
            state.display,
            state.discard,
            state.candidates,
        )
        ranks = self._ranks.get(key)
        if ranks is None:
            ranks = self._ranks[key] = self.ranked(state, seat)[: self.width]
        return ranks

    def _playout(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        # ``legal`` is already ranked by ``_candidates``: play on as ``deductive`` would.
        return legal[0]
