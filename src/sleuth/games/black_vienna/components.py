"""Black Vienna's cards as data: the 27 persons, the investigation deck, the deal sizes."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from sleuth.core import Config, ConfigError
from sleuth.core.said import said, words_of

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÖ"
LETTER_INDEX = {letter: i for i, letter in enumerate(LETTERS)}
RING_SIZE = 3
STACKS = 3
MARKERS = 40
BREAK_OFF_MARKERS = 3
SPECIAL_MIN_CARDS = 6
MAX_DECK = 60  # the published deck has 36 cards; a position or option holds no more

# REFERENCE.md Appendix A: four parallel classes of AG(3,3); every letter on 4 cards, no two
# cards sharing two letters, containing the two real cards AOR and BHV. Not the published deck.
DEFAULT_DECK: tuple[str, ...] = (
    *["AOR", "BHV", "CDE", "FGI", "JKL", "MNP", "QST", "UWX", "YZÖ"],
    *["ABC", "DHO", "ERV", "FJM", "GKN", "ILP", "QUY", "SWZ", "TXÖ"],
    *["AFQ", "GOS", "IRT", "BJU", "HKW", "LVX", "CMY", "DNZ", "EPÖ"],
    *["AKÖ", "LOY", "JRZ", "BNT", "HPQ", "MSV", "CGX", "DIU", "EFW"],
)


class Phase(StrEnum):
    ASK = "ask"
    FINAL_QUESTION = "final-question"  # A9: the last player's one question
    FINAL_ACCUSATION = "final-accusation"  # ... then his accusation
    GUESSING = "guessing"  # A11: sealed guesses after a correct accusation
    OVER = "over"


def hand_sizes(players: int) -> tuple[int, ...]:
    """Cards per seat; seat 0 deals, and with five players the dealer holds only four."""
    if players == 5:
        return (4, 5, 5, 5, 5)
    return (24 // players,) * players


def letters_mask(letters: str) -> int:
    mask = 0
    for letter in letters:
        mask |= 1 << LETTER_INDEX[letter]
    return mask


def mask_letters(mask: int) -> str:
    return "".join(letter for i, letter in enumerate(LETTERS) if mask >> i & 1)


def normalize_letters(text: str, what: str, size: int | None = None) -> str:
    """Letters in alphabet order, or a ``ValueError`` naming ``what`` (said with values: a
    caller raises its own error with the same words)."""
    upper = text.strip().upper()
    unknown = [c for c in upper if c not in LETTER_INDEX]
    if unknown:
        raise ValueError(
            said(
                "%(what)s: unknown letter(s) %(letters)s in %(typed)s (A-Z and Ö)",
                what=what,
                letters=repr("".join(unknown)),
                typed=repr(text),
            )
        )
    if len(set(upper)) != len(upper):
        raise ValueError(
            said("%(what)s: repeated letter in %(typed)s", what=what, typed=repr(text))
        )
    if size is not None and len(upper) != size:
        raise ValueError(
            said(
                "%(what)s: %(typed)s has %(count)s letters, not %(size)s",
                what=what,
                typed=repr(text),
                count=len(upper),
                size=size,
            )
        )
    return "".join(sorted(upper, key=LETTER_INDEX.__getitem__))


def letters_refused(error: ValueError) -> str:
    """The words ``normalize_letters`` refused with, for the caller's own error."""
    return words_of(error) or str(error)


def validate_deck(deck: tuple[str, ...]) -> tuple[str, ...]:
    try:
        cards = tuple(normalize_letters(card, f"deck[{i}]", 3) for i, card in enumerate(deck))
    except ValueError as error:
        raise ConfigError(letters_refused(error)) from None
    if len(set(cards)) != len(cards):
        raise ConfigError(said("deck: a card appears twice"))
    if len(cards) < STACKS or len(cards) % STACKS:
        raise ConfigError(
            said(
                "deck: %(count)s cards do not split into %(stacks)s equal stacks",
                count=len(cards),
                stacks=STACKS,
            )
        )
    return cards


# REFERENCE.md Appendix A2: a deck transcribed in a public solver (unverified). It holds BLM,
# the card the rulebook itself names, and BHV; every letter is on 4 cards.
# Its letters are kept in alphabet order (Ö last), as every card of a config is.
TRANSCRIBED_DECK: tuple[str, ...] = validate_deck(
    (
        *["ACL", "AGM", "AOS", "APQ", "BCY", "BHV", "BLM", "BQT", "CFI"],
        *["CSX", "DHR", "DJZ", "DLS", "DVY", "EGW", "ENQ", "EÖR", "EUV"],
        *["FÖY", "FRX", "FSZ", "GKO", "GPX", "HNÖ", "HUZ", "IÖW", "IPR"],
        *["ITZ", "JMO", "JQX", "JTY", "KMU", "KNT", "KPW", "LNV", "OUW"],
    )
)
# The decks a table can name (``--option deck=transcribed``); any other deck is a card list.
DECKS: dict[str, tuple[str, ...]] = {"generated": DEFAULT_DECK, "transcribed": TRANSCRIBED_DECK}


def deck_name(deck: tuple[str, ...]) -> str:
    """The deck's name, or ``custom``, for every place that says which deck is in play."""
    return next((name for name, cards in DECKS.items() if cards == deck), "custom")


@dataclass(frozen=True)
class BlackViennaConfig(Config):
    """Player count and the named resolutions of REFERENCE.md §1.8, defaults first."""

    special: str = field(
        default="both",
        metadata={
            "choices": ("both", "either"),
            "help": "a special investigation gives a face-up card and a card with no "
            "marker (both), or a card with no marker instead of a face-up one "
            "(either)",
            "reference": "A2",
        },
    )
    special_count: str = field(
        default="per-card",
        metadata={
            "choices": ("per-card", "per-investigation"),
            "help": "toward the six played cards that open the special investigation, a "
            "special investigation counts one per card, or one in all",
            "reference": "A5",
        },
    )
    empty_stacks: str = field(
        default="break",
        metadata={
            "choices": ("break", "special-only"),
            "help": "when no face-up card is left the game breaks off with 0 points "
            "(break), or goes on with special investigations of a card with no "
            "marker alone (special-only)",
            "reference": "A8",
        },
    )
    post_win_guesses: bool = field(
        default=True,
        metadata={
            "help": "after a correct accusation, the others hand in sealed guesses (or "
            "pass) before the gang is shown",
            "reference": "A11",
        },
    )
    deck: tuple[str, ...] = field(
        default=DEFAULT_DECK,
        metadata={
            "help": "the investigation cards: generated (the default), transcribed (from "
            "a published solver), or your own list of cards of three letters each",
            "reference": "A1, Appendix A/A2",
            "names": DECKS,
            "max_items": MAX_DECK,
        },
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "deck", validate_deck(tuple(self.deck)))
