"""Uniformly random play, with accusations rare enough that games run their course."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from sleuth.core import Action, View
from sleuth.core.actions import LISTS, ActionList

from .base import Agent

_PLAIN = (tuple, list)


def split_drastic(legal: Sequence[Action]) -> tuple[Sequence[Action], Sequence[Action]]:
    """(ordinary actions, drastic actions), without listing a lazy family item by item.

    Drastic actions (``Action.drastic``) can knock a seat out; a random bot takes them
    rarely, or when nothing else is legal, so that its games show the whole of the rules.
    """
    # Exact types first: isinstance against an abstract base class is a Python call, and
    # this runs at every step of a playout.
    kind = type(legal)
    if kind in LISTS or (kind not in _PLAIN and isinstance(legal, ActionList)):
        lists: ActionList = legal  # type: ignore[assignment]  # an ActionList, by its type
        # A split known in advance read straight: split_drastic() would be a call more (a
        # subclass that splits otherwise keeps ``_split`` None).
        return lists._split or lists.split_drastic()
    drastic = [a for a in legal if a.drastic]
    if not drastic:  # most lists: no need to copy the ordinary ones
        return legal, drastic
    return [a for a in legal if not a.drastic], drastic


class RandomAgent(Agent):
    name: ClassVar[str] = "random"

    def __init__(self, interrupt_rate: float = 0.01) -> None:
        self.interrupt_rate = interrupt_rate

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        ordinary, drastic = split_drastic(legal)
        pool = ordinary if len(ordinary) and rng.random() >= self.interrupt_rate else drastic
        if not len(pool):
            pool = ordinary
        return pool[rng.randrange(len(pool))]

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        _, drastic = split_drastic(legal)
        if len(drastic) and rng.random() < self.interrupt_rate:
            return drastic[rng.randrange(len(drastic))]
        return None
