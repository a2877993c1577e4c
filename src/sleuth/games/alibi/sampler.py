"""A full Alibi state consistent with one seat's view: the hidden facts drawn at random.

Search bots (``ismcts``) sample such states to look ahead without ever reading the true
state. Everything public is copied from the view field by field; only what the seat cannot
see is invented: the other hands and the draw pile (a random split of the unseen cards,
sizes kept), the order of the suspect pile, and the seed behind future reshuffles.

A bot is given a view but not the game, so ``game_from_view`` rebuilds a game the view is
consistent with: the displayed suspects as shown, the clue deck from ``clue_counts``, and
for the suspects never seen (pile, convicted) the default suspects of those ids, or made-up
ones. The view does not tell the rule options, so those are the defaults (as the other bots
assume too); the special cards are counted so that the unseen ones fill the hidden places.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from sleuth.core import GameError

from . import components as ac
from .rules import Alibi, AlibiState, Conviction
from .views import AlibiView

_DEFAULT_VALUES = dict(ac.parse_suspects(ac.DEFAULT_SUSPECTS, 1))
_DEFAULT_SPECIALS = {ac.ALIBI: 3, ac.BRIBE: 3, ac.GOOD_EYE: 2}
# A made-up suspect keeps the shape of Appendix C's: gender, build, hair and two more values.
_FILLER = ("female", "thin", "long", "plain", "umbrella")


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


def game_from_view(view: AlibiView) -> Alibi:
    """A game whose deck, suspects and player count agree with everything ``view`` shows."""
    if view.seat is None:
        raise GameError("a spectator's view hides every hand: nothing to determinize from")
    known = tuple(
        f"{s.suspect}={'+'.join(s.values)}" for s in sorted(view.display, key=lambda s: s.suspect)
    )
    convicted = tuple(
        sorted({c.suspect for c in view.convictions} - {s.suspect for s in view.display})
    )
    # Specials: the seen ones, and the default counts' unseen remainder fitted to the places.
    seen = seen_cards(view)
    clues_unseen = sum(
        max(n - seen[v], 0) for v, n in zip(ac.VALUES, view.clue_counts, strict=True)
    )
    free = hidden_places(view) - clues_unseen
    extra = {k: max(n - seen[k], 0) for k, n in _DEFAULT_SPECIALS.items()}
    # Trim (bribes first, alibis last: at most 3 alibis) or pad (bribes) to the free places.
    for kind in (ac.BRIBE, ac.GOOD_EYE, ac.ALIBI):
        while sum(extra.values()) > free and extra[kind] > 0:
            extra[kind] -= 1
    extra[ac.BRIBE] += max(free - sum(extra.values()), 0)
    specials = tuple(seen[k] + extra[k] for k in (ac.ALIBI, ac.BRIBE, ac.GOOD_EYE))
    return _game(
        view.players,
        known,
        convicted,
        view.convictions_to_end + ac.DISPLAY - 1,
        view.clue_counts,
        specials,
    )


@lru_cache(maxsize=256)
def _game(
    players: int,
    known: tuple[str, ...],
    convicted: tuple[str, ...],
    total: int,
    clue_counts: tuple[int, ...],
    specials: tuple[int, int, int],
) -> Alibi:
    # Cached: a bot rebuilds the same game for every decision of a round.
    ids = {entry.partition("=")[0] for entry in known} | set(convicted)
    entries = list(known)
    for ident in convicted:
        entries.append(_entry(ident, _DEFAULT_VALUES.get(ident)))
    spare = (s for s in _DEFAULT_VALUES if s not in ids)
    made = 0
    while len(entries) < total:
        # Unseen suspects: the defaults of unused ids, then made-up ones (X01, ...).
        spare_id = next(spare, None)
        if spare_id is None:
            made += 1
            spare_id = f"X{made:02d}"
        entries.append(_entry(spare_id, _DEFAULT_VALUES.get(spare_id)))
    clues = tuple(f"{v}={n}" for v, n in zip(ac.VALUES, clue_counts, strict=True))
    config = ac.AlibiConfig(
        players=players,
        suspects=tuple(entries),
        clues=clues,
        alibis=specials[0],
        bribes=specials[1],
        good_eyes=specials[2],
    )
    return Alibi(config)


def _entry(ident: str, values: frozenset[str] | None) -> str:
    shown = [v for v in ac.VALUES if v in values] if values else list(_FILLER)
    return f"{ident}={'+'.join(shown)}"


def determinize(game: Alibi | None, view: AlibiView, rng: random.Random) -> AlibiState:
    """A state of ``game`` (inferred from the view if ``None``) whose view for the seat is
    ``view``; the hidden cards and the suspect order drawn from ``rng``."""
    seat = view.seat
    if seat is None or view.hand is None:
        raise GameError("a spectator's view hides every hand: nothing to determinize from")
    if view.outcome is not None or view.active is None:
        raise GameError("the game is over: nothing left to search")
    if game is None:
        game = game_from_view(view)
    pool = unseen_cards(game, view)
    rng.shuffle(pool)
    hands: list[tuple[str, ...]] = []
    for s, size in enumerate(view.hand_sizes):
        if s == seat:
            hands.append(tuple(view.hand))
        else:
            hands.append(ac.sort_cards(pool[:size]))
            del pool[:size]
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
    )
