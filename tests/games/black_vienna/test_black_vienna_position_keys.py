"""Unknown keys in a Black Vienna position file are errors naming the key, at every level."""

from __future__ import annotations

import pytest

from support.positions import check_unknown_key_named

BLACK_VIENNA = {
    "game": "black-vienna",
    "players": 4,
    "seat": 1,
    "hand": "AFKPTX",
    "investigations": [{"target": 2, "letters": "AOR", "markers": 1}],
}


@pytest.mark.parametrize(
    ("path", "key", "named"),
    [((), "rings", "rings"), (("investigations", 0), "asker", "investigations[0].asker")],
)
def test_unknown_keys_are_named(path: tuple[str | int, ...], key: str, named: str) -> None:
    check_unknown_key_named(BLACK_VIENNA, path, key, named)
