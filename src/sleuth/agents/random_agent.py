"""Uniformly random play, with accusations rare enough that games run their course."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from sleuth.core import Action, View
from sleuth.core.actions import ActionList

from .base import Agent

# Kinds that can end a player's chances or the game: a random bot takes them rarely, or
# when nothing else is legal, so that its games show the whole of the rules.
DRASTIC_KINDS = frozenset({"accuse"})


def split_by_kind(legal: Sequence[Action]) -> tuple[Sequence[Action], Sequence[Action]]:
    """(ordinary actions, drastic actions), without listing a lazy family item by item."""
    if isinstance(legal, ActionList):
        return legal.split(DRASTIC_KINDS)
    ordinary_list = [a for a in legal if a.kind not in DRASTIC_KINDS]
    return ordinary_list, [a for a in legal if a.kind in DRASTIC_KINDS]


class RandomAgent(Agent):
    name: ClassVar[str] = "random"

    def __init__(self, interrupt_rate: float = 0.01) -> None:
        self.interrupt_rate = interrupt_rate

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        ordinary, drastic = split_by_kind(legal)
        pool = ordinary if len(ordinary) and rng.random() >= self.interrupt_rate else drastic
        if not len(pool):
            pool = ordinary
        return pool[rng.randrange(len(pool))]

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        _, drastic = split_by_kind(legal)
        if len(drastic) and rng.random() < self.interrupt_rate:
            return drastic[rng.randrange(len(drastic))]
        return None
