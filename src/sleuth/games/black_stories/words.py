"""Black Stories Investigation in words for the terminal: the table, each step's history
line (told from the step's typed events, ``event_words``), and the end.

Drawn from what one seat may see only (and, at the end, from the reveal): with
``guesses=private`` another seat's failed guess is among the step's events a seat gets
only where it was the guesser or the suspect.

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

_SUMMARY = """Black Stories Investigation: the rules in short
  Each seat hides a murder case: victim (man/woman), time (day/night), scene
  (inside/outside) and weapon (knife/gun). Find the others' cases.
  On your turn play a case card from your hand in front of another seat: it lies at
  field 0/1, 2 or 3 of their grid by how many of its evidence match their case. Then you
  may try to solve one other seat's case once, laying an investigation card of 1, 2 or 3
  drops: right scores the drops + (6 - the cards at that grid) and that seat draws a new
  case; wrong is told nothing more. Then draw back to three cards.
  Playing your third investigation card starts the final round; the most points win."""

# The moves as typed (the notation stays as typed in every language).
NOTATION = N_(
    """Notation
  play woman+knife to 2               a case card in front of seat 2
  solve 2 woman/day/inside/knife with 3   a solve attempt with the 3-drop card
  draw                                end the turn"""
)
RULES = _SUMMARY + "\n\n" + NOTATION


FIELDS = ("0/1", "2", "3")


PHASE_WORDS = {
    "play": N_("play"),
    "solve": N_("solve"),
    "draw": N_("draw"),
    "over": N_("over"),
}


# The evidence by the page's words for it (English: the notation, as the table writes it).
EVIDENCE_WORDS = {
    "man": N_("man"),
    "woman": N_("woman"),
    "day": N_("day"),
    "night": N_("night"),
    "inside": N_("inside"),
    "outside": N_("outside"),
    "knife": N_("knife"),
    "gun": N_("gun"),
}


def evidence_word(evidence: str, language: str) -> str:
    """A piece of evidence by the page's word for it (English: the notation)."""
    return evidence if language == SOURCE else tr(EVIDENCE_WORDS[evidence], language)


def case_words(case: str, language: str) -> str:
    """A case (man/day/inside/knife, or as its card, man+day+inside+knife) in the page's
    words, between slashes as the sheet writes it (English: as written)."""
    if language == SOURCE:
        return case
    return "/".join(evidence_word(v, language) for v in case.replace("+", "/").split("/"))


def _seat(seat: int, me: int | None, language: str = SOURCE) -> str:
    return tr("you", language) if seat == me else tr("seat %(seat)s", language, seat=seat)


def _who(seat: int, me: int | None, language: str, mine: str, other: str, **values: object) -> str:
    """``mine`` when the reading seat did it, else ``other`` of ``seat``."""
    if seat == me:
        return tr(mine, language, **values)
    return tr(other, language, seat=seat, **values)


def _by(
    seat: int,
    target: int,
    me: int | None,
    language: str,
    said: tuple[str, str, str],
    **values: object,
) -> str:
    """A sentence of ``seat`` doing something to ``target``: ``said`` holds it with the
    reader as the doer, as the one done to, and as neither."""
    if seat == me:
        return tr(said[0], language, target=target, **values)
    if target == me:
        return tr(said[1], language, seat=seat, **values)
    return tr(said[2], language, seat=seat, target=target, **values)


