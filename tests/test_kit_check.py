"""``check_kit``: every part every registered kit declares loads and is what its front
expects, and a kit whose parts do not load fails naming each such part."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

from sleuth.core import GameKit, all_kits
from sleuth.core.kit import BOTS, ENCODER, RENDER, WEB, PartError, TextRender
from sleuth.testing import check_kit

BROKEN = "fake_broken_parts"  # a module the broken kit's parts point into


@pytest.mark.parametrize("kit", all_kits(), ids=lambda kit: kit.name)
def test_every_part_of_every_kit_loads(kit: GameKit) -> None:
    loaded = check_kit(kit)
    assert sorted(loaded) == sorted(kit.parts)
    for name, part in loaded.items():
        assert part is kit.load(name)


@pytest.fixture
def broken_module() -> Iterator[types.ModuleType]:
    module = types.ModuleType(BROKEN)
    module.RENDER = TextRender(sheet=lambda view, level: "")  # type: ignore[attr-defined]
    module.NOT_BOTS = ["random"]  # type: ignore[attr-defined]
    module.EXTRA = object()  # type: ignore[attr-defined]
    sys.modules[BROKEN] = module
    yield module
    del sys.modules[BROKEN]


def test_a_kit_fails_naming_each_part_that_does_not_load(
    broken_module: types.ModuleType,
) -> None:
    game = all_kits()[0].game
    kit = GameKit(
        game,
        {
            RENDER: f"{BROKEN}:RENDER",  # loads, and is a TextRender
            BOTS: f"{BROKEN}:NOT_BOTS",  # loads, but is a list
            WEB: f"{BROKEN}:MISSING",  # no such attribute
            ENCODER: "fake_no_such_module:Encoder",  # no such module
            "extra": f"{BROKEN}:EXTRA",  # another package's part: only loaded
        },
    )
    with pytest.raises(PartError) as raised:
        check_kit(kit)
    title = game.title
    assert str(raised.value) == "; ".join(
        [
            f"{title}: part bots ({BROKEN}:NOT_BOTS) is a list, not a dict of bot name to factory",
            f"{title}: part encoder (fake_no_such_module:Encoder) fails to load: "
            "No module named 'fake_no_such_module'",
            f"{title}: part web ({BROKEN}:MISSING) fails to load: "
            f"module '{BROKEN}' has no attribute 'MISSING'",
        ]
    )


def test_a_part_whose_module_raises_on_import_is_named(
    broken_module: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    failing = types.ModuleType("fake_failing_part")

    def explode(name: str) -> object:
        raise ValueError("a web folder without its script")

    failing.__getattr__ = explode  # type: ignore[method-assign]
    monkeypatch.setitem(sys.modules, "fake_failing_part", failing)
    game = all_kits()[0].game
    kit = GameKit(game, {RENDER: f"{BROKEN}:RENDER", WEB: "fake_failing_part:WEB"})
    with pytest.raises(PartError) as raised:
        check_kit(kit)
    assert str(raised.value) == (
        f"{game.title}: part web (fake_failing_part:WEB) fails to load: "
        "ValueError('a web folder without its script')"
    )
