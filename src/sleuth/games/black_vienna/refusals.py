"""Why Black Vienna refuses an action: the rule each illegal action breaks, in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sleuth.core.said import said

from . import components as bv
from .components import Phase
from .notation import Accuse, BlackViennaAction, Guess, Pass

if TYPE_CHECKING:
    from .rules import BlackViennaState

ASK, FINAL_QUESTION = Phase.ASK, Phase.FINAL_QUESTION


def why_illegal(state: BlackViennaState, seat: int, action: BlackViennaAction) -> str | None:
    """Which rule forbids ``action`` by ``seat`` now, for ``check``'s error message."""
    if isinstance(action, Accuse):
        if state.eliminated >> seat & 1:
            return said("seat %(seat)s has accused already and may not again", seat=seat)
        return said(
            "no accusation by seat %(seat)s in phase %(phase)s",
            seat=seat,
            phase=str(state.phase),
        )
    if isinstance(action, Guess | Pass):
        return said("no guess to hand in now")
    if state.phase not in (ASK, FINAL_QUESTION):
        return said("no investigation now: the game is in phase %(phase)s", phase=str(state.phase))
    if seat != state.asker:
        return said("it is seat %(seat)s's question", seat=state.asker)
    if not 0 <= action.target < state.players:
        return said(
            "target %(target)s is not a seat (0-%(last)s)",
            target=action.target,
            last=state.players - 1,
        )
    if action.target == seat:
        return said("a player cannot question himself")
    return _why_cards_illegal(state, seat, action.cards)


def _why_cards_illegal(state: BlackViennaState, seat: int, cards: tuple[str, ...]) -> str:
    face_up = state.face_up()
    reusable = state.reusable_cards(seat)
    for card in cards:
        if card in face_up or card in reusable:
            continue
        if any(card == c for c, _, _ in state.table):
            return said(
                "card %(card)s is on the table but cannot be reused: only 0-marker cards "
                "not in front of the asker can",
                card=card,
            )
        return said(
            "card %(card)s is not face up (face up: %(cards)s)",
            card=card,
            cards=_face_text(face_up),
        )
    if any(card in reusable for card in cards) and not state.special_unlocked():
        return said(
            "special investigations are locked until every player has been questioned "
            "and %(count)s cards have been played",
            count=bv.SPECIAL_MIN_CARDS,
        )
    if state.game.config.special == "both":
        return said(
            "an investigation is one face-up card, or (special) one face-up card plus "
            "one 0-marker card"
        )
    return said("with special=either an investigation is one card: face up or a 0-marker card")


def _face_text(face_up: tuple[str | None, ...]) -> str:
    return " ".join(card or "--" for card in face_up)
