"""The one checked ``apply``: every game refuses the same kinds of bad input the same way."""

from __future__ import annotations

import pytest

from sleuth.core import GameError, IllegalActionError, InvalidActionError, find_game, make_game
from sleuth.games.alibi import Exchange
from sleuth.games.black_stories import Play
from sleuth.games.black_vienna import Accuse, Guess, Investigate
from sleuth.games.thirteen_clues import Ask


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
    clues = make_game("13-clues", 4, mystery_choice="random").new(2)
    seat = clues.to_move()
    assert seat is not None
    with pytest.raises(InvalidActionError, match="malformed action"):  # a str side on purpose
        clues.apply(seat, Ask((seat + 1) % 4, "red", "", 0))  # type: ignore[arg-type]


def test_an_action_of_another_game_is_refused_by_name() -> None:
    state = make_game("alibi", 3).new(1)
    with pytest.raises(InvalidActionError, match="is not an action of Alibi"):
        state.apply(state.to_move() or 0, Play("woman+knife", 1))
    stories = make_game("bsi", 3).new(1)
    with pytest.raises(GameError, match="not an action of Black Stories Investigation"):
        stories.apply(0, Exchange(("male",)))


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


@pytest.mark.parametrize(
    "name", ["black-vienna", "13-clues", "alibi", "black-stories-investigation"]
)
def test_an_action_object_from_an_earlier_list_is_legal_exactly_when_it_is_now(
    name: str,
) -> None:
    """The check knows at once an action that is the very object of the current legal list:
    one kept from an earlier state's list (or made last by a lazy list) must still be
    accepted exactly when an equal action is legal now, whatever object it is."""
    import random

    rng = random.Random(name)
    checked = refused = 0
    kind = find_game(name)
    for players in sorted({kind.min_players, min(4, kind.max_players)}):
        game = make_game(name, players)
        for number in range(4):
            state = game.new(number)
            kept: list[object] = []
            while state.outcome is None:
                seat = state.to_move()
                assert seat is not None
                legal = state.legal_actions(seat)
                for old in rng.sample(kept, min(len(kept), 6)):
                    equal_now = any(old == action for action in legal)
                    try:
                        state.check(seat, old)  # type: ignore[arg-type]
                    except IllegalActionError:
                        assert not equal_now, (name, old)
                        refused += 1
                    else:
                        assert equal_now, (name, old)
                    checked += 1
                picked = legal[rng.randrange(len(legal))]
                kept += [picked, legal[len(legal) - 1]]  # and a lazy list's last made item
                state = state.apply(seat, picked)
    assert checked > 50 and refused > 0


@pytest.mark.parametrize(
    "name", ["black-vienna", "13-clues", "alibi", "black-stories-investigation"]
)
def test_an_action_handed_out_for_no_seat_or_none_at_all_is_still_refused(name: str) -> None:
    """``check`` takes an action it handed out itself without comparing it: that shortcut
    must not let through a seat that does not exist, whatever list was asked for it, nor
    ``None`` from a lazy list that has made nothing yet."""
    game = make_game(name, 3)
    state = game.new(5)
    before = [state.view(s) for s in (None, 0, 1, 2)]
    for seat in (3, -1):
        for action in list(state.legal_actions(seat))[-1:]:  # asked, and cached
            with pytest.raises(IllegalActionError, match=f"seat {seat} is not a seat"):
                state.apply(seat, action)
    mover = state.to_move()
    assert mover is not None
    state.legal_actions(mover)
    with pytest.raises(InvalidActionError, match="None is not an action"):
        state.apply(mover, None)  # type: ignore[arg-type]  # bad input on purpose
    assert [state.view(s) for s in (None, 0, 1, 2)] == before


def test_a_seat_that_is_no_int_has_no_legal_actions_even_once_its_number_was_asked() -> None:
    state = make_game("bv", 4).new(1)
    assert len(state.legal_actions(1)) == 2925  # seat 1 may accuse before the first question
    assert tuple(state.legal_actions(True)) == ()  # True == 1 as a key, yet it is no seat
