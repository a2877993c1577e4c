"""Registry of games by name and alias. Games register themselves when ``sleuth.games`` loads."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import UnknownGameError
from .protocol import Game

_GAMES: dict[str, type[Game[Any]]] = {}
_ALIASES: dict[str, str] = {}


def register(game_type: type[Game[Any]]) -> type[Game[Any]]:
    """Add a game type; usable as a class decorator."""
    for key in (game_type.name, *game_type.aliases):
        owner = _ALIASES.get(key)
        if owner is not None and owner != game_type.name:
            raise ValueError(f"game name {key!r} is taken by {owner}")
        _ALIASES[key] = game_type.name
    _GAMES[game_type.name] = game_type
    return game_type


def _load_builtin_games() -> None:
    importlib.import_module("sleuth.games")


def find_game(name: str) -> type[Game[Any]]:
    """The game type registered under ``name`` or one of its aliases (case-insensitive)."""
    _load_builtin_games()
    key = name.strip().lower()
    if key not in _ALIASES:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGameError(f"unknown game {name!r} (games: {known})")
    return _GAMES[_ALIASES[key]]


def all_games() -> list[type[Game[Any]]]:
    _load_builtin_games()
    return [_GAMES[name] for name in sorted(_GAMES)]


def make_game(name: str, players: int, **options: object) -> Game[Any]:
    return find_game(name).configure(players, **options)
