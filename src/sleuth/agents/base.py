"""The agent protocol: a bot sees one seat's view and its legal actions, and picks one."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from sleuth.core import Action, View


class Agent(ABC):
    """A player program. ``act`` is asked when the game waits on the agent's seat;
    ``interrupt`` when the seat may act out of turn (an accusation), and may decline."""

    name: ClassVar[str]

    @abstractmethod
    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal``."""

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        return None
