"""Alibi in words for the terminal: the table, each step's history (told from the step's
typed events, ``event_words``), and the end.

Everything an Alibi seat does lies face up (clues and special cards in front of it, what
it exchanges or swaps on the discard pile), but for cards discarded and shuffled away in the
same step: those, and the cards a seat draws, only that seat's events tell it. The special
cards are named in English (alibi, bribe, good eye), as the notation and the page name them;
the rules text gives the printed cards' German names once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sleuth.core.events import Event
from sleuth.core.kit import Move

from .events import (
    AlibiGiven,
    Bribed,
    Completed,
    Convicted,
    DiscardedUnseen,
    DiscardReshuffled,
    Drew,
    DrewCards,
    DrewCount,
    Exchanged,
    GoodEyePlayed,
    KeptHand,
    NewRound,
    Passed,
    Played,
    ReshuffleCount,
    Revealed,
    Stopped,
    Swapped,
)
from .views import AlibiView, ConvictionView

_RULES = """Alibi: the rules in short
  Four suspects lie face up, each with five attributes (build, gender, hair, clothing, a
  weapon, an item). On your turn play a clue card in front of you (it must fit a suspect
  on display), or a special card (alibi: that suspect cannot be the culprit this round;
  bribe, "Bestechung": discard a clue in front of another seat; good eye, "Gutes Auge":
  two more plays), or exchange 1-4 hand cards; then you may swap one more card with the
  pile.
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
        lines.append(f"Good eye: {view.extra_plays} more plays")
    lines.append(
        f"Draw pile {view.draw_pile_size}, suspects left {view.suspect_pile_size}, "
        f"discard: {' '.join(view.discard[-6:]) or '-'}" + (" ..." if len(view.discard) > 6 else "")
    )
    lines.append("Scores: " + ", ".join(f"{_seat(s, me)} {p}" for s, p in enumerate(view.scores)))
    return "\n".join(lines)


def _cards(cards: tuple[str, ...]) -> str:
    return " ".join(cards)


def _cards_count(count: int) -> str:
    return f"{count} card{'s' * (count != 1)}"


_UNTOLD = " (the table is not told how many)"


def _action_words(event: Event, me: int | None) -> str | None:
    """An event of the acting seat's own action in words; ``None``: not such an event."""
    if isinstance(event, Played):
        return f"{_seat(event.seat, me)} played {event.card}"
    if isinstance(event, AlibiGiven):
        return f"{_seat(event.seat, me)} gave {event.suspect} an alibi"
    if isinstance(event, Bribed):
        whose = "your" if event.target == me else f"seat {event.target}'s"
        return f"{_seat(event.seat, me)} bribed: {whose} {event.card} clue is discarded"
    if isinstance(event, GoodEyePlayed):
        return f"{_seat(event.seat, me)} played a good eye: {event.plays} more plays"
    if isinstance(event, Exchanged):
        if event.cards is None:
            return f"{_seat(event.seat, me)} exchanged unseen cards, shuffled into the pile at once"
        return f"{_seat(event.seat, me)} exchanged {_cards(event.cards)}"
    if isinstance(event, Swapped):
        if event.card is None:
            return f"{_seat(event.seat, me)} swapped an unseen card, shuffled into the pile at once"
        return f"{_seat(event.seat, me)} swapped {event.card} for a card from the pile"
    if isinstance(event, DiscardedUnseen):
        whose = "your" if event.seat == me else f"seat {event.seat}'s"
        return f"the table did not see {whose} discards: {_cards(event.cards)}"
    if isinstance(event, KeptHand):
        return f"{_seat(event.seat, me)} kept the hand"
    if isinstance(event, Stopped):
        return f"{_seat(event.seat, me)} laid no more cards"
    if isinstance(event, Passed):
        return f"{_seat(event.seat, me)} passed: no card to play nor to draw"
    return None


def event_words(event: Event, me: int | None) -> str:
    """One event in words for the reading seat ``me`` (``None``: a spectator)."""
    said = _action_words(event, me)
    if said is not None:
        return said
    if isinstance(event, Completed):
        return f"completed at once: {' '.join(event.suspects)}; the seat to act chooses"
    if isinstance(event, Convicted):
        by = f" by {_seat(event.convicter, me)}" if event.convicter is not None else ""
        points = ", ".join(f"{_seat(s, me)} +{p}" for s, p in enumerate(event.points) if p)
        return f"{event.suspect} convicted ({event.how}){by}: {points or 'no points'}"
    if isinstance(event, Revealed):
        return f"new suspect: {event.suspect}"
    if isinstance(event, NewRound):
        return f"new round: the table and the piles ({event.count} cards) are shuffled"
    if isinstance(event, DiscardReshuffled):
        if event.count is None:
            return "the discard pile is shuffled into a new draw pile" + _UNTOLD
        return f"the discard pile ({_cards_count(event.count)}) is shuffled into a new draw pile"
    if isinstance(event, ReshuffleCount):
        told = _seat(event.seat, me)
        return f"(told {told} only: the discard pile held {_cards_count(event.count)})"
    if isinstance(event, Drew):
        if event.count is None:
            return f"{_seat(event.seat, me)} drew cards" + _UNTOLD
        return f"{_seat(event.seat, me)} drew {_cards_count(event.count)}"
    if isinstance(event, DrewCount):
        return f"(told {_seat(event.seat, me)} only: {_cards_count(event.count)} drawn)"
    if isinstance(event, DrewCards):
        whose = "your" if event.seat == me else f"seat {event.seat}'s"
        return f"{whose} new card{'s' * (len(event.cards) != 1)}: {_cards(event.cards)}"
    raise ValueError(f"Alibi has no event {event.kind!r}")


def _conviction(c: ConvictionView, me: int | None) -> str:
    by = f" by {_seat(c.convicter, me)}" if c.convicter is not None else ""
    points = ", ".join(f"{_seat(s, me)} +{p}" for s, p in enumerate(c.points) if p)
    return f"{c.suspect} convicted ({c.how}){by}: {points or 'no points'}"


# Events that begin a line of their own in a history: the rest of a step (the action, its
# draws) reads as one line.
_OWN_LINE = (Completed, Convicted, Revealed, NewRound)


def history_lines(before: AlibiView, after: AlibiView, move: Move) -> list[str]:
    """The lines a step adds to the reading seat's history: each event it may see in words,
    the action and its draws on one line, each conviction and new round on its own."""
    lines: list[str] = []
    for event in move.events:
        said = event_words(event, after.seat)
        if lines and not isinstance(event, _OWN_LINE):
            lines[-1] += f"; {said}"
        else:
            lines.append(said)
    return lines or [f"{_seat(move.seat, after.seat)} moved"]  # a step told without events


def ending_text(
    view: AlibiView, reveal: Mapping[str, Any], actions: Sequence[tuple[int, str]]
) -> list[str]:
    me = view.seat
    lines = [_conviction(c, me) for c in view.convictions]
    # No hands: Alibi's views keep every other hand hidden after the end too.
    lines.append("Scores: " + ", ".join(f"{_seat(s, me)} {p}" for s, p in enumerate(view.scores)))
    return lines
