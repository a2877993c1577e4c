"""The registry of kits: built-ins, entry points of other packages, and what it refuses.

Each test runs on an empty registry and a list of entry points of its own, so that the
installed packages neither help nor hinder.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

from sleuth.cli.main import main
from sleuth.core import GameError, GameKit, all_kits, find_kit, registry
from sleuth.core.registry import ENTRY_POINT_GROUP
from support.game_cases import package_of
from support.game_names import built_in_kits

BUILT_IN = built_in_kits()
# Built-ins that a lookup finds without loading the others: their names are spelt like
# their packages (core/registry.py, _load_named). One is looked up; an impostor takes the
# other's name.
BY_PACKAGE = [k.name for k in BUILT_IN if k.name.replace("-", "_") == package_of(k)]
LOOKED_UP, OTHER = BY_PACKAGE[:2]
# The rules the fake kits borrow (they do not matter).
BORROWED = BUILT_IN[0].game

PLUGINS = "fake_sleuth_plugins"  # a module the tests' entry points point into

Install = Callable[..., None]


@pytest.fixture
def install(monkeypatch: pytest.MonkeyPatch) -> Install:
    """``install(name=value, ...)``: an empty registry that sees only these entry points."""
    monkeypatch.setattr(registry, "_REGISTRY", registry._Registry())

    def use(**points: str) -> None:
        listed = [EntryPoint(name, value, ENTRY_POINT_GROUP) for name, value in points.items()]
        monkeypatch.setattr(
            registry, "entry_points", lambda group: [p for p in listed if p.group == group]
        )

    return use


class PluginModule(types.ModuleType):
    """The module the fake entry points name; the attributes the tests may set on it."""

    KIT: GameKit
    NOT_A_KIT: object
    FIRST: GameKit
    SECOND: GameKit


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> PluginModule:
    module = PluginModule(PLUGINS)
    monkeypatch.setitem(sys.modules, PLUGINS, module)
    return module


def builtin_names() -> list[str]:
    return sorted(kit.name for kit in all_kits())


def kit_named(name: str, aliases: tuple[str, ...] = ()) -> GameKit:
    """A kit whose game is a built-in game under another name (its rules do not matter)."""
    base: Any = BORROWED
    game = type(f"Game_{name}", (base,), {"name": name, "aliases": aliases, "title": name})
    return GameKit(game=game)


def test_an_entry_point_kit_joins_the_built_ins(install: Install, plugins: PluginModule) -> None:
    install()
    builtins = builtin_names()
    assert len(builtins) >= 1
    newcomer = kit_named("newcomer", ("nc",))
    plugins.KIT = newcomer
    install(newcomer=f"{PLUGINS}:KIT")
    registry._REGISTRY.stage = registry._Stage.EMPTY  # read the entry points again
    assert builtin_names() == sorted([*builtins, "newcomer"])
    assert find_kit("NC") is newcomer


def test_a_missing_module_is_an_error_naming_the_entry_point(
    install: Install, capsys: pytest.CaptureFixture[str]
) -> None:
    install(broken="no_such_sleuth_plugin.kit:KIT")
    for _ in range(2):  # every call fails the same way: never a registry missing some games
        with pytest.raises(GameError) as caught:
            find_kit(LOOKED_UP)
        assert str(caught.value) == (
            f"entry point broken = no_such_sleuth_plugin.kit:KIT in group {ENTRY_POINT_GROUP} "
            "fails to load: ModuleNotFoundError(\"No module named 'no_such_sleuth_plugin'\")"
        )
    # The command says so in one line, not a traceback.
    assert main(["games"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"sleuth games: {caught.value}\n"


def test_a_module_that_raises_on_import_is_an_error_naming_the_entry_point(
    install: Install, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "exploding_sleuth_plugin.py").write_text(
        "raise RuntimeError('half-written plugin')\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    install(exploding="exploding_sleuth_plugin:KIT")
    with pytest.raises(GameError, match=r"^entry point exploding = exploding_sleuth_plugin:KIT"):
        all_kits()
    with pytest.raises(GameError, match=r"fails to load: RuntimeError\('half-written plugin'\)$"):
        all_kits()


def test_a_missing_attribute_is_an_error_naming_the_entry_point(
    install: Install, plugins: PluginModule
) -> None:
    install(absent=f"{PLUGINS}:NO_KIT_HERE")
    with pytest.raises(GameError, match=rf"^entry point absent = {PLUGINS}:NO_KIT_HERE .*"):
        all_kits()


def test_an_entry_point_to_something_else_than_a_kit_is_refused(
    install: Install, plugins: PluginModule
) -> None:
    plugins.NOT_A_KIT = "a string"
    install(wrong=f"{PLUGINS}:NOT_A_KIT")
    with pytest.raises(GameError) as caught:
        all_kits()
    assert str(caught.value) == (
        f"entry point wrong = {PLUGINS}:NOT_A_KIT in group {ENTRY_POINT_GROUP}: "
        "str 'a string' is not a GameKit"
    )


def test_a_kit_taking_a_built_in_name_is_refused(install: Install, plugins: PluginModule) -> None:
    install()
    taken = all_kits()[0].name
    plugins.KIT = kit_named(taken)
    install(impostor=f"{PLUGINS}:KIT")
    registry._REGISTRY.stage = registry._Stage.EMPTY  # read the entry points again
    with pytest.raises(GameError) as caught:
        all_kits()
    assert str(caught.value) == (
        f"game name {taken!r} of {taken} (entry point impostor = {PLUGINS}:KIT in group "
        f"{ENTRY_POINT_GROUP}) is taken by {taken}"
    )
    assert registry._REGISTRY.kits[taken] is not plugins.KIT  # the built-in stays
    with pytest.raises(GameError, match="is taken by"):  # and so does the refusal
        find_kit(taken)


def test_a_kit_taking_a_built_in_alias_is_refused_and_leaves_nothing_behind(
    install: Install, plugins: PluginModule
) -> None:
    install()
    owner = next(kit for kit in all_kits() if kit.game.aliases)
    alias = owner.game.aliases[0]
    plugins.KIT = kit_named("fresh-name", (alias.upper(),))  # aliases ignore case
    install(aliasing=f"{PLUGINS}:KIT")
    registry._REGISTRY.stage = registry._Stage.EMPTY  # read the entry points again
    with pytest.raises(GameError, match=rf"^game name '{alias.upper()}' of fresh-name .*"):
        all_kits()
    assert "fresh-name" not in registry._REGISTRY.aliases  # no half-registered kit
    assert registry._REGISTRY.kits[registry._REGISTRY.aliases[alias.lower()]] is owner


def test_two_packages_claiming_one_name_are_refused(
    install: Install, plugins: PluginModule
) -> None:
    plugins.FIRST, plugins.SECOND = kit_named("twin"), kit_named("twin")
    install(first=f"{PLUGINS}:FIRST", second=f"{PLUGINS}:SECOND")
    with pytest.raises(GameError, match=r"^game name 'twin' of twin \(entry point second = "):
        all_kits()


def test_one_kit_listed_twice_is_registered_once(install: Install, plugins: PluginModule) -> None:
    """An old and a new installation's metadata may both list the same kit."""
    plugins.KIT = kit_named("listed-twice")
    install(one=f"{PLUGINS}:KIT", other=f"{PLUGINS}:KIT")
    assert [kit.name for kit in all_kits()].count("listed-twice") == 1


