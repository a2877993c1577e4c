"""No file outside a game's own folders names a game, so that adding a game edits nothing
else: its package (``src/sleuth/games/<package>/``), its tests (``tests/games/<package>/``)
and its benchmarks (``benchmarks/games/<package>/``) hold all of it. A test that applies to
every game iterates the registry, and reads a game's own data from the game's test folder
(``support.game_cases``). A game is named by its id, an alias or its package name as a whole
word (``support.game_names``).
"""

from __future__ import annotations

from pathlib import Path

from support.game_cases import package_of
from support.game_names import ROOT, built_in_kits, files_naming, names_of, tracked_files

# Files that must name games, and why they stay where they are.
ALLOWED_FOLDERS = (
    # The manual's pages and each game's terminal screenshots, and patches kept out of the
    # tree on purpose (docs/wip): documentation is about the games by name.
    "docs/",
    # Programs for users to copy: a real command on a real game (``sleuth arena <id>``), and
    # the learner's results, measured on a named game.
    "examples/",
)
ALLOWED = {
    # The project's front page: what each game is and how to run it.
    "README.md",
    # Usage examples in module docstrings: a real call names a real game.
    "src/sleuth/__init__.py",
    "src/sleuth/cli/bot_cmd.py",
    "src/sleuth/core/registry.py",
    "src/sleuth/envs/__init__.py",
    "src/sleuth/envs/aec.py",
    "src/sleuth/envs/gym.py",
    "src/sleuth/envs/openspiel.py",
    # A comment naming the game whose rule a generic part serves (its card counting, its
    # discards shuffled away unseen): the reason for the code, not a list to keep up.
    "src/sleuth/deduce/review.py",
    "src/sleuth/tui/history.py",
    # Measured ratios keyed by game, written by benchmarks/check.py from the registry.
    "benchmarks/ratios.json",
    # A vendored, minified library (axe-core): its short names happen to match an alias.
    "tests/server/axe/axe.min.js",
    # The people's catalogues hold every string a person reads, the games' own among them:
    # a game's card may bear its game's name.
    "src/sleuth/locale/de/LC_MESSAGES/messages.po",
    "src/sleuth/locale/ja/LC_MESSAGES/messages.po",
}


def named() -> list[str]:
    names: set[str] = set()
    for kit in built_in_kits():
        names |= names_of(kit)
    return files_naming(names, tracked_files())


def test_no_file_outside_the_games_folders_names_a_game() -> None:
    unexpected = [
        path for path in named() if path not in ALLOWED and not path.startswith(ALLOWED_FOLDERS)
    ]
    assert unexpected == [], "move these beside their game, or make them iterate the registry"


def test_every_file_listed_still_names_a_game() -> None:
    found = set(named())
    assert sorted((ALLOWED) - found) == []


def test_a_game_is_named_by_its_id_alias_or_package_as_a_whole_word(tmp_path: Path) -> None:
    kit = built_in_kits()[0]
    names = names_of(kit)
    for name in sorted(names):
        text = tmp_path / f"names-{len(list(tmp_path.iterdir()))}.py"
        text.write_text(f"make_game({name.upper()!r}, 3)  # {name}'s rules\n", encoding="utf-8")
        assert files_naming(names, [str(text)]) == [str(text)], name
    inside = [f"x{name}", f"{name}_view", f"{name}-2", f"Sleuth{name}"]
    quiet = tmp_path / "quiet.py"
    quiet.write_text("\n".join(inside), encoding="utf-8")
    assert files_naming(names, [str(quiet)]) == []
    # the game's rules name it, but its own folders are not searched
    rules = f"src/sleuth/games/{package_of(kit)}/rules.py"
    assert files_naming(names, [str(ROOT / rules)]) == [str(ROOT / rules)]
    assert files_naming(names, [rules]) == []
