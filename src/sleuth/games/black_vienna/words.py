"""Black Vienna in words for the terminal: the table, each step's history line, the end.

Everything here is drawn from one seat's views (and, once the game is over, from the reveal
and the actions, public by then): another seat's accusation letters appear only at the end.

Every text takes the reader's ``language`` (``sleuth.i18n``; English by default, word for
word as before). A sentence whose subject may be the reader is whole in the catalogue for
each (a verb agrees with its subject).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sleuth.core.events import Event
from sleuth.core.kit import Move
from sleuth.i18n import N_, SOURCE, tr, trn

from .events import Accused, Answered, Asked, Guessed, HandedIn, Named, Opened, Passed, RingSeen
from .notation import Accuse, Guess, Pass, parse_action
from .views import BlackViennaView

_SUMMARY = """Black Vienna: the rules in short
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
  still accuse asks one final question, then must accuse."""

# The moves as typed (the notation stays as typed in every language).
NOTATION = N_(
    """Notation
  ask 2 AOR        put the face-up card AOR in front of seat 2
  ask 2 AOR+BHV    a special investigation: a face-up card and a 0-marker card
  accuse BLM       "Black Vienna!" with three letters (any order)
  guess BLM, pass  after someone else's correct accusation"""
)
RULES = _SUMMARY + "\n\n" + NOTATION


PHASE_WORDS = {
    "ask": N_("ask"),
    "final-question": N_("final question"),
    "final-accusation": N_("final accusation"),
    "guessing": N_("guessing"),
    "over": N_("over"),
}


def _phase(phase: str, language: str) -> str:
    return phase if language == SOURCE else tr(PHASE_WORDS[phase], language)


def _seat(seat: int, me: int | None, language: str = SOURCE) -> str:
    return tr("you", language) if seat == me else tr("seat %(seat)s", language, seat=seat)


def _who(seat: int, me: int | None, language: str, mine: str, other: str, **values: object) -> str:
    """``mine`` when the reading seat did it, else ``other`` of ``seat``."""
    if seat == me:
        return tr(mine, language, **values)
    return tr(other, language, seat=seat, **values)


def table_text(view: BlackViennaView, language: str = SOURCE) -> str:
    me = view.seat
    if view.phase == "over":
        lines = [tr("The game is over.", language)]
    elif view.phase == "guessing":
        lines = [tr("Phase: %(phase)s.", language, phase=_phase(view.phase, language))]
    else:
        turn = _who(view.asker, me, language, N_("You to ask"), N_("Seat %(seat)s to ask"))
        phase = _phase(view.phase, language)
        lines = [tr("Phase: %(phase)s. %(turn)s.", language, phase=phase, turn=turn)]
    if view.phase == "guessing":
        seats = ", ".join(_seat(s, me, language) for s in view.actors)
        lines.append(tr("Handing in guesses: %(seats)s", language, seats=seats))
    if view.hand is not None:
        lines.append(tr("Your hand: %(cards)s", language, cards=" ".join(view.hand)))
    none = tr("none", language)
    questioned = " ".join(map(str, view.questioned)) or none
    special = tr("unlocked", language) if view.special_unlocked else tr("locked", language)
    stacks = " ".join(map(str, view.stack_sizes))
    lines += [
        tr("Hand sizes: %(sizes)s", language, sizes=" ".join(map(str, view.hand_sizes))),
        tr("Face up: %(cards)s", language, cards="  ".join(c or "---" for c in view.face_up)),
        tr(
            "Stacks: %(stacks)s   markers left: %(supply)s",
            language,
            stacks=stacks,
            supply=view.supply,
        ),
        tr("Questioned: %(seats)s", language, seats=questioned),
        tr(
            "Cards played: %(played)s   special: %(special)s",
            language,
            played=view.cards_played,
            special=special,
        ),
    ]
    if view.table:
        lines.append(tr("In front of the seats (markers):", language))
        for holder in range(view.players):
            cards = [f"{t.letters} {t.markers}" for t in view.table if t.holder == holder]
            if cards:
                lines.append(f"  {_seat(holder, me, language)}: {', '.join(cards)}")
    if view.eliminated:
        out = ", ".join(_seat(s, me, language) for s in view.eliminated)
        lines.append(tr("Accused wrongly (may not accuse): %(seats)s", language, seats=out))
    if view.own_guess is not None:
        lines.append(tr("Your guess: %(letters)s", language, letters=view.own_guess))
    if view.ring is not None:
        lines.append(tr("The ring: %(ring)s", language, ring=view.ring))
    return "\n".join(lines)


def _asked(event: Asked, me: int | None, language: str) -> str:
    cards = tr(" and ", language).join(event.cards)
    if event.asker == me:
        target = tr("seat %(seat)s", language, seat=event.target)
        line = tr("you asked %(target)s about %(cards)s", language, target=target, cards=cards)
    elif event.target == me:
        line = tr(
            "seat %(seat)s asked you about %(cards)s", language, seat=event.asker, cards=cards
        )
    else:
        line = tr(
            "seat %(seat)s asked seat %(target)s about %(cards)s",
            language,
            seat=event.asker,
            target=event.target,
            cards=cards,
        )
    special = tr(" (a special investigation)", language) if len(event.cards) > 1 else ""
    return line + special


