"""13 Clues in words for the terminal: every card with its colour and category, the hidden
cards as they lie (left, right), each step's history line, the end, and a card legend.

Drawn from one seat's views only (and, at the end, from the reveal): a Top Secret question
shows its subject and answer only to its asker and witness, as the views do.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from sleuth.core.events import Event
from sleuth.core.kit import Move

from .components import TYPES, Card, parse_deck
from .events import (
    Accused,
    Asked,
    AskedSecret,
    InformantSeen,
    Looked,
    MysteryChosen,
    MysteryPicked,
    SecretAnswer,
    Started,
    TookGlass,
)
from .rules import ThirteenClues
from .views import ThirteenCluesView

RULES = """13 Clues: the rules in short
  Each seat holds five cards and picks three of them (a person, a location, a weapon) as
  the mystery of the next seat; the other two are its hidden cards. You see every other
  seat's mystery but never your own: find it. With 3+ players each turn you spend all
  your magnifying glasses, one action each (with none, take one from the supply, or from
  a seat of your choice when it is empty); with 2 players each turn is one action.
  Ask a witness how many cards of a colour or a category (male/female, indoor/outdoor,
  melee/ranged) they see: the other seats' mysteries (yours too) and their own hidden
  cards. With 2 players you say whether they count their left or their right hidden card.
  Look at a Secret Informant card (only you learn it), or accuse: name a person, a
  location and a weapon you cannot see. Right wins at once; wrong ends your turn.

Notation
  choose P L W        setup: the next seat's mystery, from your five cards
  ask 2 purple        ask seat 2 about a colour (or male, indoor, ranged, ...)
  ask 1 purple left   two players: counting the witness's left (or right) hidden card
  ask 2 male secret   Top Secret: only you and the witness see question and answer
  look B              consult Secret Informant B
  take 2              your turn, no glasses, empty supply: take a glass from seat 2
  accuse Maid Harbor Rifle"""


@functools.lru_cache(maxsize=16)
def _cards(deck: tuple[str, ...]) -> dict[str, Card]:
    return {card.name: card for card in parse_deck(deck)}


def card_words(view: ThirteenCluesView, name: str) -> str:
    card = _cards(view.config.deck).get(name)
    return name if card is None else f"{name} ({card.colour}, {card.category})"


def _seat(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def table_text(view: ThirteenCluesView) -> str:
    me = view.seat
    two = view.players == 2
    turn = f"{_seat(view.turn, me).capitalize()} to play" if view.turn is not None else ""
    lines = [f"Phase: {view.phase}. {turn}".rstrip(". ") + "."]
    if not two:
        glasses = ", ".join(f"{_seat(s.seat, me)} {s.glasses}" for s in view.seats)
        lines.append(f"Glasses: {glasses}; supply {view.supply}")
    if view.hand is not None:
        lines.append("Your five cards (as dealt):")
        lines += [f"  {card_words(view, c)}" for c in view.hand]
    for s in view.seats:
        if s.seat == me and s.hidden:
            sides = ("left", "right") if two else ("", "")
            lines.append("Your hidden cards:" if not two else "Your hidden cards (as they lie):")
            lines += [
                f"  {side + ': ' if side else ''}{card_words(view, c)}"
                for side, c in zip(sides, s.hidden, strict=False)
            ]
    for s in view.seats:
        token = " [Top Secret token]" if s.top_secret else ""
        if s.mystery:
            whose = "Your mystery" if s.seat == me else f"Seat {s.seat}'s mystery"
            lines.append(f"{whose}{token}:")
            lines += [f"  {card_words(view, c)}" for c in s.mystery]
        elif s.seat == me:
            lines.append(f"Your mystery: ? ? ?{token}")
        elif s.hidden:
            lines.append(f"Seat {s.seat}'s hidden cards: " + ", ".join(s.hidden))
    if view.informants:
        lines.append("Secret informants: " + " ".join(i.slot for i in view.informants))
        for i in view.informants:
            seen = f" = {card_words(view, i.card)}" if i.card else ""
            looked = ", ".join(_seat(s, me) for s in i.looked_by)
            if seen or looked:
                lines.append(f"  {i.slot}{seen}" + (f" (looked at by {looked})" if looked else ""))
    if view.final_after:
        lines.append(f"Turns: {view.turns_done} of {view.final_after} before the final round")
    return "\n".join(lines)


def _side(side: str) -> str:
    return f", counting the {side} hidden card" if side else ""


def event_words(event: Event, me: int | None) -> str:
    """One event of a step in words, for the reading seat ``me`` ("you"; ``None``: a
    spectator). A private event reaches only the seats that may see it (``Move.events``)."""
    if isinstance(event, Asked):
        who = f"{_seat(event.asker, me)} asked {_seat(event.witness, me)}"
        return f"{who} about {event.subject}{_side(event.side)}: {event.answer}"
    if isinstance(event, AskedSecret):
        who = f"{_seat(event.asker, me)} asked {_seat(event.witness, me)}"
        return f"{who} a Top Secret question{_side(event.side)}"
    if isinstance(event, SecretAnswer):
        between = f"{_seat(event.asker, me)} and {_seat(event.witness, me)}"
        subject = f"{event.subject}{_side(event.side)}"
        return f"the Top Secret question, between {between}: about {subject}: {event.answer}"
    if isinstance(event, Accused):
        verdict = "right!" if event.correct else "wrong"
        return f"{_seat(event.seat, me)} accused {' '.join(event.cards)}: {verdict}"
    if isinstance(event, Looked):
        return f"{_seat(event.seat, me)} looked at informant {event.slot}"
    if isinstance(event, InformantSeen):
        return f"informant {event.slot} is {event.card}"
    if isinstance(event, TookGlass):
        return f"{_seat(event.seat, me)} took a glass from {_seat(event.source, me)}"
    if isinstance(event, MysteryChosen):
        return f"{_seat(event.seat, me)} chose {_whose(event.owner, me)} mystery"
    if isinstance(event, MysteryPicked):
        return f"{_whose(event.owner, me)} mystery is {', '.join(event.cards)}"
    if isinstance(event, Started):
        return f"{_seat(event.seat, me)} {'start' if event.seat == me else 'starts'}"
    raise TypeError(f"not a 13 Clues event: {event!r}")


def _whose(seat: int, me: int | None) -> str:
    return "your" if seat == me else f"seat {seat}'s"


def history_lines(before: ThirteenCluesView, after: ThirteenCluesView, move: Move) -> list[str]:
    """A step's lines: each event the reading seat may see, in words, in order."""
    me = after.seat
    lines = [event_words(event, me) for event in move.events]
    return lines or [f"{_seat(move.seat, me)}: {move.result}"]


