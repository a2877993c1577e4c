"""The ``review`` part of a game kit: what a game tells the after-game review.

The review (``sleuth review``, ``sleuth.review``) replays a finished game and asks, for every
seat and every step, how likely the true solution was from that seat's view alone. It names
no game; each game's part says

- what a seat knows (``position``, from the seat's view and its legal actions only) and what
  that amounts to (``analyze``: a ``SeatAnalysis``, exact where the game has knowledge);
- what the truth was (``truth``: the true solution in the analysis's terms, with the targets
  an accusation or solve attempt can name, each a part of the solution);
- what each move was (``move``: a question, an accusation or solve attempt, a play, or
  something else) and how good a judged move was against the best one then (``judge``);
- what a right attempt would have scored (``stakes``), for the points waiting cost;
- and, for the table assistant, the same frames from a notebook session (``session``).

This module defines the shapes only; the generic review reads nothing else of a game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from sleuth.core.protocol import State

from .knowledge import SeatAnalysis

P = TypeVar("P", bound=Hashable)

QUESTION = "question"  # asks for information about the solution (judged in bits)
ATTEMPT = "attempt"  # an accusation or solve attempt: right or wrong
PLAY = "play"  # a move judged in points (Alibi's card counting)
OTHER = "other"  # anything else: not judged


@dataclass(frozen=True)
class Truth:
    """The true solution at one moment, in the terms of the seat's ``SeatAnalysis``.

    ``solution`` matches ``Solution.cards`` of the analysis (``None`` where it is not known,
    as in a session whose solution was not entered for every part); ``targets`` names what an
    attempt can be about, each a tuple of indexes into ``solution`` (Black Vienna's ring is
    all of it; each opponent's case in Black Stories is one index).
    """

    solution: tuple[str | None, ...]
    targets: Mapping[str, tuple[int, ...]]


@dataclass(frozen=True)
class Move:
    """A move of the reviewed seat: its ``kind`` (``QUESTION``, ``ATTEMPT``, ``PLAY`` or
    ``OTHER``); for an attempt, the ``target`` it names, its ``guess`` (aligned with the
    target's indexes), whether it was ``correct`` and the ``points`` it scored."""

    kind: str
    target: str = ""
    guess: tuple[str, ...] = ()
    correct: bool = False
    points: float = 0.0


@dataclass(frozen=True)
class Choice:
    """A judged move against the best one the seat had then: ``made`` and ``best`` are in
    ``unit`` (``bits`` of information about the solution, or expected ``points``)."""

    unit: str
    made: float
    best: float
    best_action: str

    @property
    def given_away(self) -> float:
        return max(0.0, self.best - self.made)


@dataclass(frozen=True)
class Frame(Generic[P]):
    """One point of a game as one seat lived it: after ``step`` steps (0: the start).

    ``text`` is the step's action (made by ``seat``) and ``result`` what it gave, as the
    review prints them; ``position`` is what
    the reviewed seat knows after it (``None``: nothing to deduce yet), ``truth`` the true
    solution then; ``move`` is the reviewed seat's own move when it made this step (judged
    from the frame before); ``stakes`` maps a target to the points a right attempt on it
    would score at this point, where the seat may make one now.
    """

    step: int
    seat: int | None
    text: str
    result: str
    position: P | None
    truth: Truth | None
    move: Move | None = None
    stakes: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class SessionFrames(Generic[P]):
    """A notebook session as frames of its seat: one per entry, after a first empty one."""

    seat: int
    frames: tuple[Frame[P], ...]


@dataclass(frozen=True)
class ReviewPart(Generic[P]):
    """A game's review part (the kit's ``review``).

    ``exact`` is false where the figures are a model (Alibi's card counting), ``method`` says
    in a sentence what they are, ``solution`` names what the truth is ("the ring").
    ``position(state, seat)`` must read only ``state.view(seat)`` and the seat's legal
    actions. ``judge(position, analysis, action)`` values a judged move (a question or a
    play) made from ``position``. ``session(setup, entries)`` gives the frames of a notebook
    session of the assistant, or raises ``EntryError`` saying what is missing.
    """

    exact: bool
    method: str
    solution: str
    position: Callable[[State, int], P | None]
    analyze: Callable[[P, bool], SeatAnalysis]
    truth: Callable[[State, State, int], Truth | None]
    move: Callable[[State, State, int, str], Move]
    judge: Callable[[P, SeatAnalysis, str], Choice | None]
    stakes: Callable[[State, int], Mapping[str, float]]
    session: Callable[[Any, Sequence[Any]], SessionFrames[P]] | None = None


def matches(cards: Sequence[str], truth: Sequence[str | None], indexes: Sequence[int]) -> bool:
    """Whether a solution's ``cards`` agree with ``truth`` at ``indexes``."""
    return all(cards[i] == truth[i] for i in indexes)
