"""13 Clues' cards as data (REFERENCE.md §4.2) and its configuration (§4.9 resolutions).

A card is an int id: its index in the deck. The deck lists the colours in the order in
which fewer players remove them last: a game of N players uses the first N + 4 colours.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from sleuth.core import Config, ConfigError
from sleuth.core.said import said

TYPES = ("person", "location", "weapon")
# The two categories of each type, in TYPES order (§4.4: the six BGA question categories).
CATEGORIES: tuple[tuple[str, str], ...] = (
    ("male", "female"),
    ("indoor", "outdoor"),
    ("melee", "ranged"),
)
ALL_CATEGORIES = tuple(c for pair in CATEGORIES for c in pair)
MAX_PLAYERS = 6
HAND_SIZE = 5
SIDES = ("left", "right")

# §4.2, BGA's English names: colour/type/name/category. Colours in the order kept longest:
# 2 players drop gray, brown, white, orange (the last four), 5 players only gray.
DEFAULT_DECK: tuple[str, ...] = (
    "purple/person/Officer/male",
    "purple/location/Parlor/indoor",
    "purple/weapon/Knife/melee",
    "pink/person/Duke/male",
    "pink/location/Market/outdoor",
    "pink/weapon/Crossbow/ranged",
    "red/person/Butcher/male",
    "red/location/Library/indoor",
    "red/weapon/Poison/melee",
    "green/person/Countess/female",
    "green/location/Park/outdoor",
    "green/weapon/Sword/melee",
    "yellow/person/Nurse/female",
    "yellow/location/Museum/indoor",
    "yellow/weapon/Blowgun/ranged",
    "blue/person/Maid/female",
    "blue/location/Harbor/outdoor",
    "blue/weapon/Rifle/ranged",
    "orange/person/Dancer/female",
    "orange/location/Theater/indoor",
    "orange/weapon/Gun/ranged",
    "white/person/Sailor/male",
    "white/location/Plaza/outdoor",
    "white/weapon/Candlestick/melee",
    "brown/person/Florist/female",
    "brown/location/Railcar/indoor",
    "brown/weapon/Hammer/melee",
    "gray/person/Coachman/male",
    "gray/location/Racecourse/outdoor",
    "gray/weapon/Bow/ranged",
)


class Phase(StrEnum):
    CHOOSE = "choose"  # setup: seats pick the next seat's mystery
    TAKE = "take"  # turn start, empty supply: take a glass from a seat of one's choice
    PLAY = "play"  # questions, informants, accusations
    FINAL = "final"  # [D] stall end: every turn is one accusation
    OVER = "over"


@dataclass(frozen=True)
class Card:
    colour: str
    type: int  # index into TYPES
    name: str
    category: str


def _entry(i: int, entry: str) -> tuple[str, int, str, str]:
    """Deck entry ``i``'s colour, type, name and category, or a ``ConfigError``."""
    parts = str(entry).split("/")
    if len(parts) != 4:
        raise ConfigError(
            said(
                "deck[%(index)s]: %(entry)s is not colour/type/name/category",
                index=i,
                entry=repr(entry),
            )
        )
    colour, kind, name, category = (p.strip() for p in parts)
    if kind not in TYPES:
        raise ConfigError(
            said(
                "deck[%(index)s]: type %(kind)s is not one of %(types)s",
                index=i,
                kind=repr(kind),
                types=", ".join(TYPES),
            )
        )
    type_index = TYPES.index(kind)
    if category not in CATEGORIES[type_index]:
        first, second = CATEGORIES[type_index]
        raise ConfigError(
            said(
                "deck[%(index)s]: a %(kind)s is %(first)s or %(second)s, not %(category)s",
                index=i,
                kind=kind,
                first=first,
                second=second,
                category=repr(category),
            )
        )
    if not colour.isalpha() or not name.isalpha():
        raise ConfigError(
            said(
                "deck[%(index)s]: colour and name must be single words: %(entry)s",
                index=i,
                entry=repr(entry),
            )
        )
    return colour, type_index, name, category


