"""What each step of Black Vienna did, as typed events (``sleuth.core.events``).

Every front tells a step from these, never from its text: the terminal's history
(``words.event_words``), the page (``web/table.js``'s ``eventWords``), the record (the public
events' notations joined with spaces as the step's result, the private ones' as its private
result).

An investigation is public whole (A6): the cards asked and every answer. The letters of an
accusation and what a sealed envelope held are the seat's own until the end: the table is
told only that the seat accused (and whether it was right) or handed in an envelope, never
whether the envelope held a guess. A wrong accuser looks at the ring (§1.7): that too is his
alone. The step that ends the game opens every envelope and names every accusation
(``Opened``): by then a record discloses the actions too.

The action's own events (``Asked``, ``HandedIn``) and what only the end or the seat itself
learns have an empty notation: a record keeps the action as its own text.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.core.events import Event


@dataclass(frozen=True, slots=True)
class Asked(Event):
    """``asker`` put ``cards`` in front of ``target`` (two: a special investigation)."""

    kind = "asked"
    asker: int
    target: int
    cards: tuple[str, ...]

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Answered(Event):
    """``target`` holds ``markers`` of the persons on ``card``; ``placed`` markers went on it
    (fewer when the supply ran short: the answer is given in full all the same, A6)."""

    kind = "answered"
    target: int
    card: str
    markers: int
    placed: int

    def notation(self) -> str:
        return f"{self.card}@{self.target}={self.markers}"


@dataclass(frozen=True, slots=True)
class Accused(Event):
    """``seat`` cried "Black Vienna!": the table learns whether it was right, not whom."""

    kind = "accused"
    seat: int
    correct: bool

    def notation(self) -> str:
        return "correct" if self.correct else "wrong"


@dataclass(frozen=True, slots=True)
class Named(Event):
    """The three persons ``seat`` accused: its own until the end."""

    kind = "named"
    seat: int
    letters: str

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.seat,))

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class RingSeen(Event):
    """``seat`` accused wrongly and looked at the ``ring`` (§1.7): its own."""

    kind = "ring_seen"
    seat: int
    ring: str

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.seat,))

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class HandedIn(Event):
    """``seat`` handed in its envelope after another's right accusation (A11): a guess or a
    pass, which the table is not told."""

    kind = "handed_in"
    seat: int

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Guessed(Event):
    """The sealed guess ``seat`` handed in: its own until the end."""

    kind = "guessed"
    seat: int
    letters: str

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.seat,))

    def notation(self) -> str:
        return "guessed"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat``'s envelope held no guess: its own until the end."""

    kind = "passed"
    seat: int

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.seat,))

    def notation(self) -> str:
        return "passed"


@dataclass(frozen=True, slots=True)
class Opened(Event):
    """The game is over: every accusation's letters, (seat, letters) in the order made, and
    every envelope, (seat, letters), ``None`` for a pass, in seat order."""

    kind = "opened"
    accusations: tuple[tuple[int, str], ...]
    guesses: tuple[tuple[int, str | None], ...]

    def notation(self) -> str:
        return ""


EVENT_TYPES: tuple[type[Event], ...] = (
    Asked,
    Answered,
    Accused,
    Named,
    RingSeen,
    HandedIn,
    Guessed,
    Passed,
    Opened,
)


def investigation_events(
    asker: int,
    target: int,
    cards: tuple[str, ...],
    answers: tuple[int, ...],
    placed: tuple[int, ...],
) -> tuple[Event, ...]:
    """An investigation's events: the cards asked, then each card's answer."""
    answered = [
        Answered(target, card, markers, put)
        for card, markers, put in zip(cards, answers, placed, strict=True)
    ]
    return (Asked(asker, target, cards), *answered)


def accusation_events(seat: int, letters: str, correct: bool, ring: str) -> tuple[Event, ...]:
    """An accusation's events: public whether it was right, the letters (and for a wrong
    one the look at the ring) its seat's alone."""
    if correct:
        return (Accused(seat, True), Named(seat, letters))
    return (Accused(seat, False), Named(seat, letters), RingSeen(seat, ring))


def envelope_events(seat: int, letters: str | None) -> tuple[Event, ...]:
    """An envelope handed in: public that it was, what it held its seat's alone."""
    held = Passed(seat) if letters is None else Guessed(seat, letters)
    return (HandedIn(seat), held)


def ending_events(
    accusations: tuple[tuple[int, str], ...], guesses: tuple[tuple[int, str | None], ...]
) -> tuple[Event, ...]:
    """What the end opens: every accusation and envelope (nothing when there were none)."""
    return (Opened(accusations, guesses),) if accusations or guesses else ()
