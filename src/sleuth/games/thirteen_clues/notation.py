"""13 Clues' actions and their text notation, which round-trips through ``str``.

choose Officer Park Knife    setup: the next seat's mystery, from the chooser's five cards
ask 2 purple                 question seat 2 about a colour (or male, indoor, ranged, ...)
ask 1 purple left            two players: including the witness's left (right) hidden card
ask 2 male secret            Top Secret: only asker and witness see question and answer
look B                       consult Secret Informant B
take 2                       turn start with an empty supply: take a glass from seat 2
accuse Officer Park Knife    person, location, weapon

Card names are case-insensitive and may come in any order; ``str`` gives them in type order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sleuth.core import Action, InvalidActionError
from sleuth.core.said import said

from .components import ALL_CATEGORIES, SIDES, TYPES, Card, colour_order

SLOT_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Choose(Action):
    kind: ClassVar[str] = "choose"
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "choose " + " ".join(self.cards)


@dataclass(frozen=True)
class Ask(Action):
    kind: ClassVar[str] = "ask"
    witness: int
    subject: str
    side: str = ""
    secret: bool = False

    def __str__(self) -> str:
        words = ["ask", str(self.witness), self.subject]
        if self.side:
            words.append(self.side)
        if self.secret:
            words.append("secret")
        return " ".join(words)


@dataclass(frozen=True)
class Look(Action):
    kind: ClassVar[str] = "look"
    slot: str

    def __str__(self) -> str:
        return f"look {self.slot}"


@dataclass(frozen=True)
class Take(Action):
    kind: ClassVar[str] = "take"
    source: int

    def __str__(self) -> str:
        return f"take {self.source}"


@dataclass(frozen=True)
class Accuse(Action):
    kind: ClassVar[str] = "accuse"
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "accuse " + " ".join(self.cards)


ThirteenCluesAction = Choose | Ask | Look | Take | Accuse
ACTION_TYPES: tuple[type[Action], ...] = (Choose, Ask, Look, Take, Accuse)
HELP = "try 'choose A B C', 'ask 2 purple', 'ask 1 male left', 'look B', 'take 2', 'accuse A B C'"


class Notation:
    """Parses actions against one deck: card names and question subjects come from it."""

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        self.by_name = {card.name.lower(): i for i, card in enumerate(cards)}
        self.subjects = {word: word for word in (*colour_order(cards), *ALL_CATEGORIES, *TYPES)}

    def parse(self, text: str) -> ThirteenCluesAction:
        words = text.split()
        if not words:
            raise InvalidActionError(
                said("empty action (try %(examples)s)", examples=HELP.removeprefix("try "))
            )
        verb, args = words[0].lower(), words[1:]
        try:
            if verb in ("choose", "accuse") and len(args) == 3:
                trio = self.trio(args)
                return Choose(trio) if verb == "choose" else Accuse(trio)
            if verb == "ask" and 2 <= len(args) <= 4:
                return self._ask(args)
            if verb == "look" and len(args) == 1:
                return Look(_slot(args[0]))
            if verb == "take" and len(args) == 1:
                return Take(_seat(args[0]))
        except ValueError as error:
            raise InvalidActionError(
                said("%(text)s: %(reason)s", text=repr(text), reason=str(error))
            ) from None
        raise InvalidActionError(
            said(
                "%(text)s is not an action (try %(examples)s)",
                text=repr(text),
                examples=HELP.removeprefix("try "),
            )
        )

    def trio(self, names: list[str]) -> tuple[str, ...]:
        """Three card names, one of each type, in type order; ``ValueError`` otherwise."""
        ids = []
        for name in names:
            if name.lower() not in self.by_name:
                raise ValueError(f"unknown card {name!r}")
            ids.append(self.by_name[name.lower()])
        if sorted(self.cards[i].type for i in ids) != [0, 1, 2]:
            raise ValueError("name one person, one location and one weapon")
        ids.sort(key=lambda i: self.cards[i].type)
        return tuple(self.cards[i].name for i in ids)

    def _ask(self, args: list[str]) -> Ask:
        witness = _seat(args[0])
        subject = args[1].lower()
        if subject not in self.subjects:
            raise ValueError(f"unknown subject {args[1]!r} (a colour, {', '.join(ALL_CATEGORIES)})")
        side, secret = "", False
        for word in (w.lower() for w in args[2:]):
            if word in SIDES and not side:
                side = word
            elif word == "secret" and not secret:
                secret = True
            else:
                raise ValueError(f"unexpected {word!r} (left, right or secret)")
        return Ask(witness, subject, side, secret)


def _seat(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        raise ValueError(f"{text!r} is not a seat number")
    return int(text)


def _slot(text: str) -> str:
    letter = text.upper()
    if len(letter) != 1 or letter not in SLOT_LETTERS:
        raise ValueError(f"{text!r} is not an informant letter")
    return letter
