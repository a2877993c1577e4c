"""A sheet that failed crosses to a seat as a message key with the error, which the page says
in the person's language (issue #35). Each game's own sheet lines are tested beside the game
(tests/games/<game>/test_*_sheet_*.py)."""

from __future__ import annotations

from sleuth.server.workers import failed_sheet


def test_a_failed_sheet_is_a_key_with_the_error() -> None:
    sheet = failed_sheet(ValueError("bad view"))
    assert sheet.lines == [
        {"key": "The sheet could not be worked out: %(error)s", "values": {"error": "bad view"}}
    ]
    assert sheet.data is None
