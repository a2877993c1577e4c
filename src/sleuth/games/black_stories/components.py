"""Black Stories Investigation's cards as data: evidence, the case deck, investigation cards.

A case card is named by its evidence in attribute order (victim, time, scene, weapon),
joined by ``+``: ``woman+knife``, ``man+day+inside+gun``. A card with all four pieces of
evidence can be a player's concrete case.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from itertools import product

from sleuth.core import Config, ConfigError
from sleuth.core.said import said, words_of

# The four attributes of a murder case, each with exactly two values [seed 001].
ATTRIBUTES: tuple[tuple[str, tuple[str, str]], ...] = (
    ("victim", ("man", "woman")),
    ("time", ("day", "night")),
    ("scene", ("inside", "outside")),
    ("weapon", ("knife", "gun")),
)
VALUES: tuple[str, ...] = tuple(v for _, pair in ATTRIBUTES for v in pair)
VALUE_ATTRIBUTE = {v: i for i, (_, pair) in enumerate(ATTRIBUTES) for v in pair}
VALUE_BIT = {v: 1 << i for i, v in enumerate(VALUES)}
FULL_EVIDENCE = len(ATTRIBUTES)

HAND_SIZE = 3
DROPS: tuple[int, ...] = (1, 2, 3)  # each player's investigation cards (blood drops)
SOLVE_BASE = 6  # a solve earns drops + max(0, SOLVE_BASE - cards at the grid)

# Every 4-evidence combination is a possible case; 2^4 = 16 of them.
ALL_CASES: tuple[str, ...] = tuple(
    "+".join(combo) for combo in product(*(p for _, p in ATTRIBUTES))
)

# REFERENCE.md Appendix B: 16 four-, 8 three- and 4 two-evidence cards. Not the published deck.
DEFAULT_DECK: tuple[str, ...] = (
    *ALL_CASES,
    *["day+inside+knife", "night+outside+gun", "man+inside+gun", "woman+outside+knife"],
    *["man+night+knife", "woman+day+gun", "man+day+outside", "woman+night+inside"],
    *["woman+knife", "man+gun", "night+outside", "day+inside"],
)


class Phase(StrEnum):
    PLAY = "play"  # step 1 is due
    SOLVE = "solve"  # step 1 done (or skipped): a solve attempt or the draw
    DRAW = "draw"  # only the draw is left
    OVER = "over"


def normalize_evidence(text: str, what: str, size: int | None = None) -> str:
    """A card name in attribute order (``+`` joined), or a ``ValueError`` naming ``what``
    (said with values: a caller raises its own error with the same words, ``refused``).

    Pieces may be separated by ``+`` or ``/`` and given in any order.
    """
    words = [w for w in text.strip().lower().replace("/", "+").split("+")]
    if not words or any(not w for w in words):
        raise ValueError(
            said(
                "%(what)s: %(typed)s is not evidence like 'woman+knife'",
                what=what,
                typed=repr(text),
            )
        )
    unknown = [w for w in words if w not in VALUE_ATTRIBUTE]
    if unknown:
        raise ValueError(
            said(
                "%(what)s: unknown evidence %(unknown)s in %(typed)s (evidence: %(evidence)s)",
                what=what,
                unknown=", ".join(map(repr, unknown)),
                typed=repr(text),
                evidence=", ".join(VALUES),
            )
        )
    attributes = [VALUE_ATTRIBUTE[w] for w in words]
    if len(set(attributes)) != len(attributes):
        raise ValueError(
            said("%(what)s: %(typed)s names one attribute twice", what=what, typed=repr(text))
        )
    if size is not None and len(words) != size:
        raise ValueError(
            said(
                "%(what)s: %(typed)s has %(count)s pieces of evidence, not %(size)s",
                what=what,
                typed=repr(text),
                count=len(words),
                size=size,
            )
        )
    return "+".join(sorted(words, key=VALUES.index))


def refused(error: ValueError) -> str:
    """The words ``normalize_evidence`` refused with, for the caller's own error."""
    return words_of(error) or str(error)


def evidence_mask(card: str) -> int:
    mask = 0
    for value in card.split("+"):
        mask |= VALUE_BIT[value]
    return mask


def field_label(matches: int) -> str:
    """The grid field for a match count: 0 or 1 matches share the field ``0/1``."""
    return "0/1" if matches <= 1 else str(matches)


def guess_text(case: str) -> str:
    """A case as a solve guess is written: ``woman/day/inside/knife``."""
    return case.replace("+", "/")


def validate_deck(deck: tuple[str, ...], players: int) -> tuple[str, ...]:
    try:
        cards = tuple(normalize_evidence(card, f"deck[{i}]") for i, card in enumerate(deck))
    except ValueError as error:
        raise ConfigError(refused(error)) from None
    if len(set(cards)) != len(cards):
        # Uniqueness is what makes 4 matches impossible [seed 001].
        raise ConfigError(said("deck: a card appears twice"))
    full = sum(1 for card in cards if card.count("+") == FULL_EVIDENCE - 1)
    if full < players:
        raise ConfigError(
            said(
                "deck: %(full)s four-evidence cards cannot give %(players)s players a case",
                full=full,
                players=players,
            )
        )
    if len(cards) < players * (1 + HAND_SIZE):
        raise ConfigError(
            said(
                "deck: %(count)s cards cannot give %(players)s players a case and "
                "%(hand)s cards each",
                count=len(cards),
                players=players,
                hand=HAND_SIZE,
            )
        )
    return cards


@dataclass(frozen=True)
class BlackStoriesConfig(Config):
    """Player count and the named resolutions of REFERENCE.md §2.8, defaults first."""

    start: str = field(
        default="random",
        metadata={
            "choices": ("random", "seat0"),
            "help": "who begins: drawn at random (random) or the first seat (seat0)",
            "reference": "2.3",
        },
    )
    guesses: str = field(
        default="public",
        metadata={
            "choices": ("public", "private"),
            "help": "who sees a failed guess: everyone (public), or only the guesser and "
            "the player guessed (private)",
            "reference": "2.6",
        },
    )
    solve_without_play: bool = field(
        default=True,
        metadata={
            "help": "a player who cannot play a case card (empty hand, or nobody else has "
            "a case) may still try to solve",
            "reference": "B3",
        },
    )
    point_chips: int = field(
        default=0,
        metadata={
            "help": "points in the pool; 0: no limit, otherwise a solve is paid only what is left",
            "reference": "B2",
            "range": (0, 1000),
        },
    )
    deck: tuple[str, ...] = field(
        default=DEFAULT_DECK,
        metadata={
            "help": "the case cards, their facts joined by + (28 cards by default)",
            "reference": "B1, Appendix B",
            "max_items": 64,
        },
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "deck", validate_deck(tuple(self.deck), self.players))
        if self.point_chips < 0:
            raise ConfigError(said("point_chips: %(chips)s is negative", chips=self.point_chips))
