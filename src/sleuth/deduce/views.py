"""From a seat's view to the deduction engine's position: the engine sees what the seat sees."""

from __future__ import annotations

from sleuth.games.black_vienna import DEFAULT_DECK, BlackViennaView

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
