"""The core of the tests that run every registered game, as functions: the generic test
modules parametrize them over the registry, and the test of a new game's folder
(``test_new_game``) runs them over a game the registry has only just found."""

from __future__ import annotations

from sleuth.core import all_kits, find_game
from sleuth.testing import check_game

from .variants import base_options, variant_players


def tables() -> list[tuple[str, int]]:
    """(game, players): every registered game at its smallest and its largest table."""
    return [
        (kit.name, players)
        for kit in all_kits()
        for players in sorted({kit.game.min_players, kit.game.max_players})
    ]


def check_table(name: str, players: int) -> None:
    """Game ``name`` at a table of ``players``, from its base options, passes the harness."""
    game = find_game(name).configure(players, **base_options(name))
    report = check_game(game, seeds=range(2), deep_every=40)
    assert report.games == 2 and report.replays_checked == 2
    assert report.illegal_checked > 0 and report.malformed_checked > 0


def check_option(name: str, option: str, value: object) -> None:
    """Game ``name`` with one option at a non-default value passes the harness."""
    options = {**base_options(name), option: value}
    game = find_game(name).configure(variant_players(name), **options)
    report = check_game(game, seeds=range(2), deep_every=40)
    assert report.games == 2 and report.replays_checked == 2 and report.json_checked > 0
