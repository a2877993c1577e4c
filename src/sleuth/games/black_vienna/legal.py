"""Black Vienna's action lists that no state owns: every trio as an accusation or a guess,
the pass, a seat's empty list of questions; and the table's small helpers.

Shared by every state: they hold nothing of one.
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import TypeVar

from sleuth.core.actions import IndexedActions

from . import components as bv
from .notation import Accuse, Guess, Investigate, Pass

# Every accusation or guess: the C(27, 3) = 2925 trios, each in alphabet order.
TRIOS = tuple("".join(trio) for trio in combinations(bv.LETTERS, bv.RING_SIZE))


@functools.cache
def trio_actions(make: type[Accuse] | type[Guess]) -> IndexedActions:
    """Every trio as an accusation or a guess: one lazy list each, made once."""
    return IndexedActions(
        make,
        len(TRIOS),
        lambda index: make(TRIOS[index]),
        lambda action: type(action) is make,
    )


ACCUSATIONS, GUESSES = trio_actions(Accuse), trio_actions(Guess)
PASS = (Pass(),)


def _no_question(index: int) -> Investigate:
    raise IndexError(index)


# A seat that may not question now: one empty list for every state.
NO_QUESTIONS = IndexedActions(Investigate, 0, _no_question, lambda action: False)

# tuple.__new__ straight: a named tuple's own constructor is a Python call (every step).
new_tuple = tuple.__new__

Entry = TypeVar("Entry", tuple[str, int, int], tuple[str, int])


def without(entries: tuple[Entry, ...], card: str) -> tuple[Entry, ...]:
    """``entries`` less the one of ``card`` (the first item of each)."""
    at = 0
    for entry in entries:
        if entry[0] == card:
            return entries[:at] + entries[at + 1 :]
        at += 1  # noqa: SIM113  # counted by hand: enumerate costs half as much again
    return entries


def card_sets(
    face_up: list[str], reusable: list[str] | tuple[str, ...], config: bv.BlackViennaConfig
) -> list[tuple[str, ...]]:
    """The card sets an asker may put in front of a target (A2, A3, A8): each face-up card;
    with special investigations open (``reusable``: the 0-marker cards before other seats,
    empty while locked), a face-up card with each of them (``special=both``), or each alone
    (``special=either``, or ``empty_stacks=special-only`` with no card face up)."""
    sets: list[tuple[str, ...]] = [(card,) for card in face_up]
    if config.special == "both":
        sets += [(up, old) for up in face_up for old in reusable]
        if not face_up and config.empty_stacks == "special-only":
            sets += [(old,) for old in reusable]
    else:
        sets += [(old,) for old in reusable]
    return sets
