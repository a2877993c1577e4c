"""Why an Alibi action is refused: the message ``check`` gives for an action not legal now."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
        return f"it is seat {state.active}'s turn"
    phase, hand = state.phase, state.hands[seat]
    claim = (Convict,) if state.game.config.conviction == "claim" else ()
    allowed = {
        MAIN: (PlayClue, PlayAlibi, Bribe, GoodEye, Exchange, Pass, *claim),
        EXTRA: (PlayClue, PlayAlibi, Bribe, GoodEye, Pass, *claim),
        CONVICT: (Convict,),
        SWAP: (Swap, Pass, *claim),
    }[phase]
    if not isinstance(action, allowed):
        return f"no {action.kind} now: the turn is in phase {phase}"
    need = {PlayAlibi: ac.ALIBI, Bribe: ac.BRIBE, GoodEye: ac.GOOD_EYE}.get(type(action))
    if isinstance(action, PlayClue | Swap):
        need = action.value if isinstance(action, PlayClue) else action.card
    if need is not None and need not in hand:
        return f"seat {seat} holds no {need} (hand: {_cards(hand)})"
    if isinstance(action, PlayClue) and not state.playable(action.value):
        return (
            f"clue {action.value} fits none of the displayed suspects ({' '.join(state.display)})"
        )
    if isinstance(action, PlayAlibi):
        if action.suspect not in state.display:
            return f"suspect {action.suspect} is not on display"
        if action.suspect in state.alibied():
            return f"suspect {action.suspect} has an alibi already"
    if isinstance(action, Bribe):
        if action.target == seat or not 0 <= action.target < state.players:
            return f"bribe target {action.target} is not a fellow player"
        if action.value not in state.fronts[action.target]:
            return f"no {action.value} clue lies in front of seat {action.target} (C8)"
    if isinstance(action, Exchange):
        rest = list(hand)
        for card in action.cards:
            if card not in rest:
                return f"cannot exchange {_cards(action.cards)}: hand is {_cards(hand)}"
            rest.remove(card)
    if isinstance(action, Convict) and phase != CONVICT:
        return f"suspect {action.suspect} is not completed: nothing to claim"
    if isinstance(action, Convict) and action.suspect not in state.candidates:
        return (
            f"suspect {action.suspect} is not convicted now (choose: {' '.join(state.candidates)})"
        )
    if isinstance(action, Pass) and phase == MAIN and hand:
        return "a turn cannot be passed while holding cards: exchange"
    return None


def _cards(cards: tuple[str, ...]) -> str:
    return " ".join(cards) if cards else "(none)"
