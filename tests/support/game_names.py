"""Which files of the repository name a built-in game, for the test that keeps each game's
files in its own folders (``test_game_names``).

A file names a game when the game's id, one of its aliases or its package name appears in
it as a whole word (letters, digits, ``_`` and ``-`` joined), in any case: the id in
``make_game("<id>", 3)``, the package in ``sleuth.games.<package>.rules``, but not a class
``<Game>View`` or a module ``test_<alias>_deals``.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable
from pathlib import Path

from sleuth.core import GameKit, all_kits

from .game_cases import BUILTIN_PREFIX, package_of

ROOT = Path(__file__).resolve().parents[2]
# Each game's own folders: its package, its tests, its benchmarks.
GAME_FOLDERS = ("src/sleuth/games/", "tests/games/", "benchmarks/games/")


def built_in_kits() -> list[GameKit]:
    return [kit for kit in all_kits() if kit.game.__module__.startswith(BUILTIN_PREFIX)]


def names_of(kit: GameKit) -> set[str]:
    return {kit.name, *kit.game.aliases, package_of(kit)}


def naming_pattern(names: Iterable[str]) -> re.Pattern[str]:
    words = sorted({re.escape(name) for name in names}, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(words) + r")(?![\w-])", re.IGNORECASE)


def tracked_files() -> list[str]:
    """The repository's files: those git tracks, and new ones it does not ignore."""
    command = ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
    listing = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [path for path in listing.split("\0") if path]


def files_naming(names: Iterable[str], files: Iterable[str]) -> list[str]:
    """The text files among ``files`` (paths under the root) that name any of ``names``,
    outside the games' own folders."""
    pattern = naming_pattern(names)
    found = []
    for path in files:
        if path.startswith(GAME_FOLDERS):
            continue
        try:
            text = (ROOT / path).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # a picture, or a file deleted but not yet committed
        if pattern.search(text):
            found.append(path)
    return sorted(found)
