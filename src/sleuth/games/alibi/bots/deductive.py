"""``deductive``: Alibi by card counting and expected points.

For a table it estimates, per free displayed suspect, the chance that it is the next one
convicted: the harder its missing values are to find (few unseen copies, many values still
needed), the lower. A seat's expected points are its fitting front cards weighted by those
chances. Each legal action is valued as the own expected gain (plus the realised points and
bonus when the action convicts) minus the mean gain it hands to the opponents; the best is
taken, ties by the rng. A Gutes Auge is valued as the best two plays it allows.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

from sleuth.agents.base import Agent, kinds_of, of_kind
from sleuth.core import Action, View
from sleuth.games.alibi import (
    AlibiView,
    Bribe,
    Convict,
    Exchange,
    GoodEye,
    Pass,
    PlayAlibi,
    PlayClue,
    Swap,
)

from .common import SPECIALS, Table, unseen

# How much an opponent's expected gain counts against the own (1.0: as much).
OPPONENT_WEIGHT = 1.0
# Each value still needed makes a suspect this much less likely to be convicted next.
STEP = 0.35
# A value with ``u`` unseen copies turns up with weight u / (u + SPREAD).
SPREAD = 1.5
# Exchanging a useless card is worth a little (it draws something playable), a useful one
# costs a little; both well below any real point, so plays win when they gain anything.
EXCHANGE_GAIN = 0.05
EXCHANGE_COST = 0.08


def chances(
    table: Table, counts: Counter[str], step: float = STEP, spread: float = SPREAD
) -> dict[str, float]:
    """The probability that each free suspect is the next convicted (they sum to 1)."""
    hand = Counter(table.hand)
    weights: dict[str, float] = {}
    for suspect in table.free():
        needed = table.needs[suspect] - table.covered(suspect)
        if needed <= 0:
            weights[suspect] = 1e6  # completed: convicted at once
            continue
        # A held value is certain to come; an unseen one the likelier the more copies.
        ease = sorted(
            (1.0 if hand[v] else counts[v] / (counts[v] + spread) for v in table.missing(suspect)),
            reverse=True,
        )
        weight = step**needed
        for e in ease[:needed]:
            weight *= e
        if len(ease) < needed:
            weight = 0.0
        weights[suspect] = weight
    total = sum(weights.values())
    if total <= 0:
        # Nothing can be completed as things stand (bribes, reshuffles may change that).
        return {s: 1.0 / len(weights) for s in weights} if weights else {}
    return {s: w / total for s, w in weights.items()}


def expected(
    table: Table, counts: Counter[str], step: float = STEP, spread: float = SPREAD
) -> list[float]:
    """Each seat's expected points from the next conviction, as the table stands."""
    p = chances(table, counts, step, spread)
    return [
        sum(prob * table.fit(seat, suspect) for suspect, prob in p.items())
        for seat in range(len(table.fronts))
    ]