def table_text(view: BlackStoriesView, language: str = SOURCE) -> str:
    me = view.seat
    final = tr(" Final round.", language) if view.final_round else ""
    start = _seat(view.start, me, language)
    if view.phase == Phase.OVER:
        lines = [tr("The game is over (start: %(start)s).", language, start=start)]
    else:
        phase = view.phase if language == SOURCE else tr(PHASE_WORDS[view.phase], language)
        turn = _who(view.turn, me, language, N_("You on turn"), N_("Seat %(seat)s on turn"))
        lines = [
            tr(
                "Phase: %(phase)s. %(turn)s (start: %(start)s).%(final)s",
                language,
                phase=phase,
                turn=turn,
                start=start,
                final=final,
            )
        ]
    if me is not None:
        lines.append(
            tr(
                "Your case: %(case)s",
                language,
                case=case_words(view.case, language) if view.case else tr("(none)", language),
            )
        )
        hand = ", ".join(view.hand or ()) or tr("(empty)", language)
        lines.append(tr("Your hand: %(cards)s", language, cards=hand))
    piles = {"draw": view.draw_size, "discard": len(view.discard)}
    if view.pool is None:
        lines.append(tr("Draw pile %(draw)s, discard %(discard)s", language, **piles))
    else:
        lines.append(
            tr(
                "Draw pile %(draw)s, discard %(discard)s, chips left %(chips)s",
                language,
                chips=view.pool,
                **piles,
            )
        )
    lines.append(tr("Seats (points, drop cards left):", language))
    for seat in range(view.players):
        case = "" if view.has_case[seat] else tr(", no case", language)
        drops = " ".join(map(str, view.unused[seat])) or tr("none", language)
        points = tr(
            "%(seat)s: %(points)s pts, drops %(drops)s",
            language,
            seat=_seat(seat, me, language),
            points=view.scores[seat],
            drops=drops,
        )
        lines.append(f"  {points}{case}")
        for field in FIELDS:
            cards = [p.card for p in view.grids[seat] if p.field == field]
            if cards:
                lines.append(f"    {field}: {', '.join(cards)}")
    return "\n".join(lines)


PLAYED = (
    N_("you played %(card)s to seat %(target)s: field %(field)s"),
    N_("seat %(seat)s played %(card)s to you: field %(field)s"),
    N_("seat %(seat)s played %(card)s to seat %(target)s: field %(field)s"),
)
TRIED = (
    N_("you tried seat %(target)s's case: %(guess)s with the %(drops)s-drop card: %(result)s"),
    N_("seat %(seat)s tried your case: %(guess)s with the %(drops)s-drop card: %(result)s"),
    N_(
        "seat %(seat)s tried seat %(target)s's case: %(guess)s with the %(drops)s-drop card: "
        "%(result)s"
    ),
)
GUESS_SEEN = (
    N_("your guess was %(guess)s (only you and seat %(target)s see it)"),
    N_("seat %(seat)s's guess was %(guess)s (only you and seat %(seat)s see it)"),
    N_("seat %(seat)s's guess was %(guess)s (seen by seat %(seat)s and seat %(target)s only)"),
)


def _solved(event: Solved, language: str) -> str:
    short = tr(", %(short)s short of chips", language, short=event.short) if event.short else ""
    return tr(
        "solved! +%(points)s (%(drops)s for the drops, %(bonus)s for the few cards%(short)s)",
        language,
        points=event.points,
        drops=event.drops,
        bonus=event.bonus,
        short=short,
    )


