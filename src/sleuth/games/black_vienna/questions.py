"""A seat's investigations at one moment: every (card set, target) question, made on demand.

Late in a game a seat has hundreds of special investigations, and a playout lists them at
every step to pick one: the list counts and indexes them without making them, and takes
each question from the game's own (each is made once per game).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, overload

from sleuth.core.actions import NOT_MADE, IndexedActions, unusual_index

from .notation import Investigate

if TYPE_CHECKING:
    from .rules import BlackVienna


class Questions(IndexedActions):
    """The questions of ``seat`` in the rules' order: card set first, then target.

    The card sets are the face-up cards; then, once special investigations are open, each
    face-up card with each 0-marker card (``special=both``, A2), and each 0-marker card alone
    (``special=either``; or with ``empty_stacks=special-only`` when no card is face up, A8).
    A class of its own rather than a list of closures: it holds no state, so a state and its
    cached legal actions form no cycle for the collector, and a pick is one call.
    """

    __slots__ = ("_alone", "_face", "_game", "_pairs", "_reusable", "_targets")
    # The same for every list: class attributes, which hide IndexedActions' slots of the
    # same names, rather than two stores per list (one list a step).
    kind = Investigate.kind
    drastic = False

    def __init__(
        self,
        game: BlackVienna,
        seat: int,
        face: tuple[str | None, ...],
        zeros: tuple[tuple[str, int], ...],
    ) -> None:
        """``face``: the top of each stack (``None``: empty); ``zeros``: the 0-marker cards
        on the table with their holders, or none when special investigations are locked."""
        # IndexedActions.__init__ is not called: this class makes its items itself.
        self._last = NOT_MADE
        # Plain loops: a comprehension is a function call of its own (this runs every step).
        reusable = []
        for card, holder in zeros:  # a 0-marker card in front of another seat (A3)
            if holder != seat:
                reusable.append(card)
        # The face-up cards: filtered only once a stack has run out.
        up: tuple[str, ...] = face if None not in face else tuple(filter(None, face))  # type: ignore[assignment]
        self._face = up
        spare = self._reusable = tuple(reusable)
        targets = self._targets = game.targets[seat]
        both = game.both
        pairs = self._pairs = len(up) * len(spare) if both else 0
        alone = self._alone = len(spare) if not both or (not up and game.special_only) else 0
        self._size = (len(up) + pairs + alone) * len(targets)
        self._game = game

    @overload
    def __getitem__(self, index: int) -> Investigate: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Investigate]: ...
    def __getitem__(self, index: int | slice) -> Investigate | Sequence[Investigate]:
        if type(index) is not int or not 0 <= index < self._size:  # not a bot's usual pick
            where = unusual_index(index, self._size)
            if type(where) is range:
                return [self[i] for i in where]
            index = where
        # Made here, not in a method of its own: a pick is then one call.
        targets = self._targets
        card_set, target = divmod(index, len(targets))
        face, game = self._face, self._game
        if card_set < len(face):
            by_target = game.singles[face[card_set]]
        elif card_set - len(face) < self._pairs:
            up, old = divmod(card_set - len(face), len(self._reusable))
            card, reused = face[up], self._reusable[old]
            by_target = game.questions[card].get(reused) or game.asking(card, reused)
        else:
            by_target = game.singles[self._reusable[card_set - len(face) - self._pairs]]
        self._last = made = by_target[targets[target]]
        return made

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Investigate) or action.target not in self._targets:
            return False
        cards, face, reusable = action.cards, self._face, self._reusable
        if len(cards) == 1:
            return cards[0] in face or (self._alone > 0 and cards[0] in reusable)
        return self._pairs > 0 and len(cards) == 2 and cards[0] in face and cards[1] in reusable
