"""What the tests that run every game need to know of one game, found beside the game's tests.

A test that applies to every game iterates the registry and never names a game. Where it
needs data of one game (options to try, a table size that keeps its games short), the data
lies in the game's own test folder, ``tests/games/<package>/<package>_cases.py``, as
``CASES = GameCases(...)``; a game without that file gets the defaults. Adding a game thus
edits no test outside its folder.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sleuth.core import GameKit

BUILTIN_PREFIX = "sleuth.games."
# The namespace of the games' test folders: tests/ is on the path and tests/games has no
# __init__.py, so tests/games/<package>/x.py is the module games.<package>.x.
TESTS_NAMESPACE = "games"


@dataclass(frozen=True)
class SampleRecord:
    """How to make the game's sample finished record, whose steps' texts hide something:
    a game between random bots at ``players`` from ``seed`` under ``options``, or the
    scripted scenario ``golden`` of the game's ``goldens`` folder."""

    players: int = 0  # 0: the game's smallest table
    seed: int = 1
    options: Mapping[str, object] = field(default_factory=dict)
    golden: str | None = None


@dataclass(frozen=True)
class NotebookCases:
    """A game's notebook under the assistant's fuzz (``test_assist_fuzz``): ``setup`` starts a
    session; ``entries`` is a hypothesis strategy of lines to type, mostly well-formed so that
    the engine works; ``table``, lines that complete the position (typed first when drawn);
    ``valid``, the lines of a small valid session."""

    setup: Mapping[str, object]
    entries: Any
    table: tuple[str, ...] = ()
    valid: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameCases:
    """One game's data for the tests that run every game.

    ``base``: options every such run starts from (a game whose default games are too long
    for a test sets a shorter setup here). ``players``: the table of the runs under each
    option's values (default: the game's smallest). ``values``: the value to try for each
    option that is neither a choice nor yes/no (without one, such an option is left at its
    default). ``other_options``: non-default options together, which the research
    environments must cope with, at ``players_with_options`` players at least.
    ``long_games``: a game between random players runs to thousands of steps, so the tests
    that play many play fewer of it. ``position``: a small position file of the game's
    knowledge part (``sleuth deduce``), which every game with that part must give.
    ``record``: the game's sample finished record (``support.records``).
    ``spectator_sheet``: the game's sheet (``TextRender.sheet``) fills in for a spectator
    too, from the public facts; a game without says a spectator keeps none.
    ``random_game_options``: options that keep a game between random bots short, for the
    tests that draw many whole games at every table (the review's invariants).
    ``fronts_example``: the game the tests of the fronts and commands (arena, terminal app,
    command line) play as their example, for its short games at three players
    (``support.example_game``); one game says so.
    ``notebook``: what the fuzz of the table assistant types into the game's notebook
    (``NotebookCases``); a game with a notebook part needs it.
    """

    base: Mapping[str, object] = field(default_factory=dict)
    players: int | None = None
    values: Mapping[str, object] = field(default_factory=dict)
    other_options: Mapping[str, object] = field(default_factory=dict)
    players_with_options: int = 0
    long_games: bool = False
    position: Mapping[str, object] | None = None
    record: SampleRecord = field(default_factory=SampleRecord)
    spectator_sheet: bool = False
    random_game_options: Mapping[str, object] = field(default_factory=dict)
    fronts_example: bool = False
    notebook: NotebookCases | None = None


def package_of(kit: GameKit) -> str:
    """The package of the kit's game: ``<package>`` for ``sleuth.games.<package>``, the top
    package for a game of another distribution."""
    module = kit.game.__module__
    if module.startswith(BUILTIN_PREFIX):
        return module[len(BUILTIN_PREFIX) :].split(".")[0]
    return module.split(".")[0]


def tests_folder(kit: GameKit) -> Path:
    """The kit's test folder, ``tests/games/<package>/``, wherever the namespace finds it."""
    package = package_of(kit)
    namespace = importlib.import_module(TESTS_NAMESPACE)
    for root in namespace.__path__:
        if (Path(root) / package).is_dir():
            return Path(root) / package
    return Path(next(iter(namespace.__path__))) / package


def cases_of(kit: GameKit) -> GameCases:
    """The kit's ``GameCases`` from its test folder, or the defaults if it has none."""
    package = package_of(kit)
    name = f"{TESTS_NAMESPACE}.{package}.{package}_cases"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        # only the absence of the file itself means "no cases": a failing import inside it
        # must fail the tests
        if error.name is not None and (name + ".").startswith(error.name + "."):
            return GameCases()
        raise
    cases = getattr(module, "CASES", None)
    if not isinstance(cases, GameCases):
        raise TypeError(f"{name}.CASES is {cases!r}, not a GameCases")
    return cases
