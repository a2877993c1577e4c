"""The registry of game kits, by name and alias.

Built-in kits are the ``kit`` modules of the packages under ``sleuth.games``; a separate
package adds a game through the ``sleuth.games`` entry point group, pointing at its
``GameKit``. Fronts iterate the registry and never name a game.
"""

from __future__ import annotations

import importlib
import pkgutil
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .errors import GameError, UnknownGameError
from .kit import GameKit
from .protocol import Game

ENTRY_POINT_GROUP = "sleuth.games"
BUILTIN_PACKAGE = "sleuth.games"

_KITS: dict[str, GameKit] = {}
_ALIASES: dict[str, str] = {}
_loaded = False


def register(kit: GameKit, source: str | None = None) -> GameKit:
    """Add a kit; its game's name and aliases must be free (or already its own).

    ``source`` says where the kit came from (an entry point), for the error when a name is
    taken: two kits may never share a name or an alias, whichever came first.
    """
    game = kit.game
    keys = [game.name, *game.aliases]
    for key in keys:
        owner = _ALIASES.get(key.lower())
        if owner is not None and (owner != game.name or _KITS[owner] is not kit):
            where = f" ({source})" if source else ""
            raise GameError(f"game name {key!r} of {game.title}{where} is taken by {owner}")
    for key in keys:
        _ALIASES[key.lower()] = game.name
    _KITS[game.name] = kit
    return kit


def _load() -> None:
    """Register the built-in kits, then every entry point's. Marked done only once all
    loaded: a broken entry point fails every call with its error, never leaves a registry
    that silently lacks some games."""
    global _loaded
    if _loaded:
        return
    package = importlib.import_module(BUILTIN_PACKAGE)
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            module = f"{BUILTIN_PACKAGE}.{info.name}.kit"
            _register_from(importlib.import_module(module).KIT, f"{module}:KIT")
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.value.startswith(BUILTIN_PACKAGE + "."):
            continue  # a built-in listed in an older installation's metadata
        source = _describe(point)
        try:
            kit = point.load()
        except Exception as error:  # whatever the package's import raises, name the package
            raise GameError(f"{source} fails to load: {error!r}") from error
        _register_from(kit, source)
    _loaded = True


def _describe(point: EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    package = f" of package {dist.name} {dist.version}" if dist is not None else ""
    return f"entry point {point.name} = {point.value} in group {ENTRY_POINT_GROUP}{package}"


def _register_from(kit: object, source: str) -> None:
    if not isinstance(kit, GameKit):
        raise GameError(f"{source}: {type(kit).__name__} {kit!r} is not a GameKit")
    if _KITS.get(kit.name) is not kit:
        register(kit, source)


def find_kit(name: str) -> GameKit:
    """The kit registered under ``name`` or one of its aliases (case-insensitive)."""
    _load()
    key = name.strip().lower()
    if key not in _ALIASES:
        known = ", ".join(sorted(_KITS))
        raise UnknownGameError(f"unknown game {name!r} (games: {known})")
    return _KITS[_ALIASES[key]]


def find_game(name: str) -> type[Game[Any]]:
    return find_kit(name).game


def all_kits() -> list[GameKit]:
    _load()
    return [_KITS[name] for name in sorted(_KITS)]


def all_games() -> list[type[Game[Any]]]:
    return [kit.game for kit in all_kits()]


def make_game(name: str, players: int, **options: object) -> Game[Any]:
    return find_game(name).configure(players, **options)
