"""What a review says, typed: per seat its reading at every step, its questions, its
accusations or solve attempts, and each target's stretch from "could know" to the end.

Step numbers: step 0 is the start (the deal); step k is the k-th move of the game, and a
reading "at step k" is what the seat knew after it. A move made at step k was made from
what the seat knew at step k - 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.core.serialize import JSONValue, to_json


@dataclass(frozen=True)
class Reading:
    """One seat after one step: the probability it gave the truth and its uncertainty.

    ``probability`` is of the whole true solution, ``certain`` whether every solution it
    still thought possible is the truth, ``bits`` the entropy of its solution posterior;
    ``targets`` gives the probability of each target's truth (an opponent's case, the ring),
    ``likeliest`` the solution it thought likeliest and its probability. ``None`` where the
    seat had nothing to deduce from yet, or the truth is not known.
    """

    step: int
    seat: int | None
    text: str
    result: str
    probability: float | None
    certain: bool
    bits: float | None
    targets: dict[str, float]
    likeliest: tuple[str, ...] = ()
    likeliest_probability: float | None = None


@dataclass(frozen=True)
class QuestionNote:
    """A judged move: a question (in bits of information about the solution) or, in a game
    reviewed by card counting, a play (in expected points), against the best one then.

    ``gained`` is what the answer actually took off the seat's uncertainty (bits before
    minus bits after; negative when the answer made the solution less certain).
    """

    step: int
    action: str
    unit: str
    made: float
    best: float
    best_action: str
    given_away: float
    gained: float | None = None


@dataclass(frozen=True)
class AttemptNote:
    """An accusation or solve attempt: its chance of being right when made, and whether the
    seat could have been certain by then (``could_know``: the step it could first have
    been, in the stretch of this target's truth; ``waited``: steps from then to the move)."""

    step: int
    action: str
    target: str
    probability: float | None
    correct: bool
    points: float
    could_know: int | None
    waited: int | None


@dataclass(frozen=True)
class Stretch:
    """One target's truth over a stretch of steps (the ring all game; an opponent's case
    until it is solved): when the seat could first have been certain (``could_know``), the
    first chance from then to make a right attempt (``best_step``, scoring ``best_points``),
    what its own attempts scored, and the points the difference cost it (``lost``)."""

    target: str
    truth: tuple[str | None, ...]
    first: int
    last: int
    could_know: int | None
    best_step: int | None
    best_points: float | None
    scored: float
    lost: float | None
    verdict: str


@dataclass(frozen=True)
class SeatReview:
    seat: int
    score: float | None
    could_know: int | None
    readings: tuple[Reading, ...]
    questions: tuple[QuestionNote, ...]
    attempts: tuple[AttemptNote, ...]
    stretches: tuple[Stretch, ...]
    notes: tuple[str, ...]

    @property
    def mean_given_away(self) -> float | None:
        if not self.questions:
            return None
        return sum(q.given_away for q in self.questions) / len(self.questions)


@dataclass(frozen=True)
class GameReview:
    """The review of one game (or of one assistant session: one seat)."""

    game: str
    title: str
    players: int
    exact: bool
    method: str
    solution: str
    unit: str
    summary: str
    seats: tuple[SeatReview, ...]

    def seat(self, seat: int) -> SeatReview:
        for review in self.seats:
            if review.seat == seat:
                return review
        raise KeyError(seat)

    def to_json(self) -> dict[str, JSONValue]:
        data = to_json(self)
        if not isinstance(data, dict):
            raise TypeError("a review is a dataclass")
        return data
