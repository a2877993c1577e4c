"""The rules of the games. Importing this package registers every built-in game."""

from . import black_vienna, thirteen_clues

__all__ = ["black_vienna", "thirteen_clues"]
