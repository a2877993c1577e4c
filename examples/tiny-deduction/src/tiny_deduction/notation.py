"""Tiny Deduction's actions and their text, which round-trips through ``str``.

ask 2 AB     ask seat 2 about suspects A and B
accuse C     name C as the culprit
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sleuth.core import Action, InvalidActionError

from .catalogue import said


@dataclass(frozen=True)
class Ask(Action):
    kind: ClassVar[str] = "ask"
    target: int
    pair: str  # two suspects in alphabet order

    def __str__(self) -> str:
        return f"ask {self.target} {self.pair}"


@dataclass(frozen=True)
class Accuse(Action):
    kind: ClassVar[str] = "accuse"
    # A wrong accusation puts the accuser out: random bots take it only now and then.
    drastic: ClassVar[bool] = True
    suspect: str

    def __str__(self) -> str:
        return f"accuse {self.suspect}"


TinyAction = Ask | Accuse
ACTION_TYPES: tuple[type[Action], ...] = (Ask, Accuse)


def parse_action(text: str, suspects: str) -> TinyAction:
    """The action written ``text`` (any case, suspects in any order) among ``suspects``."""
    words = text.split()
    verb, args = (words[0].lower(), words[1:]) if words else ("", [])
    if verb == "ask" and len(args) == 2:
        if not (args[0].isascii() and args[0].isdigit()):
            raise InvalidActionError(
                said("%(text)s: %(word)s is not a seat number", text=repr(text), word=repr(args[0]))
            )
        return Ask(int(args[0]), _suspects(text, args[1], 2, suspects))
    if verb == "accuse" and len(args) == 1:
        return Accuse(_suspects(text, args[0], 1, suspects))
    raise InvalidActionError(
        said(
            "%(text)s is not an action (try %(ask)s or %(accuse)s)",
            text=repr(text),
            ask="'ask 1 AB'",
            accuse="'accuse C'",
        )
    )


def _suspects(text: str, word: str, count: int, suspects: str) -> str:
    letters = word.upper()
    unknown = "".join(c for c in letters if c not in suspects)
    if unknown:
        raise InvalidActionError(
            said(
                "%(text)s: %(unknown)s is no suspect (suspects: %(suspects)s)",
                text=repr(text),
                unknown=repr(unknown),
                suspects=suspects,
            )
        )
    if len(letters) != count or len(set(letters)) != count:
        what = (
            said("a question names two different suspects")
            if count == 2
            else said("name one suspect")
        )
        raise InvalidActionError(said("%(text)s: %(reason)s", text=repr(text), reason=what))
    return "".join(sorted(letters))
