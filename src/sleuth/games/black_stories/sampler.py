"""A full Black Stories Investigation state consistent with one seat's view.

Search bots (``ismcts``) sample such states to look ahead without reading the true state.
Everything public is copied from the view field by field: the phase, turn, start player,
final round, grids, plays, attempts, investigation cards, scores, point chips and discard
pile, and the seat's own case and hand. Only what the seat cannot see is filled in:

- the other seats' current cases, drawn uniformly among the joint assignments the deduction
  engine allows (``knowledge`` per seat, each a different card, since every card of the deck is
  unique);
- the other hands and the draw pile: the remaining unseen cards, shuffled, sizes kept, each
  card where the pile it came from allows (the view says which pile each hidden card and
  each other seat's case and hand card came from: ``views.epoch_of``), so that the sample is
  exact under the deal model of ``knowledge``;
- the seed behind future reshuffles (unknown to everyone, so random), with no reshuffle
  counted yet;
- with guesses=private, the guesses of other seats' failed attempts that the seat did not
  see: a random case other than the one the suspect held then, when that is known.

The game is the view's own (its config: options and deck). The view does not show how the
draw pile came to be, so the sampled deal (``deal``, and the history of cases in ``held``)
is the sampled present, not a past that led to it; no rule reads them. The
cases are uniform given what the seat saw, as the deduction engine assumes; which cards the
other seats chose to play, and when they attempted a solve, may hint more and is not used.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product

from sleuth.core import GameError
from sleuth.games.black_stories.knowledge import black_stories_position, posterior

from . import components as bs
from .rules import Attempt, BlackStoriesInvestigation, BlackStoriesState, Placement
from .views import BlackStoriesView, epoch_of

# Independent draws tried before the exact enumeration of distinct case assignments.
REJECTION_TRIES = 64


def _seat(view: BlackStoriesView) -> int:
    if view.seat is None or view.hand is None:
        raise GameError("a spectator's view hides every case: nothing to determinize from")
    return view.seat


def seen_cards(view: BlackStoriesView) -> list[str]:
    """Every card the seat can see now: own case and hand, the discard pile, every grid."""
    seen = [*(view.hand or ()), *view.discard, *(p.card for grid in view.grids for p in grid)]
    if view.case is not None:
        seen.append(view.case)
    return seen


def unseen_cards(game: BlackStoriesInvestigation, view: BlackStoriesView) -> list[str]:
    """The deck minus every seen card, in deck order: the other cases, hands and draw pile."""
    seat = _seat(view)
    seen = seen_cards(view)
    if len(set(seen)) != len(seen) or not set(seen) <= set(game.deck):
        raise GameError("the view shows cards the game's deck does not hold (once each)")
    unseen = [card for card in game.deck if card not in set(seen)]
    others = [s for s in range(view.players) if s != seat]
    places = sum(view.hand_sizes[s] + view.has_case[s] for s in others) + view.draw_size
    if len(unseen) != places:
        raise GameError(f"{len(unseen)} unseen cards for {places} hidden places")
    return unseen


def case_candidates(view: BlackStoriesView) -> list[list[str]]:
    """Per seat, the cases it may hold as the view's seat knows: its own case for itself,
    none for a seat without a case, else the deduction engine's posterior (unseen cards)."""
    seat = _seat(view)
    game = BlackStoriesInvestigation.of(view.config)
    unseen = set(unseen_cards(game, view))
    out: list[list[str]] = []
    for target in range(view.players):
        if view.cases is not None:  # the game is over: every case is public
            case = view.cases[target]
            out.append([] if case is None else [case])
        elif target == seat:
            out.append([] if view.case is None else [view.case])
        elif not view.has_case[target]:
            out.append([])
        else:
            cases = ("+".join(c) for c in posterior(black_stories_position(view, target)))
            out.append([c for c in cases if c in unseen])
    return out


def sample_cases(
    view: BlackStoriesView,
    candidates: Sequence[Sequence[str]],
    rng: random.Random,
    tries: int = REJECTION_TRIES,
) -> tuple[str | None, ...]:
    """Every seat's case, uniform among the assignments of distinct candidate cards: ``tries``
    independent draws, then (with heavily shared candidates) the exact enumeration."""
    holders = [s for s, cands in enumerate(candidates) if cands]
    for seat in range(view.players):
        if view.has_case[seat] and seat not in holders:
            raise GameError(f"no case of seat {seat} agrees with the view")
    # Independent uniform draws kept only when distinct are uniform over distinct ones.
    for _ in range(tries):
        drawn = [candidates[s][rng.randrange(len(candidates[s]))] for s in holders]
        if len(set(drawn)) == len(drawn):
            return _assign(view.players, holders, drawn)
    joint = [
        combo
        for combo in product(*(candidates[s] for s in holders))
        if len(set(combo)) == len(combo)
    ]
    if not joint:
        raise GameError("no assignment of distinct cases agrees with the view")
    return _assign(view.players, holders, list(joint[rng.randrange(len(joint))]))


def _assign(players: int, holders: list[int], drawn: list[str]) -> tuple[str | None, ...]:
    cases: list[str | None] = [None] * players
    for seat, case in zip(holders, drawn, strict=True):
        cases[seat] = case
    return tuple(cases)


