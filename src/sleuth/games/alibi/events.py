"""What each step of Alibi did, as typed events (``sleuth.core.events``).

Every front tells a step from these, never from its text: the terminal's history
(``words.event_words``), the page (``web/table.js``'s ``eventWords``), the record (each public
event's ``notation``, joined with "; " as the step's result, "ok" when none has one).

Nearly everything in Alibi lies face up: the card an action lays, bribes away, exchanges or
swaps. What a seat draws is its own (``DrewCards``). When the discard pile is shuffled into
the draw pile in the very step that discarded cards onto it, the table never sees those
cards: the public ``Exchanged``/``Swapped`` then name none, and after an exchange the table is
not told the counts either (the number of cards drawn, the size of the reshuffled pile would
say how many were exchanged). The seat that acted is told them by private events
(``DiscardedUnseen``, ``DrewCount``, ``ReshuffleCount``), whose notations are the referee's
whole result, as a record's private section keeps it.

The action's own events have an empty notation: a record keeps the action as its own text.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.core.events import Event


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` laid the clue ``card`` in front of itself."""

    kind = "played"
    seat: int
    card: str

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class AlibiGiven(Event):
    """``seat`` laid an Alibi card on the displayed ``suspect``: safe this round."""

    kind = "alibi"
    seat: int
    suspect: str

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Bribed(Event):
    """``seat`` played a bribe: the ``card`` clue in front of ``target`` went to the discard."""

    kind = "bribed"
    seat: int
    target: int
    card: str

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class GoodEyePlayed(Event):
    """``seat`` played a good eye: it may now lay ``plays`` more cards this turn (C7)."""

    kind = "good_eye"
    seat: int
    plays: int

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    """``seat`` discarded ``cards`` to draw as many; ``None``: shuffled away unseen."""

    kind = "exchanged"
    seat: int
    cards: tuple[str, ...] | None

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    """``seat`` swapped ``card`` for one from the pile; ``None``: shuffled away unseen."""

    kind = "swapped"
    seat: int
    card: str | None

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class DiscardedUnseen(Event):
    """The cards ``seat`` exchanged or swapped that the table never saw: its own."""

    kind = "discarded_unseen"
    seat: int
    cards: tuple[str, ...]

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.seat,))

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class KeptHand(Event):
    """``seat`` declined the swap and kept its hand: its turn ends."""

    kind = "kept_hand"
    seat: int

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Stopped(Event):
    """``seat`` laid no more of the cards a good eye allowed."""

    kind = "stopped"
    seat: int

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat``, with an empty hand and nothing left to draw, passed its main action."""

    kind = "passed"
    seat: int

    def notation(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Completed(Event):
    """Several ``suspects`` were completed at once: the seat to act chooses one (C4)."""

    kind = "completed"
    suspects: tuple[str, ...]

    def notation(self) -> str:
        return "completed " + " ".join(self.suspects)


@dataclass(frozen=True, slots=True)
class Convicted(Event):
    """``suspect`` convicted, the ``number``-th; ``how``: clues, alibis or stall; by
    ``convicter`` (its bonus point included) or by nobody (a stall); ``points`` per seat."""

    kind = "convicted"
    number: int
    suspect: str
    how: str
    convicter: int | None
    points: tuple[int, ...]

    def notation(self) -> str:
        by = f" by seat {self.convicter}" if self.convicter is not None else ""
        points = ",".join(map(str, self.points))
        return f"convicted {self.suspect} ({self.how}){by}: points {points}"


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """``suspect`` came from the suspect pile onto the display."""

    kind = "revealed"
    suspect: str

    def notation(self) -> str:
        return f"revealed {self.suspect}"


@dataclass(frozen=True, slots=True)
class NewRound(Event):
    """A new round (§3.4): the table, the discard and the draw pile, ``count`` cards in all,
    were shuffled into a new draw pile."""

    kind = "reshuffled"
    count: int

    def notation(self) -> str:
        return f"reshuffled {self.count}"


@dataclass(frozen=True, slots=True)
class DiscardReshuffled(Event):
    """The draw pile ran out: the discard pile (``count`` cards; ``None``: not told) was
    shuffled into a new one (C11)."""

    kind = "discard_reshuffled"
    count: int | None

    def notation(self) -> str:
        return f"discard reshuffled ({'?' if self.count is None else self.count})"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` drew ``count`` cards (``None``: not told)."""

    kind = "drew"
    seat: int
    count: int | None

    def notation(self) -> str:
        return f"drew {'?' if self.count is None else self.count}"


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
class DrewCount(Event):
    """How many cards ``seat`` drew where the table is not told: told to ``seat`` alone."""

    kind = "drew_count"
    seat: int
    count: int

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.seat,))

    def notation(self) -> str:
        return f"drew {self.count}"


@dataclass(frozen=True, slots=True)
class ReshuffleCount(Event):
    """How many cards the discard pile held when shuffled into the draw pile, where the table
    is not told: told to ``seat``, whose exchange it was, alone."""

    kind = "reshuffle_count"
    seat: int
    count: int

    def seen_by(self) -> frozenset[int]:
        return frozenset((self.seat,))

    def notation(self) -> str:
        return f"discard reshuffled ({self.count})"


# The public events whose count a private one restates (a record's private result has them
# once, with the count).
COUNTED = (Drew, DiscardReshuffled)

EVENT_TYPES: tuple[type[Event], ...] = (
    Played,
    AlibiGiven,
    Bribed,
    GoodEyePlayed,
    Exchanged,
    Swapped,
    DiscardedUnseen,
    KeptHand,
    Stopped,
    Passed,
    Completed,
    Convicted,
    Revealed,
    NewRound,
    DiscardReshuffled,
    Drew,
    DrewCards,
    DrewCount,
    ReshuffleCount,
)
