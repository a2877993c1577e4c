"""Black Vienna's model of a seat on a small deck is the model the engine's tests check
against brute force (tests/deduce/, ``small_bv``)."""

from __future__ import annotations

import random

from deduce.strategies import seat_model, small_game
from sleuth.games.black_vienna.knowledge import Investigation
from sleuth.games.black_vienna.knowledge import seat_model as black_vienna_seat_model


def test_a_small_decks_seat_model_is_the_one_the_engine_is_checked_on() -> None:
    conflicts = 0
    for seed in range(300):
        game = small_game(random.Random(seed), wrong=0.2 if seed % 2 else 0.0)
        hand = game.hands[game.seat]
        heard = [Investigation(a.target, a.letters, a.markers) for a in game.answers]
        theirs = black_vienna_seat_model(
            game.letters, game.sizes, game.seat, hand, heard, None, game.ring_size
        )
        ours = seat_model(game.letters, game.sizes, game.seat, hand, game.answers)
        assert theirs.model == ours.model, seed
        # an answer about the seat's own hand is no constraint, but a wrong one is a conflict
        wrong_own = [
            i
            for i, a in enumerate(game.answers)
            if a.target == game.seat and sum(ch in hand for ch in a.letters) != a.markers
        ]
        assert theirs.self_conflicts == wrong_own
        conflicts += len(wrong_own)
    assert conflicts > 0
