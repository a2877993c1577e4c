"""13 Clues' legal questions, looks and accusations as action lists (``sleuth.core.actions``).

A seat may ask up to 5 witnesses x 16 subjects (x 2 with Top Secret) and accuse ~100 trios;
a playout asks for them at every step. What a seat may do at its turn depends only on the
phase, its Top Secret token and the cards it sees (fixed once the mysteries are chosen), so
each such list is made once per game and shared; each action object is made once per game.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple, overload

from sleuth.core.actions import NOT_MADE, ActionList, IndexedActions
from sleuth.core.protocol import Action

from . import components as tc
from .components import Phase
from .notation import Accuse, Ask

if TYPE_CHECKING:
    from .rules import ThirteenClues, ThirteenCluesState

PLAY = Phase.PLAY  # a module name: an enum member's lookup costs a call


class TurnActions(ActionList):
    """A seat's actions at its turn: the parts of ``head`` (its questions and the looks,
    the same all game), each item made once, then ``tail`` (accusations, by the cards the
    seat sees), indexed lazily. Made once per game for each seat and shared by every state
    it fits: a pick in the head is one tuple lookup, not a walk through the parts, and
    ``check`` recognises the item picked last in one comparison."""

    def __init__(self, head: TurnHead, tail: IndexedActions) -> None:
        super().__init__([*head.parts, tail])
        self._head = head.items
        self._tail = tail
        self._last: object = NOT_MADE
        # 13 Clues has no drastic action (a wrong accusation only ends the turn): the
        # split is this list and nothing, the same at every step (``split_drastic``).
        split = self._split = super().split_drastic()
        if split[0] is not self:
            raise TypeError("TurnActions expects no drastic actions")

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if type(index) is not int:
            return super().__getitem__(index)
        if index < 0:
            index += self._size
        head = len(self._head)
        if 0 <= index < head:
            made = self._last = self._head[index]
        elif head <= index < self._size:
            made = self._last = self._tail[index - head]
        else:
            raise IndexError(index)
        return made

    def handed_out(self, action: object) -> bool:
        return action is self._last or super().handed_out(action)


class TurnHead(NamedTuple):
    """The questions and looks of a seat at its turn, as parts and as one tuple: the same
    in every deal, so kept by the game across deals (each deal only adds its accusations)."""

    parts: tuple[Sequence[Action], ...]
    items: tuple[Action, ...]


def turn_actions(state: ThirteenCluesState, seat: int) -> ActionList:
    """Every action of ``seat`` at its turn: questions and looks (in play), accusations."""
    game = state.game
    playing = state.phase == PLAY
    if not game.repeat_accusations and any(a.seat == seat for a in state.accusations):
        # Its own wrong accusations (an option) make a list for this state alone.
        parts = [question_actions(state, seat), game.looks] if playing else []
        return ActionList([*parts, accusation_actions(state, seat)])
    token = bool(state.tokens >> seat & 1)
    key = (playing, seat, token, state.seen_by(seat))
    kept = game.turn_lists.get(key)
    if kept is None:
        head = game.turn_heads.get(key[:3])
        if head is None:
            shown: tuple[Sequence[Action], ...] = ()
            if playing:
                shown = (question_actions(state, seat), game.looks)
            items = tuple(chain.from_iterable([part[:] for part in shown]))
            head = game.turn_heads[key[:3]] = TurnHead(shown, items)
        kept = game.keep_turn_list(key, TurnActions(head, accusation_actions(state, seat)))
    return kept


def question_actions(state: ThirteenCluesState, seat: int) -> IndexedActions:
    """Every question of ``seat`` now: witness, then subject, side, secret."""
    token = bool(state.tokens >> seat & 1)
    return state.game.kept_list(("ask", seat, token), lambda: _questions(state.game, seat, token))


def _questions(game: ThirteenClues, seat: int, token: bool) -> IndexedActions:
    witnesses = [w for w in range(game.players) if w != seat]
    sides = tc.SIDES if game.two_player else ("",)
    secrets = (False, True) if token else (False,)
    per_witness = len(game.subjects) * len(sides) * len(secrets)

    def make(index: int) -> Ask:
        witness, rest = divmod(index, per_witness)
        rest, secret = divmod(rest, len(secrets))
        subject, side = divmod(rest, len(sides))
        return Ask(witnesses[witness], game.subjects[subject], sides[side], secrets[secret])

    # Each question made once: the list is kept by the game.
    asks = tuple([make(i) for i in range(len(witnesses) * per_witness)])

    def contains(action: object) -> bool:
        return (
            isinstance(action, Ask)
            and action.witness in witnesses
            and action.subject in game.masks
            and action.side in sides
            and action.secret in secrets
        )

    return IndexedActions(Ask, len(asks), asks.__getitem__, contains)


def accusation_actions(state: ThirteenCluesState, seat: int) -> IndexedActions:
    """Every accusation ``seat`` may make: no visible card, no repeat of its own (option)."""
    game = state.game
    wrong: set[tuple[int, int, int]] = set()
    if not game.repeat_accusations:
        wrong = {a.cards for a in state.accusations if a.seat == seat}
    visible = state.seen_by(seat)
    if not wrong:  # every trio of unseen cards: the same list for the same cards seen
        return game.kept_list(("accuse", visible), lambda: _accusations(game, visible, wrong))
    return _accusations(game, visible, wrong)


def _accusations(
    game: ThirteenClues, visible: int, wrong: set[tuple[int, int, int]]
) -> IndexedActions:
    persons, places, weapons = game.unseen(visible)
    accusation = game.accusation
    size = len(persons) * len(places) * len(weapons)
    # Indexed arithmetically over persons x places x weapons; only a seat's own wrong
    # accusations (rare) make a full list worth building.
    trios: list[tuple[int, int, int]] | None = None
    if wrong:
        trios = [
            t
            for t in ((p, loc, w) for p in persons for loc in places for w in weapons)
            if t not in wrong
        ]
        size = len(trios)

    def make(index: int) -> Accuse:
        if trios is not None:
            return accusation(*trios[index])
        rest, w = divmod(index, len(weapons))
        p, loc = divmod(rest, len(places))
        return accusation(persons[p], places[loc], weapons[w])

    def contains(action: object) -> bool:
        if not isinstance(action, Accuse) or len(action.cards) != 3:
            return False
        ids = tuple(game.ids.get(name, -1) for name in action.cards)
        trio = (ids[0], ids[1], ids[2])
        return ids[0] in persons and ids[1] in places and ids[2] in weapons and trio not in wrong

    return IndexedActions(Accuse, size, make, contains)
