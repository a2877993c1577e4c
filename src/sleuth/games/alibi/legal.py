"""Alibi's actions of a hand and a display, made once and shared by every state.

They are immutable: a playout lists the legal actions at every step, and the same few
thousand hands (multisets of at most four cards) come back all game long. Each hand's
actions, and the hands it turns into when a card goes or comes, are made once for all
games (they do not depend on the options); a display's and a front's once per game. A step
then asks a lookup or two, not lists built card by card.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple, TypeVar

from sleuth.core.actions import ActionList

from . import components as ac
from .notation import AlibiAction, Bribe, Exchange, GoodEye, Pass, PlayAlibi, PlayClue, Swap

K = TypeVar("K")
V = TypeVar("V")
# Entries per cache: a game's displays come back within this, and 256 games kept
# (``Game.of``) stay within a few hundred MB at worst.
_CACHE_SIZE = 1 << 14
# Every hand there can be, at most four of the 18 cards, is 7,315 of them: kept for all games
# alike (a hand's actions do not depend on the rule options), so that a new game object
# (a benchmark, a tournament makes one per game) starts with them made.
_HANDS_SIZE = 1 << 13

CLUE_PLAY = {v: PlayClue(v) for v in ac.VALUES}
_CLUE_PLAYS = tuple(CLUE_PLAY.values())  # in card order, as hands are sorted
# A set of clue values as an int (a bit each): which of a hand's clues fit a display is
# then one ``&``, and the answer a small int to look the hand's lists up by.
CLUE_BIT = {v: 1 << i for i, v in enumerate(ac.VALUES)}
SWAP = {c: Swap(c) for c in ac.CARDS}
PASS, GOOD_EYE = Pass(), GoodEye()


class Hand:
    """A hand and the hands it becomes when a card goes or comes, made on first use."""

    __slots__ = ("_plus", "_without", "cards")

    def __init__(self, cards: tuple[str, ...]) -> None:
        self.cards = cards
        self._plus: dict[str, Hand] = {}
        self._without: dict[tuple[str, ...], Hand] = {}

    # The hands this one becomes, linked (all hands are kept alike, for all games): a draw
    # or a discard is a lookup, not a sort.

    def plus(self, card: str) -> Hand:
        """The hand with ``card`` drawn."""
        made = self._plus.get(card)
        if made is None:
            made = self._plus[card] = hand_of(ac.sort_cards((*self.cards, card)))
        return made

    def replaced(self, gone: tuple[str, ...], drawn: tuple[str, ...]) -> Hand:
        """The hand with ``gone`` (which it holds) laid away and ``drawn`` drawn: a step's
        whole change of a hand in one call, the links asked straight."""
        hand = self._without.get(gone) or self.without(gone)
        for card in drawn:
            hand = hand._plus.get(card) or hand.plus(card)
        return hand

    def without(self, cards: tuple[str, ...]) -> Hand:
        """The hand without ``cards`` (which it holds)."""
        made = self._without.get(cards)
        if made is None:
            left = list(self.cards)
            for card in cards:
                left.remove(card)
            made = self._without[cards] = hand_of(tuple(left))
        return made


def listed(actions: tuple[AlibiAction, ...]) -> ActionList:
    """``actions`` as a list whose split into ordinary and drastic ones is known in advance:
    Alibi has no drastic action, and a random bot splits its list at every step (a plain
    tuple would be walked item by item). Made once per hand and shared."""
    return ActionList.split_in_advance(actions, ())


class Fitted(NamedTuple):
    """A hand's actions with some of its clues, those that fit the display (C5, C6)."""

    extra: ActionList  # the plays, then what closes the extra plays (``HandActions``)
    main: ActionList  # the plays, then what closes the main action
    plays: tuple[AlibiAction, ...]


class HandActions:
    """One hand's actions (C5, C6, §3.3)."""

    __slots__ = ("_closing", "alibi", "bribe", "clue_bits", "fitted", "swaps", "targeted")

    def __init__(self, cards: tuple[str, ...]) -> None:
        distinct = tuple(dict.fromkeys(cards))
        clues = [c for c in distinct if c in CLUE_PLAY]
        self.clue_bits = sum(CLUE_BIT[c] for c in clues)
        self.alibi = ac.ALIBI in cards
        self.bribe = ac.BRIBE in cards
        self.targeted = self.alibi or self.bribe
        # By ``main``: what follows the plays in the main action, and among the extra plays.
        self._closing = (_closing(cards, main=False), _closing(cards, main=True))
        # By the bits of the hand's clues that fit the display: most hands, most displays,
        # all of them; the others are made when first met (16 subsets at most).
        self.fitted: dict[int, Fitted] = {}
        self.fit(self.clue_bits)
        # The optional swap of each distinct hand card, then declining it.
        self.swaps = listed((*[SWAP[c] for c in distinct], PASS))

    def fit(self, bits: int) -> Fitted:
        """The lists with the plays of the hand's clues among ``bits`` (``Shown.fit_bits``
        and the hand's ``clue_bits``): a step asks ``fitted.get(bits) or fit(bits)``."""
        made = self.fitted.get(bits)
        if made is None:
            # In hand order: a play of each distinct clue that fits.
            plays = tuple([p for p in _CLUE_PLAYS if CLUE_BIT[p.value] & bits])
            extra, main = plays + self._closing[False], plays + self._closing[True]
            made = self.fitted[bits] = Fitted(listed(extra), listed(main), plays)
        return made

    def closing(self, main: bool) -> tuple[AlibiAction, ...]:
        return self._closing[main]


