"""JSON files on disk: read with every bound checked, written atomically.

Sessions, positions and records come from files people edit, download or are sent, so
anything unusual in one (bytes that are not UTF-8, a number of thousands of digits, lists
nested a thousand deep, a key twice, NaN) is refused with the caller's error type saying
what, before any of it is used; and a file is replaced only once its new text is on disk.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sleuth.i18n import N_

from .errors import GameError
from .said import Said, said

# What Python's JSON reader says is wrong, said in the reader's language (any other as is).
JSON_PROBLEMS = frozenset(
    (
        N_("Expecting value"),
        N_("Expecting property name enclosed in double quotes"),
        N_("Expecting ':' delimiter"),
        N_("Expecting ',' delimiter"),
        N_("Unterminated string starting at"),
        N_("Invalid control character at"),
        N_("Invalid \\escape"),
        N_("Invalid \\uXXXX escape"),
        N_("Extra data"),
    )
)


@dataclass(frozen=True)
class Bounds:
    """What a file of one kind may hold: its size, the digits of a number, and whether
    fractions are allowed (a record's seed has 39 digits; an assistant's numbers have few).
    ``kind`` is the file's kind in words, marked with ``N_`` where it is said."""

    max_bytes: int = 1_000_000
    max_digits: int = 6
    floats: bool = False
    kind: str = N_("file")


def read_json_file(path: Path, bounds: Bounds, error: type[GameError]) -> object:
    """The JSON value in ``path``, or ``error`` saying what is wrong (without the path)."""
    try:
        with path.open("rb") as stream:
            raw = stream.read(bounds.max_bytes + 1)
    except OSError as failed:  # named ``problem`` in said(...), pybabel misses the message
        reason = str(failed.strerror or failed)
        raise error(said("cannot read it: %(reason)s", reason=reason)) from None
    if len(raw) > bounds.max_bytes:
        raise error(
            said(
                "it is larger than %(bytes)s bytes, so not a %(kind)s",
                bytes=format(bounds.max_bytes, ","),
                kind=_kind(bounds),
            )
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise error(
            said("it is not UTF-8 text (bad byte at offset %(at)s)", at=problem.start)
        ) from None
    return parse_json_text(text, bounds, error)


def parse_json_text(text: str, bounds: Bounds, error: type[GameError]) -> object:
    """Parse JSON text with numbers, constants, repeated keys and nesting bounded."""

    def small_int(digits: str) -> int:
        if len(digits.lstrip("-")) > bounds.max_digits:
            raise error(
                said(
                    "it holds a number of %(count)s digits, too long for a %(kind)s",
                    count=len(digits.lstrip("-")),
                    kind=_kind(bounds),
                )
            )
        return int(digits)

    def fraction(digits: str) -> float:
        if not bounds.floats:
            raise error(
                said(
                    "it holds the number %(number)s, and a %(kind)s has whole numbers only",
                    number=digits[:20],
                    kind=_kind(bounds),
                )
            )
        if len(digits) > bounds.max_digits + 30:
            raise error(said("it holds a number of %(count)s characters", count=len(digits)))
        return float(digits)

    def constant(name: str) -> float:
        raise error(
            said(
                "it holds %(name)s, which is not a number a %(kind)s can hold",
                name=name,
                kind=_kind(bounds),
            )
        )

    def unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
        out: dict[str, object] = {}
        for key, value in pairs:
            if key in out:
                raise error(said("it has the key %(key)s twice in one object", key=repr(key[:40])))
            out[key] = value
        return out

    try:
        return json.loads(
            text,
            parse_int=small_int,
            parse_float=fraction,
            parse_constant=constant,
            object_pairs_hook=unique_keys,
        )
    except json.JSONDecodeError as failed:  # named ``problem``, pybabel misses the message
        raise error(
            said(
                "it is not JSON (%(reason)s at line %(line)s, column %(column)s)",
                reason=Said(failed.msg, {}) if failed.msg in JSON_PROBLEMS else failed.msg,
                line=failed.lineno,
                column=failed.colno,
            )
        ) from None
    except RecursionError:
        raise error(said("it is nested too deeply to be a %(kind)s", kind=_kind(bounds))) from None


def _kind(bounds: Bounds) -> Said:
    return Said(bounds.kind, {})


def write_atomically(path: Path, text: str, error: type[GameError]) -> None:
    """Replace ``path`` by ``text`` so that a failed write leaves the old file whole.

    The text goes to a temporary file in the same folder, is flushed to the disk, and only
    then renamed over ``path`` (a rename within one file system is atomic).
    """
    folder = path.parent
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as problem:
        raise error(_cannot_save(path, problem)) from None
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except OSError as problem:
        _remove_quietly(temporary)
        raise error(_cannot_save(path, problem)) from None
    except BaseException:
        _remove_quietly(temporary)
        raise
    _sync_folder(folder)


def _cannot_save(path: Path, problem: OSError) -> Said:
    return said(
        "cannot save in %(file)s: %(problem)s",
        file=str(path),
        problem=str(problem.strerror or problem),
    )


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
