"""Checks on a record's raw JSON before and after its replay: shape, bounds, exact equality.

A record comes from anywhere (a file, the web), so nothing about it is trusted: it is walked
without recursion, every number must be a whole number of bounded size, and its fields are
compared with the replay's own record type for type (``1.0`` and ``true`` are not ``1``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .errors import RecordError
from .said import Said, said

# A record nests five deep (config.deck, reveal.stacks[i]); anything much deeper is not one.
MAX_DEPTH = 16
# Seeds are 128-bit; no other number in a record comes near.
MAX_INT = 2**128
SHOWN_CHARS = 60


def check_json_shape(record: object) -> None:
    """``RecordError`` naming the first field that no record holds: a non-whole or
    out-of-range number, a value that is not JSON, nesting deeper than any record's."""
    for path, value, depth in _walk(record):
        if depth > MAX_DEPTH:
            raise RecordError(
                said(
                    "%(where)s: nested deeper than any record (%(depth)s levels)",
                    where=path,
                    depth=MAX_DEPTH,
                )
            )
        if isinstance(value, bool) or value is None or isinstance(value, str):
            continue
        if isinstance(value, int):
            if not -MAX_INT < value < MAX_INT:
                digits = len(str(abs(value))) if abs(value) < 10**4000 else "4000+"
                raise RecordError(
                    said(
                        "%(where)s: a %(digits)s-digit number is out of range",
                        where=path,
                        digits=digits,
                    )
                )
        elif isinstance(value, float):
            raise RecordError(
                said(
                    "%(where)s: %(value)s is not a whole number (records hold no others)",
                    where=path,
                    value=repr(value),
                )
            )
        elif not isinstance(value, dict | list | tuple):
            raise RecordError(
                said("%(where)s: %(type)s is not JSON", where=path, type=type(value).__name__)
            )


def _walk(root: object) -> Iterator[tuple[str, object, int]]:
    stack: list[tuple[str, object, int]] = [("record", root, 0)]
    while stack:
        path, value, depth = stack.pop()
        yield path, value, depth
        if depth > MAX_DEPTH:
            return
        if isinstance(value, dict):
            for key, item in reversed(list(value.items())):
                if not isinstance(key, str):
                    raise RecordError(
                        said("%(where)s: key %(key)s is not text", where=path, key=shown(key))
                    )
                stack.append((field_path(path, key), item, depth + 1))
        elif isinstance(value, list | tuple):
            for index in range(len(value) - 1, -1, -1):
                stack.append((f"{path}[{index}]", value[index], depth + 1))


def field_path(parent: str, key: str) -> str:
    return key if parent == "record" else f"{parent}.{key}"


def first_difference(given: object, expected: object, path: str) -> Said | None:
    """Where ``given`` differs from ``expected`` in value or JSON type, as a message; ``None``
    when they are the same JSON. Lists and tuples are both arrays."""
    stack: list[tuple[str, object, object]] = [(path, given, expected)]
    while stack:
        where, a, b = stack.pop()
        if _kind(a) != _kind(b):
            return _differs(where, shown(a), shown(b))
        if isinstance(a, dict) and isinstance(b, dict):
            missing = [k for k in b if k not in a]
            extra = [k for k in a if k not in b]
            if missing:
                return said("%(where)s: missing", where=field_path(where, missing[0]))
            if extra:
                return said("%(where)s: not a field here", where=field_path(where, extra[0]))
            stack.extend((field_path(where, k), a[k], b[k]) for k in reversed(list(b)))
        elif isinstance(a, list | tuple) and isinstance(b, list | tuple):
            if len(a) != len(b):
                return said(
                    "%(where)s: record has %(count)s items, the replay gives %(replayed)s",
                    where=where,
                    count=len(a),
                    replayed=len(b),
                )
            stack.extend((f"{where}[{i}]", a[i], b[i]) for i in range(len(b) - 1, -1, -1))
        elif a != b:
            return _differs(where, shown(a), shown(b))
    return None


def _differs(where: str, recorded: str, replayed: str) -> Said:
    return said(
        "%(where)s: record has %(recorded)s, the replay gives %(replayed)s",
        where=where,
        recorded=recorded,
        replayed=replayed,
    )


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def shown(value: Any) -> str:
    """A value for an error message: JSON-like, cut short; what is not written out is
    words (``said``), so that a message holding it is said in the person's language."""
    if isinstance(value, dict):
        return said("an object")
    if isinstance(value, list | tuple):
        return said("an array of %(count)s", count=len(value))
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**SHOWN_CHARS:
        if abs(value) < 10**4000:
            return said("a %(digits)s-digit number", digits=len(str(abs(value))))
        return said("a number")
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif value is None:
        text = "null"
    else:
        text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."
