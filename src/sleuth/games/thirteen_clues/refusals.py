"""Why 13 Clues refuses an action: the rule each illegal action breaks, in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import Phase
from .notation import Accuse, Ask, Choose, Look, Take

if TYPE_CHECKING:
    from .rules import ThirteenCluesAction, ThirteenCluesState

CHOOSE, TAKE, PLAY, FINAL = Phase.CHOOSE, Phase.TAKE, Phase.PLAY, Phase.FINAL


def why_illegal(state: ThirteenCluesState, seat: int, action: ThirteenCluesAction) -> str | None:
    """Which rule forbids ``action`` by ``seat`` now, for ``check``'s error message."""
    game = state.game
    if seat not in state.actors():
        if state.phase == CHOOSE:
            return f"seat {seat} has chosen already: the game waits for the mystery choices"
        return f"the game waits for seat {state.turn}"
    kinds = {CHOOSE: Choose, TAKE: Take, PLAY: Ask | Look | Accuse, FINAL: Accuse}
    if not isinstance(action, kinds[state.phase]):
        return f"only {state.phase} actions now, not {action.kind}"
    missing = [name for name in _names(action) if name not in game.ids]
    if missing:
        return f"{' '.join(missing)}: not in play with {state.players} players"
    if isinstance(action, Choose):
        trio = [game.ids[name] for name in action.cards]
        missing = [game.cards[c].name for c in trio if c not in state.hands[seat]]
        return f"{' '.join(missing)} not in the hand of seat {seat}"
    if isinstance(action, Take):
        return f"seat {action.source} holds no glass to take"
    if isinstance(action, Ask):
        return _why_question_illegal(state, seat, action)
    if isinstance(action, Look):
        count = game.informants or "no"
        return f"no informant {action.slot}: this game has {count} informant card(s)"
    visible = state.seen_by(seat)
    seen = [name for name in action.cards if visible >> game.ids[name] & 1]
    if seen:
        return f"it can see {' '.join(seen)}: it cannot be named"
    return "it has made this accusation before"


def _why_question_illegal(state: ThirteenCluesState, seat: int, action: Ask) -> str:
    game = state.game
    if not 0 <= action.witness < state.players or action.witness == seat:
        return f"seat {action.witness} cannot be asked by seat {seat}"
    if action.subject not in game.masks:
        return (
            f"{action.subject} is not a question subject in this game (D7/D8): "
            f"{', '.join(game.subjects)}"
        )
    if game.two_player != bool(action.side):
        return (
            "with two players a question names the witness's left or right hidden card"
            if game.two_player
            else "only two-player questions name a side"
        )
    return "it has no Top Secret token"


def _names(action: ThirteenCluesAction) -> tuple[str, ...]:
    return action.cards if isinstance(action, Choose | Accuse) else ()
