"""The game the tests of the fronts and commands play as their example.

A test of the arena, the terminal app or the command line needs some game, and any would
do; it takes the one whose test data volunteers (``fronts.example`` in
``tests/games/<package>/<package>_cases.py``, the service's example table too), so that it
names none. Those tests play it at three players.
"""

from __future__ import annotations

from sleuth.core import GameKit

from .game_cases import cases_of
from .game_names import built_in_kits


def example_kit() -> GameKit:
    """The built-in game whose cases say ``fronts.example``, else the registry's first."""
    kits = built_in_kits()
    return next((kit for kit in kits if cases_of(kit).fronts.example), kits[0])


EXAMPLE = example_kit().name
