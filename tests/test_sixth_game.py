"""A new built-in game needs no edit outside its own folders.

The fixture writes a small game package (the example game's sources, renamed) into a
temporary folder on the path of ``sleuth.games``, and its test data into a temporary
``tests/games/<package>/``: the registry finds it as it finds every built-in, from the games
package alone, and the core of the tests that run every game runs over it with nothing else
changed. Both are removed after the test.
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import sleuth.games
from sleuth.core import GameKit, all_kits, find_kit, registry
from sleuth.core.kit import RENDER, RULES, RulesGuide, TextRender
from sleuth.testing import check_kit
from support.every_game import check_option, check_table, tables
from support.game_cases import cases_of, package_of
from support.game_names import ROOT, built_in_kits, files_naming, names_of, tracked_files
from support.variants import base_options, variant_players, variants

PACKAGE = "toy_sixth"
NAME = "toy-sixth"


@functools.cache
def example() -> tuple[Path, dict[str, str]]:
    """The example game's package folder (the kit from outside Sleuth, found by the
    registry, never named here) and the renames that make it another game: its id, aliases,
    title and module path."""
    kit = next(k for k in all_kits() if not k.game.__module__.startswith("sleuth."))
    root = kit.game.__module__.split(".")[0]
    module = importlib.import_module(root)
    folder = Path(str(module.__file__)).parent
    renames = {
        f'"{kit.game.name}"': f'"{NAME}"',
        repr(tuple(kit.game.aliases)).replace("'", '"'): '("toy-6",)',
        f'"{kit.game.title}"': '"Toy Sixth"',
        f"{root}.": f"sleuth.games.{PACKAGE}.",
    }
    return folder, renames


CASES = """from support.game_cases import GameCases

CASES = GameCases(players=3, values={"questions": 5})
"""


def write_game(folder: Path) -> None:
    """The example game's modules, renamed, as the package ``folder / PACKAGE``."""
    package = folder / PACKAGE
    package.mkdir(parents=True)
    source_folder, renames = example()
    for source in sorted(source_folder.glob("*.py")):
        text = source.read_text(encoding="utf-8")
        for old, new in renames.items():
            text = text.replace(old, new)
        (package / source.name).write_text(text, encoding="utf-8")


def forget_modules(*prefixes: str) -> None:
    for module in [m for m in sys.modules if m.startswith(prefixes)]:
        del sys.modules[module]


@pytest.fixture
def sixth_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[GameKit]:
    """The toy game, a built-in of a fresh registry; its cases in its own test folder."""
    games = tmp_path / "src"
    write_game(games)
    cases = tmp_path / "tests" / "games" / PACKAGE
    cases.mkdir(parents=True)
    (cases / f"{PACKAGE}_cases.py").write_text(CASES, encoding="utf-8")
    # the games package reaches one folder more, as a package split over folders does
    monkeypatch.setattr(sleuth.games, "__path__", [*sleuth.games.__path__, str(games)])
    monkeypatch.syspath_prepend(str(tmp_path / "tests"))
    monkeypatch.setattr(registry, "_REGISTRY", registry._Registry())  # a fresh registry
    yield find_kit(NAME)
    forget_modules(f"sleuth.games.{PACKAGE}", f"games.{PACKAGE}")


def test_the_registry_finds_it_as_a_built_in(sixth_game: GameKit) -> None:
    assert sixth_game.game.__module__ == f"sleuth.games.{PACKAGE}.rules"
    assert find_kit("toy-6") is sixth_game
    # every folder of the games package with a kit, the toy's among them, and nothing else
    folders = [path.parent.name for path in Path(sleuth.games.__path__[0]).glob("*/kit.py")]
    assert sorted(package_of(kit) for kit in built_in_kits()) == sorted([*folders, PACKAGE])
    assert NAME in [kit.name for kit in all_kits()]


def test_every_part_it_declares_loads(sixth_game: GameKit) -> None:
    loaded = check_kit(sixth_game)
    assert list(loaded) == [RENDER, RULES]
    assert isinstance(loaded[RENDER], TextRender)
    assert isinstance(loaded[RULES], RulesGuide)


def test_its_test_data_is_read_from_its_own_test_folder(sixth_game: GameKit) -> None:
    assert cases_of(sixth_game).players == 3
    assert variant_players(NAME) == 3
    assert base_options(NAME) == {}
    assert [v for v in variants() if v[0] == NAME] == [
        (NAME, "suspects", "5"),
        (NAME, "suspects", "6"),
        (NAME, "suspects", "8"),
        (NAME, "suspects", "9"),
        (NAME, "suspects", "10"),
        (NAME, "answers", "yes-no"),
        (NAME, "questions", 5),
    ]


def test_the_generic_conformance_runs_over_it(sixth_game: GameKit) -> None:
    assert [table for table in tables() if table[0] == NAME] == [(NAME, 2), (NAME, 4)]
    for name, players in tables():
        if name == NAME:
            check_table(name, players)
    for name, option, value in variants():
        if name == NAME:
            check_option(name, option, value)


def test_no_file_outside_its_folders_names_it(sixth_game: GameKit) -> None:
    assert names_of(sixth_game) == {NAME, "toy-6", PACKAGE}
    # this file, the toy's own test, is the one file that may name it
    here = str(Path(__file__).resolve().relative_to(ROOT))
    others = [path for path in tracked_files() if path != here]
    assert files_naming(names_of(sixth_game), [*others, here]) == [here]
    assert files_naming(names_of(sixth_game), others) == []
