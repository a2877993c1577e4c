"""Who plays first, as the lobby's menu says it (``first_seat``, and ``first_seat_by`` for an
option that changes it), is what each game's deals do: a named seat is the first to move in
every deal, and a seat said to be drawn is a different one from deal to deal."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.core import Game, all_kits
from sleuth.server.routers.games import first_seats

SEEDS = range(40)


def starts(game: Game[Any]) -> set[int | None]:
    """The seat each deal names as the start player where its reveal says so, else the seat
    to move first."""
    found: set[int | None] = set()
    for seed in SEEDS:
        state = game.new(seed)
        start = state.reveal().get("start")
        found.add(start if isinstance(start, int) else state.to_move())
    return found


def check(game: Game[Any], said: int | None) -> None:
    if said is None:
        assert len(starts(game)) > 1, f"{game!r}: said to be drawn, always the same seat"
    else:
        assert starts(game) == {said}, game
        assert {game.new(seed).to_move() for seed in SEEDS} == {said}, game


@pytest.mark.parametrize("kit", all_kits(), ids=lambda kit: kit.name)
def test_the_first_player_as_the_menu_says(kit: Any) -> None:
    default, by_option = first_seats(kit.game)
    players = max(kit.game.min_players, 3)
    check(kit.game.configure(players), default)
    for option, values in by_option.items():
        assert values, option
        for value, said in values.items():
            check(kit.game.configure(players, **{option: value}), said)


def test_an_option_that_names_the_first_player_is_in_the_menu() -> None:
    """At least one game's options change who plays first (else ``first_seat_by`` is untried)."""
    changing = {
        kit.name: first_seats(kit.game)[1] for kit in all_kits() if first_seats(kit.game)[1]
    }
    assert changing, "no game has an option for the first player"
    for options in changing.values():
        for values in options.values():
            assert None in values.values() and 0 in values.values(), values
