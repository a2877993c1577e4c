"""A full Alibi state consistent with one seat's view: the hidden facts drawn at random.

Search bots (``ismcts``) sample such states to look ahead without ever reading the true
state. Everything public is copied from the view field by field; only what the seat cannot
see is invented: the other hands and the draw pile (sizes kept), the order of the suspect
pile, and the seed behind future reshuffles. The unseen cards are dealt uniformly among
the deals within the view's ``bounds`` (``dealing``): never more of a card to a hand or
the draw pile than the seat can prove it may hold, also after reshuffles.

The game is the view's own (its config: the rule options, the suspects and the decks are
public); which suspects lie in the pile is known from it, only their order is drawn.
"""

from __future__ import annotations

import random
from collections import Counter

from sleuth.core import GameError

from . import components as ac
from .bounds import with_seat
from .dealing import deal
from .rules import Alibi, AlibiState, Conviction
from .views import AlibiView


def seen_cards(view: AlibiView) -> Counter[str]:
    """Every card the seat can see: own hand, fronts, discard, alibis lying on suspects."""
    seen: Counter[str] = Counter(view.hand or ())
    seen.update(c for front in view.fronts for c in front)
    seen.update(view.discard)
    seen[ac.ALIBI] += sum(1 for s in view.display if s.alibi is not None)
    return seen


def hidden_places(view: AlibiView) -> int:
    """How many cards lie where the seat cannot see: the other hands and the draw pile."""
    return sum(n for s, n in enumerate(view.hand_sizes) if s != view.seat) + view.draw_pile_size


def unseen_cards(game: Alibi, view: AlibiView) -> list[str]:
    """The deck minus every seen card, as a sorted list (one entry per card)."""
    left = Counter(game.deck)
    left.subtract(seen_cards(view))
    if any(n < 0 for n in left.values()):
        raise GameError("the view shows cards the game's deck does not hold")
    cards = list(ac.sort_cards(list(left.elements())))
    if len(cards) != hidden_places(view):
        raise GameError(f"{len(cards)} unseen cards for {hidden_places(view)} hidden places")
    return cards


def determinize(view: AlibiView, rng: random.Random) -> AlibiState:
    """A state of the view's game whose view for the seat is ``view``; the hidden cards and
    the suspect order drawn from ``rng``."""
    seat = view.seat
    if seat is None or view.hand is None:
        raise GameError("a spectator's view hides every hand: nothing to determinize from")
    if view.outcome is not None or view.active is None:
        raise GameError("the game is over: nothing left to search")
    game = Alibi.of(view.config)
    dealt, pool = deal(view, unseen_cards(game, view), rng)
    hands = [tuple(view.hand) if s == seat else dealt[s] for s in range(view.players)]
    display = tuple(s.suspect for s in view.display)
    gone = set(display) | {c.suspect for c in view.convictions}
    suspect_pile = [s for s in game.suspect_ids if s not in gone]
    if len(suspect_pile) != view.suspect_pile_size:
        raise GameError("the game's suspects do not fit the view's suspect pile")
    rng.shuffle(suspect_pile)
    # The seed drives future reshuffles, unknown to the seat: a random one.
    seed = rng.getrandbits(62)
    return AlibiState(
        game,
        seed,
        display=display,
        suspect_pile=tuple(suspect_pile),
        hands=tuple(hands),
        pile=tuple(pool),
        active=view.active,
        deal=((*display, *suspect_pile), tuple(hands), tuple(pool), view.active),
        fronts=tuple(tuple(f) for f in view.fronts),
        scores=tuple(view.scores),
        discard=tuple(view.discard),
        # The order alibis were laid in is not shown, and no rule depends on it.
        alibis=tuple((s.suspect, s.alibi) for s in view.display if s.alibi is not None),
        convictions=tuple(
            Conviction(c.number, c.suspect, c.how, c.convicter, c.points, c.evidence)
            for c in view.convictions
        ),
        phase=view.phase,
        extra=view.extra_plays,
        candidates=tuple(view.candidates),
        round_turns=view.round_turns,
        known=with_seat(game, seat, view.bounds) if view.bounds else (),
        tracked=False,
    )


def sample_state(view: AlibiView, rng: random.Random) -> AlibiState:
    """A state consistent with ``view`` (the kit's sampler): ``determinize``."""
    return determinize(view, rng)
