"""13 Clues' sheet as data for the page's drawn grid (issue #35): the chance of each card in
the seat's own mystery once the mysteries are chosen, only what is certain at ``facts``, and
once the game is over the seat's revealed mystery, not the odds from before the reveal."""

from __future__ import annotations

import random
from typing import Any

from sleuth.core import make_game
from sleuth.games.thirteen_clues.render import sheet_data
from sleuth.games.thirteen_clues.rules import ThirteenCluesState

SEED = 4
PERSONS = ("Officer", "Butcher", "Nurse", "Maid")  # the persons seat 0 has not seen
LOCATIONS = ("Parlor", "Market", "Park", "Harbor", "Theater")
WEAPONS = ("Knife", "Blowgun", "Rifle", "Gun")


def _chosen() -> ThirteenCluesState:
    state = make_game("13-clues", 3).new(SEED)
    assert isinstance(state, ThirteenCluesState)
    while state.phase == "choose":
        seat = state.to_move()
        assert seat is not None
        new = state.apply(seat, state.legal_actions(seat)[0])
        assert isinstance(new, ThirteenCluesState)
        state = new
    return state


def test_while_the_mysteries_are_chosen_there_is_no_sheet() -> None:
    dealt: Any = make_game("13-clues", 3).new(SEED).view(0)
    assert sheet_data(dealt, "full") is None


def test_full_gives_each_unseen_card_its_chance_in_my_mystery() -> None:
    view: Any = _chosen().view(0)
    assert view.seats[0].hidden == ("Sword", "Countess")
    data = sheet_data(view, "full")
    assert data is not None
    assert (data.columns, data.solution_column) == (("mine", "s0", "s1", "s2", "inf"), "mine")
    by_card = dict(zip(data.rows, data.cells, strict=True))
    assert by_card["Sword"] == by_card["Countess"] == (0.0, 1.0, 0.0, 0.0, 0.0)
    assert by_card["Duke"] == (0.0, 0.0, 1.0, 0.0, 0.0)  # in seat 1's mystery, seen
    mine = {card: row[0] for card, row in by_card.items() if row[0]}
    assert mine == {
        **dict.fromkeys(PERSONS, 0.25),
        **dict.fromkeys(LOCATIONS, 0.2),
        **dict.fromkeys(WEAPONS, 0.25),
    }
    assert data.possible == len(PERSONS) * len(LOCATIONS) * len(WEAPONS) == 80
    assert [c.probability for c in data.likeliest] == [1 / 80] * 3
    assert data.certain == () and data.assumed
    assert data.question is not None
    assert (data.question.seat, data.question.about) == (1, "purple")


def test_facts_shows_only_what_is_certain() -> None:
    data = sheet_data(_chosen().view(0), "facts")
    assert data is not None
    by_card = dict(zip(data.rows, data.cells, strict=True))
    assert by_card["Officer"] == (None, 0.0, None, None, None)
    assert by_card["Sword"] == (0.0, 1.0, 0.0, 0.0, 0.0)
    assert (data.possible, data.likeliest, data.question) == (None, (), None)


def test_after_the_end_the_sheet_is_my_revealed_mystery_not_the_odds() -> None:
    state: Any = _chosen()
    rng = random.Random(1)
    while state.outcome is None:
        seat = next(s for s in range(3) if state.legal_actions(s))
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
    mystery = tuple(state.game.cards[card].name for card in state.mysteries[0])
    data = sheet_data(state.view(0), "full")
    assert data is not None
    assert data.truth == mystery
    assert data.columns == ("mine",)
    marked = {c for c, row in zip(data.rows, data.cells, strict=True) if row == (1.0,)}
    assert marked == set(mystery) and len(mystery) == 3
    assert all(row in ((0.0,), (1.0,)) for row in data.cells)
    assert (data.possible, data.likeliest, data.question) == (None, (), None)