# A step asks the dict itself (``HANDS.get(cards) or hand_of(cards)``): a lookup, not a
# call and a lookup.
HANDS: dict[tuple[str, ...], Hand] = {}


def hand_of(cards: tuple[str, ...]) -> Hand:
    """The ``Hand`` of sorted ``cards``."""
    made = HANDS.get(cards)
    if made is None:
        made = _remember(HANDS, cards, Hand(cards), _HANDS_SIZE)
    return made


# Apart from the hands: most hands a step passes through (a card gone, before the next is
# drawn) are never held at a decision, and need no actions. A step asks the dict itself
# (``HAND_ACTIONS.get(cards) or actions_of(cards)``): a lookup, not a call and a lookup.
HAND_ACTIONS: dict[tuple[str, ...], HandActions] = {}


def actions_of(cards: tuple[str, ...]) -> HandActions:
    """The ``HandActions`` of sorted ``cards``."""
    made = HAND_ACTIONS.get(cards)
    if made is None:
        made = _remember(HAND_ACTIONS, cards, HandActions(cards), _HANDS_SIZE)
    return made


class Shown(NamedTuple):
    """What a display allows: the clue values that may be played (C5, C6), and an Alibi on
    each suspect while none lies on any."""

    fit_bits: int  # the clue values that may be played (``CLUE_BIT``)
    alibi_plays: tuple[PlayAlibi, ...]


class TableActions:
    """The actions of a game's displays and fronts, made on first use."""

    def __init__(self, config: ac.AlibiConfig, suspect_values: dict[str, frozenset[str]]) -> None:
        self.config = config
        self.suspect_values = suspect_values
        self.alibi_play = {s: PlayAlibi(s) for s in suspect_values}
        self.bribe = {(t, v): Bribe(t, v) for t in range(config.players) for v in ac.VALUES}
        # Asked as ``made.displays.get(display) or made.shown(display)`` at every step.
        self.displays: dict[tuple[str, ...], Shown] = {}
        self._bribes: dict[tuple[int, tuple[str, ...]], tuple[Bribe, ...]] = {}

    def shown(self, display: tuple[str, ...]) -> Shown:
        made = self.displays.get(display)
        if made is None:
            if self.config.clues_must_fit:
                fitting = {v for s in display for v in self.suspect_values[s]}
            else:
                fitting = set(ac.VALUES)
            fit_bits = sum(CLUE_BIT[v] for v in fitting)
            alibi_plays = tuple([self.alibi_play[s] for s in display])
            made = _remember(self.displays, display, Shown(fit_bits, alibi_plays))
        return made

    def bribes(self, target: int, front: tuple[str, ...]) -> tuple[Bribe, ...]:
        """A Bestechung of each distinct clue in ``target``'s front, in the order laid (C8):
        a front changes only when its seat plays or is bribed."""
        made = self._bribes.get((target, front))
        if made is None:
            bribes = tuple([self.bribe[target, v] for v in dict.fromkeys(front)])
            made = _remember(self._bribes, (target, front), bribes)
        return made


def _closing(hand: tuple[str, ...], main: bool) -> tuple[AlibiAction, ...]:
    """What follows a hand's plays: a Gutes Auge, then in the main action the exchanges
    (and a pass with an empty hand), among the extra plays a pass."""
    actions: list[AlibiAction] = [GOOD_EYE] if ac.GOOD_EYE in hand else []
    if main:
        actions += _exchange_actions(hand)
        if not hand:
            actions.append(PASS)  # only with an empty hand and empty piles
    else:
        actions.append(PASS)
    return tuple(actions)


def _remember(cache: dict[K, V], key: K, value: V, size: int = _CACHE_SIZE) -> V:
    """``value`` kept in ``cache`` under ``key``; a full cache starts again (some options
    let the hands and displays of a long game run into many more than ever come back)."""
    if len(cache) >= size:
        cache.clear()
    cache[key] = value
    return value


_exchange: dict[tuple[str, ...], Exchange] = {}


def _exchange_actions(hand: tuple[str, ...]) -> tuple[Exchange, ...]:
    """The exchanges of a hand, each made once for all hands (as many as the hands)."""
    actions = []
    for cards in _exchanges(hand):
        made = _exchange.get(cards)
        if made is None:
            made = _remember(_exchange, cards, Exchange(cards), _HANDS_SIZE)
        actions.append(made)
    return tuple(actions)


def _exchanges(hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every distinct set of 1-4 hand cards (as sorted tuples), smallest first."""
    found: dict[tuple[str, ...], None] = {}
    for size in range(1, min(len(hand), ac.MAX_EXCHANGE) + 1):
        for combo in combinations(hand, size):
            found[combo] = None
    return tuple(found)
