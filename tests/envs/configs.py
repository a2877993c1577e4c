"""The configurations the environment tests run: every game with an encoder, at its smallest
and largest player count, and under rule options other than the defaults (each game's
``other_options`` in its test folder, ``support.game_cases``)."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.core import all_kits, find_kit
from sleuth.core.kit import ENCODER
from support.game_cases import cases_of, package_of


def encoded_games() -> list[str]:
    return [kit.name for kit in all_kits() if kit.has(ENCODER)]


def short_games() -> list[str]:
    """The encoded games whose games between random players are short enough to play whole
    in a quick test (``long_games`` in a game's test data says otherwise)."""
    return [name for name in encoded_games() if not cases_of(find_kit(name)).long_games]


def table_of_three(game: str) -> int:
    """Three players, or the nearest table the game allows."""
    rules = find_kit(game).game
    return min(max(3, rules.min_players), rules.max_players)


def configurations() -> list[Any]:
    """(game, players, options) for every encoded game: fewest and most players with the
    default rules, then the other options (at the fewest players they allow)."""
    out = []
    for kit in all_kits():
        if not kit.has(ENCODER):
            continue
        game = kit.game
        for players in sorted({game.min_players, game.max_players}):
            # the largest table is the slow one; the smallest and the options stay fast
            marks = pytest.mark.slow if players > game.min_players else ()
            out.append(pytest.param(kit.name, players, {}, id=f"{kit.name}-{players}", marks=marks))
        cases = cases_of(kit)
        options = dict(cases.other_options)
        players = max(game.min_players, cases.players_with_options)
        out.append(pytest.param(kit.name, players, options, id=f"{kit.name}-{players}-options"))
    return out


def test_every_built_in_game_has_an_encoder_and_other_options() -> None:
    built_in = [kit for kit in all_kits() if kit.game.__module__.startswith("sleuth.games.")]
    assert built_in
    for kit in built_in:
        assert kit.has(ENCODER), f"{kit.name} has no encoder"
        assert cases_of(kit).other_options, (
            f"{kit.name}: no other_options in tests/games/{package_of(kit)}/"
            f"{package_of(kit)}_cases.py"
        )
    assert len(configurations()) == 3 * len(encoded_games())
