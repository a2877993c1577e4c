"""The ``knowledge`` part of a game kit: what the deduction engine tells one seat, typed.

Every game with knowledge gives the same shape: a position (its own typed dataclass, read
from a seat's view or from a position file) and an analysis of it (``SeatAnalysis``): the
exact number of deals that fit, each card's probability per place, the solution posterior,
the certain facts, and on request an explanation, a contradiction and the value of every
question. Fronts (the sheet, ``sleuth deduce``, the review, the research environments) read
this shape and never a game's internals; JSON goes through ``sleuth.core.serialize``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from sleuth.core.said import said
from sleuth.core.serialize import JSONValue, to_json

from .model import PositionError

P = TypeVar("P")


@dataclass(frozen=True)
class Solution:
    """One possible solution (the ring, a mystery, the opponents' cases) and its odds."""

    cards: tuple[str, ...]
    probability: float


@dataclass(frozen=True)
class Explanation:
    """Why a card's place is certain (``place``), or that it is not (``place`` is None).

    ``answers`` are indexes into the position's answers (its questions, accusations or
    plays, in the game's own order), a set that implies the fact with the seat's own cards;
    ``smallest`` says whether no smaller set does.
    """

    card: str
    place: str | None
    reason: str
    answers: tuple[int, ...] = ()
    smallest: bool = True


@dataclass(frozen=True)
class Contradiction:
    """Answers that cannot all be true: someone miscounted (a set that is irreducible, and
    the smallest such where ``smallest``)."""

    answers: tuple[int, ...]
    smallest: bool


@dataclass(frozen=True)
class Question:
    """A question the seat could ask now (``action``, in the game's notation), with the exact
    information its answer gives about the solution and the answer's distribution."""

    action: str
    solution_bits: float
    answer_entropy: float
    answers: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class SeatAnalysis:
    """The exact knowledge of one seat.

    ``deal_model`` names what the probabilities assume (``uniform``: every deal that fits
    weighs alike); ``assumed`` is true where that is an assumption about how people chose
    rather than how the game dealt (certain facts hold either way). ``cards`` maps each card
    to its place probabilities (places in the game's words: a seat number, ``ring``,
    ``mystery``, ``pile``...). ``solutions`` lists the solution posterior, likeliest first.
    """

    game: str
    seat: int
    consistent: bool
    worlds: int
    deal_model: str = "uniform"
    assumed: bool = False
    cards: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    solutions: tuple[Solution, ...] = ()
    solution_bits: float = 0.0
    certain: Mapping[str, str] = field(default_factory=dict)
    contradiction: Contradiction | None = None
    explanation: Explanation | None = None
    questions: tuple[Question, ...] = ()

    def to_json(self) -> dict[str, JSONValue]:
        data = to_json(self)
        if not isinstance(data, dict):
            raise TypeError("an analysis is a dataclass")
        # World counts pass 2**53 for a referee, past what a JavaScript number holds exactly.
        data["worlds"] = str(self.worlds)
        return data


@dataclass(frozen=True)
class Knowledge(Generic[P]):
    """A game's knowledge part: positions from views and files, and their analysis.

    ``analyze(position, explain, questions)``: ``explain`` names a card to explain,
    ``questions`` asks for the value of every question. ``explains`` and
    ``ranks_questions`` say whether the game offers them. ``beliefs``, where a game gives
    it, is a cheaper analysis for the research envs' features: ``consistent``, ``worlds``,
    ``cards`` and ``solutions`` as ``analyze`` gives them (the same numbers; the solutions in
    any order), nothing else filled in. ``believer``, where a game gives it, makes a fresh
    ``beliefs`` for one seat that may keep what it learnt from that seat's earlier positions
    (an answer refines the last analysis): the same numbers as ``beliefs``. ``reader``,
    where a game gives it, makes a fresh ``from_view`` for one seat's views in turn, which
    may carry what it made from the seat's last view over to the next (a game's log only
    grows): the same positions as ``from_view``.
    """

    from_view: Callable[[Any], P]
    from_json: Callable[[Mapping[str, object]], P]
    to_json: Callable[[P], dict[str, object]]
    analyze: Callable[[P, str | None, bool], SeatAnalysis]
    explains: bool = True
    ranks_questions: bool = True
    beliefs: Callable[[P], SeatAnalysis] | None = None
    believer: Callable[[], Callable[[P], SeatAnalysis]] | None = None
    reader: Callable[[], Callable[[Any], P]] | None = None


def reject_unknown_keys(data: Mapping[str, object], known: Iterable[str], where: str) -> None:
    """A ``PositionError`` naming the first key of ``data`` that is not ``known``: a typo or
    a field the format does not have must not be ignored silently."""
    allowed = tuple(known)
    for key in data:
        if key not in allowed:
            place = f"{where}.{key}" if where else str(key)
            raise PositionError(
                said(
                    "%(place)s: unknown key (expected %(keys)s)",
                    place=place,
                    keys=", ".join(allowed),
                )
            )
