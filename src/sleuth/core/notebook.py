"""The table assistant's notebook grammar: all a game gives the assistant.

A notebook session is the game's setup (players, seat, the cards the person holds) and an
ordered list of entries, each one line typed at a physical table. The machinery in
``sleuth.assist`` keeps that list: it numbers, edits, deletes and undoes entries, saves the
session, names entries that contradict each other and caches the sheet. A game only says how
to read its setup and a line (``Grammar.setup``, ``Grammar.parse``, giving a typed ``Entry``)
and what a list of entries amounts to (``Grammar.fold``, giving its position), and draws the
sheet and the ``why`` explanations from that.

This module sits below the games (standard library only) so that a game can implement the
grammar without importing the assistant, which is a front above the games.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, Self, TypeVar

from sleuth.i18n import SOURCE, check_language

from .errors import EntryError
from .said import Said, said

SetupT = TypeVar("SetupT")
FoldT = TypeVar("FoldT")

# A number typed at the table is small; a longer digit string is a typo or an attack.
MAX_NUMBER_DIGITS = 6


@dataclass(frozen=True)
class SetupField:
    """One value a new session needs: ``--NAME`` on the command line, ``NAME`` in the file.

    ``kind`` is ``int``, ``text`` or ``list`` (``count`` words, e.g. two hidden cards); a
    field with a ``default`` may be left out of a new session.
    """

    name: str
    help: str
    kind: str = "text"
    count: int = 1
    metavar: str = "VALUE"
    default: str | None = None


class Entry(ABC):
    """The base of a game's entries; each game's entries are frozen dataclasses.

    ``text()`` is the entry's canonical line: parsing it again gives an equal entry, so a
    session file stores entries as their text. ``background`` entries (what the person sees
    laid out, such as the mysteries in front of the other seats, or a reset such as a new
    case) are kept in every subset of entries the contradiction search tries; the others are
    the facts it can name as contradicting.
    """

    background: ClassVar[bool] = False

    @abstractmethod
    def text(self) -> str:
        """The canonical line of this entry."""


# An entry with its number in the session (numbered from 1), as the grammar folds them.
Numbered = tuple[int, Entry]


class Grammar(ABC, Generic[SetupT, FoldT]):
    """A game's notebook grammar: the setup, the entries, and what they amount to.

    Every method that reads input raises ``EntryError`` naming what was wrong; none changes
    anything (a grammar holds no session state: the machinery passes the setup and entries).
    With ``strict=False``, ``fold`` must accept every subset of a list it accepted that keeps
    the background entries, so that the contradiction search can leave out the facts it
    suspects (a subset may break a rule of the table that the whole list kept, such as a card
    turned up in place of an answered one whose answer was left out).
    """

    # The entries as the assistant's ``help`` lists them: an example as typed (the same in
    # every language) and what it means, marked with ``N_`` (said in the notebook's language).
    entries_help: tuple[tuple[str, str], ...] = ()
    # What a new session needs, in the order the command line lists them.
    setup_fields: tuple[SetupField, ...] = ()
    # The language the grammar says its words in (``speaking``); the entries stay as typed.
    language: str = SOURCE

    def speaking(self, language: str) -> Self:
        """This grammar saying its words in ``language`` (a copy: a grammar holds no session
        state)."""
        spoken = copy.copy(self)
        spoken.language = check_language(language)
        return spoken

    @abstractmethod
    def setup(self, values: Mapping[str, object]) -> SetupT:
        """The setup from ``values`` (one per field, already of the field's kind)."""

    @abstractmethod
    def setup_json(self, setup: SetupT) -> dict[str, object]:
        """The setup as the values ``setup`` reads back (normalised: the canonical form)."""

    @abstractmethod
    def title(self, setup: SetupT) -> str:
        """One line naming the game, the table and the seat."""

    def summary(self, setup: SetupT, folded: FoldT) -> list[str]:
        """What the person holds and what lies on the table now, shown above the entries."""
        return []

    @abstractmethod
    def parse(self, setup: SetupT, line: str) -> Entry:
        """One typed entry from a line, checked on its own (seats, cards, numbers)."""

    @abstractmethod
    def fold(self, setup: SetupT, entries: Sequence[Numbered], strict: bool = True) -> FoldT:
        """What the entries amount to, in order: the game's position and where each of its
        facts came from. Raises ``EntryError`` naming the entry number when entries clash in
        a way no table can produce (a card in two places)."""

    @abstractmethod
    def consistent(self, setup: SetupT, folded: FoldT) -> bool:
        """Whether some deal fits the folded entries (true while it cannot be told yet)."""

    @abstractmethod
    def sheet(self, setup: SetupT, folded: FoldT, level: str) -> str:
        """The investigation sheet (``facts`` or ``full``) of a consistent fold."""

    @abstractmethod
    def why(self, setup: SetupT, folded: FoldT, subject: str) -> str:
        """Why a fact about ``subject`` is certain, naming the entries behind it."""

    @abstractmethod
    def positions(self, setup: SetupT, folded: FoldT) -> dict[str, dict[str, object]]:
        """The ``sleuth deduce`` positions the entries amount to, by label (one, or one per
        opponent where the game's positions are per opponent)."""

    def impossible(self, setup: SetupT, entry: Entry) -> str:
        """Why ``entry`` cannot be true even alone, with the person's own cards."""
        return said("it cannot be true, even on its own")

    def command(self, setup: SetupT, folded: FoldT, line: str) -> str | None:
        """What a command of the game's own says (one that changes no entry), or ``None``
        when ``line`` is not one of its commands."""
        return None

    def taken(self, setup: SetupT, folded: FoldT, number: int, entry: Entry) -> str:
        """What to say once entry ``number`` is taken (a game may add what to enter next)."""
        return f"#{number}: {entry.text()}"


def whole_number(text: str, what: str, low: int, high: int) -> int:
    """A whole number typed at the table, in ``low..high``; ``EntryError`` naming ``what``.

    Only ASCII digits count: ``"²".isdigit()`` is true in Python, and a number of thousands
    of digits must not reach ``int``.
    """
    if not text.isascii() or not text.isdigit() or len(text) > MAX_NUMBER_DIGITS:
        raise EntryError(
            said("%(what)s: %(typed)s is not a whole number", what=what, typed=repr(text[:20]))
        )
    value = int(text)
    if not low <= value <= high:
        raise EntryError(_out_of_range(what, value, low, high))
    return value


def checked_int(value: object, what: str, low: int, high: int) -> int:
    """An integer from a session file (not a bool), in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise EntryError(
            said("%(what)s: expected a whole number, got %(got)s", what=what, got=_shown(value))
        )
    if not low <= value <= high:
        raise EntryError(_out_of_range(what, value, low, high))
    return value


def _out_of_range(what: str, value: int, low: int, high: int) -> Said:
    return said(
        "%(what)s: %(value)s is out of range %(low)s..%(high)s",
        what=what,
        value=value,
        low=low,
        high=high,
    )


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def minimal_subset(
    candidates: Sequence[int], holds: Callable[[Sequence[int]], bool], budget: int
) -> tuple[list[int], bool]:
    """An irreducible subset of ``candidates`` for which ``holds`` is true.

    ``holds`` must be monotone (true for a set, true for every superset) and true for all of
    ``candidates``. Each element of the answer is found by a binary search over the
    candidates' order, so a subset of size k costs about k·log2(n) calls of ``holds``, never
    more than ``budget``. Returns (subset in candidate order, whether it is irreducible):
    when the budget runs out, the subset still holds but may not be irreducible.
    """
    order = {c: i for i, c in enumerate(candidates)}
    core: list[int] = []
    rest = list(candidates)
    calls = 0

    def spent() -> bool:
        nonlocal calls
        calls += 1
        return calls > budget

    while rest:
        if spent():
            return sorted([*core, *rest], key=order.__getitem__), False
        if holds(core):
            break
        # The smallest k with holds(core + rest[:k]); holds(core + rest) is the invariant.
        low, high = 1, len(rest)
        while low < high:
            middle = (low + high) // 2
            if spent():
                return sorted([*core, *rest], key=order.__getitem__), False
            if holds([*core, *rest[:middle]]):
                high = middle
            else:
                low = middle + 1
        core.append(rest[low - 1])
        rest = rest[: low - 1]
    return sorted(core, key=order.__getitem__), True
