"""What each step of Tiny Deduction did, as typed events (``sleuth.core.events``).

Every front tells a step from these, never from its text: the terminal's history
(``render.event_words``), the page's generic table (each event's ``told``, said in the
reader's language from the catalogues), the record (each event's ``notation``). Both kinds
are said aloud at the table, so both are public; an event that only some seats may see (a
card shown to one player) would return those seats from ``seen_by``, and no other seat, nor
a spectator, would ever get it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.core.events import Event
from sleuth.core.said import Said, SaidValue

from .catalogue import said
from .components import spoken


@dataclass(frozen=True, slots=True)
class Answered(Event):
    """``asker`` asked ``target`` about the two suspects ``pair``; the answer, aloud."""

    kind = "answered"
    asker: int
    target: int
    pair: str
    answer: int  # a count, or 1 for yes and 0 for no
    answers: str  # the rule in play: "count" or "yes-no"

    told_seats = ("asker", "target")

    def notation(self) -> str:
        return f"seat {self.target}, {self.pair}: {spoken(self.answer, self.answers)}"

    def told(self) -> Said:
        seats: dict[str, SaidValue] = {
            "asker": self.asker,
            "target": self.target,
            "pair": self.pair,
        }
        if self.answers == "count":
            return said(
                "%(asker)s asked %(target)s about %(pair)s: %(count)s of them",
                **seats,
                count=self.answer,
            )
        if self.answer:
            return said("%(asker)s asked %(target)s about %(pair)s: yes, one or both", **seats)
        return said("%(asker)s asked %(target)s about %(pair)s: no, neither", **seats)


@dataclass(frozen=True, slots=True)
class Accused(Event):
    """``seat`` accused ``suspect``: the culprit (the game is won), or innocent (it is out)."""

    kind = "accused"
    seat: int
    suspect: str
    correct: bool

    told_seats = ("seat",)

    def notation(self) -> str:
        return f"{self.suspect} is {'the culprit' if self.correct else 'innocent'}"

    def told(self) -> Said:
        if self.correct:
            return said(
                "%(seat)s accused %(suspect)s: the culprit", seat=self.seat, suspect=self.suspect
            )
        return said("%(seat)s accused %(suspect)s: innocent", seat=self.seat, suspect=self.suspect)
