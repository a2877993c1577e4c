"""13 Clues' legal questions and accusations as lazy lists (``sleuth.core.actions``).

A seat may ask up to 5 witnesses x 16 subjects (x 2 with Top Secret) and accuse ~100 trios;
a playout asks for them at every step, so items are made only when picked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sleuth.core.actions import IndexedActions

from . import components as tc
from .notation import Accuse, Ask

if TYPE_CHECKING:
    from .rules import ThirteenClues, ThirteenCluesState


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

    def contains(action: object) -> bool:
        return (
            isinstance(action, Ask)
            and action.witness in witnesses
            and action.subject in game.masks
            and action.side in sides
            and action.secret in secrets
        )

    return IndexedActions(Ask, len(witnesses) * per_witness, make, contains)


def accusation_actions(state: ThirteenCluesState, seat: int) -> IndexedActions:
    """Every accusation ``seat`` may make: no visible card, no repeat of its own (option)."""
    game = state.game
    wrong: set[tuple[int, int, int]] = set()
    if not game.config.repeat_accusations:
        wrong = {a.cards for a in state.accusations if a.seat == seat}
    visible = state.seen_by(seat)
    if not wrong:  # every trio of unseen cards: the same list for the same cards seen
        return game.kept_list(("accuse", visible), lambda: _accusations(game, visible, wrong))
    return _accusations(game, visible, wrong)


def _accusations(
    game: ThirteenClues, visible: int, wrong: set[tuple[int, int, int]]
) -> IndexedActions:
    names = game.names
    persons, places, weapons = game.unseen(visible)
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

    def trio_at(index: int) -> tuple[int, int, int]:
        if trios is not None:
            return trios[index]
        rest, w = divmod(index, len(weapons))
        p, loc = divmod(rest, len(places))
        return persons[p], places[loc], weapons[w]

    def make(index: int) -> Accuse:
        p, loc, w = trio_at(index)
        return Accuse((names[p], names[loc], names[w]))

    def contains(action: object) -> bool:
        if not isinstance(action, Accuse) or len(action.cards) != 3:
            return False
        ids = tuple(game.ids.get(name, -1) for name in action.cards)
        trio = (ids[0], ids[1], ids[2])
        return ids[0] in persons and ids[1] in places and ids[2] in weapons and trio not in wrong

    return IndexedActions(Accuse, size, make, contains)
