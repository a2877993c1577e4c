"""``deductive``: 13 Clues played with the exact engine, from the seat's view only.

It asks the question with the most exact expected information about its own mystery, looks
up an informant when that tells more (a lower bound: the best single card's bits), and
accuses when the mystery is certain, or when the likeliest trio is likely enough that a
wrong accusation (which only ends the turn) costs less than waiting while others close in.
The engine gives the trios it has accused in vain no chance, in every value it computes.
``patient=true`` keeps an uncertain accusation for the turn's last glass (the ``expert``
level, with lower odds: ``confidence=0.4:pressed=0.25``, and ``duel=true``).

``duel=true`` plays two-player games as the race they are (``duel.py``): from the seat's
exact belief, a two-turn lookahead weighs accusing now against asking, with the opponent's
chance to win at his next turn worked out from what he has been told (and from what a wrong
accusation would tell him). With 3+ players it changes nothing.

The expert against deductive (score difference a game, seats rotated): 4 players, two seats
each, 400 games, seed 1234: +0.14 [+0.09, +0.18]; 2 players, 400 games, seed 5151: +0.19
[+0.09, +0.29] (win rate 0.595). Without ``leak`` (what a wrong accusation tells the
opponent left out of the lookahead) it was +0.04 [-0.05, +0.14] (seed 4242). At the
ladder's table of all four levels (4 players, seed 1, 200 games) it is level with
deductive, +0.02 [-0.10, +0.14].
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from sleuth.agents.base import Agent, kinds_of, of_kind
from sleuth.core import Action, View
from sleuth.core.said import said
from sleuth.games.thirteen_clues import Ask, Look, ThirteenCluesView
from sleuth.games.thirteen_clues.knowledge import ThirteenCluesAnalysis, thirteen_clues_position

from .common import accuse, choose, mystery_posterior, question_bits, take
from .duel import duel_choice

# Accuse under uncertainty from this probability; lower once another seat has accused
# (it may be close) — a wrong accusation costs one turn only.
CONFIDENCE = 0.6
PRESSED = 0.4
# Informants are weighed only once questions tell less than this (bits): a look is costly
# to value, and questions are usually better early.
LOOK_BELOW = 0.5
# Two players (``duel``): the chance the opponent does not win at his next turn at most,
# the mystery's entropy (bits) above which the most informative question is asked, and the
# own turns looked ahead.
SURVIVAL = 0.8
EXPLORE = 3.0
TURNS = 2


class DeductiveThirteenClues(Agent):
    name: ClassVar[str] = "deductive"

    def __init__(
        self,
        confidence: float = CONFIDENCE,
        pressed: float = PRESSED,
        patient: bool = False,
        duel: bool = False,
        survival: float = SURVIVAL,
        explore: float = EXPLORE,
        turns: int = TURNS,
        leak: bool = True,
    ) -> None:
        """``confidence``/``pressed``: the probability needed to accuse before / after any
        other seat has accused (1.0 and 1.0: only when certain). ``patient``: an uncertain
        accusation waits for the turn's last glass, the others spent on questions first (a
        wrong accusation ends the turn and sends the glasses left to the supply).
        ``duel``: with two players, the race lookahead (``survival``, ``explore``, ``turns``:
        its bound on the opponent's chance not to win at his next turn, the entropy above
        which it only asks the most informative question, the own turns it looks ahead;
        ``leak``: what a wrong accusation tells the opponent counts as one turn of his)."""
        for name, chance in (("confidence", confidence), ("pressed", pressed)):
            if not (isinstance(chance, int | float) and 0.0 <= chance <= 1.0):
                raise ValueError(
                    said("%(name)s=%(value)s: between 0 and 1", name=name, value=str(chance))
                )
        self.confidence = confidence
        self.pressed = pressed
        self.patient = patient
        self.duel = duel
        if not 0 < survival <= 1:
            raise ValueError(
                said("%(name)s=%(value)s: a chance in (0, 1]", name="survival", value=str(survival))
            )
        self.survival = survival
        if turns < 1:
            raise ValueError(said("%(name)s=%(value)s: at least 1", name="turns", value=turns))
        self.explore = explore
        self.turns = turns
        self.leak = leak

    def mystery(
        self, view: ThirteenCluesView
    ) -> tuple[ThirteenCluesAnalysis, list[tuple[tuple[str, ...], float]]]:
        """The analysis and the own mystery's posterior (trio in type order, probability)."""
        analysis = ThirteenCluesAnalysis(thirteen_clues_position(view))
        solutions = mystery_posterior(view, analysis) if analysis.consistent else []
        if not solutions:
            raise RuntimeError("no deal is consistent with this seat's view")
        return analysis, solutions

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, ThirteenCluesView):
            raise TypeError("the deductive 13 Clues bot plays 13 Clues only")
        kinds = kinds_of(legal)
        if "choose" in kinds:
            return choose(view, legal, rng)
        if "take" in kinds:
            return take(view, legal, rng)
        asks = [a for a in of_kind(legal, "ask") if isinstance(a, Ask)]
        if self.duel and view.players == 2:
            chosen = duel_choice(
                view, asks, self.survival, self.explore, rng, self.turns, self.leak
            )
            return chosen if isinstance(chosen, Ask) else accuse(chosen)
        analysis, solutions = self.mystery(view)
        best, p = solutions[0]
        others_accused = any(a.seat != view.seat for a in view.accusations)
        needed = self.pressed if others_accused else self.confidence
        if "accuse" in kinds and (p >= 1.0 or (p >= needed and not self._spare(view)) or not asks):
            return accuse(best)
        question, bits = self._best_question(view, analysis, asks, rng)
        if bits >= LOOK_BELOW:
            return question
        looks = [a for a in of_kind(legal, "look") if isinstance(a, Look)]
        look, look_bits = self.best_look(view, analysis, looks, rng)
        if look is not None and look_bits > bits:
            return look
        return question

    def _spare(self, view: ThirteenCluesView) -> bool:
        """Whether a patient bot still holds a glass to ask with before it accuses."""
        if not self.patient or view.players == 2 or view.seat is None:
            return False
        return view.seats[view.seat].glasses > 1

    @staticmethod
    def _best_question(
        view: ThirteenCluesView,
        analysis: ThirteenCluesAnalysis,
        asks: list[Ask],
        rng: random.Random,
    ) -> tuple[Ask, float]:
        bits = question_bits(view, analysis, [(a.witness, a.subject, a.side) for a in asks])

        def value(a: Ask) -> tuple[float, bool, float]:
            # Top Secret keeps the answer from the others: the same bits, for me only.
            return round(bits.get((a.witness, a.subject, a.side), -1.0), 9), a.secret, rng.random()

        chosen = max(asks, key=value)
        return chosen, bits.get((chosen.witness, chosen.subject, chosen.side), 0.0)

    @staticmethod
    def best_look(
        view: ThirteenCluesView,
        analysis: ThirteenCluesAnalysis,
        looks: list[Look],
        rng: random.Random,
    ) -> tuple[Look | None, float]:
        model = analysis.model
        seen = {i.slot for i in view.informants if i.card is not None}
        best: tuple[Look | None, float] = (None, 0.0)
        for look in looks:
            if look.slot in seen:
                continue
            slot = [i for i, n in enumerate(model.locations) if n == f"informant:{look.slot}"]
            if not slot:
                continue
            queries = [(frozenset(slot), frozenset([c])) for c in range(len(model.cards))]
            values = analysis.analysis.question_values(queries)
            bits = max((v.solution_bits for v in values), default=0.0) + rng.random() * 1e-9
            if bits > best[1]:
                best = (look, bits)
        return best
