"""The rules of the games. Importing this package registers every built-in game."""

from . import black_stories, black_vienna

__all__ = ["black_stories", "black_vienna"]
