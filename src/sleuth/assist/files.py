"""Session files on disk: read with every bound checked, written atomically (``core.jsonfile``
with the bounds of a session: small, whole numbers of a few digits)."""

from __future__ import annotations

from pathlib import Path

from sleuth.core import jsonfile
from sleuth.core.errors import EntryError
from sleuth.core.notebook import MAX_NUMBER_DIGITS
from sleuth.i18n import N_

# A session of a long game is a few kilobytes; a file much larger is not a session.
MAX_FILE_BYTES = 1_000_000
SESSION = jsonfile.Bounds(MAX_FILE_BYTES, MAX_NUMBER_DIGITS, floats=False, kind=N_("session"))


def read_json_file(path: Path) -> object:
    """The JSON value in ``path``; ``EntryError`` (without the path: callers add it)."""
    return jsonfile.read_json_file(path, SESSION, EntryError)


def parse_json_text(text: str) -> object:
    return jsonfile.parse_json_text(text, SESSION, EntryError)


def write_atomically(path: Path, text: str) -> None:
    jsonfile.write_atomically(path, text, EntryError)
