"""Unknown keys in a Black Stories Investigation position file are errors naming the key,
at every level."""

from __future__ import annotations

import pytest

from support.positions import check_unknown_key_named

BLACK_STORIES: dict[str, object] = {
    "game": "black-stories",
    "cards": [{"evidence": ["woman", "knife"], "field": "2"}],
    "failed_guesses": [["man", "day", "inside", "knife"]],
    "excluded": [["woman", "night", "outside", "gun"]],
}


@pytest.mark.parametrize(
    ("path", "key", "named"), [((), "case", "case"), (("cards", 0), "seat", "cards[0].seat")]
)
def test_unknown_keys_are_named(path: tuple[str | int, ...], key: str, named: str) -> None:
    check_unknown_key_named(BLACK_STORIES, path, key, named)
