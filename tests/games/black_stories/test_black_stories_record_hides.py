"""What Black Stories Investigation's record hides: its public steps against its private
part (issue 13, item 6; every game's steps are checked against the spectator's view in
test_public_steps)."""

from __future__ import annotations

from sleuth.core import find_kit
from support.records import sample_record


def test_what_the_record_hides() -> None:
    stories = sample_record(find_kit("black-stories-investigation"))
    failed = [(stories["steps"][n - 1], action) for n, action, _ in stories["private"]]
    assert failed and all(step[2].startswith("failed") for step, _ in failed)
    for (_, public, _), whole in failed:
        words = whole.split()
        assert public == f"solve {words[1]} ? with {words[4]}"