def determinize(
    view: BlackStoriesView,
    rng: random.Random,
    cases: Sequence[str | None] | None = None,
    game: BlackStoriesInvestigation | None = None,
) -> BlackStoriesState:
    """A state of the view's game (or of ``game``, one with the same deck) whose
    ``view(view.seat)`` is ``view``. ``cases`` (every seat's, e.g. from ``sample_cases``) are
    drawn if not given; the other hands and the draw pile are the rest of the unseen cards,
    shuffled."""
    seat = _seat(view)
    if game is None:
        game = BlackStoriesInvestigation.of(view.config)
    if game.players != view.players:
        raise GameError(f"a {game.players}-player game for a {view.players}-player view")
    if cases is None:
        cases = sample_cases(view, case_candidates(view), rng)
    if len(cases) != view.players or cases[seat] != view.case:
        raise GameError("the cases given do not keep the seat's own case")
    pool = unseen_cards(game, view)
    hidden_cases = {c for s, c in enumerate(cases) if s != seat and c is not None}
    if not hidden_cases <= set(pool) or len(hidden_cases) != sum(
        1 for s, c in enumerate(cases) if s != seat and c is not None
    ):
        raise GameError("the cases given are not distinct unseen cards")
    pool = [card for card in pool if card not in hidden_cases]
    hands, pool = _deal_by_pile(view, seat, pool, cases, rng)

    seed = rng.getrandbits(62)  # drives future reshuffles, which nobody can know
    solved = [
        [
            a.guess.replace("/", "+")
            for a in view.attempts
            if a.success and a.target == s and a.guess
        ]
        for s in range(view.players)
    ]
    return BlackStoriesState(
        game,
        seed,
        cases=tuple(cases),
        hands=tuple(hands),
        held=tuple(
            (*solved[s], *(() if case is None else (case,))) for s, case in enumerate(cases)
        ),
        draw=tuple(pool),
        discard=tuple(view.discard),
        reshuffled=view.reshuffled,
        grids=tuple(tuple((p.card, p.field) for p in grid) for grid in view.grids),
        unused=tuple(view.unused),
        scores=tuple(view.scores),
        pool=view.pool,
        start=view.start,
        turn=view.turn,
        deal=(tuple(cases), tuple(hands), tuple(pool)),
        placements=tuple(Placement(p.seat, p.card, p.target, p.field) for p in view.plays),
        attempts=_attempts(view, cases, rng),
        final=view.final_round,
        phase=view.phase,
        _outcome=view.outcome,
    )


def _deal_by_pile(
    view: BlackStoriesView,
    seat: int,
    pool: list[str],
    cases: Sequence[str | None],
    rng: random.Random,
) -> tuple[list[tuple[str, ...]], list[str]]:
    """The other seats' hands and the draw pile from ``pool`` (the unseen cards but the
    cases), shuffled within each pile: a hand card drawn after the r-th reshuffle is one of
    that pile's hidden cards, and the draw pile is what is left of the last pile."""
    last = len(view.reshuffled)
    epochs = view.hand_epochs or tuple((last,) * size for size in view.hand_sizes)
    by_pile: dict[int, list[str]] = {}
    for card in pool:
        by_pile.setdefault(
            epoch_of(view.reshuffled, card) if view.hand_epochs else last, []
        ).append(card)
    for target, case in enumerate(cases):
        drawn_from = view.case_epochs[target] if view.case_epochs else None
        if target != seat and case and drawn_from not in (None, epoch_of(view.reshuffled, case)):
            raise GameError(f"seat {target}'s case {case} is not from the pile it drew from")
    for cards in by_pile.values():
        rng.shuffle(cards)
    hands: list[tuple[str, ...]] = []
    for s, size in enumerate(view.hand_sizes):
        if s == seat:
            hands.append(tuple(view.hand or ()))
            continue
        if len(epochs[s]) != size:
            raise GameError(f"seat {s}: {size} cards in hand but {len(epochs[s])} piles given")
        hand = []
        for epoch in epochs[s]:
            hidden = by_pile.get(epoch, [])
            if not hidden:
                raise GameError(f"seat {s} holds a card of pile {epoch}, none of which is hidden")
            hand.append(hidden.pop())
        hands.append(tuple(hand))
    leftover = {epoch: cards for epoch, cards in by_pile.items() if cards and epoch != last}
    if leftover:
        raise GameError(f"hidden cards of a pile drawn to its end held by nobody: {leftover}")
    return hands, by_pile.get(last, [])


def sample_state(view: BlackStoriesView, rng: random.Random) -> BlackStoriesState:
    """A state consistent with ``view``: the other cases drawn uniformly as the engine allows,
    then the unseen cards dealt at random."""
    return determinize(view, rng)


def _attempts(
    view: BlackStoriesView, cases: Sequence[str | None], rng: random.Random
) -> tuple[Attempt, ...]:
    """The view's attempts, a hidden guess replaced by a wrong one (never the suspect's case
    at the time: the next case of that seat to become known, solved or held now)."""
    attempts = []
    for index, a in enumerate(view.attempts):
        guess = a.guess
        if guess is None:
            later = (
                b.guess for b in view.attempts[index + 1 :] if b.success and b.target == a.target
            )
            held = next(later, None) or bs.guess_text(cases[a.target] or "")
            wrong = [g for g in map(bs.guess_text, bs.ALL_CASES) if g != held]
            guess = wrong[rng.randrange(len(wrong))]
        attempts.append(Attempt(a.seat, a.target, guess, a.drops, a.success, a.points))
    return tuple(attempts)
