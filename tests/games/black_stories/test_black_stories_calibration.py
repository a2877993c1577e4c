"""Black Stories Investigation's case posterior against the game's own deal, by simulation
(as ``test_thirteen_clues_deal_calibration`` does for 13 Clues).

A fixed public history is replayed in many games dealt by the game itself; a deal is kept if
seat 0 then sees exactly what it saw in the reference game, and the kept deals' cases are
compared with the engine's posterior by a chi-squared test. The game treats a card only as
four-evidence or not when it deals, so each deal is first relabelled by a renaming within each
kind and any order of the seat's own hand, drawn uniformly among those that show seat 0 the
reference's cards where it sees them. Seat 0 sees its case, its hand, the cards it draws and
the card seat 1 plays (from a fixed place of seat 1's hand).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import permutations

from sleuth.core import State, make_game
from sleuth.games.black_stories import BlackStoriesInvestigation
from sleuth.games.black_stories.knowledge import black_stories_position, posterior
from sleuth.games.black_stories.rules import BlackStoriesState
from support.calibration import SEAT, SIGNIFICANCE, History, pooled_chi2, simulate

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
