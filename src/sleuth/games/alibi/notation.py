"""Alibi's actions and their text notation, which round-trips through ``str``.

A turn is several actions of the same seat: a main action, the extra plays of a Gutes
Auge, the choice of a suspect when two are convicted at once, then the optional swap.

play long            main (or extra) action: lay the clue card "long" in front of oneself
alibi S03            lay an Alibi card on displayed suspect S03
bribe 2 male         Bestechung: a "male" clue in front of seat 2 goes to the discard pile
goodeye              Gutes Auge: play up to two more cards this turn (C7)
exchange long+bag    main action: discard 1-4 hand cards and draw as many
convict S03          C4: choose which of several completed suspects is convicted
swap knife           after the main action: swap one more hand card with the pile
pass                 decline: the swap, further Gutes Auge plays, or (empty hand) the turn
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sleuth.core import Action, InvalidActionError
from sleuth.core.said import said

from .components import CARD_ORDER, MAX_EXCHANGE, VALUES, sort_cards

_VALUE_SET = frozenset(VALUES)


@dataclass(frozen=True)
class PlayClue(Action):
    kind: ClassVar[str] = "play"
    value: str

    def __str__(self) -> str:
        return f"play {self.value}"


@dataclass(frozen=True)
class PlayAlibi(Action):
    kind: ClassVar[str] = "alibi"
    suspect: str

    def __str__(self) -> str:
        return f"alibi {self.suspect}"


@dataclass(frozen=True)
class Bribe(Action):
    kind: ClassVar[str] = "bribe"
    target: int
    value: str

    def __str__(self) -> str:
        return f"bribe {self.target} {self.value}"


@dataclass(frozen=True)
class GoodEye(Action):
    kind: ClassVar[str] = "goodeye"

    def __str__(self) -> str:
        return "goodeye"


@dataclass(frozen=True)
class Exchange(Action):
    kind: ClassVar[str] = "exchange"
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"exchange {'+'.join(self.cards)}"


@dataclass(frozen=True)
class Convict(Action):
    kind: ClassVar[str] = "convict"
    suspect: str

    def __str__(self) -> str:
        return f"convict {self.suspect}"


@dataclass(frozen=True)
class Swap(Action):
    kind: ClassVar[str] = "swap"
    card: str

    def __str__(self) -> str:
        return f"swap {self.card}"


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


AlibiAction = PlayClue | PlayAlibi | Bribe | GoodEye | Exchange | Convict | Swap | Pass
ACTION_TYPES: tuple[type[Action], ...] = (
    PlayClue,
    PlayAlibi,
    Bribe,
    GoodEye,
    Exchange,
    Convict,
    Swap,
    Pass,
)
_HINT = (
    "try 'play long', 'alibi S03', 'bribe 2 male', 'goodeye', 'exchange long+bag', "
    "'convict S03', 'swap knife', 'pass'"
)


def parse_action(text: str, suspects: frozenset[str]) -> AlibiAction:
    """The action written ``text``; card and suspect names are checked, legality is not."""
    words = text.split()
    if not words:
        raise InvalidActionError(
            said("empty action (try %(examples)s)", examples=_HINT.removeprefix("try "))
        )
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "play" and len(args) == 1:
            return PlayClue(_value(args[0]))
        if verb in ("alibi", "convict") and len(args) == 1:
            suspect = _suspect(args[0], suspects)
            return PlayAlibi(suspect) if verb == "alibi" else Convict(suspect)
        if verb == "bribe" and len(args) == 2:
            return Bribe(_seat(args[0]), _value(args[1]))
        if verb == "exchange" and len(args) == 1:
            return Exchange(_cards(args[0]))
        if verb == "swap" and len(args) == 1:
            return Swap(_card(args[0]))
        if verb == "goodeye" and not args:
            return GoodEye()
        if verb == "pass" and not args:
            return Pass()
    except ValueError as error:
        raise InvalidActionError(
            said("%(text)s: %(reason)s", text=repr(text), reason=str(error))
        ) from None
    raise InvalidActionError(
        said(
            "%(text)s is not an action (try %(examples)s)",
            text=repr(text),
            examples=_HINT.removeprefix("try "),
        )
    )


def _value(text: str) -> str:
    value = text.lower()
    if value not in _VALUE_SET:
        raise ValueError(f"{text!r} is not a clue value ({', '.join(VALUES)})")
    return value


def _card(text: str) -> str:
    card = text.lower()
    if card not in CARD_ORDER:
        raise ValueError(f"{text!r} is not a card")
    return card


def _cards(text: str) -> tuple[str, ...]:
    cards = [_card(part) for part in text.split("+")]
    if len(cards) > MAX_EXCHANGE:
        raise ValueError(f"at most {MAX_EXCHANGE} cards in one exchange")
    return sort_cards(cards)


def _suspect(text: str, suspects: frozenset[str]) -> str:
    if text not in suspects:
        raise ValueError(f"{text!r} is not a suspect ({', '.join(sorted(suspects))})")
    return text


def _seat(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        raise ValueError(f"target {text!r} is not a seat number")
    return int(text)
