"""Black Vienna: what one seat knows (its position), read from and written to JSON.

Position format (JSON)::

    {"game": "black-vienna", "players": 4, "seat": 1, "hand": "AFKPTX",
     "investigations": [{"target": 2, "letters": "AOR", "markers": 1}, ...],
     "deck": ["AOR", ...],          # optional, default: Appendix A of the rules reference
                                    # ("unknown": any three persons are a card, see below)
     "face_up": ["BHV", ...]}       # optional, the cards the seat may ask with now

A special investigation is recorded as two answers. Seat 0 is the dealer. Unknown keys are
errors. The published deck is unknown (REFERENCE.md), so a position of a real box may say
``"deck": "unknown"``: any three different persons are then a card, and ``"deck_seen"``
(optional) lists the cards of the box known so far, the only ones questions are ranked over
when no face-up cards are given. Who holds what never depends on the deck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sleuth.core.said import said
from sleuth.deduce.knowledge import reject_unknown_keys
from sleuth.deduce.model import PositionError

from .components import DEFAULT_DECK, LETTERS, MAX_DECK, hand_sizes

# The game's own data: one definition of the persons, the deck and the deal.
HAND_SIZES: dict[int, tuple[int, ...]] = {n: hand_sizes(n) for n in range(3, 7)}
RING = "ring"
GAME = "black-vienna"
POSITION_KEYS = (
    *("game", "players", "seat", "hand", "investigations", "deck", "deck_seen", "face_up"),
    "ring",
)
UNKNOWN_DECK = "unknown"
INVESTIGATION_KEYS = ("target", "letters", "markers")


@dataclass(frozen=True)
class Investigation:
    """One answer: ``target`` holds ``markers`` of the three ``letters``."""

    target: int
    letters: str
    markers: int


def _key(letters: str) -> str:
    return "".join(sorted(letters, key=LETTERS.index))


def _letters(value: object, where: str, size: int | None = None) -> str:
    if not isinstance(value, str):
        raise PositionError(
            said(
                "%(where)s: expected a string of letters, got %(value)s",
                where=where,
                value=repr(value),
            )
        )
    for ch in value:
        if ch not in LETTERS:
            raise PositionError(
                said("%(where)s: unknown letter %(letter)s", where=where, letter=repr(ch))
            )
    if len(set(value)) != len(value):
        raise PositionError(
            said("%(where)s: a letter is repeated in %(value)s", where=where, value=repr(value))
        )
    if size is not None and len(value) != size:
        raise PositionError(
            said(
                "%(where)s: expected %(size)s letters, got %(count)s",
                where=where,
                size=size,
                count=len(value),
            )
        )
    return value


def _int(value: object, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(
            said("%(where)s: expected an integer, got %(value)s", where=where, value=repr(value))
        )
    if not lo <= value <= hi:
        raise PositionError(
            said(
                "%(where)s: %(value)s is out of range %(lo)s..%(hi)s",
                where=where,
                value=value,
                lo=lo,
                hi=hi,
            )
        )
    return value


@dataclass(frozen=True)
class Position:
    """What one seat knows in Black Vienna."""

    players: int
    seat: int
    hand: str
    investigations: tuple[Investigation, ...] = ()
    deck: tuple[str, ...] = DEFAULT_DECK
    face_up: tuple[str, ...] | None = None
    # The ring, once the seat has seen it: a wrong accuser checks his accusation against the
    # three cards (§1.7), so he knows them from then on.
    ring: str | None = None
    # False for a real box whose cards are not all known: ``deck`` is then the cards seen so
    # far, and any three different persons are a card.
    deck_known: bool = True

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        if self.players not in HAND_SIZES:
            raise PositionError(
                said(
                    "%(where)s: %(value)s is out of range %(lo)s..%(hi)s",
                    where="players",
                    value=self.players,
                    lo=3,
                    hi=6,
                )
            )
        n = self.players
        _int(self.seat, "seat", 0, n - 1)
        size = HAND_SIZES[n][self.seat]
        _letters(self.hand, "hand", size)
        if len(self.deck) > MAX_DECK:
            raise PositionError(
                said(
                    "deck: at most %(most)s cards, not %(count)s",
                    most=MAX_DECK,
                    count=len(self.deck),
                )
            )
        keys = set()
        for i, card in enumerate(self.deck):
            _letters(card, f"deck[{i}]", 3)
            keys.add(_key(card))
        for i, inv in enumerate(self.investigations):
            _int(inv.target, f"investigations[{i}].target", 0, n - 1)
            _letters(inv.letters, f"investigations[{i}].letters", 3)
            if self.deck_known and _key(inv.letters) not in keys:
                raise PositionError(
                    said(
                        "investigations[%(i)s].letters: %(card)s is not a card of the deck",
                        i=i,
                        card=repr(inv.letters),
                    )
                )
            _int(inv.markers, f"investigations[{i}].markers", 0, 3)
        for i, card in enumerate(self.face_up or ()):
            _letters(card, f"face_up[{i}]", 3)
        if self.ring is not None:
            _letters(self.ring, "ring", 3)
            if set(self.ring) & set(self.hand):
                raise PositionError(
                    said("ring: %(ring)s shares a card with the seat's hand", ring=self.ring)
                )

    @classmethod
    def from_json(cls, data: object) -> Position:
        if not isinstance(data, Mapping):
            raise PositionError(said("position: expected a JSON object"))
        reject_unknown_keys(data, POSITION_KEYS, "")
        game = data.get("game", "black-vienna")
        if game != "black-vienna":
            raise PositionError(
                said("game: expected 'black-vienna', got %(game)s", game=repr(game))
            )
        for name in ("players", "seat", "hand"):
            if name not in data:
                raise PositionError(said("%(name)s: missing", name=name))
        players = _int(data["players"], "players", 3, 6)
        seat = _int(data["seat"], "seat", 0, players - 1)
        hand = _letters(data["hand"], "hand")
        raw = data.get("investigations", [])
        if not isinstance(raw, Sequence) or isinstance(raw, str):
            raise PositionError(said("%(where)s: expected a list", where="investigations"))
        invs = []
        for i, item in enumerate(raw):
            where = f"investigations[{i}]"
            if not isinstance(item, Mapping):
                raise PositionError(said("%(where)s: expected an object", where=where))
            reject_unknown_keys(item, INVESTIGATION_KEYS, where)
            for name in ("target", "letters", "markers"):
                if name not in item:
                    raise PositionError(said("%(where)s.%(name)s: missing", where=where, name=name))
            invs.append(
                Investigation(
                    _int(item["target"], f"investigations[{i}].target", 0, players - 1),
                    _letters(item["letters"], f"investigations[{i}].letters", 3),
                    _int(item["markers"], f"investigations[{i}].markers", 0, 3),
                )
            )
        deck, deck_known = _deck_from_json(data)
        face_up: tuple[str, ...] | None = None
        if "face_up" in data:
            rawfu = data["face_up"]
            if not isinstance(rawfu, Sequence) or isinstance(rawfu, str):
                raise PositionError(said("%(where)s: expected a list of cards", where="face_up"))
            face_up = tuple(_letters(c, f"face_up[{i}]", 3) for i, c in enumerate(rawfu))
        ring = _letters(data["ring"], "ring", 3) if data.get("ring") is not None else None
        return cls(players, seat, hand, tuple(invs), deck, face_up, ring, deck_known)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "game": "black-vienna",
            "players": self.players,
            "seat": self.seat,
            "hand": self.hand,
            "investigations": [
                {"target": i.target, "letters": i.letters, "markers": i.markers}
                for i in self.investigations
            ],
        }
        if not self.deck_known:
            out["deck"] = UNKNOWN_DECK
            if self.deck:
                out["deck_seen"] = list(self.deck)
        elif self.deck != DEFAULT_DECK:
            out["deck"] = list(self.deck)
        if self.face_up is not None:
            out["face_up"] = list(self.face_up)
        if self.ring is not None:
            out["ring"] = self.ring
        return out


def _deck_from_json(data: Mapping[str, object]) -> tuple[tuple[str, ...], bool]:
    """The deck of a position and whether it is known whole (``"deck": "unknown"``: not)."""
    raw = data.get("deck", list(DEFAULT_DECK))
    if raw == UNKNOWN_DECK:
        seen = data.get("deck_seen", [])
        if not isinstance(seen, Sequence) or isinstance(seen, str):
            raise PositionError(said("%(where)s: expected a list of cards", where="deck_seen"))
        return tuple(_letters(c, f"deck_seen[{i}]", 3) for i, c in enumerate(seen)), False
    if "deck_seen" in data:
        raise PositionError(said('deck_seen: only with "deck": "unknown" (a listed deck is whole)'))
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        raise PositionError(
            said('deck: expected a list of cards or "%(unknown)s"', unknown=UNKNOWN_DECK)
        )
    return tuple(_letters(c, f"deck[{i}]", 3) for i, c in enumerate(raw)), True