def event_words(event: Event, me: int | None, language: str = SOURCE) -> str:
    """One event in words for the reading seat ``me`` (``None``: a spectator)."""
    if isinstance(event, Played):
        return _by(
            event.seat, event.target, me, language, PLAYED, card=event.card, field=event.field
        )
    if isinstance(event, Solved | Failed):
        if isinstance(event, Solved):
            guess, result = case_words(guess_text(event.case), language), _solved(event, language)
        else:
            guess = (
                case_words(event.guess, language)
                if event.guess is not None
                else tr("a secret guess", language)
            )
            result = tr("wrong", language)
        return _by(
            event.seat,
            event.target,
            me,
            language,
            TRIED,
            guess=guess,
            drops=event.drops,
            result=result,
        )
    if isinstance(event, FailedGuess):
        return _by(
            event.seat,
            event.target,
            me,
            language,
            GUESS_SEEN,
            guess=case_words(event.guess, language),
        )
    if isinstance(event, TurnedUp):
        cards = ", ".join(event.cards)
        mine, other = (
            N_("you turned up %(cards)s looking for a new case"),
            N_("seat %(seat)s turned up %(cards)s looking for a new case"),
        )
        return _who(event.seat, me, language, mine, other, cards=cards)
    if isinstance(event, Reshuffled):
        return tr(
            "the discard pile (%(count)s) was shuffled into a new draw pile",
            language,
            count=event.count,
        )
    if isinstance(event, NewCase):
        return _who(
            event.seat, me, language, N_("you took a new case"), N_("seat %(seat)s took a new case")
        )
    if isinstance(event, CaseDrawn):
        mine, other = N_("your new case: %(case)s"), N_("seat %(seat)s's new case: %(case)s")
        return _who(event.seat, me, language, mine, other, case=case_words(event.case, language))
    if isinstance(event, NoCase):
        mine, other = (
            N_("you have no case: none is left to draw"),
            N_("seat %(seat)s has no case: none is left to draw"),
        )
        return _who(event.seat, me, language, mine, other)
    if isinstance(event, Drew):
        return _drew(event, me, language)
    if isinstance(event, DrewCards):
        mine, other = N_("your new cards: %(cards)s"), N_("seat %(seat)s's new cards: %(cards)s")
        return _who(event.seat, me, language, mine, other, cards=", ".join(event.cards))
    if isinstance(event, FinalRound):
        return tr("final round: the game ends when this round is over", language)
    if isinstance(event, Over):
        cases = ", ".join(
            f"{_seat(s, me, language)} {_case_or_none(c, language)}"
            for s, c in enumerate(event.cases)
        )
        return tr("the game is over; the last cases: %(cases)s", language, cases=cases)
    raise ValueError(f"Black Stories Investigation has no event {event.kind!r}")


def _case_or_none(case: str | None, language: str) -> str:
    return case_words(case, language) if case else "-"


def _drew(event: Drew, me: int | None, language: str) -> str:
    if event.seat == me:
        return trn("you drew %(count)s card", "you drew %(count)s cards", event.count, language)
    return trn(
        "seat %(seat)s drew %(count)s card",
        "seat %(seat)s drew %(count)s cards",
        event.count,
        language,
        seat=event.seat,
    )


def history_lines(
    before: BlackStoriesView, after: BlackStoriesView, move: Move, language: str = SOURCE
) -> list[str]:
    """The lines a step adds to the reading seat's history: one per event it may see."""
    lines = [event_words(event, after.seat, language) for event in move.events]
    if lines:
        return lines
    # a step told without events
    return [_who(move.seat, after.seat, language, N_("you moved"), N_("seat %(seat)s moved"))]


def ending_text(
    view: BlackStoriesView,
    reveal: Mapping[str, Any],
    actions: Sequence[tuple[int, str]],
    language: str = SOURCE,
) -> list[str]:
    me = view.seat
    lines = []
    if view.cases is not None:
        cases = ", ".join(
            f"{_seat(s, me, language)} {_case_or_none(c, language)}"
            for s, c in enumerate(view.cases)
        )
        lines.append(tr("Last cases: %(list)s", language, list=cases))
    held = reveal.get("cases_held")
    if isinstance(held, list):
        for seat, cases in enumerate(held):
            if isinstance(cases, list) and len(cases) > 1:
                listed = ", ".join(case_words(str(case), language) for case in cases)
                mine, other = (
                    N_("Cases you held: %(cases)s"),
                    N_("Cases seat %(seat)s held: %(cases)s"),
                )
                lines.append(_who(seat, me, language, mine, other, cases=listed))
    scores = ", ".join(f"{_seat(s, me, language)} {p}" for s, p in enumerate(view.scores))
    lines.append(tr("Scores: %(list)s", language, list=scores))
    return lines
