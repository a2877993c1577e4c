"""Why 13 Clues refuses an action: the rule each illegal action breaks, in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sleuth.core.said import said

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
            return said(
                "seat %(seat)s has chosen already: the game waits for the mystery choices",
                seat=seat,
            )
        return said("the game waits for seat %(seat)s", seat=state.turn)
    kinds = {CHOOSE: Choose, TAKE: Take, PLAY: Ask | Look | Accuse, FINAL: Accuse}
    if not isinstance(action, kinds[state.phase]):
        return said(
            "only %(phase)s actions now, not %(kind)s", phase=str(state.phase), kind=action.kind
        )
    missing = [name for name in _names(action) if name not in game.ids]
    if missing:
        return said(
            "%(cards)s: not in play with %(players)s players",
            cards=" ".join(missing),
            players=state.players,
        )
    if isinstance(action, Choose):
        trio = [game.ids[name] for name in action.cards]
        missing = [game.cards[c].name for c in trio if c not in state.hands[seat]]
        return said(
            "%(cards)s not in the hand of seat %(seat)s", cards=" ".join(missing), seat=seat
        )
    if isinstance(action, Take):
        return said("seat %(seat)s holds no glass to take", seat=action.source)
    if isinstance(action, Ask):
        return _why_question_illegal(state, seat, action)
    if isinstance(action, Look):
        return said(
            "no informant %(slot)s: this game has %(count)s informant card(s)",
            slot=action.slot,
            count=game.informants,
        )
    visible = state.seen_by(seat)
    seen = [name for name in action.cards if visible >> game.ids[name] & 1]
    if seen:
        return said("it can see %(cards)s: it cannot be named", cards=" ".join(seen))
    return said("it has made this accusation before")


def _why_question_illegal(state: ThirteenCluesState, seat: int, action: Ask) -> str:
    game = state.game
    if not 0 <= action.witness < state.players or action.witness == seat:
        return said(
            "seat %(witness)s cannot be asked by seat %(seat)s", witness=action.witness, seat=seat
        )
    if action.subject not in game.masks:
        return said(
            "%(subject)s is not a question subject in this game: %(subjects)s",
            subject=action.subject,
            subjects=", ".join(game.subjects),
        )
    if game.two_player != bool(action.side):
        return (
            said("with two players a question names the witness's left or right hidden card")
            if game.two_player
            else said("only two-player questions name a side")
        )
    return said("it has no Top Secret token")


def _names(action: ThirteenCluesAction) -> tuple[str, ...]:
    return action.cards if isinstance(action, Choose | Accuse) else ()
