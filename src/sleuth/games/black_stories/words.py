"""Black Stories Investigation in words for the terminal: the table, each step's history
line (told from the step's typed events, ``event_words``), and the end.

Drawn from what one seat may see only (and, at the end, from the reveal): with
``guesses=private`` another seat's failed guess is among the step's events a seat gets
only where it was the guesser or the suspect.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sleuth.core.events import Event
from sleuth.core.kit import Move

from .components import Phase, guess_text
from .events import (
    CaseDrawn,
    Drew,
    DrewCards,
    Failed,
    FailedGuess,
    FinalRound,
    NewCase,
    NoCase,
    Over,
    Played,
    Reshuffled,
    Solved,
    TurnedUp,
)
from .views import BlackStoriesView

RULES = """Black Stories Investigation: the rules in short
  Each seat hides a murder case: victim (man/woman), time (day/night), scene
  (inside/outside) and weapon (knife/gun). Find the others' cases.
  On your turn play a case card from your hand in front of another seat: it lies at
  field 0/1, 2 or 3 of their grid by how many of its evidence match their case. Then you
  may try to solve one other seat's case once, laying an investigation card of 1, 2 or 3
  drops: right scores the drops + (6 - the cards at that grid) and that seat draws a new
  case; wrong is told nothing more. Then draw back to three cards.
  Playing your third investigation card starts the final round; the most points win.

Notation
  play woman+knife to 2               a case card in front of seat 2
  solve 2 woman/day/inside/knife with 3   a solve attempt with the 3-drop card
  draw                                end the turn"""


FIELDS = ("0/1", "2", "3")


def _seat(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def table_text(view: BlackStoriesView) -> str:
    me = view.seat
    final = " Final round." if view.final_round else ""
    if view.phase == Phase.OVER:
        lines = [f"The game is over (start: {_seat(view.start, me)})."]
    else:
        lines = [
            f"Phase: {view.phase}. {_seat(view.turn, me).capitalize()} on turn "
            f"(start: {_seat(view.start, me)}).{final}"
        ]
    if me is not None:
        lines.append(f"Your case: {view.case or '(none)'}")
        lines.append("Your hand: " + (", ".join(view.hand or ()) or "(empty)"))
    chips = "" if view.pool is None else f", chips left {view.pool}"
    lines.append(f"Draw pile {view.draw_size}, discard {len(view.discard)}{chips}")
    lines.append("Seats (points, drop cards left):")
    for seat in range(view.players):
        case = "" if view.has_case[seat] else ", no case"
        drops = " ".join(map(str, view.unused[seat])) or "none"
        lines.append(f"  {_seat(seat, me)}: {view.scores[seat]} pts, drops {drops}{case}")
        for field in FIELDS:
            cards = [p.card for p in view.grids[seat] if p.field == field]
            if cards:
                lines.append(f"    {field}: {', '.join(cards)}")
    return "\n".join(lines)


def _whose(seat: int, me: int | None) -> str:
    return "your" if seat == me else f"seat {seat}'s"


def _has(seat: int, me: int | None) -> str:
    return "have" if seat == me else "has"


def event_words(event: Event, me: int | None) -> str:
    """One event in words for the reading seat ``me`` (``None``: a spectator)."""
    if isinstance(event, Played):
        return (
            f"{_seat(event.seat, me)} played {event.card} to {_seat(event.target, me)}: "
            f"field {event.field}"
        )
    if isinstance(event, Solved):
        short = f", {event.short} short of chips" if event.short else ""
        return (
            f"{_seat(event.seat, me)} tried {_whose(event.target, me)} case: "
            f"{guess_text(event.case)} with the {event.drops}-drop card: solved! +{event.points} "
            f"({event.drops} for the drops, {event.bonus} for the few cards{short})"
        )
    if isinstance(event, Failed):
        guess = f"{event.guess} " if event.guess is not None else "a secret guess "
        return (
            f"{_seat(event.seat, me)} tried {_whose(event.target, me)} case: "
            f"{guess}with the {event.drops}-drop card: wrong"
        )
    if isinstance(event, FailedGuess):
        if me in (event.seat, event.target):
            other = event.target if me == event.seat else event.seat
            seen = f"only you and seat {other} see it"
        else:
            seen = f"seen by seat {event.seat} and seat {event.target} only"
        return f"{_whose(event.seat, me)} guess was {event.guess} ({seen})"
    if isinstance(event, TurnedUp):
        return f"{_seat(event.seat, me)} turned up {', '.join(event.cards)} looking for a new case"
    if isinstance(event, Reshuffled):
        return f"the discard pile ({event.count}) was shuffled into a new draw pile"
    if isinstance(event, NewCase):
        return f"{_seat(event.seat, me)} took a new case"
    if isinstance(event, CaseDrawn):
        return f"{_whose(event.seat, me)} new case: {event.case}"
    if isinstance(event, NoCase):
        return f"{_seat(event.seat, me)} {_has(event.seat, me)} no case: none is left to draw"
    if isinstance(event, Drew):
        return f"{_seat(event.seat, me)} drew {event.count} card{'s' * (event.count != 1)}"
    if isinstance(event, DrewCards):
        return f"{_whose(event.seat, me)} new cards: {', '.join(event.cards)}"
    if isinstance(event, FinalRound):
        return "final round: the game ends when this round is over"
    if isinstance(event, Over):
        cases = ", ".join(f"{_seat(s, me)} {c or '-'}" for s, c in enumerate(event.cases))
        return f"the game is over; the last cases: {cases}"
    raise ValueError(f"Black Stories Investigation has no event {event.kind!r}")


def history_lines(before: BlackStoriesView, after: BlackStoriesView, move: Move) -> list[str]:
    """The lines a step adds to the reading seat's history: one per event it may see."""
    lines = [event_words(event, after.seat) for event in move.events]
    return lines or [f"{_seat(move.seat, after.seat)} moved"]  # a step told without events


def ending_text(
    view: BlackStoriesView, reveal: Mapping[str, Any], actions: Sequence[tuple[int, str]]
) -> list[str]:
    me = view.seat
    lines = []
    if view.cases is not None:
        lines.append(
            "Last cases: "
            + ", ".join(f"{_seat(s, me)} {c or '-'}" for s, c in enumerate(view.cases))
        )
    held = reveal.get("cases_held")
    if isinstance(held, list):
        for seat, cases in enumerate(held):
            if isinstance(cases, list) and len(cases) > 1:
                lines.append(f"Cases {_seat(seat, me)} held: {', '.join(map(str, cases))}")
    scores = view.scores
    lines.append("Scores: " + ", ".join(f"{_seat(s, me)} {p}" for s, p in enumerate(scores)))
    return lines
