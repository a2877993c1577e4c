"""What each seat can prove about the hidden places: at most how many of each card every
other hand and the draw pile can hold, given what that seat saw (issue #33).

A seat sees its own draws and every card laid, discarded or bribed, and when the piles are
reshuffled: the discard pile alone when the draw pile runs out (C11), everything but the
hands at a new round (§3.4). From that it knows, for each other hand and for the draw pile,
an upper bound on the copies of each card there, kept step by step in the state (a fixed
table per seat, never a growing log):

* a hand that draws ``k`` cards gains at most ``min(k, bound of the pile)`` of each card;
  a card it lays, discards or gives up lowers its bound by one;
* the seat's own draws lower the pile's bounds by what it drew;
* at a reshuffle every bound is cut to what the seat cannot see at that moment (hands keep
  their cards), and the new draw pile's bounds are what went into it: cards the seat saw,
  and (a new round) what the old draw pile could hold, or (a discard refill whose discards
  no one else saw) what the drawer could have given up.

The bounds are sound, not exact: they bound each card on its own, not the hands jointly.
The sampler deals only within them, so it never deals a card a seat provably cannot hold
under these rules; the bounds never read another seat's hand nor the draw pile's order.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from . import components as ac
from .events import (
    AlibiGiven,
    Bribed,
    DiscardReshuffled,
    Drew,
    Exchanged,
    GoodEyePlayed,
    NewRound,
    Played,
    Swapped,
)
from .raw_events import RawEvent

if TYPE_CHECKING:
    from .rules import Alibi, AlibiState

MOVING = frozenset(
    (
        Drew,
        Played,
        Swapped,
        Exchanged,
        AlibiGiven,
        GoodEyePlayed,
        Bribed,
        DiscardReshuffled,
        NewRound,
    )
)

# A view's bounds: [place][card], places the seats then the draw pile, cards in ac.CARDS
# order. The state keeps each place's row packed into one int, a byte a card (``pack``):
# a draw updates every other seat's row at nearly every step, and byte-wise arithmetic on
# one int is several times cheaper than a tuple made card by card. Every count stays
# below 128 (at most 20 of a card: AlibiConfig's ranges).
Places = tuple[tuple[int, ...], ...]
Bounds = tuple[tuple[int, ...], ...]  # [observer][place], each a packed row

CARDS = len(ac.CARDS)
INDEX = ac.CARD_ORDER
HAND = ac.HAND_SIZE
ONES = sum(1 << (8 * i) for i in range(CARDS))
SIGNS = ONES << 7
NONE = 0


# A packed row is its counts as little-endian bytes: the conversions are then ``bytes``'
# own (a view unpacks a row per place at every step).
def pack(counts: Iterable[int]) -> int:
    return int.from_bytes(bytes(counts), "little")


@functools.lru_cache(maxsize=4096)
def unpack(row: int) -> tuple[int, ...]:
    return tuple(row.to_bytes(CARDS, "little"))


def least(a: int, b: int) -> int:
    """Byte by byte the smaller of two packed rows (every byte below 128)."""
    a_not_less = (((a | SIGNS) - b) & SIGNS) >> 7
    mask = a_not_less * 0xFF
    return (b & mask) | (a & ~mask)


def _lower(row: int, card: int) -> int:
    """One fewer of a card, never below none."""
    return row - (1 << (8 * card)) if (row >> (8 * card)) & 0xFF else row


@functools.lru_cache(maxsize=64)
def deck_counts(deck: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(counts_of(deck))


def counts_of(cards: Iterable[str]) -> list[int]:
    counts = [0] * CARDS
    for card in cards:
        counts[INDEX[card]] += 1
    return counts


def initial(game: Alibi, hands: Sequence[Sequence[str]]) -> Bounds:
    """At the deal each seat knows only its own hand: everything else is anywhere hidden."""
    deck = deck_counts(game.deck)
    bounds = []
    for seat, hand in enumerate(hands):
        own = counts_of(hand)
        unseen = [max(d - o, 0) for d, o in zip(deck, own, strict=True)]
        in_hand = pack(min(n, HAND) for n in unseen)
        places = [NONE if s == seat else in_hand for s in range(len(hands))]
        bounds.append((*places, pack(unseen)))
    return tuple(bounds)


def loose(game: Alibi, seat: int) -> Bounds:
    """Bounds for every seat but ``seat`` that rule nothing out (a sampled state's other
    seats: what they saw is not known to the seat that sampled it)."""
    return _loose(game.deck, game.players)


@functools.lru_cache(maxsize=64)
def _loose(deck_cards: tuple[str, ...], players: int) -> Bounds:
    deck = deck_counts(deck_cards)
    in_hand = pack(min(n, HAND) for n in deck)
    return tuple(
        (*(NONE if s == observer else in_hand for s in range(players)), pack(deck))
        for observer in range(players)
    )


def seat_bounds(bounds: Bounds, seat: int | None) -> Places:
    """What a seat's view shows of its own bounds: its own place left out (it sees it)."""
    if seat is None or not bounds:
        return ()
    return tuple([() if s == seat else unpack(place) for s, place in enumerate(bounds[seat])])


