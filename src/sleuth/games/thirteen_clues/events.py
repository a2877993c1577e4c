"""What each step of 13 Clues did, as typed events (``sleuth.core.events``).

Every front tells a step from these, never from its text: the terminal's history
(``words.event_words``), the page (``web/table.js``'s ``eventWords``), the record (each public
event's ``notation``, joined with "; " as the step's result).

Most of a step is public: a question with its answer, a look at an informant slot, a glass
taken, an accusation with its cards and verdict. Three things are not (REFERENCE.md §4.7):
the mystery a seat chose, seen by the chooser alone (never by its owner, and the other seats
see the mysteries only once all are chosen); the card behind an informant slot, seen by the
seat that looked; and a Top Secret question's subject and answer, seen by its asker and its
witness (every seat sees that it was asked, and of whom). Those private events have an empty
notation: a record keeps the chosen mystery and the secret subject in its private action text,
and never kept an answer or an informant card, so records stay as they were.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sleuth.core import GameError
from sleuth.core.events import Event

from .notation import SLOT_LETTERS

if TYPE_CHECKING:
    from .rules import ThirteenCluesState


@dataclass(frozen=True, slots=True)
class MysteryChosen(Event):
    """``seat`` chose the mystery of ``owner``, the next seat (which cards: ``MysteryPicked``)."""

    kind = "chosen"
    seat: int
    owner: int

    def notation(self) -> str:
        return "chosen"


@dataclass(frozen=True, slots=True)
class MysteryPicked(Event):
    """The ``cards`` (person, location, weapon) ``seat`` chose as ``owner``'s mystery: the
    chooser's alone."""

    kind = "mystery_picked"
    seat: int
    owner: int
    cards: tuple[str, str, str]

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.seat,))

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Started(Event):
    """Every mystery is chosen: ``seat`` plays first."""

    kind = "started"
    seat: int

    def notation(self) -> str:
        return f"seat {self.seat} starts"


@dataclass(frozen=True, slots=True)
class Asked(Event):
    """``asker`` asked ``witness`` how many cards of ``subject`` it sees (with two players,
    ``side``: counting its left or right hidden card only); ``answer``: the count."""

    kind = "asked"
    asker: int
    witness: int
    subject: str
    side: str
    answer: int

    def notation(self) -> str:
        side = f"/{self.side}" if self.side else ""
        return f"{self.witness}:{self.subject}{side}={self.answer}"


@dataclass(frozen=True, slots=True)
class AskedSecret(Event):
    """``asker`` asked ``witness`` a Top Secret question (the subject and answer: ``SecretAnswer``);
    ``side`` is public, as the action's public text shows it."""

    kind = "asked_secret"
    asker: int
    witness: int
    side: str

    def notation(self) -> str:
        return f"{self.witness}:top-secret"


@dataclass(frozen=True, slots=True)
class SecretAnswer(Event):
    """A Top Secret question's ``subject`` and ``answer``: its asker's and its witness's alone."""

    kind = "secret_answer"
    asker: int
    witness: int
    subject: str
    side: str
    answer: int

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.asker, self.witness))

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Looked(Event):
    """``seat`` looked at the informant in ``slot`` (which card: ``InformantSeen``)."""

    kind = "looked"
    seat: int
    slot: str

    def notation(self) -> str:
        return f"looked {self.slot}"


@dataclass(frozen=True, slots=True)
class InformantSeen(Event):
    """The ``card`` in informant ``slot``, as ``seat`` saw it: its own."""

    kind = "informant_seen"
    seat: int
    slot: str
    card: str

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.seat,))

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class TookGlass(Event):
    """``seat``, with no glass and an empty supply, took one from ``source`` (§4.4.1)."""

    kind = "took_glass"
    seat: int
    source: int

    def notation(self) -> str:
        return f"took from {self.source}"


@dataclass(frozen=True, slots=True)
class Accused(Event):
    """``seat`` accused ``cards`` (person, location, weapon) of being its mystery; ``correct``:
    it was, and the seat wins."""

    kind = "accused"
    seat: int
    cards: tuple[str, str, str]
    correct: bool

    def notation(self) -> str:
        return "correct" if self.correct else "wrong"


EVENT_TYPES: tuple[type[Event], ...] = (
    MysteryChosen,
    MysteryPicked,
    Started,
    Asked,
    AskedSecret,
    SecretAnswer,
    Looked,
    InformantSeen,
    TookGlass,
    Accused,
)

# What the state keeps of its last step (``ThirteenCluesState.last``): a kind code and, for a
# glass taken or a mystery chosen, the seats; the rest is read from the state's own logs (the
# question, look or accusation just added), so a playout step builds no event.
NOTHING, ASKED, LOOKED, ACCUSED, TOOK, CHOSE = range(6)
LAST_NOTHING: tuple[int, ...] = (NOTHING,)
LAST_ASKED: tuple[int, ...] = (ASKED,)
LAST_LOOKED: tuple[int, ...] = (LOOKED,)
LAST_ACCUSED: tuple[int, ...] = (ACCUSED,)


def step_events(state: ThirteenCluesState) -> tuple[Event, ...]:
    """The events of the step that led to ``state``, from what it kept of that step."""
    code, *seats = state.last
    names = state.game.names
    if code == ASKED:
        q = state.questions[-1]
        if not q.secret:
            return (Asked(q.asker, q.witness, q.subject, q.side, q.answer),)
        secret = SecretAnswer(q.asker, q.witness, q.subject, q.side, q.answer)
        return (AskedSecret(q.asker, q.witness, q.side), secret)
    if code == LOOKED:
        seat, index = state.looks[-1]
        slot = SLOT_LETTERS[index]
        return (Looked(seat, slot), InformantSeen(seat, slot, names[state.informants[index]]))
    if code == ACCUSED:
        accusation = state.accusations[-1]
        person, place, weapon = (names[card] for card in accusation.cards)
        return (Accused(accusation.seat, (person, place, weapon), accusation.correct),)
    if code == TOOK:
        return (TookGlass(seats[0], seats[1]),)
    if code == CHOSE:
        seat, started = seats
        owner = (seat + 1) % state.players
        trio = state.mysteries[owner]
        if trio is None:
            raise GameError(f"seat {seat}'s step chose no mystery for seat {owner}")
        picked = (names[trio[0]], names[trio[1]], names[trio[2]])
        chosen: tuple[Event, ...] = (MysteryChosen(seat, owner), MysteryPicked(seat, owner, picked))
        return (*chosen, Started(state.start)) if started else chosen
    return ()