def event_words(event: Event, me: int | None, language: str = SOURCE) -> str:
    """One event of a step in words, for the seat reading (``me``; ``None``: a spectator)."""
    if isinstance(event, Asked):
        return _asked(event, me, language)
    if isinstance(event, Answered):
        markers = trn("%(count)s marker", "%(count)s markers", event.markers, language)
        short = (
            tr(" (%(placed)s placed)", language, placed=event.placed)
            if event.placed != event.markers
            else ""
        )
        mine, other = (
            N_("you answered %(card)s: %(markers)s"),
            N_("seat %(seat)s answered %(card)s: %(markers)s"),
        )
        return (
            _who(event.target, me, language, mine, other, card=event.card, markers=markers) + short
        )
    if isinstance(event, Accused):
        verdict = (
            tr("correct!", language)
            if event.correct
            else tr("wrong, out of the accusing", language)
        )
        mine, other = N_("you accused: %(verdict)s"), N_("seat %(seat)s accused: %(verdict)s")
        return _who(event.seat, me, language, mine, other, verdict=verdict)
    if isinstance(event, Named):
        mine, other = (
            N_("your accusation: %(letters)s"),
            N_("seat %(seat)s's accusation: %(letters)s"),
        )
        return _who(event.seat, me, language, mine, other, letters=event.letters)
    if isinstance(event, RingSeen):
        mine, other = (
            N_("you looked at the ring: %(ring)s"),
            N_("seat %(seat)s looked at the ring: %(ring)s"),
        )
        return _who(event.seat, me, language, mine, other, ring=event.ring)
    if isinstance(event, HandedIn):
        mine, other = N_("you handed in an envelope"), N_("seat %(seat)s handed in an envelope")
        return _who(event.seat, me, language, mine, other)
    if isinstance(event, Guessed):
        mine, other = (
            N_("your sealed guess: %(letters)s"),
            N_("seat %(seat)s's sealed guess: %(letters)s"),
        )
        return _who(event.seat, me, language, mine, other, letters=event.letters)
    if isinstance(event, Passed):
        mine, other = (
            N_("your envelope: a pass, no guess"),
            N_("seat %(seat)s's envelope: a pass, no guess"),
        )
        return _who(event.seat, me, language, mine, other)
    if isinstance(event, Opened):
        return _opened(event, me, language)
    raise TypeError(f"not a Black Vienna event: {event!r}")


def _guessed(seat: int, letters: str | None, me: int | None, language: str) -> str:
    """A seat's envelope as opened: its guess, or its pass."""
    if letters is None:
        return _who(seat, me, language, N_("you passed"), N_("seat %(seat)s passed"))
    mine, other = N_("you guessed %(letters)s"), N_("seat %(seat)s guessed %(letters)s")
    return _who(seat, me, language, mine, other, letters=letters)


def _opened(event: Opened, me: int | None, language: str) -> str:
    parts = []
    if event.accusations:
        accused = ", ".join(
            f"{_seat(seat, me, language)} {letters}" for seat, letters in event.accusations
        )
        parts.append(tr("accused %(list)s", language, list=accused))
    if event.guesses:
        opened = ", ".join(_guessed(seat, letters, me, language) for seat, letters in event.guesses)
        parts.append(tr("envelopes opened: %(list)s", language, list=opened))
    return tr("the game is over; %(parts)s", language, parts="; ".join(parts))


def history_lines(
    before: BlackViennaView, after: BlackViennaView, move: Move, language: str = SOURCE
) -> list[str]:
    """The step's events the reading seat may see, one line each."""
    lines = [event_words(event, after.seat, language) for event in move.events]
    return lines or [f"{_seat(move.seat, after.seat, language)}: {move.action or move.result}"]


def ending_text(
    view: BlackViennaView,
    reveal: Mapping[str, Any],
    actions: Sequence[tuple[int, str]],
    language: str = SOURCE,
) -> list[str]:
    me = view.seat
    lines = []
    if "ring" in reveal:
        lines.append(tr("The ring was %(ring)s.", language, ring=reveal["ring"]))
    hands = reveal.get("hands")
    if isinstance(hands, list):
        listed = ", ".join(f"{_seat(s, me, language)} {h}" for s, h in enumerate(hands))
        lines.append(tr("Hands: %(list)s", language, list=listed))
    played = [(seat, parse_action(text)) for seat, text in actions]
    accused = [(seat, action.letters) for seat, action in played if isinstance(action, Accuse)]
    if accused:
        said = []
        for (seat, letters), acc in zip(accused, view.accusations, strict=False):
            verdict = tr(" (right)", language) if acc.correct else tr(" (wrong)", language)
            said.append(f"{_seat(seat, me, language)} {letters}{verdict}")
        lines.append(tr("Accusations: %(list)s", language, list=", ".join(said)))
    ring = sorted(str(reveal.get("ring", "")))
    after = [
        _guessed(seat, action.letters, me, language)
        + (tr(" (right)", language) if sorted(action.letters) == ring else "")
        if isinstance(action, Guess)
        else _guessed(seat, None, me, language)
        for seat, action in played
        if isinstance(action, Guess | Pass)
    ]
    if after:
        lines.append(tr("After the accusation: %(list)s", language, list=", ".join(after)))
    if view.outcome is not None:
        scores = ", ".join(
            f"{_seat(s, me, language)} {p}" for s, p in enumerate(view.outcome.scores)
        )
        lines.append(tr("Scores: %(list)s", language, list=scores))
    return lines