def with_seat(game: Alibi, seat: int, places: Places) -> Bounds:
    """Bounds whose ``seat`` part is a view's ``places``, the others ``loose``."""
    others = loose(game, seat)
    mine = _packed(seat, places)
    return tuple(mine if s == seat else b for s, b in enumerate(others))


@functools.lru_cache(maxsize=64)  # a search samples one view a hundred times
def _packed(seat: int, places: Places) -> tuple[int, ...]:
    return tuple(NONE if s == seat else pack(p) for s, p in enumerate(places))


def step(before: AlibiState, notes: Sequence[RawEvent], counts_hidden: bool) -> Bounds:
    """The bounds after one step: ``before``'s folded with the step's raw events."""
    if not before.bounds:
        return ()
    if not any(note[0] in MOVING for note in notes):
        return before.bounds  # a pass, a stop: no card moved
    plain = _plain(before, notes, counts_hidden)
    return fold(before, notes, counts_hidden) if plain is None else plain


def fold_waiting(state: AlibiState) -> Bounds:
    """``state``'s bounds: every step since the last state whose bounds are known, folded
    in order and kept in each state (a loop: a playout may leave a whole game to fold).
    ``known`` is written before ``unfolded`` is cleared, so a second caller meanwhile folds
    the same values again rather than reading none."""
    waiting: list[tuple[AlibiState, AlibiState]] = []
    at = state
    while (before := at.unfolded) is not None:
        waiting.append((at, before))
        at = before
    for later, before in reversed(waiting):
        later.known = step(before, later.notes or (), later.counts_hidden)
        later.unfolded = None
    return state.known or ()


def fold(before: AlibiState, notes: Sequence[RawEvent], counts_hidden: bool) -> Bounds:
    """``step`` for any step: the events applied in order, the table followed for the
    reshuffles."""
    folding = _Fold(before, counts_hidden)
    for note in notes:
        folding.note(note)
    return tuple(map(tuple, folding.bounds))


# The card each special shows from its player's hand.
SHOWN = {
    AlibiGiven: INDEX[ac.ALIBI],
    GoodEyePlayed: INDEX[ac.GOOD_EYE],
    Bribed: INDEX[ac.BRIBE],
}


def _plain(before: AlibiState, notes: Sequence[RawEvent], counts_hidden: bool) -> Bounds | None:
    """``step`` for a step that reshuffled nothing (nearly all), straight on the rows: only
    the draws and the cards shown from a hand move a bound then, and the table ``_Fold``
    keeps for a reshuffle is not needed. None for a step that reshuffled."""
    if counts_hidden:
        return None  # only a reshuffle hides an exchange's counts
    rows = [list(places) for places in before.bounds]
    pile = before.game.players
    for note in notes:
        kind = note[0]
        if kind is Drew:
            seat, cards = note[1], note[2]
            _draw(rows, seat, len(cards), pile)
            own = rows[seat]
            for card in cards:
                own[pile] = _lower(own[pile], INDEX[card])
        elif kind is Swapped or kind is Exchanged:
            if note[3]:
                return None  # the discards went into a reshuffle unseen
            for card in (note[2],) if kind is Swapped else note[2]:
                _reveal(rows, note[1], INDEX[card])
        elif kind is Played:
            _reveal(rows, note[1], INDEX[note[2]])
        elif kind in SHOWN:
            _reveal(rows, note[1], SHOWN[kind])
        elif kind in MOVING:
            return None  # a reshuffle
    return tuple(map(tuple, rows))


