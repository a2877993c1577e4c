"""Black Vienna's checked ``apply``: it refuses bad input as every game does
(tests/test_checked_apply.py), its accusations too."""

from __future__ import annotations

import pytest

from sleuth.core import IllegalActionError, InvalidActionError, make_game
from sleuth.games.black_vienna import Accuse, Guess, Investigate


def test_black_vienna_checks_accusations_like_every_other_action() -> None:
    state = make_game("bv", 4).new(3)
    before = [state.view(s) for s in (None, 0, 1, 2, 3)]
    # Lower case, unsorted, or a letter that is no person: each a malformed accusation.
    for letters in ("aBc", "CBA", "AB?", "ABCD"):
        with pytest.raises(InvalidActionError, match="malformed action"):
            state.apply(0, Accuse(letters))
    with pytest.raises(InvalidActionError, match="malformed action"):
        state.apply(0, Guess("XSI"))
    assert [state.view(s) for s in (None, 0, 1, 2, 3)] == before
    accused = state.apply(0, Accuse("ABC"))
    assert accused.last_result() in ("correct", "wrong")


def test_a_bool_is_no_seat_and_fields_of_the_wrong_type_are_malformed() -> None:
    state = make_game("bv", 4).new(3)
    legal = state.legal_actions(0)[0]
    with pytest.raises(IllegalActionError, match="seat True is not a seat"):
        state.apply(True, legal)
    assert isinstance(legal, Investigate)
    # Fields of the wrong types on purpose: the type: ignores mark what the checks must catch.
    for broken in (
        Investigate(True, legal.cards),
        Investigate(float(legal.target), legal.cards),  # type: ignore[arg-type]
        Investigate(legal.target, list(legal.cards)),  # type: ignore[arg-type]
        Investigate(legal.target, 5),  # type: ignore[arg-type]  # str() of it fails
    ):
        with pytest.raises(InvalidActionError, match="malformed action"):
            state.apply(0, broken)


def test_every_refusal_names_the_seat_the_action_and_the_rule() -> None:
    state = make_game("bv", 4).new(3)
    with pytest.raises(
        IllegalActionError, match="seat 1 cannot ask 2 AOR: it is seat 0's question"
    ):
        state.apply(1, Investigate(2, ("AOR",)))
    over = make_game("bv", 3).new(1)
    while over.outcome is None:
        seat = over.to_move()
        assert seat is not None
        over = over.apply(seat, over.legal_actions(seat)[-1])
    with pytest.raises(IllegalActionError, match="the game is over"):
        over.apply(0, Accuse("ABC"))


def test_a_seat_that_is_no_int_has_no_legal_actions_even_once_its_number_was_asked() -> None:
    state = make_game("bv", 4).new(1)
    assert len(state.legal_actions(1)) == 2925  # seat 1 may accuse before the first question
    assert tuple(state.legal_actions(True)) == ()  # True == 1 as a key, yet it is no seat
