"""The one checked ``apply``: every game refuses the same kinds of bad input the same way
(each game's own malformed actions: tests/games/<package>/)."""

from __future__ import annotations

import pytest

from sleuth.core import IllegalActionError, InvalidActionError, find_game, make_game
from support.game_names import built_in_kits

NAMES = [kit.name for kit in built_in_kits()]


def table_of_three(name: str) -> int:
    game = find_game(name)
    return min(max(3, game.min_players), game.max_players)


@pytest.mark.parametrize("name", NAMES)
def test_a_bool_is_no_seat(name: str) -> None:
    state = make_game(name, table_of_three(name)).new(3)
    mover = state.to_move()
    assert mover is not None
    legal = state.legal_actions(mover)[0]
    with pytest.raises(IllegalActionError, match=f"seat {mover == 1} is not a seat"):
        state.apply(mover == 1, legal)


@pytest.mark.parametrize("name", NAMES)
def test_an_action_of_another_game_is_refused_by_name(name: str) -> None:
    state = make_game(name, table_of_three(name)).new(1)
    mover = state.to_move()
    assert mover is not None
    title = find_game(name).title
    for other in NAMES:
        if other == name:
            continue
        theirs = make_game(other, table_of_three(other)).new(1)
        action = theirs.legal_actions(theirs.to_move() or 0)[0]
        with pytest.raises(InvalidActionError, match=f"is not an action of {title}"):
            state.apply(mover, action)


@pytest.mark.parametrize("name", NAMES)
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


@pytest.mark.parametrize("name", NAMES)
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
