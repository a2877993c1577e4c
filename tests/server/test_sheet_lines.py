"""A sheet that failed crosses to a seat as a message key with the error, which the page says
in the person's language (issue #35). Each game's own sheet lines are tested beside the game
(tests/games/<game>/test_*_sheet_*.py)."""

from __future__ import annotations

from sleuth.core.said import said
from sleuth.deduce.model import PositionError
from sleuth.i18n import page_catalogue
from sleuth.server.workers import failed_sheet


def test_a_failed_sheet_is_a_key_with_the_error() -> None:
    sheet = failed_sheet(ValueError("bad view"))
    assert sheet.lines == [
        {"key": "The sheet could not be worked out: %(error)s", "values": {"error": "bad view"}}
    ]
    assert sheet.data is None


def test_a_failed_sheet_keeps_the_errors_catalogued_words() -> None:
    # An error raised with words the catalogues hold crosses as a typed line within the
    # line, so the page says it in the person's language, not in English.
    error = PositionError(said("constraints[%(i)s]: index out of range", i=4))
    assert failed_sheet(error).lines == [
        {
            "key": "The sheet could not be worked out: %(error)s",
            "values": {
                "error": {
                    "key": "constraints[%(i)s]: index out of range",
                    "values": {"i": 4},
                }
            },
        }
    ]
    for language in ("de", "ja"):
        assert "constraints[%(i)s]: index out of range" in page_catalogue(language), language
