"""Why an Alibi action is refused: the message ``check`` gives for an action not legal now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sleuth.core.said import said

from . import components as ac
from .components import Phase
from .notation import (
    AlibiAction,
    Bribe,
    Convict,
    Exchange,
    GoodEye,
    Pass,
    PlayAlibi,
    PlayClue,
    Swap,
)

if TYPE_CHECKING:
    from .rules import AlibiState

MAIN, EXTRA, CONVICT, SWAP = Phase.MAIN, Phase.EXTRA, Phase.CONVICT, Phase.SWAP


def why_illegal(state: AlibiState, seat: int, action: AlibiAction) -> str | None:
    """Which rule forbids ``action`` by ``seat`` now, or ``None`` if none does."""
    if seat != state.active:
        return said("it is seat %(seat)s's turn", seat=state.active)
    phase, hand = state.phase, state.hands[seat]
    claim = (Convict,) if state.game.config.conviction == "claim" else ()
    allowed = {
        MAIN: (PlayClue, PlayAlibi, Bribe, GoodEye, Exchange, Pass, *claim),
        EXTRA: (PlayClue, PlayAlibi, Bribe, GoodEye, Pass, *claim),
        CONVICT: (Convict,),
        SWAP: (Swap, Pass, *claim),
    }[phase]
    if not isinstance(action, allowed):
        return said(
            "no %(kind)s now: the turn is in phase %(phase)s", kind=action.kind, phase=str(phase)
        )
    need = {PlayAlibi: ac.ALIBI, Bribe: ac.BRIBE, GoodEye: ac.GOOD_EYE}.get(type(action))
    if isinstance(action, PlayClue | Swap):
        need = action.value if isinstance(action, PlayClue) else action.card
    if need is not None and need not in hand:
        return said(
            "seat %(seat)s holds no %(card)s (hand: %(hand)s)",
            seat=seat,
            card=need,
            hand=_cards(hand),
        )
    if isinstance(action, PlayClue) and not state.playable(action.value):
        return said(
            "clue %(clue)s fits none of the displayed suspects (%(suspects)s)",
            clue=action.value,
            suspects=" ".join(state.display),
        )
    if isinstance(action, PlayAlibi):
        if action.suspect not in state.display:
            return said("suspect %(suspect)s is not on display", suspect=action.suspect)
        if action.suspect in state.alibied():
            return said("suspect %(suspect)s is cleared already", suspect=action.suspect)
    if isinstance(action, Bribe):
        if action.target == seat or not 0 <= action.target < state.players:
            return said("bribe target %(target)s is not a fellow player", target=action.target)
        if action.value not in state.fronts[action.target]:
            return said(
                "no %(clue)s clue lies in front of seat %(target)s",
                clue=action.value,
                target=action.target,
            )
    if isinstance(action, Exchange):
        rest = list(hand)
        for card in action.cards:
            if card not in rest:
                return said(
                    "cannot exchange %(cards)s: the hand is %(hand)s",
                    cards=_cards(action.cards),
                    hand=_cards(hand),
                )
            rest.remove(card)
    if isinstance(action, Convict) and phase != CONVICT:
        return said(
            "suspect %(suspect)s is not completed: nothing to claim", suspect=action.suspect
        )
    if isinstance(action, Convict) and action.suspect not in state.candidates:
        return said(
            "suspect %(suspect)s is not convicted now (choose: %(suspects)s)",
            suspect=action.suspect,
            suspects=" ".join(state.candidates),
        )
    if isinstance(action, Pass) and phase == MAIN and hand:
        return said("a turn cannot be passed while holding cards: exchange")
    return None


def _cards(cards: tuple[str, ...]) -> str:
    return " ".join(cards) if cards else "(none)"
