"""A 13 Clues deal given by card names (``ThirteenClues.from_deal``: scenarios and tests),
read into card ids, each hand, mystery and side checked against the rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from sleuth.core import ConfigError
from sleuth.core.said import said

from . import components as tc

if TYPE_CHECKING:
    from .rules import ThirteenClues


class GivenDeal(NamedTuple):
    hands: tuple[tuple[int, ...], ...]  # by seat, in card order
    informants: tuple[int, ...]
    start: int
    picks: list[tuple[int, int, int]] | None  # by seat: the mystery it chose (type order)
    swapped: tuple[bool, ...] | None  # by seat: whether its hidden cards lie high card left


def read_deal(
    game: ThirteenClues,
    hands: Sequence[Sequence[str]],
    informants: Sequence[str],
    start: int = 0,
    chosen: Sequence[Sequence[str]] | None = None,
    sides: Sequence[Sequence[str]] | None = None,
) -> GivenDeal:
    """``chosen[s]`` is the mystery seat s picked for seat s + 1 from its hand; without it
    the game starts in setup. ``sides[s]``: the two cards seat s keeps as they lie, left
    then right (default: in deck order); it needs ``chosen``. ``ConfigError`` names what
    is wrong."""
    n = game.players
    if len(hands) != n:
        raise ConfigError(
            said("hands: %(players)s hands needed, got %(count)s", players=n, count=len(hands))
        )
    ids = [tuple(sorted(_deal_ids(game, h, f"hands[{s}]"))) for s, h in enumerate(hands)]
    slots = _deal_ids(game, informants, "informants")
    for seat, hand in enumerate(ids):
        if len(hand) != tc.HAND_SIZE or {game.cards[c].type for c in hand} != {0, 1, 2}:
            raise ConfigError(
                said("hands[%(seat)s]: five cards with one of each type at least", seat=seat)
            )
    every = sorted([c for hand in ids for c in hand] + slots)
    if every != list(range(len(game.cards))):
        raise ConfigError(said("hands and informants must hold each card in play exactly once"))
    if not 0 <= start < n:
        raise ConfigError(said("start: %(start)s is not a seat", start=start))
    if chosen is None:
        if sides is not None:
            raise ConfigError(
                said("sides: the hidden cards lie only once the mysteries are chosen")
            )
        if game.config.mystery_choice == "random":
            raise ConfigError(said("chosen: mysteries are needed with mystery_choice=random"))
        return GivenDeal(tuple(ids), tuple(slots), start, None, None)
    picks = _read_picks(game, ids, chosen)
    swapped = None if sides is None else _read_sides(game, ids, picks, sides)
    return GivenDeal(tuple(ids), tuple(slots), start, picks, swapped)


def _read_picks(
    game: ThirteenClues, ids: list[tuple[int, ...]], chosen: Sequence[Sequence[str]]
) -> list[tuple[int, int, int]]:
    if len(chosen) != game.players:
        raise ConfigError(
            said(
                "chosen: %(players)s mysteries needed, got %(count)s",
                players=game.players,
                count=len(chosen),
            )
        )
    picks: list[tuple[int, int, int]] = []
    for seat, trio in enumerate(chosen):
        pick = sorted(_deal_ids(game, trio, f"chosen[{seat}]"), key=lambda c: game.cards[c].type)
        types = [game.cards[c].type for c in pick]
        if not set(pick) <= set(ids[seat]) or types != [0, 1, 2]:
            raise ConfigError(
                said("chosen[%(seat)s]: one card of each type from hands[%(seat)s]", seat=seat)
            )
        picks.append((pick[0], pick[1], pick[2]))
    return picks


def _read_sides(
    game: ThirteenClues,
    ids: list[tuple[int, ...]],
    picks: list[tuple[int, int, int]],
    sides: Sequence[Sequence[str]],
) -> tuple[bool, ...]:
    if len(sides) != game.players:
        raise ConfigError(
            said(
                "sides: %(players)s pairs needed, got %(count)s",
                players=game.players,
                count=len(sides),
            )
        )
    swapped = []
    for seat, pair in enumerate(sides):
        kept = [c for c in ids[seat] if c not in picks[seat]]
        lying = _deal_ids(game, pair, f"sides[{seat}]")
        if sorted(lying) != kept:
            raise ConfigError(said("sides[%(seat)s]: the two cards seat %(seat)s keeps", seat=seat))
        swapped.append(lying != kept)
    return tuple(swapped)


def _deal_ids(game: ThirteenClues, names: Sequence[str], what: str) -> list[int]:
    lower = {card.name.lower(): i for i, card in enumerate(game.cards)}
    out = []
    for name in names:
        if name.lower() not in lower:
            raise ConfigError(
                said("%(what)s: %(name)s is not a card in play", what=what, name=repr(name))
            )
        out.append(lower[name.lower()])
    return out
