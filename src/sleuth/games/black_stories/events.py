"""What each step of Black Stories Investigation did, as typed events (``sleuth.core.events``).

Every front tells a step from these, never from its text: the terminal's history
(``words.event_words``), the page (``web/table.js``'s ``eventWords``), the record (each public
event's ``notation``, joined with "; " as the result of the step). The cards a seat draws (its
hand, a new case) are its own; with ``guesses=private`` the guess of a failed attempt is seen
by the guesser and the suspect only, while that the attempt failed is public. A private
event's notation is empty: a record keeps a hidden guess in the action's whole notation, and
drawn cards in the reveal, so its private section needs no result of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.core.events import Event


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` played ``card`` to ``target``'s grid; the engine put it on ``field``."""

    kind = "played"
    seat: int
    card: str
    target: int
    field: str

    def notation(self) -> str:
        return f"field {self.field}"


@dataclass(frozen=True, slots=True)
class Solved(Event):
    """``seat`` solved ``target``'s ``case`` with its ``drops`` card: ``points`` paid, the
    drops plus a ``bonus`` for few cards at the grid, ``short`` of that when the point chips
    ran out."""

    kind = "solved"
    seat: int
    target: int
    case: str
    drops: int
    bonus: int
    points: int
    short: int

    def notation(self) -> str:
        short = f", {self.short} short" if self.short else ""
        return f"solved {self.case} +{self.points} ({self.drops}+{self.bonus}{short})"


@dataclass(frozen=True, slots=True)
class Failed(Event):
    """``seat`` tried ``target``'s case with its ``drops`` card and was wrong; ``guess`` is
    ``None`` where the rules keep a failed guess from the table (``guesses=private``)."""

    kind = "failed"
    seat: int
    target: int
    drops: int
    guess: str | None

    def notation(self) -> str:
        return "failed"  # nothing else: not which, nor how many, of the evidence were wrong


@dataclass(frozen=True, slots=True)
class FailedGuess(Event):
    """The guess of a failed attempt kept from the table: seen by the guesser and the suspect."""

    kind = "failed_guess"
    seat: int
    target: int
    guess: str

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.seat, self.target))

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """Looking for a new case, ``seat`` turned up these smaller cards (face up, discarded)."""

    kind = "turned_up"
    seat: int
    cards: tuple[str, ...]

    def notation(self) -> str:
        return f"seat {self.seat} turns up {' '.join(self.cards)}"


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile (``count`` cards) was shuffled into a new draw pile."""

    kind = "reshuffled"
    count: int

    def notation(self) -> str:
        return f"reshuffled {self.count}"


@dataclass(frozen=True, slots=True)
class NewCase(Event):
    """``seat`` took a new case (face down)."""

    kind = "new_case"
    seat: int

    def notation(self) -> str:
        return f"seat {self.seat} takes a new case"


@dataclass(frozen=True, slots=True)
class CaseDrawn(Event):
    """The case ``seat`` took: its own."""

    kind = "case_drawn"
    seat: int
    case: str

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.seat,))

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class NoCase(Event):
    """No 4-evidence card is left in either pile: ``seat`` holds no case for now (B4)."""

    kind = "no_case"
    seat: int

    def notation(self) -> str:
        return f"seat {self.seat} has no case"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` drew ``count`` cards back towards a full hand, ending its turn."""

    kind = "drew"
    seat: int
    count: int

    def notation(self) -> str:
        return f"drew {self.count}"


@dataclass(frozen=True, slots=True)
class DrewCards(Event):
    """The cards ``seat`` drew: its own."""

    kind = "drew_cards"
    seat: int
    cards: tuple[str, ...]

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.seat,))

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class FinalRound(Event):
    """A seat played its third investigation card: the round in play is the last."""

    kind = "final_round"

    def notation(self) -> str:
        return "final round"


@dataclass(frozen=True, slots=True)
class Over(Event):
    """The game is over; ``cases`` are the ones each seat held at the end (``None``: none)."""

    kind = "over"
    cases: tuple[str | None, ...]

    def notation(self) -> str:
        held = " ".join(f"{seat}={case or '-'}" for seat, case in enumerate(self.cases))
        return f"over: cases {held}"


EVENT_TYPES: tuple[type[Event], ...] = (
    Played,
    Solved,
    Failed,
    FailedGuess,
    TurnedUp,
    Reshuffled,
    NewCase,
    CaseDrawn,
    NoCase,
    Drew,
    DrewCards,
    FinalRound,
    Over,
)
