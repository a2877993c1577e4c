"""A checked narrowing for tests: ``narrow(TheGame, make_game(name, 4))`` is the game,
typed as the kit's own class, and a test fails at once if the registry gave anything else.
It is the inline form of ``assert isinstance(...)``, never an unchecked cast."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def narrow(kind: type[T], value: object) -> T:
    """``value``, checked to be a ``kind``."""
    assert isinstance(value, kind), f"expected a {kind.__name__}, got {type(value).__name__}"
    return value
