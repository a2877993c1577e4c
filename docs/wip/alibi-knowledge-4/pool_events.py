"""One seat's pool knowledge (``pools``) followed through the events it sees, step by step.

Reads only what the seat is shown: the step's events it may see (``sees``) and, at the deal,
its own view. It keeps the public table as the events move it (the fronts with the alibis
laid, the discard pile, the draw pile's size and each hand's size), because a reshuffle
puts those known cards back into the pile.

What the seat sees, read from the engine (``rules``): a card laid, a special played, a
card bribed away, and the cards an exchange or a swap discards, all face up; its own draws;
the others' draw counts. A swap's or an exchange's discards go to the discard pile, never
back into the draw pile, unless the draw that follows empties the draw pile: then the
discard pile (with them) is shuffled into a new draw pile before anyone sees them, and after
an exchange the table is not even told how many went. The draw pile's top cards are drawn
first; after a refill the drawer first took what was left of the old pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from hand_filter import HandFilter
from pools import Counts, PoolKnowledge

from sleuth.core.events import Event, sees
from sleuth.games.alibi import components as ac
from sleuth.games.alibi.events import (
    AlibiGiven,
    Bribed,
    DiscardedUnseen,
    DiscardReshuffled,
    Drew,
    DrewCards,
    Exchanged,
    GoodEyePlayed,
    NewRound,
    Played,
    Swapped,
)
from sleuth.games.alibi.views import AlibiView

INDEX = ac.CARD_ORDER


def _counts(cards: Counter[str]) -> Counts:
    return tuple(cards[c] for c in ac.CARDS)


class SeatKnowledge:
    """``seat``'s pool knowledge and the public table it follows."""

    def __init__(
        self,
        view: AlibiView,
        deck: Iterable[str],
        exact: bool = False,
        kind: type[PoolKnowledge] | type[HandFilter] = PoolKnowledge,
    ) -> None:
        if view.seat is None or view.hand is None:
            raise ValueError("a spectator's view: no seat to follow")
        self.seat = view.seat
        unseen = Counter(deck)
        unseen.subtract(view.hand)
        self.hands = list(view.hand_sizes)
        self.pile = view.draw_pile_size
        self.discard: Counter[str] = Counter(view.discard)
        self.table: Counter[str] = Counter()  # the fronts and the alibis laid
        self.refill = False  # the pile ran out this step: the next draw refills it
        self.unseen_from: int | None = None  # another seat gave cards up unseen this step
        self.knowledge: PoolKnowledge | HandFilter = kind.start(
            _counts(unseen), view.hand_sizes, self.seat, view.draw_pile_size, exact
        )

    def step(self, events: Iterable[Event]) -> None:
        for event in events:
            if sees(event, self.seat):
                self._event(event)

    def _shown(self, seat: int, card: str) -> None:
        self.hands[seat] -= 1
        if seat != self.seat:
            self.knowledge.showed(seat, INDEX[card])

    def _event(self, event: Event) -> None:
        k = self.knowledge
        if isinstance(event, Played):
            self._shown(event.seat, event.card)
            self.table[event.card] += 1
        elif isinstance(event, AlibiGiven):
            self._shown(event.seat, ac.ALIBI)
            self.table[ac.ALIBI] += 1
        elif isinstance(event, GoodEyePlayed):
            self._shown(event.seat, ac.GOOD_EYE)
            self.discard[ac.GOOD_EYE] += 1
        elif isinstance(event, Bribed):
            self._shown(event.seat, ac.BRIBE)
            self.discard[ac.BRIBE] += 1
            self.table[event.card] -= 1
            self.discard[event.card] += 1
        elif isinstance(event, Exchanged | Swapped):
            self._discarded(event)
        elif isinstance(event, DiscardedUnseen):
            self.hands[event.seat] -= len(event.cards)
            self.discard.update(event.cards)
        elif isinstance(event, DiscardReshuffled):
            self.refill = True
        elif isinstance(event, NewRound):
            k.pile_gets(_counts(self.table + self.discard))
            self.pile += self.table.total() + self.discard.total()
            self.table, self.discard = Counter(), Counter()
        elif isinstance(event, Drew) and event.seat != self.seat:
            self._drew(event.seat, event.count)
        elif isinstance(event, DrewCards):
            self._own_draw(event.cards)

    def _discarded(self, event: Exchanged | Swapped) -> None:
        seat = event.seat
        cards = event.card if isinstance(event, Swapped) else event.cards
        if cards is None:
            if seat == self.seat:
                return  # its own cards: ``DiscardedUnseen`` names them
            # Shuffled away unseen: the pile had fewer cards than went (none, a swap).
            top = 1 if isinstance(event, Swapped) else self.hands[seat]
            self.knowledge.gave_unseen(seat, range(self.pile + 1, top + 1))
            self.unseen_from = seat
            return
        for card in (cards,) if isinstance(cards, str) else cards:
            self._shown(seat, card)
            self.discard[card] += 1

    def _refilled(self) -> None:
        self.knowledge.pile_gets(_counts(self.discard))
        self.pile = self.discard.total()
        self.discard = Counter()
        self.refill = False

    def _drew(self, seat: int, count: int | None) -> None:
        k = self.knowledge
        if self.unseen_from == seat:
            # The old pile, then the refill with the unseen cards, then back to a full hand.
            old = self.pile
            k.drew(seat, old)
            size = self.hands[seat]
            unseen_total = self.discard.total()
            self._refilled()
            k.drew_to(seat, size)
            self.pile = unseen_total + old
            self.unseen_from = None
            return
        if count is None:
            raise ValueError("a draw count hidden without an unseen exchange")
        self.hands[seat] += count
        if self.refill:
            old = self.pile
            k.drew(seat, old)
            self._refilled()
            k.drew(seat, count - old)
            self.pile -= count - old
        else:
            k.drew(seat, count)
            self.pile -= count

    def _own_draw(self, cards: tuple[str, ...]) -> None:
        k = self.knowledge
        if self.refill:
            old = self.pile
            for card in cards[:old]:
                k.showed(k.pile, INDEX[card])
            self._refilled()
            for card in cards[old:]:
                k.showed(k.pile, INDEX[card])
            self.pile -= len(cards) - old
        else:
            for card in cards:
                k.showed(k.pile, INDEX[card])
            self.pile -= len(cards)
        self.hands[self.seat] += len(cards)

    def check(self, view: AlibiView) -> None:
        """The table it followed is the view's (a check of the following, not the view)."""
        if self.pile != view.draw_pile_size or self.discard != Counter(view.discard):
            raise AssertionError(
                f"followed pile {self.pile}, discard {sorted(self.discard.elements())}; "
                f"view {view.draw_pile_size}, {sorted(view.discard)}"
            )
        self.hands = list(view.hand_sizes)