def test_a_lookup_by_a_game_s_own_name_registers_that_built_in_and_the_entry_points(
    install: Install, plugins: PluginModule
) -> None:
    plugins.KIT = kit_named("newcomer")
    install(newcomer=f"{PLUGINS}:KIT")
    kit = find_kit(LOOKED_UP.capitalize())
    assert kit.name == LOOKED_UP
    # the other built-ins are not needed for it (they load with the first full listing)
    assert sorted(registry._REGISTRY.kits) == sorted([LOOKED_UP, "newcomer"])
    assert registry._REGISTRY.stage is registry._Stage.ONE
    assert find_kit("newcomer") is plugins.KIT
    assert (
        registry._REGISTRY.stage is registry._Stage.ALL
    )  # a name no package is named after: the full load
    assert OTHER in builtin_names()


def test_an_entry_point_taking_another_built_in_s_name_still_fails_the_full_listing(
    install: Install, plugins: PluginModule
) -> None:
    plugins.KIT = kit_named(OTHER)
    install(impostor=f"{PLUGINS}:KIT")
    assert find_kit(LOOKED_UP).name == LOOKED_UP  # the impostor claims another game
    with pytest.raises(GameError) as caught:
        all_kits()
    # the built-in keeps its name, and the error names the entry point, as without the lookup
    assert str(caught.value) == (
        f"game name '{OTHER}' of {OTHER} (entry point impostor = {PLUGINS}:KIT in group "
        f"{ENTRY_POINT_GROUP}) is taken by {OTHER}"
    )
    assert registry._REGISTRY.kits[OTHER] is not plugins.KIT
    with pytest.raises(GameError, match="is taken by"):
        find_kit(OTHER)


def test_an_entry_point_taking_the_looked_up_game_s_name_is_refused(
    install: Install, plugins: PluginModule
) -> None:
    plugins.KIT = kit_named(LOOKED_UP)
    install(impostor=f"{PLUGINS}:KIT")
    with pytest.raises(GameError, match=rf"^game name '{LOOKED_UP}' of {LOOKED_UP} \(entry"):
        find_kit(LOOKED_UP)
    assert registry._REGISTRY.kits[LOOKED_UP] is not plugins.KIT


def test_after_one_lookup_another_built_in_s_name_is_not_an_entry_point_s(
    install: Install, plugins: PluginModule, monkeypatch: pytest.MonkeyPatch
) -> None:
    plugins.KIT = kit_named(OTHER)
    install(impostor=f"{PLUGINS}:KIT")
    reads: list[str] = []
    listed = registry.entry_points

    def counted(group: str) -> Any:
        reads.append(group)
        return listed(group=group)

    monkeypatch.setattr(registry, "entry_points", counted)
    assert find_kit(LOOKED_UP).name == LOOKED_UP
    assert find_kit(LOOKED_UP).name == LOOKED_UP
    assert len(reads) == 1  # the entry points are read once, not at every lookup
    with pytest.raises(GameError) as caught:
        find_kit(OTHER)  # the built-in's name: the full load, and the impostor is named
    assert str(caught.value) == (
        f"game name '{OTHER}' of {OTHER} (entry point impostor = {PLUGINS}:KIT in group "
        f"{ENTRY_POINT_GROUP}) is taken by {OTHER}"
    )
