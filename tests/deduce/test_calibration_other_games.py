"""Black Vienna's ring and Black Stories Investigation's case posterior against the games' own
deals, by simulation (as ``test_calibration`` does for 13 Clues).

A fixed public history is replayed in many games dealt by the game itself; a deal is kept if
seat 0 then sees exactly what it saw in the reference game, and the kept deals' solutions are
compared with the engine's posterior by a chi-squared test. Each deal is first relabelled by a
map under which the game's deal is symmetric, drawn uniformly among those that show seat 0 the
reference's cards where it sees them (see ``test_calibration``):

- Black Vienna deals the 27 persons alike: any renaming of the letters; the investigation
  cards' stacks are shuffled apart from the persons, so the reference's stacks are kept.
- Black Stories Investigation treats a card only as four-evidence or not when it deals: a
  renaming within each kind, and any order of the seat's own hand. Seat 0 sees its case, its
  hand, the cards it draws and the card seat 1 plays (from a fixed place of seat 1's hand).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import permutations
from typing import Any

import pytest

from sleuth.core import State, make_game
from sleuth.games.black_stories import BlackStoriesInvestigation
from sleuth.games.black_stories.knowledge import black_stories_position, posterior
from sleuth.games.black_stories.rules import BlackStoriesState
from sleuth.games.black_vienna import BlackVienna
from sleuth.games.black_vienna.components import LETTERS, mask_letters
from sleuth.games.black_vienna.knowledge import (
    BlackViennaAnalysis,
    Position,
    black_vienna_position,
)
from sleuth.games.black_vienna.rules import BlackViennaState
from support.calibration import SIGNIFICANCE, pooled_chi2, replay, results_of

SEAT = 0
FIRST_SEED = 10**6
History = tuple[tuple[int, str], ...]


def simulate(
    game: Any,
    reference: State,
    history: History,
    deals: int,
    relabel: Callable[[Any, random.Random], State | None],
    solution: Callable[[Any], str],
) -> tuple[Any, Counter[str]]:
    """Seat 0's view after the reference history, and the solutions of the kept deals."""
    results = results_of(game, reference, history)
    target = replay(game, reference, history).view(SEAT)
    rng = random.Random(7)
    kept: Counter[str] = Counter()
    for seed in range(FIRST_SEED, FIRST_SEED + deals):
        deal = relabel(game.new(seed), rng)
        if deal is None:
            continue
        final = replay(game, deal, history, results)
        if final is not None and final.view(SEAT) == target:
            kept[solution(final)] += 1
    return target, kept


# ---- Black Vienna -------------------------------------------------------------------------

BV_SEED = 5
BV_HISTORY: History = (
    (0, "ask 1 LOY"),
    (1, "ask 2 DNZ"),
    (2, "ask 1 HKW"),
    (1, "ask 2 EFW"),
    (2, "ask 1 JKL"),
)
BV_DEALS = 40_000


@pytest.mark.slow
def test_black_vienna_ring_matches_the_games_own_deal() -> None:
    game = make_game("black-vienna", 3)
    assert isinstance(game, BlackVienna)
    reference = game.new(BV_SEED)
    own = mask_letters(reference.hands[SEAT])

    def relabel(deal: BlackViennaState, rng: random.Random) -> State:
        targets = list(own)
        rng.shuffle(targets)
        rename = dict(zip(mask_letters(deal.hands[SEAT]), targets, strict=True))
        rest = [letter for letter in LETTERS if letter not in own]
        rng.shuffle(rest)
        rename.update(zip((x for x in LETTERS if x not in rename), rest, strict=True))

        def named(mask: int) -> str:
            return "".join(rename[x] for x in mask_letters(mask))

        return game.from_deal([named(h) for h in deal.hands], named(deal.ring), reference.stacks)

    def ring(state: BlackViennaState) -> str:
        return mask_letters(state.ring)

    target, kept = simulate(game, reference, BV_HISTORY, BV_DEALS, relabel, ring)
    position = black_vienna_position(target)

    def ring_posterior(pos: Position) -> dict[str, float]:
        analysis = BlackViennaAnalysis(pos)
        return {trio: count / analysis.worlds for trio, count in analysis.ring()}

    result = pooled_chi2(ring_posterior(position), kept)
    print(f"Black Vienna, 3 players: {BV_DEALS} deals, {result}")
    assert result.samples >= 1000
    assert result.p_value > SIGNIFICANCE
    # the same deals reject the reading that leaves out the last answer
    shorter = Position(
        position.players,
        position.seat,
        position.hand,
        position.investigations[:-1],
        position.deck,
        position.face_up,
    )
    old = pooled_chi2(ring_posterior(shorter), kept)
    print(f"Black Vienna, last answer left out: {old}")
    assert old.p_value < SIGNIFICANCE


