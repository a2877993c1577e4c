"""The registry of game kits, by name and alias.

Built-in kits are the ``kit`` modules of the packages under ``sleuth.games``; a separate
package adds a game through the ``sleuth.games`` entry point group, pointing at its
``GameKit``. Fronts iterate the registry and never name a game.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from enum import Enum
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .errors import GameError, UnknownGameError
from .kit import GameKit
from .protocol import Game
from .said import said

ENTRY_POINT_GROUP = "sleuth.games"
BUILTIN_PACKAGE = "sleuth.games"


class _Stage(Enum):
    """How far the registry has read the kits there are."""

    EMPTY = "nothing read, or a load that failed"
    ONE = "one built-in, looked up by its package's name, and every entry point's kit"
    ALL = "every built-in, then every entry point's kit"


class _Registry:
    """The kits registered so far, and how far loading has gone.

    A lookup by a built-in's name takes ``EMPTY`` to ``ONE``: that package's kit and the entry
    points', without importing the other built-ins, which a command about one game does not
    need. Any other lookup, and every listing, takes it to ``ALL``: every built-in, then the
    entry points' kits again (those read at ``ONE``, kept in ``from_points``, are registered
    anew), so a built-in keeps its names whichever lookup came first. A load is marked done
    only once it has all loaded: a broken entry point fails every call with its error, and
    never leaves a registry that silently lacks some games.
    """

    def __init__(self) -> None:
        self.kits: dict[str, GameKit] = {}
        self.aliases: dict[str, str] = {}  # every name and alias, lower case -> game name
        self.stage = _Stage.EMPTY
        self.from_points: set[str] = set()  # kits of entry points registered at ONE

    def register(self, kit: GameKit, source: str | None = None) -> GameKit:
        game = kit.game
        keys = [game.name, *game.aliases]
        for key in keys:
            owner = self.aliases.get(key.lower())
            if owner is not None and (owner != game.name or self.kits[owner] is not kit):
                where = f" ({source})" if source else ""
                raise GameError(f"game name {key!r} of {game.title}{where} is taken by {owner}")
        for key in keys:
            self.aliases[key.lower()] = game.name
        self.kits[game.name] = kit
        return kit

    def find(self, name: str) -> GameKit:
        key = name.strip().lower()
        if self.stage is _Stage.ONE:
            # The built-in looked up then is found at once; any other name takes the full
            # load, which keeps the built-ins' precedence over an entry point claiming one of
            # their names.
            known = self.aliases.get(key)
            if known is not None and known not in self.from_points:
                return self.kits[known]
        elif self.stage is _Stage.EMPTY:
            kit = self._load_named(key)
            if kit is not None:
                return kit
        self.load_all()
        if key not in self.aliases:
            known_names = ", ".join(sorted(self.kits))
            raise UnknownGameError(
                said("unknown game %(name)s (games: %(games)s)", name=repr(name), games=known_names)
            )
        return self.kits[self.aliases[key]]

    def load_all(self) -> None:
        if self.stage is _Stage.ALL:
            return
        for name in self.from_points:  # registered again below, after every built-in
            kit = self.kits.pop(name, None)
            if kit is not None:
                for key in [kit.game.name, *kit.game.aliases]:
                    self.aliases.pop(key.lower(), None)
        self.from_points.clear()
        self.stage = _Stage.EMPTY  # until the full load is done, a lookup reads all again
        package = importlib.import_module(BUILTIN_PACKAGE)
        for info in pkgutil.iter_modules(package.__path__):
            if info.ispkg:
                self._register_builtin(info.name)
        self._load_points()
        self.stage = _Stage.ALL

    def _load_named(self, key: str) -> GameKit | None:
        """The built-in kit whose package is named like ``key`` (``black-vienna``:
        ``sleuth.games.black_vienna``), registered with every entry point's; None when no
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
        kit = self._register_builtin(package)
        if key not in (k.lower() for k in [kit.game.name, *kit.game.aliases]):
            return None
        # An entry point claiming this game's name is refused here as in a full load.
        self._load_points(track=True)
        self.stage = _Stage.ONE
        return kit

    def _register_builtin(self, package: str) -> GameKit:
        module = f"{BUILTIN_PACKAGE}.{package}.kit"
        return self._register_from(importlib.import_module(module).KIT, f"{module}:KIT")

    def _load_points(self, track: bool = False) -> None:
        for point in entry_points(group=ENTRY_POINT_GROUP):
            if point.value.startswith(BUILTIN_PACKAGE + "."):
                continue  # a built-in listed in an older installation's metadata
            source = _describe(point)
            try:
                kit = point.load()
            except Exception as error:  # whatever the package's import raises, name it
                raise GameError(f"{source} fails to load: {error!r}") from error
            registered = self._register_from(kit, source)
            if track:
                self.from_points.add(registered.name)

    def _register_from(self, kit: object, source: str) -> GameKit:
        if not isinstance(kit, GameKit):
            raise GameError(f"{source}: {type(kit).__name__} {kit!r} is not a GameKit")
        if self.kits.get(kit.name) is not kit:
            self.register(kit, source)
        return kit


def _describe(point: EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    package = f" of package {dist.name} {dist.version}" if dist is not None else ""
    return f"entry point {point.name} = {point.value} in group {ENTRY_POINT_GROUP}{package}"


_REGISTRY = _Registry()


def register(kit: GameKit, source: str | None = None) -> GameKit:
    """Add a kit; its game's name and aliases must be free (or already its own).

    ``source`` says where the kit came from (an entry point), for the error when a name is
    taken: two kits may never share a name or an alias, whichever came first.
    """
    return _REGISTRY.register(kit, source)


def find_kit(name: str) -> GameKit:
    """The kit registered under ``name`` or one of its aliases (case-insensitive)."""
    return _REGISTRY.find(name)


def find_game(name: str) -> type[Game[Any]]:
    return find_kit(name).game


def all_kits() -> list[GameKit]:
    _REGISTRY.load_all()
    return [_REGISTRY.kits[name] for name in sorted(_REGISTRY.kits)]


def all_games() -> list[type[Game[Any]]]:
    return [kit.game for kit in all_kits()]


def make_game(name: str, players: int, **options: object) -> Game[Any]:
    return find_game(name).configure(players, **options)
