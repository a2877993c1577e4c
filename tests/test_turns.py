"""The one rule of who is offered an interrupt, and in which order."""

from __future__ import annotations

from sleuth.core import make_game
from sleuth.core.turns import interrupt_order


def test_the_other_actors_are_offered_from_the_seat_after_the_mover_round_the_table() -> None:
    state = make_game("black-vienna", 5).new(11)
    for _ in range(7):  # questions asked: every seat still in may accuse at any time
        mover = state.to_move()
        assert mover is not None
        assert state.actors() == frozenset(range(5))
        assert interrupt_order(state) == [(mover + k) % 5 for k in range(1, 5)]
        state = state.apply(mover, state.legal_actions(mover)[0])


def test_nobody_is_offered_anything_once_the_game_is_over() -> None:
    state = make_game("black-vienna", 3).new(2)
    while state.outcome is None:
        seat = state.to_move()
        assert seat is not None
        state = state.apply(seat, state.legal_actions(seat)[-1])  # the last: an accusation
    assert state.actors() == frozenset()
    assert interrupt_order(state) == []
