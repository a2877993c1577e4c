"""A step's events as the engine keeps them, and made into ``events`` when asked for.

A playout never asks for a step's events, so a step writes only a tuple per event,
``(event type, its fields...)``, cheaper than the event itself. Four keep what their events
depend on (``make_events``): an exchange or a swap whether its discards were shuffled away
unseen, a reshuffle of the discard pile and a draw the seat whose step it was (a draw its
cards too); whether the table is told the counts is the state's ``counts_hidden``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sleuth.core.events import Event, notations, public

from .events import (
    COUNTED,
    DiscardedUnseen,
    DiscardReshuffled,
    Drew,
    DrewCards,
    DrewCount,
    Exchanged,
    ReshuffleCount,
    Swapped,
)

RawEvent = tuple[Any, ...]


def make_events(raw: Sequence[RawEvent], counts_hidden: bool) -> tuple[Event, ...]:
    """The events of a step from its raw form; with ``counts_hidden`` the draws and the
    reshuffles of the discard pile tell their counts only to the seat whose step it was."""
    events: list[Event] = []
    for kind, *fields in raw:
        if kind is Drew:
            seat, cards = fields
            if counts_hidden:
                events += (Drew(seat, None), DrewCount(seat, len(cards)))
            else:
                events.append(Drew(seat, len(cards)))
            if cards:
                events.append(DrewCards(seat, cards))
        elif kind is DiscardReshuffled:
            count, seat = fields
            if counts_hidden:
                events += (DiscardReshuffled(None), ReshuffleCount(seat, count))
            else:
                events.append(DiscardReshuffled(count))
        elif kind is Exchanged or kind is Swapped:
            seat, cards, unseen = fields
            events.append(kind(seat, None if unseen else cards))
            if unseen:
                events.append(DiscardedUnseen(seat, (cards,) if kind is Swapped else cards))
        else:
            events.append(kind(*fields))
    return tuple(events)


def public_notations(events: Iterable[Event]) -> str:
    """The step's result as records keep it: its public events' notations ("ok": none)."""
    return notations(e for e in public(events) if e.notation()) or "ok"


def private_notations(events: Iterable[Event]) -> str:
    """The step's result as the referee states it, each count told: the public notations,
    but a count the table is not told in its private event's (which follows it)."""
    return notations(e for e in events if e.notation() and not _untold(e))


def _untold(event: Event) -> bool:
    return isinstance(event, COUNTED) and event.count is None
