"""A full Black Vienna state consistent with one seat's view: the hidden facts filled in.

Search bots (``ismcts``) sample such states to look ahead without reading the true state.
Everything public is copied from the view field by field; the other seats' hands and the
ring are given (drawn by the caller, e.g. uniformly from the deduction engine); the cards
still hidden in the stacks are the deck cards neither played nor face up, shuffled.

The game is the view's own (its config: options and deck). The view does not show which
stack a played card came from, nor the letters of another seat's accusation or guess:
played cards are put back below the face-up cards in any order, another seat's
wrong accusation gets a random trio other than the ring, a correct one the ring, and a
handed-in guess of another seat a random trio. None of that is in any seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from . import components as bv
from .legal import TRIOS
from .rules import Accusation, BlackVienna, BlackViennaState, Investigation
from .views import BlackViennaView


def _random_trio(rng: random.Random, avoid: str) -> str:
    while True:
        trio = TRIOS[rng.randrange(len(TRIOS))]
        if trio != avoid:
            return trio


def sample_state(view: BlackViennaView, rng: random.Random) -> BlackViennaState:
    """A state consistent with ``view``, its hidden deal drawn uniformly by the engine."""
    from .knowledge import BlackViennaAnalysis, black_vienna_position

    (deal,) = BlackViennaAnalysis(black_vienna_position(view)).sample(rng, 1)
    hands, ring = deal["hands"], deal["ring"]
    if not isinstance(hands, list) or not isinstance(ring, str):
        raise TypeError("unexpected sample from the deduction engine")
    return determinize(view, [str(h) for h in hands], ring, rng)


def determinize(
    view: BlackViennaView,
    hands: Sequence[str],
    ring: str,
    rng: random.Random,
) -> BlackViennaState:
    """A state whose ``view(view.seat)`` equals ``view``, with the given hands and ring."""
    if view.seat is None:
        raise ValueError("a spectator's view has no seat to determinize for")
    game = BlackVienna.of(view.config)
    if view.ring is not None:
        ring = view.ring  # the seat has seen it: the game is over, or it accused wrongly
    ring_letters = bv.mask_letters(bv.letters_mask(ring))

    # Stacks: [played placeholders..., face-up card, hidden cards...] per stack.
    played = list(dict.fromkeys(card for inv in view.investigations for card in inv.cards))
    face_up = [card for card in view.face_up if card is not None]
    gone = set(played) | set(face_up)
    hidden = [card for card in game.deck if card not in gone]
    rng.shuffle(hidden)
    per_stack = len(game.deck) // bv.STACKS
    stacks: list[tuple[str, ...]] = []
    tops: list[int] = []
    for up, size in zip(view.face_up, view.stack_sizes, strict=True):
        used = max(0, per_stack - size)
        below = tuple(played[:used])
        played = played[used:]
        below += ("",) * (used - len(below))
        if up is None:
            stacks.append(below)
        else:
            rest = size - 1
            stacks.append((*below, up, *hidden[:rest]))
            hidden = hidden[rest:]
        tops.append(used)
    accusations = tuple(
        Accusation(
            a.seat,
            a.letters
            if a.letters is not None
            else (ring_letters if a.correct else _random_trio(rng, ring_letters)),
            a.correct,
        )
        for a in view.accusations
    )
    guess_seats = sorted(
        set(view.guessed) | (set(view.actors) if view.phase == "guessing" else set())
    )
    guesses: list[tuple[int, str | None]] = []
    for seat in guess_seats:
        if seat not in view.guessed:
            guesses.append((seat, None))
        elif seat == view.seat:
            own = view.own_guess
            guesses.append((seat, "-" if own in (None, "pass") else own))
        else:
            guesses.append((seat, _random_trio(rng, "") if rng.random() < 0.5 else "-"))
    correct = [a.seat for a in view.accusations if a.correct]
    return BlackViennaState(
        game,
        hands=tuple(bv.letters_mask(h) for h in hands),
        ring=bv.letters_mask(ring),
        stacks=tuple(stacks),
        tops=tuple(tops),
        log=tuple(
            Investigation(i.asker, i.target, i.cards, i.answers, i.placed)
            for i in view.investigations
        ),
        public_log=view.investigations,
        accusations=accusations,
        guesses=tuple(guesses),
        supply=view.supply,
        asker=view.asker,
        questioned=sum(1 << s for s in view.questioned),
        cards_played=view.cards_played,
        eliminated=sum(1 << s for s in view.eliminated),
        phase=view.phase,
        winner=correct[0] if correct else None,
        outcome=view.outcome,
    )
