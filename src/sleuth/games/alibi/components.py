"""Alibi's cards as data (REFERENCE.md §3.2 and Appendix C), and the named rule options.

The 15 clue values, with the German card names of the seed rulebook:

=========  =========  ===============  ==========================
attribute  value id   German           English
=========  =========  ===============  ==========================
gender     male       männlich         male
gender     female     weiblich         female
build      fat        dick             fat
build      thin       dünn / schmal    thin
hair       long       langes Haar      long hair
hair       short      kurzes Haar      short hair
clothing   plain      einfarbig        plain
clothing   striped    gestreift        striped
clothing   dotted     gepunktet        dotted
weapon     revolver   Revolver         revolver
weapon     knife      Messer           knife
item       umbrella   Regenschirm      umbrella
item       glasses    Brille           glasses
item       newspaper  Zeitung          newspaper
item       bag        Einkaufstüte     shopping bag
=========  =========  ===============  ==========================

Special cards: ``alibi`` (Alibi), ``bribe`` (Bestechung), ``goodeye`` (Gutes Auge).
Suspects (Verdächtige / Täterkarten) are named ``S01``..``S12`` in the default data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from sleuth.core import Config, ConfigError
from sleuth.core.said import said

ATTRIBUTES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("gender", ("male", "female")),
    ("build", ("fat", "thin")),
    ("hair", ("long", "short")),
    ("clothing", ("plain", "striped", "dotted")),
    ("weapon", ("revolver", "knife")),
    ("item", ("umbrella", "glasses", "newspaper", "bag")),
)
VALUES: tuple[str, ...] = tuple(v for _, values in ATTRIBUTES for v in values)
ATTRIBUTE_OF: dict[str, str] = {v: name for name, values in ATTRIBUTES for v in values}
GERMAN: dict[str, str] = {
    "male": "männlich",
    "female": "weiblich",
    "fat": "dick",
    "thin": "dünn",
    "long": "langes Haar",
    "short": "kurzes Haar",
    "plain": "einfarbig",
    "striped": "gestreift",
    "dotted": "gepunktet",
    "revolver": "Revolver",
    "knife": "Messer",
    "umbrella": "Regenschirm",
    "glasses": "Brille",
    "newspaper": "Zeitung",
    "bag": "Einkaufstüte",
    "alibi": "Alibi",
    "bribe": "Bestechung",
    "goodeye": "Gutes Auge",
}

ALIBI = "alibi"
BRIBE = "bribe"
GOOD_EYE = "goodeye"
SPECIALS: tuple[str, ...] = (ALIBI, BRIBE, GOOD_EYE)
# Every card name in canonical order: hands and exchanges are sorted by it.
CARDS: tuple[str, ...] = (*VALUES, *SPECIALS)
CARD_ORDER: dict[str, int] = {card: i for i, card in enumerate(CARDS)}

HAND_SIZE = 4
DISPLAY = 4
MAX_EXCHANGE = 4
# Bounds for decks given as options (Appendix C has 12 suspects and at most 5 of a clue).
MAX_SUSPECTS = 40
MAX_CLUE_COUNT = 20
# Appendix C's suspects have five features each: a higher threshold convicts none of them.
MAX_THRESHOLD = 5

# Appendix C: each suspect has gender, build, hair and two of {clothing, weapon, item}.
DEFAULT_SUSPECTS: tuple[str, ...] = (
    "S01=female+thin+long+newspaper+glasses",
    "S02=male+fat+short+revolver+umbrella",
    "S03=female+fat+short+striped+knife",
    "S04=male+thin+long+dotted+bag",
    "S05=female+thin+short+revolver+bag",
    "S06=male+fat+long+plain+glasses",
    "S07=female+fat+long+knife+umbrella",
    "S08=male+thin+short+striped+newspaper",
    "S09=female+fat+short+dotted+glasses",
    "S10=male+thin+long+knife+newspaper",
    "S11=female+thin+long+plain+umbrella",
    "S12=male+fat+short+revolver+bag",
)

# Appendix C: 46 clue cards.
DEFAULT_CLUES: tuple[str, ...] = (
    "male=5",
    "female=5",
    "fat=4",
    "thin=4",
    "long=4",
    "short=4",
    "plain=2",
    "striped=2",
    "dotted=2",
    "revolver=3",
    "knife=3",
    "umbrella=2",
    "glasses=2",
    "newspaper=2",
    "bag=2",
)

_SUSPECT_ID = re.compile(r"[A-Za-z0-9_-]+\Z")


class Phase(StrEnum):
    MAIN = "main"  # the turn's main action
    EXTRA = "extra"  # plays granted by a Gutes Auge (C7)
    CONVICT = "convict"  # two suspects completed at once: the active player picks (C4)
    SWAP = "swap"  # the optional swap of one more hand card
    OVER = "over"


def sort_cards(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


def parse_suspects(
    entries: tuple[str, ...], threshold: int
) -> tuple[tuple[str, frozenset[str]], ...]:
    """``ID=value+value+...`` entries as (id, values); ``ConfigError`` names the bad entry."""
    suspects: list[tuple[str, frozenset[str]]] = []
    for i, entry in enumerate(entries):
        ident, sep, rest = str(entry).strip().partition("=")
        if not sep or not _SUSPECT_ID.match(ident) or ident in CARD_ORDER:
            raise ConfigError(
                said(
                    "suspects[%(index)s]: expected ID=value+value+..., not %(entry)s",
                    index=i,
                    entry=repr(entry),
                )
            )
        values = rest.split("+")
        unknown = [v for v in values if v not in ATTRIBUTE_OF]
        if unknown:
            raise ConfigError(
                said(
                    "suspects[%(index)s]: unknown clue value(s) %(values)s",
                    index=i,
                    values=", ".join(unknown),
                )
            )
        # Two items may go together (S01 has newspaper and glasses); a value only once.
        if len(set(values)) != len(values):
            raise ConfigError(
                said(
                    "suspects[%(index)s]: a value appears twice in %(entry)s",
                    index=i,
                    entry=repr(entry),
                )
            )
        if len(values) < threshold:
            # C1: a suspect with fewer values than the threshold could never be convicted.
            raise ConfigError(
                said(
                    "suspects[%(index)s]: %(count)s values, fewer than threshold %(threshold)s",
                    index=i,
                    count=len(values),
                    threshold=threshold,
                )
            )
        suspects.append((ident, frozenset(values)))
    ids = [s for s, _ in suspects]
    if len(set(ids)) != len(ids):
        raise ConfigError(said("suspects: a suspect id appears twice"))
    if len(suspects) <= DISPLAY:
        raise ConfigError(
            said(
                "suspects: more than %(display)s suspects needed, got %(count)s",
                display=DISPLAY,
                count=len(suspects),
            )
        )
    return tuple(suspects)


def parse_clues(entries: tuple[str, ...]) -> tuple[str, ...]:
    """``value=count`` entries as the list of clue cards."""
    cards: list[str] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        value, sep, count = str(entry).strip().partition("=")
        if not sep or value not in ATTRIBUTE_OF or not (count.isascii() and count.isdigit()):
            raise ConfigError(
                said(
                    "clues[%(index)s]: expected value=count with a known value, not %(entry)s",
                    index=i,
                    entry=repr(str(entry)[:40]),
                )
            )
        if int(count[:4]) > MAX_CLUE_COUNT or len(count) > 4:
            raise ConfigError(
                said(
                    "clues[%(index)s]: at most %(most)s cards of %(value)s",
                    index=i,
                    most=MAX_CLUE_COUNT,
                    value=value,
                )
            )
        if value in seen:
            raise ConfigError(
                said("clues[%(index)s]: value %(value)s listed twice", index=i, value=value)
            )
        seen.add(value)
        cards += [value] * int(count)
    return tuple(cards)


@dataclass(frozen=True)
class AlibiConfig(Config):
    """Player count, the data of Appendix C and the named resolutions of REFERENCE.md §3.7."""

    suspects: tuple[str, ...] = field(
        default=DEFAULT_SUSPECTS,
        metadata={
            "help": "the suspects and their five features, as ID=feature+feature+...",
            "reference": "C1, Appendix C",
            "max_items": MAX_SUSPECTS,
        },
    )
    clues: tuple[str, ...] = field(
        default=DEFAULT_CLUES,
        metadata={
            "help": "the clue cards: how many of each feature, as feature=count (46 cards "
            "by default)",
            "reference": "Appendix C",
            "max_items": len(VALUES),
        },
    )
    alibis: int = field(
        default=3,
        metadata={"help": "alibi cards in the deck", "reference": "seed 003", "range": (0, 3)},
    )
    bribes: int = field(
        default=3,
        metadata={
            "help": "bribe cards in the deck",
            "reference": "C10",
            "range": (0, 20),
        },
    )
    good_eyes: int = field(
        default=2,
        metadata={
            "help": "good eye cards in the deck",
            "reference": "C10",
            "range": (0, 20),
        },
    )
    threshold: int = field(
        default=5,
        metadata={
            "help": "how many different fitting features on the table convict a suspect",
            "reference": "C1/C2",
            "range": (1, MAX_THRESHOLD),
        },
    )
    good_eye_chain: bool = field(
        default=True,
        metadata={
            "help": "a good eye laid as one of a good eye's extra cards grants two more",
            "reference": "C7",
        },
    )
    round_limit: int = field(
        default=0,
        metadata={
            "help": "end a stuck round (0: never): after this many turns without a "
            "conviction, the suspect without an alibi with the most different "
            "fitting clues is convicted, with no bonus",
            "reference": "stall end, not in the rules",
            "range": (0, 1000),
        },
    )
    conviction: str = field(
        default="auto",
        metadata={
            "choices": ("auto", "claim"),
            "help": "a complete suspect is convicted at once (auto), or must be claimed "
            "by the player whose turn it is (claim: one who overlooks it leaves "
            "the claim, and the bonus, to the next player)",
            "reference": "C3",
        },
    )
    clues_must_fit: bool = field(
        default=True,
        metadata={
            "help": "a clue may be laid only if it fits a suspect on show; no: any clue "
            "may be laid",
            "reference": "C5",
        },
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "suspects", tuple(self.suspects))
        object.__setattr__(self, "clues", tuple(self.clues))
        if not 1 <= self.threshold <= MAX_THRESHOLD:
            raise ConfigError(
                said(
                    "threshold: 1-%(most)s, not %(threshold)s",
                    most=MAX_THRESHOLD,
                    threshold=self.threshold,
                )
            )
        for name in ("alibis", "bribes", "good_eyes", "round_limit"):
            if getattr(self, name) < 0:
                raise ConfigError(said("%(option)s: must not be negative", option=name))
        if self.alibis >= DISPLAY:
            # Alibis on all but one suspect on display convict the last (C9): never all.
            raise ConfigError(
                said(
                    "alibis: fewer than the %(display)s suspects on display, not %(alibis)s",
                    display=DISPLAY,
                    alibis=self.alibis,
                )
            )
        parse_suspects(self.suspects, self.threshold)
        deck = len(parse_clues(self.clues)) + self.alibis + self.bribes + self.good_eyes
        if deck < HAND_SIZE * self.players + 1:
            raise ConfigError(
                said(
                    "clues: %(cards)s cards cannot deal %(hand)s to %(players)s players "
                    "and leave a draw pile",
                    cards=deck,
                    hand=HAND_SIZE,
                    players=self.players,
                )
            )
