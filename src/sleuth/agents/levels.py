"""The ladder: named levels a person picks an opponent by, each a bot spec of the game.

``easy`` < ``medium`` < ``hard`` < ``expert``, as far as the game has the bots. The measured
standing of each level (a rating from a seeded round-robin, ``benchmarks/ladder.py``) lives
with the game's bots, in ``ladder.json`` beside them, and ``sleuth bots`` shows it.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
from collections.abc import Mapping

from sleuth.core.kit import BOTS
from sleuth.core.registry import find_kit
from sleuth.i18n import N_, translate

# The spec behind each level where a game has the bot; a game's ladder.json may name others.
DEFAULT_LEVELS: Mapping[str, str] = {
    "easy": "random",
    "medium": "basic",
    "hard": "deductive",
    "expert": "ismcts",
}
LEVELS = tuple(DEFAULT_LEVELS)
LADDER_FILE = "ladder.json"
MEASURED = N_("%(games)s games at %(players)s players, seed %(seed)s, %(date)s (%(script)s)")
MEASURED_IN_PAIRS = N_(
    "%(games)s games at %(players)s players, seed %(seed)s, each step %(pairs)s games of its "
    "two levels, rated with the rest, %(date)s (%(script)s)"
)


def ladder(game: str) -> dict[str, object]:
    """The game's measured ladder (``levels``: level -> spec, ``ratings``, how it was measured),
    or its default levels when none was measured."""
    kit = find_kit(game)
    stored = _stored(kit.parts.get(BOTS, ""))
    if stored:
        return stored
    from .registry import agent_names

    names = set(agent_names(kit.name))
    levels = {level: spec for level, spec in DEFAULT_LEVELS.items() if spec in names}
    return {"levels": levels, "ratings": {}, "measured": None}


def level_spec(level: str, game: str) -> str | None:
    """The bot spec of a level name for ``game``, or ``None`` if ``level`` is no level."""
    levels = ladder(game).get("levels")
    if not isinstance(levels, dict):
        return None
    spec = levels.get(level.strip().lower())
    return spec if isinstance(spec, str) else None


def _stored(target: str) -> dict[str, object]:
    """The ladder.json beside a kit's bots module (``module:attribute``), if there is one."""
    text = _ladder_text(target.partition(":")[0])
    if text is None:
        return {}
    data = json.loads(text)  # a dict of its own for each caller
    return data if isinstance(data, dict) else {}


@functools.lru_cache(maxsize=64)
def _ladder_text(module: str) -> str | None:
    """Read once a process: every bot seat a table is dealt with names a level, and finding
    the file and reading it was a hundredth of a server's CPU at 250 tables."""
    if not module:
        return None
    try:
        return importlib.resources.files(module).joinpath(LADDER_FILE).read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError, TypeError):
        return None


def how_measured(measured: object, language: str) -> str:
    """How a ladder was measured (``ladder.json``'s ``measured``: games, players, seed,
    pairs, date), said in ``language``; a game's own sentence as it wrote it."""
    if not isinstance(measured, Mapping):
        return str(measured)
    template = MEASURED_IN_PAIRS if measured.get("pairs") else MEASURED
    try:
        return translate(language, template) % {**measured, "script": "benchmarks/ladder.py"}
    except (KeyError, TypeError, ValueError):  # another game's file, with parts of its own
        return str(dict(measured))
