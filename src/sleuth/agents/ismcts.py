"""``ismcts``: single-observer information-set Monte Carlo tree search (Cowling et al. 2012).

One tree over the deciding seat's information set. Each iteration samples a full state
consistent with the view (a determinization), descends the tree by UCB among the actions
legal in that sample (actions keyed by their notation, so the same move in different
samples shares a node; availability counts make UCB fair to moves legal only sometimes),
expands one node, plays on with a cheap policy up to a depth cap, and backs up every seat's
reward to the nodes where that seat chose. Multi-step turns need nothing special: the seat
to move is asked at every node. Only the ``rng`` given to ``act`` is drawn from.

The budget is a number of iterations (decisions reproducible from the rng) or, with
``seconds``, a time per decision: stronger on a fast machine, but no longer reproducible,
so tournaments and tests use iterations.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import ClassVar

from sleuth.core import Action, State, View
from sleuth.core.said import said

from .base import Agent, kinds_of, of_kind

Determinize = Callable[[View, random.Random], State]
# Each seat's reward in [-1, 1] for a (possibly unfinished) state.
Evaluate = Callable[[State], Sequence[float]]
Policy = Callable[[State, int, Sequence[Action], random.Random], Action]
# The moves the search weighs for a seat (by default every legal one); none ends the line.
Actions = Callable[[State, int], Sequence[Action]]

ITERATIONS = 200
# Steps of playout after the expanded node before the heuristic evaluation takes over.
DEPTH = 60
EXPLORATION = 0.7


def kind_random(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """A random kind of action, then a random action of it: a game with many exchange or
    question variants would otherwise play almost nothing else in its playouts."""
    kinds = kinds_of(legal)
    pool = of_kind(legal, kinds[rng.randrange(len(kinds))])
    return pool[rng.randrange(len(pool))]


class _Node:
    """The edge into this node: who chose it, how often it was taken and available."""

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[str, _Node] = {}

    def ucb(self, exploration: float) -> float:
        return self.total / self.visits + exploration * math.sqrt(
            math.log(self.avail) / self.visits
        )


class ISMCTS(Agent):
    name: ClassVar[str] = "ismcts"

    def __init__(
        self,
        determinize: Determinize,
        evaluate: Evaluate,
        iterations: int = ITERATIONS,
        depth: int = DEPTH,
        exploration: float = EXPLORATION,
        policy: Policy = kind_random,
        actions: Actions | None = None,
        *,
        seconds: float | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError(
                said("%(name)s=%(value)s: at least 1", name="iterations", value=iterations)
            )
        if depth < 0:
            raise ValueError(
                said("%(name)s=%(value)s: cannot be negative", name="depth", value=depth)
            )
        if exploration < 0:
            raise ValueError(
                said(
                    "%(name)s=%(value)s: cannot be negative",
                    name="exploration",
                    value=str(exploration),
                )
            )
        if seconds is not None and not seconds > 0:
            raise ValueError(
                said(
                    "%(name)s=%(value)s: a time budget must be positive",
                    name="seconds",
                    value=str(seconds),
                )
            )
        self.seconds = seconds
        self.determinize = determinize
        self.evaluate = evaluate
        self.iterations = iterations
        self.depth = depth
        self.exploration = exploration
        self.policy = policy
        self.actions: Actions = actions or (lambda state, seat: state.legal_actions(seat))

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        choices = {str(a): a for a in legal}
        if len(choices) == 1:
            return next(iter(choices.values()))  # nothing to weigh
        root = _Node(-1)
        if self.seconds is None:
            for _ in range(self.iterations):
                self._iterate(root, view, rng)
        else:
            deadline = time.perf_counter() + self.seconds
            self._iterate(root, view, rng)
            while time.perf_counter() < deadline:
                self._iterate(root, view, rng)
        # The most visited of the moves legal now (a sampled state can never add others).
        visited = [(child.visits, key) for key, child in root.children.items() if key in choices]
        if not visited:
            return legal[rng.randrange(len(legal))]
        return choices[max(visited)[1]]

    def _iterate(self, root: _Node, view: View, rng: random.Random) -> None:
        state = self.determinize(view, rng)
        node, path = root, []
        # Selection and expansion.
        while state.outcome is None:
            seat = state.to_move()
            if seat is None:
                break
            legal = {str(a): a for a in self.actions(state, seat)}
            if not legal:
                break
            untried = [key for key in legal if key not in node.children]
            for key in legal:
                if key in node.children:
                    node.children[key].avail += 1
            if untried:
                key = untried[rng.randrange(len(untried))]
                child = _Node(seat)
                child.avail = 1
                node.children[key] = child
                state = state.apply(seat, legal[key])
                path.append(child)
                break
            key = max(legal, key=lambda k: node.children[k].ucb(self.exploration))
            node = node.children[key]
            state = state.apply(seat, legal[key])
            path.append(node)
        # Playout.
        for _ in range(self.depth):
            if state.outcome is not None:
                break
            seat = state.to_move()
            if seat is None:
                break
            moves = self.actions(state, seat)
            if not len(moves):
                break
            state = state.apply(seat, self.policy(state, seat, moves, rng))
        rewards = self.evaluate(state)
        for visited in path:
            visited.visits += 1
            visited.total += rewards[visited.seat]
