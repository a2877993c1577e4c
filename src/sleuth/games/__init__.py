"""The rules of the games. Importing this package registers every built-in game."""

from . import alibi, black_stories, black_vienna, thirteen_clues

__all__ = ["alibi", "black_stories", "black_vienna", "thirteen_clues"]
