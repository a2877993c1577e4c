"""Black Stories Investigation in words for the terminal: the table, each step's history
line (plays stay in the history after their grid is cleared), and the end.

Drawn from one seat's views only (and, at the end, from the reveal): with
``guesses=private`` another seat's failed guess is shown only where the view shows it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sleuth.core.kit import Move

from .components import Phase
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


def history_lines(before: BlackStoriesView, after: BlackStoriesView, move: Move) -> list[str]:
    me = after.seat
    lines = [
        f"{_seat(p.seat, me)} played {p.card} to {_seat(p.target, me)}: field {p.field}"
        for p in after.plays[len(before.plays) :]
    ]
    for a in after.attempts[len(before.attempts) :]:
        guess = a.guess or "a hidden guess"
        whose = "your" if a.target == me else f"seat {a.target}'s"
        result = f"solved! +{a.points}" if a.success else "wrong"
        lines.append(
            f"{_seat(a.seat, me)} tried {whose} case: {guess} with {a.drops} drops: {result}"
        )
    events = [e.strip() for e in move.result.split(";")]
    for event in events:
        if event.startswith("drew"):
            count = event.split()[1]
            lines.append(f"{_seat(move.seat, me)} drew {count} card{'s' * (count != '1')}")
        elif event == "final round":
            lines.append("final round: the game ends when this round is over")
        elif event.startswith("reshuffled"):
            lines.append(f"the discard pile ({event.split()[1]}) was shuffled into a new draw pile")
        elif event.startswith("seat "):  # a case drawn anew, the cards turned up meanwhile
            lines.append(event)
    return lines or [f"{_seat(move.seat, me)}: {move.result}"]


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
