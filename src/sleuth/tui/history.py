"""Each seat's history of the game in words, drawn from that seat's own views.

A step's lines come from the game's ``history`` renderer, given the reading seat's views
before and after the step and the step as that seat may know it (``Move``: the step's typed
events that seat may see, the public result, and the action's text only for the seat's own
moves). So no seat's history can hold more than it may see, and in a hot-seat game each
person reads a history of their own.
"""

from __future__ import annotations

from sleuth.arena.session import GameSession
from sleuth.core.kit import Move, TextRender


class HistoryBook:
    """The lines of the history per reading seat (``None``: a spectator), built as needed."""

    def __init__(self, session: GameSession, render: TextRender | None) -> None:
        self.session = session
        self.render = render
        self._lines: dict[int | None, list[str]] = {}
        self._read: dict[int | None, int] = {}

    def lines(self, seat: int | None) -> list[str]:
        lines = self._lines.setdefault(seat, [])
        done = self._read.get(seat, 0)
        steps = self.session.steps
        for number in range(done, len(steps)):
            step = steps[number]
            # Another seat's move as every seat saw it: a public action's text can still
            # hide a part (Alibi's discards shuffled away unseen read "swap ?").
            public = self.render is not None and self.render.public_actions
            text = step.action if step.seat == seat else step.public_action if public else None
            move = Move(step.seat, step.result, text, self.session.events_after(number + 1, seat))
            said = self._describe(number, seat, move)
            # The step's number first, so that a line can be found again ("step 12").
            lines += [f"{number + 1}. {said[0]}", *(f"   {more}" for more in said[1:])]
        self._read[seat] = len(steps)
        return lines

    def _describe(self, number: int, seat: int | None, move: Move) -> list[str]:
        describe = self.render.history if self.render is not None else None
        if describe is not None:
            before = self.session.view_after(number, seat)
            after = self.session.view_after(number + 1, seat)
            return describe(before, after, move)
        if move.action is not None and move.seat == seat:
            return [
                f"you (seat {move.seat}): {move.action}" + (f" → {move.result}" * bool(move.result))
            ]
        return [f"seat {move.seat}" + (f": {move.result}" if move.result else " moved")]
