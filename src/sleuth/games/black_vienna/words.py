"""Black Vienna in words for the terminal: the table, each step's history line, the end.

Everything here is drawn from one seat's views (and, once the game is over, from the reveal
and the actions, public by then): another seat's accusation letters appear only at the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sleuth.core.events import Event
from sleuth.core.kit import Move

from .events import Accused, Answered, Asked, Guessed, HandedIn, Named, Opened, Passed, RingSeen
from .notation import Accuse, Guess, Pass, parse_action
from .views import BlackViennaView

RULES = """Black Vienna: the rules in short
  Three of the 27 persons (A-Z and Ö) form the criminal ring, set aside face down; the
  rest are dealt out. Find the ring.
  The questioned seat asks next. To ask, put one of the face-up investigation cards
  (three letters) in front of another seat: it places one marker for each of those
  persons it holds. Once every seat has been questioned and 6 cards are played, a special
  investigation adds a card with no markers that lies in front of another seat.
  Accuse ("Black Vienna!") at any moment, even out of turn: name three letters. Right: you
  win 3 points per marker left in the supply, and every seat that has not accused may hand
  in a sealed guess (1 point per marker if right). Wrong: you score 0 and may not accuse
  again, but you see the ring and keep answering and asking.
  The game is broken off with 3 or fewer markers left (all score 0); the last seat that may
  still accuse asks one final question, then must accuse.

Notation
  ask 2 AOR        put the face-up card AOR in front of seat 2
  ask 2 AOR+BHV    a special investigation: a face-up card and a 0-marker card
  accuse BLM       "Black Vienna!" with three letters (any order)
  guess BLM, pass  after someone else's correct accusation"""


def _seat(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def _markers(n: int) -> str:
    return f"{n} marker" + ("" if n == 1 else "s")


def table_text(view: BlackViennaView) -> str:
    me = view.seat
    if view.phase == "over":
        lines = ["The game is over."]
    elif view.phase == "guessing":
        lines = ["Phase: guessing."]
    else:
        lines = [f"Phase: {view.phase}. {_seat(view.asker, me).capitalize()} to ask."]
    if view.phase == "guessing":
        lines.append("Handing in guesses: " + ", ".join(_seat(s, me) for s in view.actors))
    if view.hand is not None:
        lines.append(f"Your hand: {' '.join(view.hand)}")
    lines += [
        f"Hand sizes: {' '.join(map(str, view.hand_sizes))}",
        f"Face up: {'  '.join(c or '---' for c in view.face_up)}",
        f"Stacks: {' '.join(map(str, view.stack_sizes))}   markers left: {view.supply}",
        f"Questioned: {' '.join(map(str, view.questioned)) or 'none'}",
        f"Cards played: {view.cards_played}   special: "
        + ("unlocked" if view.special_unlocked else "locked"),
    ]
    if view.table:
        lines.append("In front of the seats (markers):")
        for holder in range(view.players):
            cards = [f"{t.letters} {t.markers}" for t in view.table if t.holder == holder]
            if cards:
                lines.append(f"  {_seat(holder, me)}: {', '.join(cards)}")
    if view.eliminated:
        out = ", ".join(_seat(s, me) for s in view.eliminated)
        lines.append(f"Accused wrongly (may not accuse): {out}")
    if view.own_guess is not None:
        lines.append(f"Your guess: {view.own_guess}")
    if view.ring is not None:
        lines.append(f"The ring: {view.ring}")
    return "\n".join(lines)


def event_words(event: Event, me: int | None) -> str:
    """One event of a step in words, for the seat reading (``me``; ``None``: a spectator)."""
    if isinstance(event, Asked):
        special = " (a special investigation)" if len(event.cards) > 1 else ""
        asked = " and ".join(event.cards)
        return f"{_seat(event.asker, me)} asked {_seat(event.target, me)} about {asked}{special}"
    if isinstance(event, Answered):
        short = f" ({event.placed} placed)" if event.placed != event.markers else ""
        return f"{_seat(event.target, me)} answered {event.card}: {_markers(event.markers)}{short}"
    if isinstance(event, Accused):
        verdict = "correct!" if event.correct else "wrong, out of the accusing"
        return f"{_seat(event.seat, me)} accused: {verdict}"
    if isinstance(event, Named):
        return f"{_whose(event.seat, me)} accusation: {event.letters}"
    if isinstance(event, RingSeen):
        return f"{_seat(event.seat, me)} looked at the ring: {event.ring}"
    if isinstance(event, HandedIn):
        return f"{_seat(event.seat, me)} handed in an envelope"
    if isinstance(event, Guessed):
        return f"{_whose(event.seat, me)} sealed guess: {event.letters}"
    if isinstance(event, Passed):
        return f"{_whose(event.seat, me)} envelope: a pass, no guess"
    if isinstance(event, Opened):
        return _opened(event, me)
    raise TypeError(f"not a Black Vienna event: {event!r}")


def _whose(seat: int, me: int | None) -> str:
    return "your" if seat == me else f"seat {seat}'s"


def _opened(event: Opened, me: int | None) -> str:
    parts = []
    if event.accusations:
        accused = [f"{_seat(seat, me)} {letters}" for seat, letters in event.accusations]
        parts.append("accused " + ", ".join(accused))
    if event.guesses:
        opened = [
            f"{_seat(seat, me)} " + ("passed" if letters is None else f"guessed {letters}")
            for seat, letters in event.guesses
        ]
        parts.append("envelopes opened: " + ", ".join(opened))
    return "the game is over; " + "; ".join(parts)


def history_lines(before: BlackViennaView, after: BlackViennaView, move: Move) -> list[str]:
    """The step's events the reading seat may see, one line each."""
    lines = [event_words(event, after.seat) for event in move.events]
    return lines or [f"{_seat(move.seat, after.seat)}: {move.action or move.result}"]


def ending_text(
    view: BlackViennaView, reveal: Mapping[str, Any], actions: Sequence[tuple[int, str]]
) -> list[str]:
    me = view.seat
    lines = []
    if "ring" in reveal:
        lines.append(f"The ring was {reveal['ring']}.")
    hands = reveal.get("hands")
    if isinstance(hands, list):
        lines.append("Hands: " + ", ".join(f"{_seat(s, me)} {h}" for s, h in enumerate(hands)))
    played = [(seat, parse_action(text)) for seat, text in actions]
    accused = [(seat, action.letters) for seat, action in played if isinstance(action, Accuse)]
    if accused:
        said = []
        for (seat, letters), acc in zip(accused, view.accusations, strict=False):
            said.append(f"{_seat(seat, me)} {letters} ({'right' if acc.correct else 'wrong'})")
        lines.append("Accusations: " + ", ".join(said))
    ring = sorted(str(reveal.get("ring", "")))
    after = [
        f"{_seat(seat, me)} "
        + (
            f"guessed {action.letters}" + (" (right)" if sorted(action.letters) == ring else "")
            if isinstance(action, Guess)
            else "passed"
        )
        for seat, action in played
        if isinstance(action, Guess | Pass)
    ]
    if after:
        lines.append("After the accusation: " + ", ".join(after))
    if view.outcome is not None:
        scores = view.outcome.scores
        lines.append("Scores: " + ", ".join(f"{_seat(s, me)} {p}" for s, p in enumerate(scores)))
    return lines
