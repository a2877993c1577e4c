"""13 Clues at a real table: the assistant's entries, each as typed and as the engine reads
it (the grammar that parses them is ``notebook``)."""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.core.notebook import Entry


@dataclass(frozen=True)
class Setup:
    players: int
    seat: int
    hidden: tuple[str, ...]  # your two hidden cards (with two players: left, right)


@dataclass(frozen=True)
class Mystery(Entry):
    """The mystery in front of ``seat``: its person, location and weapon."""

    background = True
    seat: int
    cards: tuple[str, str, str]

    def text(self) -> str:
        return f"mystery {self.seat} {' '.join(self.cards)}"


@dataclass(frozen=True)
class Look(Entry):
    """Informant ``slot``, looked up: it is ``card``."""

    slot: str
    card: str

    def text(self) -> str:
        return f"look {self.slot} {self.card}"


@dataclass(frozen=True)
class Answer(Entry):
    """Seat ``witness`` counted ``count`` cards of ``about`` (with two players, the one hidden
    card on ``side``)."""

    witness: int
    about: str
    side: str | None
    count: int

    def text(self) -> str:
        side = f" {self.side}" if self.side else ""
        return f"{self.witness} {self.about}{side} {self.count}"


@dataclass(frozen=True)
class Accusation(Entry):
    """Seat ``player`` accused these three, wrongly."""

    player: int
    cards: tuple[str, str, str]

    def text(self) -> str:
        return f"accuse {self.player} {' '.join(self.cards)}"


@dataclass(frozen=True)
class Solved(Entry):
    """The seat's own mystery, as revealed at the end: what the review judges against."""

    background = True
    cards: tuple[str, str, str]

    def text(self) -> str:
        return f"solution {' '.join(self.cards)}"
