"""What the tests that run every game need to know of one game, found beside the game's tests.

A test that applies to every game iterates the registry and never names a game. Where it
needs data of one game (options to try, a table size that keeps its games short), the data
lies in the game's own test folder, ``tests/games/<package>/<package>_cases.py``, as
``CASES = GameCases(...)``; a game without that file gets the defaults. Adding a game thus
edits no test outside its folder.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sleuth.core import GameKit, all_kits

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


# --- the fronts' tests: the service (tests/server), the page in a browser, the terminal's
# pictures (scripts/screenshots.py) and the service's benchmarks (benchmarks/serve*.py) ---


@dataclass(frozen=True)
class WholeGame:
    """A whole game through a real server (tests/server/test_games.py): ``seats`` (``None``
    a person, else the bot seated), ``options``, the sheet's level."""

    seats: tuple[str | None, ...]
    options: Mapping[str, object] = field(default_factory=dict)
    sheet: str = "full"


@dataclass(frozen=True)
class BrowserGame:
    """How the browser tests play the game (tests/server/web_play.py and test_web_games.py).

    ``play(player, frame, rng, plan)``: the clicks on the page that make a move chosen among
    the legal ones, or ``None`` when the seat has none to make now. The whole game: the
    lobby's ``seats`` (``"me"``, ``"person"``, ``"bot:NAME"``), the ``options`` typed there,
    the ``sheet`` level, the step of the screenshots (``shot_step``); ``before_shots(player)``
    and ``after_shots(player)``: checks of the game's own controls mid-game, before the
    screenshots are taken and after; ``at_end(record, seats)``: checks of the finished
    record, the people's seats given, of what only the clicks can have made.
    ``sheet_places``: the English words the drawn sheet heads the game's own places with
    (its data names them by id; a place not given is shown as its id); ``sheet_card``: the
    English words the drawn sheet names a row (a card, by its id in the data) with."""

    play: Callable[..., list[str] | None]
    seats: tuple[str, ...] = ("me", "person", "bot:basic")
    options: Mapping[str, str] = field(default_factory=dict)
    sheet: str = "full"
    shot_step: int = 6
    before_shots: Callable[[Any], None] | None = None
    after_shots: Callable[[Any], None] | None = None
    at_end: Callable[[dict[str, Any], tuple[int, ...]], None] | None = None
    sheet_places: Mapping[str, str] = field(default_factory=dict)
    sheet_card: Callable[[str], str] = str


@dataclass(frozen=True)
class Screenshots:
    """The terminal's pictures of the game (scripts/screenshots.py): ``docs/play-<name>-*``,
    a game at ``players`` from ``seed``, ``moves`` of seat 0 in."""

    name: str
    players: int
    seed: int
    moves: int


@dataclass(frozen=True)
class LanguageShots:
    """The page's pictures of the game in another language (scripts/page_screenshots.py):
    ``docs/images/<name>-<language>-{desktop,phone}.png``, a table of me against bots at its
    fewest players, ``moves`` of mine in."""

    name: str
    language: str
    moves: int = 3


@dataclass(frozen=True)
class FrontCases:
    """The game's part in the fronts' tests. Those that need a table of one game, not one of
    each, take the first game (in the registry's order) that plays their role:

    ``example``: the table dealt where any game would do: three or four seats (people,
    ``random``, ``basic`` and ``medium`` bots), any sheet; its setup refuses ``bad_option``
    (options, the words of the refusal), and its page draws its board as ``board_class``.
    ``short``: a short game with a review, at two or three: random bots finish one in
    seconds. ``heavy``: the game whose largest search and full sheet cost the service the
    most (the hostile tables). ``language_shots``: README's pictures of the page in another
    language. ``whole_game``, ``browser``, ``screenshots``: the game's own
    runs of the tests that run every game (a built-in game without the first two fails
    them; without pictures it has none).
    """

    example: bool = False
    short: bool = False
    heavy: bool = False
    bad_option: tuple[Mapping[str, object], str] | None = None
    board_class: str | None = None
    whole_game: WholeGame | None = None
    browser: BrowserGame | None = None
    screenshots: Screenshots | None = None
    language_shots: LanguageShots | None = None


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
    ``fronts``: its part in the tests of the service, the page and the terminal's pictures.
    ``spectator_sheet``: the game's sheet (``TextRender.sheet``) fills in for a spectator
    too, from the public facts; a game without says a spectator keeps none.
    ``random_game_options``: options that keep a game between random bots short, for the
    tests that draw many whole games at every table (the review's invariants).
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
    fronts: FrontCases = field(default_factory=FrontCases)
    spectator_sheet: bool = False
    random_game_options: Mapping[str, object] = field(default_factory=dict)
    notebook: NotebookCases | None = None


def package_of(kit: GameKit) -> str:
    """The package of the kit's game: ``<package>`` for ``sleuth.games.<package>``, the top
    package for a game of another distribution."""
    module = kit.game.__module__
    if module.startswith(BUILTIN_PREFIX):
        return module[len(BUILTIN_PREFIX) :].split(".")[0]
    return module.split(".")[0]


def tests_folder(kit: GameKit) -> Path:
    """The kit's test folder, ``tests/games/<package>/``, wherever the namespace finds it.

    ``benchmarks/games/<package>/`` shares the namespace once a test puts ``benchmarks`` on the
    path, so the folder is the one holding the kit's cases module (or its ``goldens``), not merely
    the first folder of that name.
    """
    package = package_of(kit)
    namespace = importlib.import_module(TESTS_NAMESPACE)
    folders = [Path(root) / package for root in namespace.__path__]
    for marker in (f"{package}_cases.py", "goldens"):
        for folder in folders:
            if (folder / marker).exists():
                return folder
    for folder in folders:
        if folder.is_dir():
            return folder
    return folders[0] if folders else Path(TESTS_NAMESPACE) / package


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


def kit_for(role: Callable[[GameCases], object]) -> GameKit:
    """The first kit (in the registry's order) whose cases play the role (``FrontCases``'
    roles, ``long_games``): a test that needs a table of one game, not one of each, takes
    its game so."""
    for kit in all_kits():
        if role(cases_of(kit)):
            return kit
    raise LookupError("no game's cases play this role (tests/games/<package>/*_cases.py)")
