"""Typed step events: what one step did, as data rather than as a sentence.

A game's ``State.last_events()`` gives the events of the step that led to it (none at the
start), each a small frozen dataclass of the game's own (a card played to a seat, a question
answered, a case solved, a pile reshuffled). Every front builds its history from them: the
terminal and the page put each event into words in the reader's language (a game's
``words`` module, its ``web/table.js``), the record keeps each event's ``notation``, the
rules reference's language-free code. Nothing parses a step's text back into facts.

An event says who may see it (``seen_by``): ``None`` for every seat and spectator, else the
seats that may. What crosses to a seat holds only the events it may see (``visible``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from .said import Said
from .serialize import JSONValue, to_json


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a step. A game subclasses it once per kind of event, as a
    frozen dataclass whose fields are JSON-encodable (ints, strings, tuples of them, enums)
    and sets ``kind``, the name fronts dispatch on (``"played"``, ``"answered"``)."""

    kind: ClassVar[str] = ""

    def seen_by(self) -> frozenset[int] | None:
        """The seats that may see this event; ``None``: every seat and every spectator."""
        return None

    def notation(self) -> str:
        """The event in the rules reference's notation, as records keep it (never in a
        person's language: the game's ``words`` say it in words)."""
        raise NotImplementedError(f"{type(self).__name__}.notation")

    def told(self) -> Said | None:
        """The event in words, for a front with no words of its own for it (the page's
        generic table, for a game without a page part): a catalogued template with values,
        said in the reader's language; the values named in ``told_seats`` are seat
        numbers, which the front names for its reader ("you", a player's name). ``None``:
        the front tells the event by its kind and fields."""
        return None

    # The values of ``told`` that are seats (see there).
    told_seats: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> dict[str, JSONValue]:
        """``{"kind": ..., field: value, ...}``: what a page reads to say the event in words,
        with ``told`` (template, values, the values that are seats) where the event has
        words of its own."""
        data: dict[str, JSONValue] = {"kind": self.kind}
        for field in dataclasses.fields(self):
            data[field.name] = to_json(getattr(self, field.name))
        words = self.told()
        if words is not None:
            said = {**words.wire(), "seats": list(self.told_seats)}
            data["told"] = cast(JSONValue, said)  # words' values are JSON: text, numbers, words
        return data


def sees(event: Event, seat: int | None) -> bool:
    """Whether ``seat`` (``None``: a spectator) may see ``event``."""
    seen_by = event.seen_by()
    return seen_by is None or (seat is not None and seat in seen_by)


def visible(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """The events ``seat`` may see, in order (``None``: a spectator, the public ones only)."""
    return tuple(event for event in events if sees(event, seat))


def public(events: Iterable[Event]) -> tuple[Event, ...]:
    """The events every seat and spectator may see."""
    return tuple(event for event in events if event.seen_by() is None)


def notations(events: Iterable[Event], joiner: str = "; ") -> str:
    """The events' notations joined, as a record's result keeps them."""
    return joiner.join(event.notation() for event in events)


def events_json(events: Iterable[Event]) -> list[JSONValue]:
    """The events as JSON objects, for frames and records."""
    return [event.to_json() for event in events]


@dataclass(frozen=True, slots=True)
class Step:
    """One step as the engine took it: who acted, the action, and every event it caused
    (each marked with who may see it; ``visible`` picks a seat's)."""

    seat: int
    action: Any
    events: tuple[Event, ...]

    def seen_by(self, seat: int | None) -> tuple[Event, ...]:
        return visible(self.events, seat)