def _reveal(rows: list[list[int]], seat: int, card: int) -> None:
    """``seat`` showed ``card`` from its hand: every other seat lowers its bound by one."""
    for observer, places in enumerate(rows):
        if observer != seat:
            places[seat] = _lower(places[seat], card)


def _draw(rows: list[list[int]], seat: int, count: int, pile: int) -> None:
    """Every other seat: ``seat`` took ``count`` unseen cards from the draw pile."""
    if not count:
        return
    # min(hand + min(count, pile), HAND) is hand + min(count, pile, HAND - hand).
    most = min(count, HAND) * ONES
    for observer, places in enumerate(rows):
        if observer != seat:
            hand = places[seat]
            places[seat] = hand + least(least(most, places[pile]), HAND * ONES - hand)


class _Fold:
    """One step's events applied to every seat's bounds, in the order they happened."""

    def __init__(self, before: AlibiState, counts_hidden: bool) -> None:
        self.before = before
        self.players = before.game.players
        self.pile = self.players
        self.bounds = [list(places) for places in before.bounds]
        self.counts_hidden = counts_hidden
        self.pile_size = len(before.pile)
        self.hands: dict[int, Counter[str]] = {}
        self.held: list[tuple[int, str, int]] = []  # (seat, card, +1/-1) until a hand is made
        # The table as it changes within the step, made only when a reshuffle needs it.
        self.fronts: Counter[str] | None = None
        self.discard: Counter[str] | None = None
        self.moves: list[tuple[str, str, int]] = []  # (where, card, +1/-1) until made
        self.unseen: tuple[int, tuple[str, ...], int] | None = None  # seat, cards, count bound
        self.refill_drawn = 0

    # --- the events -------------------------------------------------------------------------

    def note(self, note: RawEvent) -> None:
        kind = note[0]
        if kind is Drew:
            self._drew(note[1], note[2])
        elif kind is Played:
            self._laid(note[1], note[2], "front")
        elif kind is Swapped or kind is Exchanged:
            seat, cards, unseen = note[1], note[2], note[3]
            cards = (cards,) if kind is Swapped else cards
            for card in cards:
                self.held.append((seat, card, -1))
                self.moves.append(("discard", card, 1))
                if not unseen:
                    self._revealed(seat, card)
            if unseen:
                # Only a swap tells the table how many cards went (one).
                self.unseen = (seat, cards, 1 if kind is Swapped else ac.MAX_EXCHANGE)
        elif kind is AlibiGiven:
            self._laid(note[1], ac.ALIBI, "front")
        elif kind is GoodEyePlayed:
            self._laid(note[1], ac.GOOD_EYE, "discard")
        elif kind is Bribed:
            _, seat, _target, value = note
            self._laid(seat, ac.BRIBE, "discard")
            self.moves += (("front", value, -1), ("discard", value, 1))
        elif kind is DiscardReshuffled:
            self._refill(note[2], note[1])
        elif kind is NewRound:
            self._new_round(note[1])

    def _hand(self, seat: int) -> Counter[str]:
        """``seat``'s hand as it is now (made only for a reshuffle: most steps have none)."""
        for owner, card, change in self.held:
            if owner in self.hands:
                self.hands[owner][card] += change
            else:
                self.hands[owner] = Counter(self.before.hands[owner])
                self.hands[owner][card] += change
        self.held = []
        hand = self.hands.get(seat)
        if hand is None:
            hand = self.hands[seat] = Counter(self.before.hands[seat])
        return hand

    def _laid(self, seat: int, card: str, where: str) -> None:
        self.held.append((seat, card, -1))
        self.moves.append((where, card, 1))
        self._revealed(seat, card)

    def _revealed(self, seat: int, card: str) -> None:
        _reveal(self.bounds, seat, INDEX[card])

    def _drew(self, seat: int, cards: tuple[str, ...]) -> None:
        # After a refill the first cards drawn were the old pile's: ``_refill`` counted them.
        fresh = cards[self.refill_drawn :]
        self.refill_drawn = 0
        self.held += ((seat, card, 1) for card in cards)
        self.pile_size -= len(fresh)
        # An exchange whose discards went unseen hides how many cards it drew.
        _draw(self.bounds, seat, ac.MAX_EXCHANGE if self.counts_hidden else len(fresh), self.pile)
        own = self.bounds[seat]
        for card in fresh:
            own[self.pile] = _lower(own[self.pile], INDEX[card])

    # --- the reshuffles ---------------------------------------------------------------------

    def _table(self) -> tuple[Counter[str], Counter[str]]:
        """The fronts with the alibis laid, and the discard pile, as they are now."""
        if self.fronts is None or self.discard is None:
            before = self.before
            self.fronts = Counter(c for front in before.fronts for c in front)
            self.fronts[ac.ALIBI] += len(before.alibis)
            self.discard = Counter(before.discard)
        for where, card, change in self.moves:
            (self.fronts if where == "front" else self.discard)[card] += change
        self.moves = []
        return self.fronts, self.discard

    def _hand_row(self, seat: int) -> int:
        """``seat``'s hand now, packed (most hands did not change in the step)."""
        if seat in self.hands or any(owner == seat for owner, _, _ in self.held):
            return pack(counts_of(self._hand(seat).elements()))
        return pack(counts_of(self.before.hands[seat]))

    def _reshuffle(self, laid: Counter[str], add_old_pile: bool) -> None:
        """Each seat cuts its bounds to what it cannot see now (the deck less its hand and
        the table it saw); the new draw pile holds the ``laid`` cards it saw, what the
        discards it did not see could be, and (a new round) the old draw pile."""
        fronts, discard = self._table()
        table = pack(counts_of((fronts + discard).elements()))
        deck = pack(deck_counts(self.before.game.deck))
        laid_row = pack(counts_of(laid.elements()))
        for observer, places in enumerate(self.bounds):
            unseen, owner, count = self._unseen(observer)
            seen = table - unseen + self._hand_row(observer)
            hidden = deck - least(seen, deck)
            for s, place in enumerate(places):
                if s != observer:
                    places[s] = least(place, hidden)
            pile = laid_row - unseen
            if unseen:
                # Cards their owner gave up unseen: any it could have held.
                pile += least(places[owner], count * ONES)
            if add_old_pile:
                pile += places[self.pile]
            places[self.pile] = pile
        self.unseen = None

    def _unseen(self, observer: int) -> tuple[int, int, int]:
        """The cards discarded this step that ``observer`` did not see (packed), with their
        owner and how many the table knows went (a swap: one)."""
        if self.unseen is None or observer == self.unseen[0]:
            return 0, 0, 0
        seat, cards, count = self.unseen
        return pack(counts_of(cards)), seat, count

    def _refill(self, seat: int, count: int) -> None:
        """C11: ``seat`` drew the rest of the draw pile, then the discard pile became it."""
        self.refill_drawn = self.pile_size
        _draw(self.bounds, seat, self.pile_size, self.pile)
        _, discard = self._table()
        self._reshuffle(discard, add_old_pile=False)
        self.discard = Counter()
        self.pile_size = count

    def _new_round(self, count: int) -> None:
        """§3.4: the draw pile, the discard pile and the table become the new draw pile."""
        fronts, discard = self._table()
        self._reshuffle(fronts + discard, add_old_pile=True)
        self.fronts, self.discard = Counter(), Counter()
        self.pile_size = count
