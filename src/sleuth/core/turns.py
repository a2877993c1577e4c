"""Who is offered an interrupt, and in which order: one rule for every front.

Where the rules let seats other than the one the game waits on act now (Black Vienna's
accusations), each of them is offered the chance in seat order from the seat after the
mover, round the table; the first to take it acts, and the mover's turn comes after all
of them passed. The arena, the hot-seat session, the environments and the server's bots
all ask here.
"""

from __future__ import annotations

from .protocol import State


def interrupt_order(state: State) -> list[int]:
    """The seats other than the mover that may act now, from the seat after the mover
    round the table (none once the game is over or waits on nobody)."""
    mover = state.to_move()
    if mover is None or state.outcome is not None:
        return []
    players = state.game.players
    return sorted(state.actors() - {mover}, key=lambda seat: (seat - mover) % players)
