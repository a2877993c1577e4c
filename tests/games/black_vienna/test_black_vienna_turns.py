"""Black Vienna, where seats may act out of turn: the one rule of who is offered an
interrupt and in which order, and the checked door refusing a handed-out action from the
wrong seat."""

from __future__ import annotations

import pytest

from sleuth.core import IllegalActionError, make_game
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


def test_the_checked_door_refuses_what_the_trusted_door_would_take() -> None:
    state = make_game("black-vienna", 3).new(5)
    mover = state.to_move()
    assert mover is not None
    handed = state.legal_actions(mover)[0]
    other = (mover + 1) % 3
    # Another seat offering the mover's own action object: refused, however it was made.
    with pytest.raises(IllegalActionError, match=f"seat {other} cannot"):
        state.apply(other, handed)
