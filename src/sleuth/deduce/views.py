"""From a seat's view to the deduction engine's position: the engine sees what the seat sees."""

from __future__ import annotations

from sleuth.games.black_stories import BlackStoriesView
from sleuth.games.black_vienna import DEFAULT_DECK, BlackViennaView
from sleuth.games.thirteen_clues import ThirteenCluesView

from .black_vienna import Investigation, Position
from .model import PositionError


def black_vienna_position(view: BlackViennaView) -> Position:
    """The position of the view's seat: its hand and every answer given so far, to anyone."""
    if view.seat is None or view.hand is None:
        raise PositionError("seat: a spectator has no hand to deduce from")
    answers = tuple(
        Investigation(inv.target, card, answer)
        for inv in view.investigations
        for card, answer in zip(inv.cards, inv.answers, strict=True)
    )
    # A deck other than the default shows itself through the cards played and face up; the
    # engine needs the deck only to recognise them.
    seen = [card for card in view.face_up if card is not None] + [a.letters for a in answers]
    deck = DEFAULT_DECK + tuple(dict.fromkeys(c for c in seen if c not in DEFAULT_DECK))
    face_up = tuple(card for card in view.face_up if card is not None)
    return Position(view.players, view.seat, view.hand, answers, deck, face_up)


def black_stories_position(view: BlackStoriesView, target: int) -> dict[str, object]:
    """The case posterior position of seat ``target`` as the view's seat knows it.

    Only the target's current case counts: a solve clears its grid and deals a new case, so
    failed guesses before its last successful solve were about an earlier card. Four-evidence
    cards the seat sees now (its own case and hand, the discard pile, every grid) are other
    cards, so not the case; cards seen earlier may have been reshuffled, so they do not count.
    """
    if view.seat is None or view.hand is None:
        raise PositionError("seat: a spectator has no notes to deduce from")
    if not 0 <= target < view.players or target == view.seat:
        raise PositionError(f"target: {target} is not another seat")
    cards = [
        {"evidence": placed.card.split("+"), "field": placed.field} for placed in view.grids[target]
    ]
    start = 0
    for i, attempt in enumerate(view.attempts):
        if attempt.target == target and attempt.success:
            start = i + 1
    failed = [
        a.guess.split("/")
        for a in view.attempts[start:]
        if a.target == target and not a.success and a.guess is not None
    ]
    visible = [*view.hand, *view.discard, *(p.card for grid in view.grids for p in grid)]
    if view.case is not None:
        visible.append(view.case)
    excluded = [c.split("+") for c in dict.fromkeys(visible) if c.count("+") == 3]
    return {"game": "black-stories", "cards": cards, "failed_guesses": failed, "excluded": excluded}


def thirteen_clues_position(view: ThirteenCluesView) -> dict[str, object]:
    """The 13 Clues position of the view's seat: its hidden cards, the mysteries it sees, the
    informants it looked up, every answer it saw and the accusations made.

    Top Secret questions the seat neither asked nor answered show no subject and are left out;
    questions about a type (an option) are left out too, as the engine takes colours and
    categories only; leaving out a fact never excludes the truth.
    """
    if view.seat is None:
        raise PositionError("seat: a spectator has no hidden cards to deduce from")
    own = view.seats[view.seat]
    if own.hidden is None or view.phase == "choose":
        raise PositionError("hidden: the mysteries are not chosen yet")
    mysteries = {
        str(s.seat): list(s.mystery)
        for s in view.seats
        if s.seat != view.seat and s.mystery is not None
    }
    informants = {i.slot: i.card for i in view.informants if i.card is not None}
    questions: list[dict[str, object]] = []
    for q in view.questions:
        if q.subject is None or q.answer is None or q.subject in ("person", "location", "weapon"):
            continue
        if q.witness == view.seat:
            continue  # the seat knows all its own answers count, so they tell it nothing
        entry: dict[str, object] = {"witness": q.witness, "about": q.subject, "answer": q.answer}
        if q.side:
            entry["side"] = q.side
        questions.append(entry)
    accusations = [{"player": a.seat, "cards": list(a.cards)} for a in view.accusations]
    return {
        "game": "13-clues",
        "players": view.players,
        "seat": view.seat,
        "hidden": list(own.hidden),
        "mysteries": mysteries,
        "informants": informants,
        "questions": questions,
        "accusations": accusations,
    }