# ---- Black Stories Investigation ----------------------------------------------------------

BSI_SEED = 6
BSI_HISTORY: History = (
    (0, "play woman+knife to 1"),
    (0, "solve 1 man/day/inside/knife with 1"),
    (0, "draw"),
    (1, "play woman+day+outside+knife to 0"),
    (1, "draw"),
    (0, "play man+gun to 1"),
    (0, "draw"),
)
BSI_PLAYED = (0,)  # the places in seat 1's hand of the cards it plays
BSI_DRAWN = (0, 2)  # the places on the draw pile of the cards seat 0 draws
BSI_DEALS = 100_000


# Fast on purpose: the default run keeps one check of the engine against a game's own deal.
def test_black_stories_case_matches_the_games_own_deal() -> None:
    game = make_game("black-stories-investigation", 2)
    assert isinstance(game, BlackStoriesInvestigation)
    reference = game.new(BSI_SEED)
    assert reference.start == SEAT

    def kind(cards: Sequence[str | None]) -> list[bool]:
        return [card in game.full for card in cards]

    def relabel(deal: BlackStoriesState, rng: random.Random) -> State | None:
        orders = [
            order
            for order in permutations(range(len(deal.hands[SEAT])))
            if kind([deal.hands[SEAT][i] for i in order]) == kind(reference.hands[SEAT])
        ]
        if not orders:
            return None
        hand = [deal.hands[SEAT][i] for i in orders[rng.randrange(len(orders))]]
        # a seat's case is None once solved; the hand, table and draw cards are never None
        pairs: list[tuple[str | None, str | None]] = [(deal.cases[SEAT], reference.cases[SEAT])]
        pairs += zip(hand, reference.hands[SEAT], strict=True)
        pairs += [(deal.hands[1][i], reference.hands[1][i]) for i in BSI_PLAYED]
        pairs += [(deal.draw[i], reference.draw[i]) for i in BSI_DRAWN]
        if any(kind([a]) != kind([b]) for a, b in pairs):
            return None
        rename = {a: b for a, b in pairs if a is not None and b is not None}
        for full in (True, False):
            free = [c for c in game.deck if (c in game.full) == full and c not in rename]
            targets = [
                c for c in game.deck if (c in game.full) == full and c not in rename.values()
            ]
            rng.shuffle(targets)
            rename.update(zip(free, targets, strict=True))
        hands = [list(h) for h in deal.hands]
        hands[SEAT] = hand
        return game.from_deal(
            [None if c is None else rename[c] for c in deal.cases],
            [[rename[c] for c in h] for h in hands],
            [rename[c] for c in deal.draw],
            reference.start,
        )

    def case(state: BlackStoriesState) -> str:
        held = state.cases[1]
        assert held is not None
        return "/".join(held.split("+"))

    target, kept = simulate(game, reference, BSI_HISTORY, BSI_DEALS, relabel, case)
    position = black_stories_position(target, 1)

    def case_posterior(pos: dict[str, object]) -> dict[str, float]:
        cases = posterior(pos)
        return {"/".join(c): 1 / len(cases) for c in cases}

    engine = case_posterior(position)
    result = pooled_chi2(engine, kept)
    print(f"Black Stories Investigation, 2 players: {BSI_DEALS} deals, {result}")
    assert result.samples >= 500
    assert result.cells == len(engine) >= 5
    assert result.p_value > SIGNIFICANCE
    # the same deals reject the reading that forgets the four-evidence cards seat 0 sees
    old = pooled_chi2(case_posterior(dict(position, excluded=[])), kept)
    print(f"Black Stories Investigation, seen cards not excluded: {old}")
    assert old.p_value < SIGNIFICANCE
