"""The agent protocol: a bot sees one seat's view and its legal actions, and picks one."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from sleuth.core import Action, View
from sleuth.core.actions import ActionList


class Agent(ABC):
    """A player program. ``act`` is asked when the game waits on the agent's seat;
    ``interrupt`` when the seat may act out of turn (an accusation), and may decline."""

    name: ClassVar[str]

    @abstractmethod
    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal``."""

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        return None


def kinds_of(legal: Sequence[Action]) -> tuple[str, ...]:
    """The action kinds present, without listing a lazy family item by item."""
    if isinstance(legal, ActionList):
        return legal.kinds()
    return tuple(dict.fromkeys(a.kind for a in legal))


def of_kind(legal: Sequence[Action], kind: str) -> Sequence[Action]:
    if isinstance(legal, ActionList):
        return legal.of_kind(kind) if kind in legal.kinds() else []
    return [a for a in legal if a.kind == kind]
