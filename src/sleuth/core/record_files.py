"""A record's file: read whole, bounded and checked to be a JSON object before anything in it
is trusted; written whole or not at all. What the record says is checked by ``records``.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from .errors import RecordError
from .jsonfile import JSON_PROBLEMS
from .said import Said, said
from .serialize import JSONValue

# A record of a long game is a few hundred kilobytes (its public steps, once); a file past
# this bound is no record, and is refused before it is read.
MAX_RECORD_BYTES = 4_000_000


def load_record(path: Path, max_bytes: int = MAX_RECORD_BYTES) -> dict[str, Any]:
    """A record file's JSON; ``RecordError`` (naming the file) for anything that is not,
    a file larger than ``max_bytes`` included."""
    file, bound = str(path), format(max_bytes, ",")
    try:
        with path.open("rb") as stream:
            size = os.fstat(stream.fileno()).st_size
            if size > max_bytes:
                raise RecordError(
                    said(
                        "%(file)s: larger than %(bytes)s bytes, so not a record (%(size)s bytes)",
                        file=file,
                        bytes=bound,
                        size=format(size, ","),
                    )
                )
            # At most one byte past the bound, whatever the file's size said (a pipe, a
            # device, a file still growing).
            raw = stream.read(max_bytes + 1)
    except OSError as error:
        reason = str(error.strerror or error)
        raise RecordError(
            said("%(file)s: cannot read: %(reason)s", file=file, reason=reason)
        ) from error
    if len(raw) > max_bytes:
        raise RecordError(
            said("%(file)s: larger than %(bytes)s bytes, so not a record", file=file, bytes=bound)
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(
            said("%(file)s: not UTF-8 text (byte %(at)s)", file=file, at=error.start)
        ) from error
    return _record_json(text, file)


def _record_json(text: str, file: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            said(
                "%(file)s: not JSON: %(reason)s: line %(line)s column %(column)s (char %(at)s)",
                file=file,
                reason=Said(error.msg, {}) if error.msg in JSON_PROBLEMS else error.msg,
                line=error.lineno,
                column=error.colno,
                at=error.pos,
            )
        ) from error
    except RecursionError:
        raise RecordError(
            said("%(file)s: JSON nested too deeply to be a record", file=file)
        ) from None
    except ValueError:  # Python's bound on the digits of one number
        limit = sys.get_int_max_str_digits()
        raise RecordError(
            said("%(file)s: a number has more than %(limit)s digits", file=file, limit=limit)
        ) from None
    if not isinstance(data, dict):
        raise RecordError(said("%(file)s: expected a JSON object", file=file))
    return data


def save_record(record: dict[str, JSONValue], path: Path) -> None:
    """Write a record whole or not at all: a temporary file, synced, then renamed."""
    text = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
    folder = path.parent
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
