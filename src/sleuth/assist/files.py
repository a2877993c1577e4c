"""Session files on disk: read with every bound checked, written atomically.

A session file is small JSON written by the assistant itself, so anything unusual in one
(bytes that are not UTF-8, a number of thousands of digits, lists nested a thousand deep, a
key twice) is refused with an ``EntryError`` that says what, before any of it is used.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path

from sleuth.core.errors import EntryError
from sleuth.core.notebook import MAX_NUMBER_DIGITS

# A session of a long game is a few kilobytes; a file much larger is not a session.
MAX_FILE_BYTES = 1_000_000


def read_json_file(path: Path) -> object:
    """The JSON value in ``path``; ``EntryError`` (without the path: callers add it)."""
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise EntryError(f"cannot read it: {error.strerror or error}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise EntryError(f"it is larger than {MAX_FILE_BYTES:,} bytes, so not a session")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise EntryError(f"it is not UTF-8 text (bad byte at offset {error.start})") from None
    return parse_json_text(text)


def parse_json_text(text: str) -> object:
    """Parse JSON text with numbers, constants, repeated keys and nesting bounded."""
    try:
        return json.loads(
            text,
            parse_int=_small_int,
            parse_float=_no_float,
            parse_constant=_no_constant,
            object_pairs_hook=_unique_keys,
        )
    except json.JSONDecodeError as error:
        raise EntryError(
            f"it is not JSON ({error.msg} at line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        raise EntryError("it is nested too deeply to be a session") from None


def _small_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_NUMBER_DIGITS:
        raise EntryError(f"it holds a number of {len(digits)} digits, too long for a session")
    return int(text)


def _no_float(text: str) -> float:
    raise EntryError(f"it holds the number {text[:20]}, and a session has whole numbers only")


def _no_constant(text: str) -> float:
    raise EntryError(f"it holds {text}, which is not a number a session can hold")


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise EntryError(f"it has the key {key[:40]!r} twice in one object")
        out[key] = value
    return out


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` so that a failed write leaves the old file whole.

    The text goes to a temporary file in the same folder, is flushed to the disk, and only
    then renamed over ``path`` (a rename within one file system is atomic).
    """
    folder = path.parent
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise EntryError(f"cannot save in {path}: {error.strerror or error}") from None
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except OSError as error:
        _remove_quietly(temporary)
        raise EntryError(f"cannot save in {path}: {error.strerror or error}") from None
    except BaseException:
        _remove_quietly(temporary)
        raise
    _sync_folder(folder)


def _remove_quietly(name: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(name)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX folders)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
