"""The play app's texts that are not drawn from a view: the help page and the end."""

from __future__ import annotations

from typing import Any

from sleuth.arena.session import GameSession
from sleuth.core import Game
from sleuth.core.kit import TextRender

KEYS = """Keys
  typing         goes to the notation box at the bottom; Enter plays what was typed,
                 wherever the focus is (a move that cannot be played stays there,
                 with the reason above it)
  up/down Enter  in the action list, the box empty: play the highlighted action
  :              go to the notation box     Escape  leave it (what was typed is dropped)
  Tab            move between the action list, the box and the notes
  ? or F1        this help                  F2      the sheet's level (see below)
  F3             the hand-kept notes (sheet level "kept by hand")
  Ctrl+S         save the game              Ctrl+Q  leave (asks first, offers to save)
  q              leave, once the game is over"""

SHEET = """The sheet (beside the table)
  kept by hand   a grid you mark yourself: F3 reaches it, Space or a click cycles a mark
                 (+ here, - not here, ? maybe); the marks are yours alone
  certain facts  what the deduction engine finds certain from what you have seen
                 (the default: it spoils nothing you would rather deduce yourself)
  odds           probabilities, the likeliest solutions and the best question
  F2 cycles the levels in the game; sleuth play --sheet off|facts|full picks one to start.

Saving: Ctrl+S (or leaving with s) writes the game to a file that holds the whole deal:
do not open it before the end. Resume it with sleuth play --resume FILE."""


def help_text(game: Game[Any], render: TextRender | None) -> str:
    keys = KEYS
    if render is not None and render.accuse is not None:
        keys += (
            f"\n  !              start an accusation ({render.accuse.strip()} ...), "
            "also when it is not your turn"
        )
    parts = [f"{game.title}, {game.players} players", keys]
    if render is not None and render.rules:
        parts.append(render.rules(game) if callable(render.rules) else render.rules)
    if render is not None and render.legend is not None:
        parts.append(render.legend(game))
    parts.append(SHEET)
    return "\n\n".join(parts)


def ending_lines(session: GameSession, render: TextRender | None, seat: int | None) -> list[str]:
    """The end in words: why it ended and who won, then the game's own account (scores, the
    reveal), or the scores where the game gives none."""
    outcome = session.outcome
    if outcome is None:
        return []

    def name(s: int) -> str:
        return f"seat {s}" + (" (you)" if s == seat else "")

    winners = outcome.winners
    if not winners:
        verdict = "No winner."
    elif len(winners) == 1:
        verdict = f"Winner: {name(winners[0])}."
    else:
        verdict = f"Winners: {', '.join(map(name, winners[:-1]))} and {name(winners[-1])}."
    lines = [f"Game over: {outcome.reason}. {verdict}"]
    if render is not None and render.ending is not None:
        view = session.view(seat)
        actions = [(step.seat, step.action) for step in session.steps]
        lines += render.ending(view, session.reveal() or {}, actions)
    else:
        lines.append("Scores: " + ", ".join(f"{name(s)} {p}" for s, p in enumerate(outcome.scores)))
    return lines
