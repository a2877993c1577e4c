"""Black Vienna's actions and their text notation, which round-trips through ``str``.

ask 2 AOR        regular investigation: face-up card AOR in front of seat 2
ask 2 AOR+BHV    special investigation: a face-up card and a 0-marker card
accuse BLM       "Black Vienna!": the accuser's three letters
guess BLM        a sealed guess after someone else's correct accusation
pass             no guess
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sleuth.core import Action, InvalidActionError
from sleuth.core.said import said

from .components import RING_SIZE, letters_refused, normalize_letters


@dataclass(frozen=True)
class Investigate(Action):
    kind: ClassVar[str] = "ask"
    target: int
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"ask {self.target} {'+'.join(self.cards)}"


@dataclass(frozen=True)
class Accuse(Action):
    kind: ClassVar[str] = "accuse"
    drastic: ClassVar[bool] = True  # a wrong accusation knocks the accuser out
    letters: str

    def __str__(self) -> str:
        return f"accuse {self.letters}"


@dataclass(frozen=True)
class Guess(Action):
    kind: ClassVar[str] = "guess"
    letters: str

    def __str__(self) -> str:
        return f"guess {self.letters}"


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


BlackViennaAction = Investigate | Accuse | Guess | Pass
ACTION_TYPES: tuple[type[Action], ...] = (Investigate, Accuse, Guess, Pass)


def parse_action(text: str) -> BlackViennaAction:
    words = text.split()
    if not words:
        raise InvalidActionError(
            said(
                "empty action (try %(examples)s)",
                examples="'ask 2 AOR', 'accuse BLM', 'guess BLM', 'pass'",
            )
        )
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "ask" and len(args) == 2:
            return Investigate(_seat(args[0]), _cards(args[1]))
        if verb in ("accuse", "guess") and len(args) == 1:
            letters = normalize_letters(args[0], verb, RING_SIZE)
            return Accuse(letters) if verb == "accuse" else Guess(letters)
        if verb == "pass" and not args:
            return Pass()
    except ValueError as error:
        raise InvalidActionError(
            said("%(text)s: %(reason)s", text=repr(text), reason=letters_refused(error))
        ) from None
    raise InvalidActionError(
        said(
            "%(text)s is not an action (try %(examples)s)",
            text=repr(text),
            examples="'ask 2 AOR', 'ask 2 AOR+BHV', 'accuse BLM', 'guess BLM', 'pass'",
        )
    )


def _seat(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        raise ValueError(said("target %(typed)s is not a seat number", typed=repr(text)))
    return int(text)


def _cards(text: str) -> tuple[str, ...]:
    parts = text.split("+")
    if len(parts) > 2:
        raise ValueError(said("at most two cards in one investigation"))
    cards = tuple(normalize_letters(part, "card", 3) for part in parts)
    if len(set(cards)) != len(cards):
        raise ValueError(said("the same card twice"))
    return cards
