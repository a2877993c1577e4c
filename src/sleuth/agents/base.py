"""The agent protocol: a bot sees one seat's view and its legal actions, and picks one."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from sleuth.core import Action, Game, Outcome, View
from sleuth.core.actions import ActionList


@dataclass(frozen=True)
class Forfeit:
    """A decision an agent lost (its program crashed, timed out, or answered an illegal or
    malformed action); ``fallback`` is the bot that decided in its place."""

    seat: int
    step: int  # the step being decided, numbered from 1 as records and replays number them
    decision: str  # "turn" (the move the game waits on) or "interrupt" (an optional action)
    problem: str  # "crash", "timeout", "illegal" or "malformed"
    detail: str
    fallback: str = "random"

    def __str__(self) -> str:
        return (
            f"seat {self.seat}, step {self.step} ({self.decision}): {self.problem}: "
            f"{self.detail}; {self.fallback} decided instead"
        )


class Agent(ABC):
    """A player program. ``act`` is asked when the game waits on the agent's seat;
    ``interrupt`` when the seat may act out of turn (an accusation), and may decline.

    A table calls ``start`` once before the game's first decision and ``finish`` once after
    it (also when a game is abandoned), so an agent that holds a resource, such as a bot
    program in its own process, can take it and give it back.
    """

    name: ClassVar[str]

    @abstractmethod
    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal``."""

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        return None

    def start(  # noqa: B027  (optional hook: most agents hold nothing)
        self, game: Game[Any], seat: int, rng: random.Random, steps_played: Callable[[], int]
    ) -> None:
        """The game begins with this agent at ``seat``; ``rng`` is the seat's generator,
        ``steps_played()`` the number of steps so far (for the agent's own reports)."""

    def finish(self, outcome: Outcome | None) -> None:  # noqa: B027  (optional hook)
        """The game is over (``None``: it was abandoned)."""

    @property
    def forfeits(self) -> Sequence[Forfeit]:
        """The decisions this agent lost in the current game."""
        return ()


def kinds_of(legal: Sequence[Action]) -> tuple[str, ...]:
    """The action kinds present, without listing a lazy family item by item."""
    if isinstance(legal, ActionList):
        return legal.kinds()
    return tuple(dict.fromkeys(a.kind for a in legal))


def of_kind(legal: Sequence[Action], kind: str) -> Sequence[Action]:
    if isinstance(legal, ActionList):
        return legal.of_kind(kind) if kind in legal.kinds() else []
    return [a for a in legal if a.kind == kind]
