"""What Alibi's record hides: its public steps against its private part (issue 13, item
6; every game's steps are checked against the spectator's view in test_public_steps)."""

from __future__ import annotations

from sleuth.core import find_kit
from support.records import sample_record


def test_what_the_record_hides() -> None:
    alibi = sample_record(find_kit("alibi"))
    for number, whole, result in alibi["private"]:
        _, public, shown = alibi["steps"][number - 1]
        assert public == whole.split()[0] + " ?"
        assert "reshuffle" in (result or shown) and "?" not in result
