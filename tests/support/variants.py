"""Every registered game under each of its options' non-default values, for tests that run
every game the ways a table may set it up (conformance, bots).

The value of an option that is neither a choice nor yes/no comes from the game's own test
data (``support.game_cases``); a built-in game's option without one is an error, not
skipped (another distribution's game keeps that option at its default here).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from sleuth.core import all_kits, find_kit

from .game_cases import BUILTIN_PREFIX, cases_of


def variants() -> Iterator[tuple[str, str, object]]:
    """(game, option, value) for every non-default value of every option of every game."""
    for kit in all_kits():
        game = kit.game
        given = cases_of(kit).values
        for option in game.options():
            field = next(f for f in dataclasses.fields(game.config_type) if f.name == option.name)
            if option.choices:
                values: list[object] = [c for c in option.choices if c != option.default]
            elif isinstance(field.default, bool):
                values = [not field.default]
            elif option.name in given:
                values = [given[option.name]]
            elif not game.__module__.startswith(BUILTIN_PREFIX):
                values = []  # another distribution's game: its own tests hold it
            else:
                # An option no test sets could be ignored by every consumer unseen.
                raise LookupError(
                    f"{game.name}: option {option.name!r} has no test value: give one in "
                    "the game's test data (tests/games/<package>/<package>_cases.py)"
                )
            for value in values:
                yield game.name, option.name, value


def base_options(name: str) -> dict[str, object]:
    """The options every run of game ``name`` starts from."""
    return dict(cases_of(find_kit(name)).base)


def variant_players(name: str) -> int:
    """The table of the runs of game ``name`` under its options' values."""
    kit = find_kit(name)
    players = cases_of(kit).players
    return kit.game.min_players if players is None else players
