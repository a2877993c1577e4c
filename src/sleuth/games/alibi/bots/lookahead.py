"""``lookahead``: ``deductive``'s best few moves, each tried against the next player's reply.

``deductive`` values a move by how it shifts each seat's expected points from the next
conviction, but not by who moves next: a move that leaves a suspect one value short may
hand the next player the conviction, its bonus and the points of that player's front. This
bot keeps ``deductive``'s ``width`` best main actions and tries each in the same ``samples``
deals of what its seat cannot see (``sampler.determinize``): its own swap and the next
``turns`` opponents' turns are played by ``deductive`` (a conviction ends the line), then
the position is judged as ``deductive`` judges one, from the seat's own view (its chance
model, the points scored meanwhile), its gain minus the others' mean gain. The best total
is taken, ties to ``deductive``'s order. Swaps and claims are ``deductive``'s.

Measured against ``deductive`` (paired score difference a game, 95% interval): 4 players,
two seats each, seats rotated, 400 games, seed 2001: +0.42 [+0.12, +0.73]; 2 players, 400
games, seed 2002: +0.67 [+0.05, +1.28]. At the ladder's table (4 levels, 200 games, seed 1)
+0.24 [-0.44, +0.93]. Per move on the shared 2-core machine, loaded: median 63 ms, 95th
percentile 111 ms (4 players), 41 / 93 ms (2 players).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from sleuth.agents.base import Agent, kinds_of
from sleuth.core import Action, GameError, View
from sleuth.core.said import said
from sleuth.games.alibi import AlibiState, AlibiView
from sleuth.games.alibi.rules import Alibi
from sleuth.games.alibi.sampler import determinize, unseen_cards

from .common import Table, unseen
from .deductive import DeductiveAlibi, expected

# Pilots against deductive (60 games each, 80 the last 2-player one; seeds 101-103, not the
# seeds reported), points a game with 95% intervals. 4 players: the next player's reply only
# (turns=1) +0.35 [-0.26, +0.96] (8 deals, width 4) and +0.52 [-0.27, +1.30] (12 deals,
# width 3); all three opponents' turns -0.38 [-1.22, +0.45] and -0.65 [-1.35, +0.05] (the
# latter judged with every hand known), their noise outweighing what they show. 2 players
# (8 deals, width 4): +0.62 [-0.85, +2.10], and +1.20 [-0.24, +2.64] judged with every hand
# known. 8 deals of 3 moves: what the time allowed.
WIDTH = 3
SAMPLES = 8
TURNS = 1


class LookaheadAlibi(Agent):
    name: ClassVar[str] = "lookahead"

    def __init__(self, width: int = WIDTH, samples: int = SAMPLES, turns: int = TURNS) -> None:
        """``width``: how many of deductive's best moves are tried; ``samples``: the deals
        each is tried in; ``turns``: the opponents' turns played after the own."""
        for name, value in (("width", width), ("samples", samples), ("turns", turns)):
            if value < 1:
                raise ValueError(said("%(name)s=%(value)s: at least 1", name=name, value=value))
        self.width = width
        self.samples = samples
        self.turns = turns
        self._policy = DeductiveAlibi()

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, AlibiView):
            raise TypeError("the lookahead Alibi bot plays Alibi only")
        kinds = kinds_of(legal)
        if "convict" in kinds or "swap" in kinds or view.seat is None:
            return self._policy.act(view, legal, rng)
        ranked = self._ranked(view, legal, rng)[: self.width]
        if len(ranked) == 1 or not _can_sample(view):
            return ranked[0]
        seat = view.seat
        base = list(view.scores)
        totals = [0.0] * len(ranked)
        for _ in range(self.samples):
            # Every candidate meets the same deal and the same replies' tie-breaks: the
            # totals differ by the moves, not by luck.
            state = determinize(view, rng)
            seed = rng.getrandbits(32)
            for i, action in enumerate(ranked):
                after = state.apply(seat, action)
                if not isinstance(after, AlibiState):
                    raise TypeError("an Alibi state's move made no Alibi state")
                end = self._play_on(after, seat, random.Random(seed))
                totals[i] += self._judge(end, seat, base)
        best = max(range(len(ranked)), key=lambda i: (totals[i], -i))
        return ranked[best]

    def _ranked(self, view: AlibiView, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        """``legal``, best first by deductive's net expected points, ties by the rng."""
        table = Table.of(view)
        counts = unseen(view)
        base = expected(table, counts)
        policy = self._policy
        scored = [(policy.value(table, counts, base, a), rng.random(), a) for a in legal]
        scored.sort(key=lambda t: (-t[0], -t[1]))
        return [a for _, _, a in scored]

    def _play_on(self, state: AlibiState, seat: int, rng: random.Random) -> AlibiState:
        """Deductive plays on until ``turns`` opponents' turns are over, ``seat`` is to begin
        a turn again, or a conviction ends the round."""
        rounds = len(state.convictions)
        turns_left = self.turns
        previous = seat
        while state.outcome is None and len(state.convictions) == rounds:
            mover = state.active
            if mover != previous:
                previous = mover
                if mover == seat or turns_left == 0:
                    break
                turns_left -= 1
            legal = state.legal_actions(mover)
            action = self._policy.act(state.view(mover), legal, rng)
            nxt = state.apply(mover, action)
            if not isinstance(nxt, AlibiState):
                raise TypeError("an Alibi state's move made no Alibi state")
            state = nxt
        return state

    @staticmethod
    def _judge(state: AlibiState, seat: int, base: list[int]) -> float:
        """The seat's gain since the decision minus the others' mean: the points scored,
        plus the expected points of the next conviction as the seat's own view shows it."""
        points = [float(s) for s in state.scores]
        if state.outcome is None:
            view = state.view(seat)
            table = Table.of(view)
            if table.free():
                gains = expected(table, unseen(view))
                points = [p + g for p, g in zip(points, gains, strict=True)]
        gains = [p - b for p, b in zip(points, base, strict=True)]
        others = [g for s, g in enumerate(gains) if s != seat]
        return gains[seat] - sum(others) / len(others)


def _can_sample(view: AlibiView) -> bool:
    """Whether the view's hidden cards can be dealt anew: a scenario dealt from part of the
    deck (``from_deal``) leaves more unseen cards than hidden places."""
    game = Alibi.of(view.config)
    try:
        unseen_cards(game, view)
    except GameError:
        return False
    return True
