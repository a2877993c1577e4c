"""The investigation deck of a real box, as the assistant knows it.

The published list of Black Vienna's 36 investigation cards is unknown (REFERENCE.md), so
the named decks are stand-ins. A person's own box is either typed whole once (``--deck`` with
its cards), or learned at the table: with the deck ``unknown`` any three different persons
are a card, and every card named in an entry is a card of the box. What was learned is kept
under a name for the next game with the same box (``deck save NAME``, then ``--deck NAME``),
in the user's data folder: ``$XDG_DATA_HOME/sleuth/decks/NAME.txt``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from sleuth.core import jsonfile
from sleuth.core.errors import ConfigError, EntryError
from sleuth.core.paths import data_folder
from sleuth.core.said import said, words_of
from sleuth.i18n import SOURCE, tr, trn

from .components import DECKS, LETTER_INDEX, deck_name, normalize_letters, validate_deck

UNKNOWN = "unknown"
BOX_SIZE = 36  # the published game's investigation cards (12 in each of three stacks)
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
MAX_DECK_FILE_BYTES = 4_000


@dataclass(frozen=True)
class Box:
    """The deck on the table: ``cards`` known so far, and whether they are all of it."""

    cards: tuple[str, ...]
    whole: bool

    @property
    def name(self) -> str:
        if not self.whole:
            return UNKNOWN
        return deck_name(self.cards)

    def text(self) -> str:
        """The deck as a setup value that ``box`` reads back (a session file stores it)."""
        if not self.whole:
            return UNKNOWN + (":" + ",".join(self.cards) if self.cards else "")
        name = deck_name(self.cards)
        return name if name != "custom" else ",".join(self.cards)


def card_letters(text: str) -> str:
    """Three different persons, in alphabet order (Ö last), or an ``EntryError``."""
    try:
        return normalize_letters(text, "card", 3)
    except ValueError:
        raise EntryError(
            said(
                "%(typed)s is not a card: three different letters of A-Z and Ö",
                typed=repr(text[:20]),
            )
        ) from None


def box(raw: object) -> Box:
    """The deck a setup names: ``unknown`` (learned at the table; ``unknown:CARDS`` with the
    cards known already), a named deck, a deck saved with ``deck save``, or the cards."""
    if not isinstance(raw, str):
        raise EntryError(said("deck: expected a deck name or a list of cards"))
    name = raw.strip().lower()
    if name == UNKNOWN or name.startswith(UNKNOWN + ":"):
        listed = raw.strip()[len(UNKNOWN) + 1 :]
        return Box(_cards(listed.replace(",", " ").split(), "deck"), False)
    if name in DECKS:
        return Box(DECKS[name], True)
    if NAME.fullmatch(name):
        cards = read_saved(name)
        return Box(cards, len(cards) == BOX_SIZE)
    try:
        return Box(validate_deck(tuple(raw.replace(",", " ").split())), True)
    except ConfigError as error:
        raise EntryError(
            said(
                "deck: %(unknown)s (learned at the table), %(decks)s, a deck saved with "
                "'deck save NAME', or the %(size)s cards of your box (%(reason)s)",
                unknown=UNKNOWN,
                decks=", ".join(DECKS),
                size=BOX_SIZE,
                reason=words_of(error) or str(error),
            )
        ) from None


def _cards(words: list[str], where: str) -> tuple[str, ...]:
    cards = tuple(card_letters(word) for word in words)
    if len(set(cards)) != len(cards):
        raise EntryError(said("%(where)s: a card is named twice", where=where))
    if len(cards) > BOX_SIZE:
        raise EntryError(
            said(
                "%(where)s: a box has %(size)s cards, not %(count)s",
                where=where,
                size=BOX_SIZE,
                count=len(cards),
            )
        )
    return cards


def decks_folder() -> Path:
    """Where saved decks live: the user's data folder (XDG on Linux)."""
    return data_folder() / "decks"


def read_saved(name: str) -> tuple[str, ...]:
    path = decks_folder() / f"{name}.txt"
    if not path.is_file():
        raise EntryError(
            said(
                "deck: no deck is saved as %(name)s (in %(folder)s); the decks are "
                "%(unknown)s, %(decks)s, a saved one, or the cards of your box",
                name=repr(name),
                folder=str(path.parent),
                unknown=UNKNOWN,
                decks=", ".join(DECKS),
            )
        )
    try:
        with path.open("rb") as file:
            data = file.read(MAX_DECK_FILE_BYTES + 1)
        if len(data) > MAX_DECK_FILE_BYTES:
            raise EntryError(
                said(
                    "deck %(name)s: %(path)s is too large to be a deck",
                    name=repr(name),
                    path=str(path),
                )
            )
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise EntryError(
            said(
                "deck %(name)s: cannot read %(path)s (%(reason)s)",
                name=repr(name),
                path=str(path),
                reason=str(error),
            )
        ) from None
    where = said("deck %(name)s (%(path)s)", name=repr(name), path=str(path))
    return _cards(text.split(), where)


def save(name: str, cards: tuple[str, ...], language: str = SOURCE) -> str:
    """Keep ``cards`` under ``name``, with any cards saved there before; says what it did
    (in ``language``)."""
    if not NAME.fullmatch(name) or name in DECKS or name == UNKNOWN:
        raise EntryError(
            said(
                "deck save: %(typed)s is not a name for a deck (lower-case letters, digits, "
                "- and _; not %(unknown)s or %(decks)s)",
                typed=repr(name[:40]),
                unknown=UNKNOWN,
                decks=", ".join(DECKS),
            )
        )
    path = decks_folder() / f"{name}.txt"
    before = read_saved(name) if path.is_file() else ()
    merged = tuple(sorted({*before, *cards}, key=_order))
    if len(merged) > BOX_SIZE:
        raise EntryError(
            said(
                "deck save: %(name)s and this table together name %(count)s cards, more than a "
                "box's %(size)s: not the same box, or a typo (save under another name)",
                name=repr(name),
                count=len(merged),
                size=BOX_SIZE,
            )
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise EntryError(
            said(
                "deck save: cannot make %(folder)s (%(reason)s)",
                folder=str(path.parent),
                reason=str(error),
            )
        ) from None
    jsonfile.write_atomically(path, " ".join(merged) + "\n", EntryError)
    added = len(merged) - len(before)
    if len(merged) == BOX_SIZE:
        whole = tr("the whole box", language)
    else:
        whole = tr("%(count)s of %(size)s", language, count=len(merged), size=BOX_SIZE)
    return trn(
        "saved %(count)s new card as deck %(name)s (%(whole)s known) in %(path)s; "
        "next game with this box: --deck %(deck)s",
        "saved %(count)s new cards as deck %(name)s (%(whole)s known) in %(path)s; "
        "next game with this box: --deck %(deck)s",
        added,
        language,
        name=repr(name),
        whole=whole,
        path=path,
        deck=name,
    )


def _order(card: str) -> tuple[int, ...]:
    return tuple(LETTER_INDEX[letter] for letter in card)
