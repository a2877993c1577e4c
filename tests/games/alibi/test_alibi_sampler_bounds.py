"""The Alibi sampler never deals a card a seat provably cannot hold, also after reshuffles
(issue #33): checked against a bound written here from the rules alone, read from the
events each seat is shown, and the exact deal counting against a brute force."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from sleuth.core import make_game
from sleuth.core.events import visible
from sleuth.games.alibi import Alibi, AlibiState, AlibiView
from sleuth.games.alibi.bounds import counts_of, least, pack, unpack
from sleuth.games.alibi.dealing import _Counter, _fits
from sleuth.games.alibi.events import DiscardReshuffled, Drew, NewRound
from sleuth.games.alibi.sampler import determinize

HAND = 4


def _game(players: int) -> Alibi:
    game = make_game("alibi", players)
    assert isinstance(game, Alibi)
    return game


def _hidden(game: Alibi, view: AlibiView) -> Counter[str]:
    """The cards the seat cannot see: the deck minus its hand and everything laid out."""
    hidden = Counter(game.deck)
    assert view.hand is not None
    hidden.subtract(view.hand)
    hidden.subtract(c for front in view.fronts for c in front)
    hidden.subtract(view.discard)
    hidden["alibi"] -= sum(1 for s in view.display if s.alibi is not None)
    return hidden


class RulesBound:
    """One seat's bound from the rules alone: every reshuffle leaves the hands as they are
    and puts only cards that were not in them into the draw pile, so since the last one a
    hand holds at most what the seat could not see just before it, plus what that hand has
    drawn since (a draw's count the seat is not told counted as a whole hand)."""

    def __init__(self, game: Alibi, state: AlibiState, seat: int) -> None:
        self.game, self.seat = game, seat
        view = state.view(seat)
        assert isinstance(view, AlibiView)
        self.before = _hidden(game, view)
        self.drawn = [0] * game.players

    def step(self, before: AlibiState, after: AlibiState) -> None:
        events = visible(after.last_events(), self.seat)
        if any(isinstance(e, DiscardReshuffled | NewRound) for e in events):
            view = before.view(self.seat)
            assert isinstance(view, AlibiView)
            self.before = _hidden(self.game, view)
            self.drawn = [0] * self.game.players
        for e in events:
            if isinstance(e, Drew):
                self.drawn[e.seat] += HAND if e.count is None else e.count

    def most(self, view: AlibiView, holder: int, card: str) -> int:
        now = _hidden(self.game, view)[card]
        return min(self.before[card] + self.drawn[holder], now, view.hand_sizes[holder])


def _games(players: int, seeds: range) -> list[list[AlibiState]]:
    games = []
    for seed in seeds:
        rng = random.Random(seed)
        state = _game(players).new(seed)
        states = [state]
        while state.outcome is None:
            seat = state.to_move()
            assert seat is not None
            legal = state.legal_actions(seat)
            new = state.apply(seat, legal[rng.randrange(len(legal))])
            assert isinstance(new, AlibiState)
            states.append(state := new)
        games.append(states)
    return games


def _over_bound(
    bounds: list[RulesBound], state: AlibiState, hands: tuple[tuple[str, ...], ...], seat: int
) -> list[str]:
    view = state.view(seat)
    assert isinstance(view, AlibiView)
    found = []
    for holder, hand in enumerate(hands):
        if holder != seat:
            for card, n in Counter(hand).items():
                if n > bounds[seat].most(view, holder, card):
                    found.append(f"seat {holder} holds {n} {card}")
    return found


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_sampler_deals_within_the_rules_bound(players: int) -> None:
    game = _game(players)
    rng = random.Random(players)
    checked = after_reshuffle = 0
    for states in _games(players, range(2)):
        bounds = [RulesBound(game, states[0], seat) for seat in range(players)]
        reshuffled = False
        for number, (before, after) in enumerate(itertools.pairwise(states)):
            for bound in bounds:
                bound.step(before, after)
            reshuffled |= after.refills > before.refills or len(after.convictions) > len(
                before.convictions
            )
            seat = after.to_move()
            if seat is None or number % 5:
                continue
            # The truth keeps within the bound (else the bound would be wrong) ...
            assert _over_bound(bounds, after, after.hands, seat) == []
            view = after.view(seat)
            assert isinstance(view, AlibiView)
            for _ in range(3):
                sample = determinize(view, rng)
                # ... and so does every deal the sampler makes.
                assert _over_bound(bounds, after, sample.hands, seat) == [], number
                checked += 1
                after_reshuffle += reshuffled
    assert after_reshuffle > 300, after_reshuffle
    assert checked > after_reshuffle


def test_the_engine_bounds_never_exclude_the_truth() -> None:
    for players in (2, 4):
        for states in _games(players, range(10, 12)):
            for state in states:
                for observer, places in enumerate(state.bounds):
                    where = [*state.hands, state.pile]
                    for place, (cards, most) in enumerate(zip(where, places, strict=True)):
                        if place != observer:
                            held = counts_of(cards)
                            assert all(h <= m for h, m in zip(held, unpack(most), strict=True))


def test_the_deal_count_matches_a_brute_force() -> None:
    cards = ["long", "long", "short", "knife", "alibi", "alibi", "bribe"]
    sizes = (2, 3)
    total = counts_of(cards)
    # The first hand cannot hold an alibi, the second at most one long; the pile no bribe.
    first = [2] * len(total)
    first[counts_of(["alibi"]).index(1)] = 0
    second = [3] * len(total)
    second[counts_of(["long"]).index(1)] = 1
    pile = [2] * len(total)
    pile[counts_of(["bribe"]).index(1)] = 0
    caps = tuple(
        tuple(min(c, n) for c, n in zip(cap, total, strict=True)) for cap in (first, second)
    )
    pile_caps = tuple(min(c, n) for c, n in zip(pile, total, strict=True))
    tables: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for order in itertools.permutations(cards):
        if _fits(order, sizes, caps, pile_caps, total):
            tables[(tuple(counts_of(order[:2])), tuple(counts_of(order[2:5])))] += 1
    fitting = sum(tables.values())
    counter = _Counter(tuple(total), sizes, caps, pile_caps)
    arrangements = math.factorial(2) * math.factorial(3) * math.factorial(2)
    assert round(counter.count() * arrangements) == fitting
    assert fitting == 1656
    # Each table is drawn as often as its deals make it likely (within 4.5 sigma).
    rng = random.Random(3)
    runs = 4000
    drawn = Counter(tuple(map(tuple, counter.draw(rng))) for _ in range(runs))
    assert set(drawn) <= set(tables)
    for table, deals in tables.items():
        p = deals / fitting
        assert abs(drawn[table] - runs * p) <= 4.5 * math.sqrt(runs * p * (1 - p)) + 1


def test_packed_rows_take_the_smaller_count_card_by_card() -> None:
    rng = random.Random(9)
    for _ in range(200):
        a = [rng.randrange(100) for _ in range(18)]
        b = [rng.randrange(100) for _ in range(18)]
        assert unpack(least(pack(a), pack(b))) == tuple(map(min, a, b))
