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
# Keys of a hand's lists by the clues that fit: 16 subsets at most, and some fitting sets.
_FITTED_SIZE = 32

CLUE_PLAY = {v: PlayClue(v) for v in ac.VALUES}
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

    def without(self, cards: tuple[str, ...]) -> Hand:
        """The hand without ``cards`` (which it holds)."""
        made = self._without.get(cards)
        if made is None:
            left = list(self.cards)
            for card in cards:
                left.remove(card)
            made = self._without[cards] = hand_of(tuple(left))
        return made


class HandActions:
    """One hand's actions (C5, C6, §3.3)."""

    __slots__ = (
        "_closing",
        "_fitted",
        "alibi",
        "bribe",
        "clues",
        "extra",
        "main",
        "plays",
        "swaps",
        "targeted",
    )

    def __init__(self, cards: tuple[str, ...]) -> None:
        distinct = tuple(dict.fromkeys(cards))
        self.clues = frozenset(c for c in distinct if c in CLUE_PLAY)
        # A play of each distinct clue, in hand order: those that fit any display.
        self.plays = tuple([CLUE_PLAY[c] for c in distinct if c in CLUE_PLAY])
        self.alibi = ac.ALIBI in cards
        self.bribe = ac.BRIBE in cards
        self.targeted = self.alibi or self.bribe
        # By ``main``: what follows the plays in the main action, and among the extra plays.
        self._closing = (_closing(cards, main=False), _closing(cards, main=True))
        # The whole list when every clue fits and there is nothing to aim (``targeted``).
        self.main = self.plays + self._closing[True]
        self.extra = self.plays + self._closing[False]
        # The optional swap of each distinct hand card, then declining it.
        self.swaps: tuple[Swap | Pass, ...] = (*[SWAP[c] for c in distinct], PASS)
        self._fitted: dict[frozenset[str], tuple[tuple[AlibiAction, ...], ...]] = {}

    def fitting_plays(self, fitting: frozenset[str]) -> tuple[AlibiAction, ...]:
        """The plays of the clues among ``fitting`` (C5, C6)."""
        if self.clues <= fitting:  # most hands, most displays
            return self.plays
        return self._fitted_turns(fitting)[2]

    def turn(self, fitting: frozenset[str], main: bool) -> tuple[AlibiAction, ...]:
        """Plays, then what closes them, for a hand with nothing to aim (``targeted``)."""
        if self.clues <= fitting:
            return self.main if main else self.extra
        return self._fitted_turns(fitting)[main]

    def _fitted_turns(self, fitting: frozenset[str]) -> tuple[tuple[AlibiAction, ...], ...]:
        """With some clue that fits no displayed suspect: (``extra``, ``main``, plays)."""
        # Made once per subset of the hand's clues that fit (at most 16), and found by the
        # fitting set itself for the first few (its hash is kept, the subset's is not).
        # Either key stands for the same lists: those of the hand's clues among it.
        made = self._fitted.get(fitting)
        if made is None:
            fit = self.clues & fitting
            made = self._fitted.get(fit)
            if made is None:
                plays = tuple([p for p in self.plays if p.value in fit])
                made = (plays + self._closing[False], plays + self._closing[True], plays)
                self._fitted[fit] = made
            if len(self._fitted) < _FITTED_SIZE:
                self._fitted[fitting] = made
        return made

    def closing(self, main: bool) -> tuple[AlibiAction, ...]:
        return self._closing[main]


_hands: dict[tuple[str, ...], Hand] = {}


def hand_of(cards: tuple[str, ...]) -> Hand:
    """The ``Hand`` of sorted ``cards``."""
    made = _hands.get(cards)
    if made is None:
        made = _remember(_hands, cards, Hand(cards), _HANDS_SIZE)
    return made


# Apart from the hands: most hands a step passes through (a card gone, before the next is
# drawn) are never held at a decision, and need no actions.
_actions: dict[tuple[str, ...], HandActions] = {}


def actions_of(cards: tuple[str, ...]) -> HandActions:
    """The ``HandActions`` of sorted ``cards``."""
    made = _actions.get(cards)
    if made is None:
        made = _remember(_actions, cards, HandActions(cards), _HANDS_SIZE)
    return made


class Shown(NamedTuple):
    """What a display allows: the clue values that may be played (C5, C6), and an Alibi on
    each suspect while none lies on any."""

    fitting: frozenset[str]
    alibi_plays: tuple[PlayAlibi, ...]


class TableActions:
    """The actions of a game's displays and fronts, made on first use."""

    def __init__(self, config: ac.AlibiConfig, suspect_values: dict[str, frozenset[str]]) -> None:
        self.config = config
        self.suspect_values = suspect_values
        self.alibi_play = {s: PlayAlibi(s) for s in suspect_values}
        self.bribe = {(t, v): Bribe(t, v) for t in range(config.players) for v in ac.VALUES}
        self._shown: dict[tuple[str, ...], Shown] = {}
        self._bribes: dict[tuple[int, tuple[str, ...]], tuple[Bribe, ...]] = {}

    def shown(self, display: tuple[str, ...]) -> Shown:
        made = self._shown.get(display)
        if made is None:
            if self.config.clues_must_fit:
                fitting = frozenset(v for s in display for v in self.suspect_values[s])
            else:
                fitting = frozenset(ac.VALUES)
            alibi_plays = tuple([self.alibi_play[s] for s in display])
            made = _remember(self._shown, display, Shown(fitting, alibi_plays))
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