def parse_deck(deck: tuple[str, ...]) -> tuple[Card, ...]:
    """The cards of ``deck``, or a ``ConfigError`` naming the bad entry."""
    cards: list[Card] = []
    seen: set[tuple[str, int]] = set()
    names: set[str] = set()
    for i, entry in enumerate(deck):
        colour, type_index, name, category = _entry(i, entry)
        kind = TYPES[type_index]
        key = name.lower()
        reserved = {*TYPES, *ALL_CATEGORIES, *SIDES, "secret"}
        if key in names or key in reserved or key in {c.colour for c in cards}:
            raise ConfigError(
                said("deck[%(index)s]: the name %(name)s is taken", index=i, name=repr(name))
            )
        if (colour.lower(), type_index) in seen:
            raise ConfigError(
                said(
                    "deck[%(index)s]: a second %(colour)s %(kind)s",
                    index=i,
                    colour=colour,
                    kind=kind,
                )
            )
        seen.add((colour.lower(), type_index))
        names.add(key)
        cards.append(Card(colour.lower(), type_index, name, category))
    colours = colour_order(tuple(cards))
    if any(c.lower() in names for c in colours):
        raise ConfigError(said("deck: a colour is also a card name"))
    for colour in colours:
        if {c.type for c in cards if c.colour == colour} != {0, 1, 2}:
            raise ConfigError(
                said(
                    "deck: colour %(colour)s needs exactly a person, location and weapon",
                    colour=colour,
                )
            )
    if len(colours) < MAX_PLAYERS + 4:
        raise ConfigError(
            said(
                "deck: %(count)s colours, but %(players)s players need %(needed)s",
                count=len(colours),
                players=MAX_PLAYERS,
                needed=MAX_PLAYERS + 4,
            )
        )
    return tuple(cards)


def colour_order(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(card.colour for card in cards))


def colours_in_play(players: int) -> int:
    """§4.2 table: N + 4 colours, so 3(N + 4) cards and 13 unknown to each player."""
    return players + 4


def informant_count(players: int) -> int:
    return 3 * colours_in_play(players) - HAND_SIZE * players


@dataclass(frozen=True)
class ThirteenCluesConfig(Config):
    """Player count and the named resolutions of REFERENCE.md §4.9, defaults first."""

    mystery_choice: str = field(
        default="players",
        metadata={
            "choices": ("players", "random"),
            "help": "each player picks the next player's mystery from their five cards "
            "(players), or the table deals every mystery (random)",
            "reference": "4.3",
        },
    )
    glasses: int = field(
        default=8,
        metadata={
            "help": "magnifying glasses in the game (3-6 players)",
            "reference": "D1",
            "range": (0, 30),
        },
    )
    top_secret: bool = field(
        default=False,
        metadata={
            "help": "the Top Secret variant (3-6 players): each player may ask one "
            "question in secret",
            "reference": "4.6",
        },
    )
    top_secret_glass: str = field(
        default="witness",
        metadata={
            "choices": ("witness", "discard"),
            "help": "the glass of a secret question goes to the witness, or back to the "
            "supply with the Top Secret token (discard)",
            "reference": "D4",
        },
    )
    type_questions: bool = field(
        default=False,
        metadata={
            "help": "questions may also ask about persons, locations or weapons (off on "
            "Board Game Arena)",
            "reference": "D8",
        },
    )
    stall_rounds: int = field(
        default=0,
        metadata={
            "help": "end a long game (0: never): after this many rounds with no winner, "
            "questions stop and each turn is one accusation",
            "reference": "stall end, not in the rules",
            "range": (0, 1000),
        },
    )
    repeat_accusations: bool = field(
        default=True,
        metadata={
            "help": "a player may name again a trio they already named wrongly; no: each trio once",
            "reference": "4.4",
        },
    )
    deck: tuple[str, ...] = field(
        default=DEFAULT_DECK,
        metadata={
            "help": "the clue cards as colour/type/name/kind",
            "reference": "4.2",
            "max_items": 30,
        },
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "deck", tuple(self.deck))
        parse_deck(self.deck)
        if self.players >= 3 and not self.players <= self.glasses <= 99:
            raise ConfigError(
                said(
                    "glasses: %(glasses)s tokens, but %(players)s players need "
                    "%(players)s-99 (one each at the start)",
                    glasses=self.glasses,
                    players=self.players,
                )
            )
        if self.top_secret and self.players < 3:
            raise ConfigError(said("top_secret: the Top Secret variant is for 3-6 players (§4.6)"))
        if self.stall_rounds < 0:
            raise ConfigError(
                said("stall_rounds: %(rounds)s is negative", rounds=self.stall_rounds)
            )
