"""The registry of game kits, by name and alias.

Built-in kits are the ``kit`` modules of the packages under ``sleuth.games``; a separate
package adds a game through the ``sleuth.games`` entry point group, pointing at its
``GameKit``. Fronts iterate the registry and never name a game.
"""

from __future__ import annotations

import importlib
import importlib.util
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
_FROM_POINTS: set[str] = set()  # kits of entry points registered before a full load
_points_read = False  # the entry points were read by a lookup of one built-in


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
    global _loaded, _points_read
    if _loaded:
        return
    # Kits of entry points registered by a lookup of one built-in (``_load_named``) are
    # registered again below, after every built-in: the built-ins keep their precedence.
    for name in _FROM_POINTS:
        kit = _KITS.pop(name, None)
        if kit is not None:
            for key in [kit.game.name, *kit.game.aliases]:
                _ALIASES.pop(key.lower(), None)
    _FROM_POINTS.clear()
    _points_read = False  # until the full load is done, a lookup reads everything again
    package = importlib.import_module(BUILTIN_PACKAGE)
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            _register_builtin(info.name)
    _load_points()
    _loaded = True


def _register_builtin(package: str) -> GameKit:
    module = f"{BUILTIN_PACKAGE}.{package}.kit"
    return _register_from(importlib.import_module(module).KIT, f"{module}:KIT")


def _load_points(track: bool = False) -> None:
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.value.startswith(BUILTIN_PACKAGE + "."):
            continue  # a built-in listed in an older installation's metadata
        source = _describe(point)
        try:
            kit = point.load()
        except Exception as error:  # whatever the package's import raises, name the package
            raise GameError(f"{source} fails to load: {error!r}") from error
        registered = _register_from(kit, source)
        if track:
            _FROM_POINTS.add(registered.name)


def _load_named(key: str) -> GameKit | None:
    """The built-in kit whose package is named like ``key`` (``black-vienna``:
    ``sleuth.games.black_vienna``), registered with every entry point's but without the
    other built-ins, which a command about one game does not need to import; None when no
    built-in package has that name, or its game goes by another name."""
    package = key.replace("-", "_")
    if not package.isidentifier():
        return None
    try:
        spec = importlib.util.find_spec(f"{BUILTIN_PACKAGE}.{package}.kit")
    except ModuleNotFoundError:
        return None
    if spec is None:
        return None
    kit = _register_builtin(package)
    if key not in (k.lower() for k in [kit.game.name, *kit.game.aliases]):
        return None
    # An entry point claiming this game's name is refused here as in a full load.
    global _points_read
    _load_points(track=True)
    _points_read = True
    return kit


def _describe(point: EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    package = f" of package {dist.name} {dist.version}" if dist is not None else ""
    return f"entry point {point.name} = {point.value} in group {ENTRY_POINT_GROUP}{package}"


def _register_from(kit: object, source: str) -> GameKit:
    if not isinstance(kit, GameKit):
        raise GameError(f"{source}: {type(kit).__name__} {kit!r} is not a GameKit")
    if _KITS.get(kit.name) is not kit:
        register(kit, source)
    return kit


def find_kit(name: str) -> GameKit:
    """The kit registered under ``name`` or one of its aliases (case-insensitive)."""
    key = name.strip().lower()
    if not _loaded:
        if _points_read:
            # Once the entry points are read, the built-in looked up then is found at once;
            # any other name takes the full load, which keeps the built-ins' precedence over
            # an entry point claiming one of their names.
            known = _ALIASES.get(key)
            if known is not None and known not in _FROM_POINTS:
                return _KITS[known]
        else:
            kit = _load_named(key)
            if kit is not None:
                return kit
    _load()
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