class DeductiveAlibi(Agent):
    name: ClassVar[str] = "deductive"

    def __init__(
        self, opponent_weight: float = OPPONENT_WEIGHT, step: float = STEP, spread: float = SPREAD
    ) -> None:
        """``opponent_weight``: how much the opponents' mean expected gain counts against
        the own; ``step``/``spread``: the chance model's constants (above). Measured
        against the defaults (two seats each, 4 players, 200 games), none of 0.5, 1.5, 2.0;
        0.2, 0.5; 0.75, 3.0 was better."""
        self.opponent_weight = opponent_weight
        self.step = step
        self.spread = spread

    def _expected(self, table: Table, counts: Counter[str]) -> list[float]:
        return expected(table, counts, self.step, self.spread)

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, AlibiView):
            raise TypeError("the deductive Alibi bot plays Alibi only")
        table = Table.of(view)
        counts = unseen(view)
        kinds = kinds_of(legal)
        if "convict" in kinds:
            legal = of_kind(legal, "convict")  # C3 claim: a completed suspect is claimed
        elif "swap" in kinds:
            return self._swap(table, legal, rng)
        base = self._expected(table, counts)
        scored = [(self.value(table, counts, base, a), rng.random(), a) for a in legal]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _swap(self, table: Table, legal: Sequence[Action], rng: random.Random) -> Action:
        # The swap is free: a card fitting no free suspect is worth trading for a draw.
        swaps = [a for a in of_kind(legal, "swap") if isinstance(a, Swap)]
        useless = [a for a in swaps if not table.useful(a.card)]
        return useless[rng.randrange(len(useless))] if useless else Pass()

    def net(self, gains: Sequence[float]) -> float:
        me = gains[0]
        others = gains[1:]
        return me - self.opponent_weight * (sum(others) / len(others) if others else 0.0)

    def value(self, table: Table, counts: Counter[str], base: list[float], action: Action) -> float:
        """The net expected points of ``action`` against doing nothing."""
        if isinstance(action, Convict):
            return self._settled(table, action.suspect, base)
        if isinstance(action, Pass):
            return 0.0
        if isinstance(action, Exchange):
            return sum(
                EXCHANGE_GAIN if not table.useful(c) else -EXCHANGE_COST for c in action.cards
            )
        if isinstance(action, GoodEye):
            return self._good_eye(table, counts, base)
        trial = table.copy()
        if not self._apply(trial, action):
            return 0.0
        return self._after(trial, counts, base)

    def _apply(self, trial: Table, action: Action) -> bool:
        if isinstance(action, PlayClue):
            trial.play(action.value)
        elif isinstance(action, PlayAlibi):
            trial.alibi(action.suspect)
        elif isinstance(action, Bribe):
            trial.bribe(action.target, action.value)
        else:
            return False
        return True

    def _after(self, trial: Table, counts: Counter[str], base: list[float]) -> float:
        done = trial.completed()
        if done:
            # Several completed at once: this seat then chooses the best of them.
            return max(self._settled(trial, s, base) for s in done)
        after = self._expected(trial, counts)
        return self.net(self._rotate(trial, [a - b for a, b in zip(after, base, strict=True)]))

    def _settled(self, table: Table, suspect: str, base: list[float]) -> float:
        """Points scored now by convicting ``suspect`` (with the bonus), against expectation."""
        points = [float(table.fit(s, suspect)) for s in range(len(table.fronts))]
        points[table.seat] += 1.0
        return self.net(self._rotate(table, [p - b for p, b in zip(points, base, strict=True)]))

    @staticmethod
    def _rotate(table: Table, gains: list[float]) -> list[float]:
        """Own seat first, the opponents after."""
        return [gains[table.seat], *(g for s, g in enumerate(gains) if s != table.seat)]

    def _good_eye(self, table: Table, counts: Counter[str], base: list[float]) -> float:
        """The best two plays a Gutes Auge allows, each chosen greedily."""
        trial = table.copy()
        trial.hand.remove("goodeye")
        total = 0.0
        current = base
        for _ in range(2):
            best: tuple[float, Action | None] = (0.0, None)
            for action in self._plays(trial):
                value = self.value(trial, counts, current, action)
                if value > best[0]:
                    best = (value, action)
            value, chosen = best
            if chosen is None:
                break
            total += value
            if not self._apply(trial, chosen):
                break
            if trial.completed():
                break  # the conviction ends the turn's plays
            current = self._expected(trial, counts)
        return total

    @staticmethod
    def _plays(table: Table) -> list[Action]:
        """The plays a hand allows on this table (what the engine lists, bar Gutes Auge)."""
        actions: list[Action] = [
            PlayClue(v)
            for v in dict.fromkeys(table.hand)
            if v not in SPECIALS and any(v in vals for vals in table.suspects.values())
        ]
        if "alibi" in table.hand:
            actions += [PlayAlibi(s) for s in table.free()]
        if "bribe" in table.hand:
            for target, front in enumerate(table.fronts):
                if target != table.seat:
                    actions += [Bribe(target, v) for v in dict.fromkeys(front)]
        return actions
