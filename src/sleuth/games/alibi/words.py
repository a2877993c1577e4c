"""Alibi in words for the terminal: the table, each step's history line, and the end.

Everything an Alibi seat does lies face up (clues and special cards in front of it, what
it exchanges or swaps on the discard pile), so every action's public text names it all
(``TextRender.public_actions``), but for cards discarded and shuffled away in the same step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sleuth.core.kit import Move

from .views import AlibiView, ConvictionView

_RULES = """Alibi: the rules in short
  Four suspects lie face up, each with five attributes (build, gender, hair, clothing, a
  weapon, an item). On your turn play a clue card in front of you (it must fit a suspect
  on display), or a special card (Alibi: that suspect cannot be the culprit this round;
  Bestechung: discard a clue in front of another seat; Gutes Auge: two more plays), or
  exchange 1-4 hand cards; then you may swap one more card with the pile.
  A suspect with {covered} covered by the clues out (everyone's together),
  or the last one without an alibi, is convicted: each seat scores a point per fitting
  clue in front of it, the convicting seat one more. The table is shuffled back into the
  pile and a new suspect comes out. The most points after the last conviction win.

Notation
  play long, alibi S03, bribe 2 male, goodeye, exchange long+bag, swap knife,
  convict S03 (choose or claim a completed suspect), pass"""
_NUMBERS = ("one", "two", "three", "four", "five")


def rules_text(game: Any) -> str:
    """The rules in short, with the table's conviction threshold (``threshold``)."""
    threshold = game.config.threshold
    covered = (
        "all five attributes"
        if threshold == len(_NUMBERS)
        else f"any {_NUMBERS[threshold - 1]} of its five attributes"
    )
    return _RULES.format(covered=covered)


def _seat(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def table_text(view: AlibiView) -> str:
    me = view.seat
    turn = "Over." if view.active is None else f"{_seat(view.active, me).capitalize()} to act"
    lines = [
        f"{turn} ({view.phase}). Convictions {len(view.convictions)} of {view.convictions_to_end}."
    ]
    if view.hand is not None:
        lines.append(f"Your hand: {' '.join(view.hand) or '(empty)'}")
    lines.append(f"Hand sizes: {' '.join(map(str, view.hand_sizes))}")
    lines.append("Suspects (covered attributes in capitals):")
    for s in view.display:
        values = " ".join(v.upper() if v in s.covered else v for v in s.values)
        alibi = f"  ALIBI ({_seat(s.alibi, me)})" if s.alibi is not None else ""
        lines.append(f"  {s.suspect}: {values}{alibi}")
    if view.candidates:
        lines.append(f"Completed at once, to choose: {' '.join(view.candidates)}")
    lines.append("In front of the seats:")
    for seat, front in enumerate(view.fronts):
        lines.append(f"  {_seat(seat, me)}: {' '.join(front) or '-'}")
    if view.extra_plays:
        lines.append(f"Gutes Auge: {view.extra_plays} more plays")
    lines.append(
        f"Draw pile {view.draw_pile_size}, suspects left {view.suspect_pile_size}, "
        f"discard: {' '.join(view.discard[-6:]) or '-'}" + (" ..." if len(view.discard) > 6 else "")
    )
    lines.append("Scores: " + ", ".join(f"{_seat(s, me)} {p}" for s, p in enumerate(view.scores)))
    return "\n".join(lines)


def _action(seat: str, action: str) -> str:
    kind, _, rest = action.partition(" ")
    if kind == "play":
        return f"{seat} played {rest}"
    if kind == "alibi":
        return f"{seat} gave {rest} an alibi"
    if kind == "bribe":
        target, _, value = rest.partition(" ")
        return f"{seat} bribed seat {target}: its {value} is discarded"
    if kind == "goodeye":
        return f"{seat} played Gutes Auge: more plays"
    if kind in ("exchange", "swap") and rest == "?":  # discarded, then shuffled away unseen
        done = "swapped" if kind == "swap" else "exchanged"
        return f"{seat} {done} unseen cards with the pile, which was then shuffled"
    if kind == "exchange":
        return f"{seat} exchanged {rest.replace('+', ' ')}"
    if kind == "swap":
        return f"{seat} swapped {rest} for a card from the pile"
    if kind == "convict":
        return f"{seat} convicted {rest}"
    if kind == "pass":
        return f"{seat} ended the turn"
    return f"{seat}: {action}"


def _conviction(c: ConvictionView, me: int | None) -> str:
    by = f" by {_seat(c.convicter, me)}" if c.convicter is not None else ""
    points = ", ".join(f"{_seat(s, me)} +{p}" for s, p in enumerate(c.points) if p)
    return f"{c.suspect} convicted ({c.how}){by}: {points or 'no points'}"


def history_lines(before: AlibiView, after: AlibiView, move: Move) -> list[str]:
    me = after.seat
    who = _seat(move.seat, me)
    lines = [_action(who, move.action)] if move.action is not None else []
    lines += [_conviction(c, me) for c in after.convictions[len(before.convictions) :]]
    for event in (e.strip() for e in move.result.split(";")):
        if event.startswith("completed"):
            lines.append(f"completed at once: {event.split(' ', 1)[1]}; {who} chooses")
        elif event.startswith("revealed"):
            lines.append(f"new suspect: {event.split()[1]}")
    return lines or [f"{who}: {move.result}"]


def ending_text(
    view: AlibiView, reveal: Mapping[str, Any], actions: Sequence[tuple[int, str]]
) -> list[str]:
    me = view.seat
    lines = [_conviction(c, me) for c in view.convictions]
    # No hands: Alibi's views keep every other hand hidden after the end too.
    lines.append("Scores: " + ", ".join(f"{_seat(s, me)} {p}" for s, p in enumerate(view.scores)))
    return lines