def ending_text(
    view: ThirteenCluesView, reveal: Mapping[str, Any], actions: Sequence[tuple[int, str]]
) -> list[str]:
    me = view.seat
    lines = []
    for s in view.seats:
        if s.mystery:
            whose = "Your mystery" if s.seat == me else f"Seat {s.seat}'s mystery"
            lines.append(f"{whose}: {', '.join(card_words(view, c) for c in s.mystery)}")
    for s in view.seats:
        if s.hidden:
            whose = "Your hidden cards" if s.seat == me else f"Seat {s.seat}'s hidden cards"
            lines.append(f"{whose}: {', '.join(s.hidden)}")
    informants = reveal.get("informants")
    if isinstance(informants, list) and informants:
        slots = [i.slot for i in view.informants]
        lines.append(
            "Informants: "
            + ", ".join(f"{slot} {card}" for slot, card in zip(slots, informants, strict=False))
        )
    wrong = sum(1 for a in view.accusations if not a.correct)
    lines.append(f"Wrong accusations: {wrong}. 13 Clues keeps no score: the first right one wins.")
    return lines


def legend_text(game: ThirteenClues) -> str:
    cards = [c for c in game.cards if c.colour in game.colours]
    lines = ["Cards in play (colour: person, location, weapon; with their category)"]
    for colour in game.colours:
        of = sorted((c for c in cards if c.colour == colour), key=lambda c: c.type)
        lines.append(f"  {colour:<7} " + ", ".join(f"{c.name} ({c.category})" for c in of))
    lines.append(
        "Categories: "
        + "; ".join(
            f"{kind}s are "
            + " or ".join(sorted({c.category for c in cards if TYPES[c.type] == kind}))
            for kind in TYPES
        )
    )
    return "\n".join(lines)
