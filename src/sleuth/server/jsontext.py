"""JSON text for the wire, by orjson: a server encodes every seat's frame at every step.

orjson encodes the views' frozen dataclasses field by field, enums by value and tuples as
lists, which is exactly what ``View.to_json`` gives (the play tests compare every frame
with it), at a fraction of the cost; a ``Fragment`` embeds text encoded once (a seat's
view, the table's log) in every frame that carries it.

JSON from clients is read by ``strict_loads`` (the play channel's messages) and checked the
same way for HTTP bodies (``limits.Bodies``): plain JSON only, refused naming the field.
"""

from __future__ import annotations

import json
import math
from typing import Any

import orjson

from sleuth.core import View

Fragment = orjson.Fragment
_OPTIONS = orjson.OPT_NON_STR_KEYS


def json_text(value: Any) -> str:
    return orjson.dumps(value, option=_OPTIONS).decode()


def json_bytes(value: Any) -> bytes:
    return orjson.dumps(value, option=_OPTIONS)


def view_bytes(view: View) -> bytes:
    """The view's JSON; a view with its own ``to_json`` is encoded through it."""
    if type(view).to_json is View.to_json:
        return orjson.dumps(view, option=_OPTIONS)
    return orjson.dumps(view.to_json(), option=_OPTIONS)


# --- JSON from clients -------------------------------------------------------------------

# The largest whole number a client sends: a record's seed (128 bits). Every integer the
# service uses is bounded again where it is read (schemas); this bound keeps a number of
# thousands of digits from being converted at all.
MAX_JSON_INTEGER = 2**128
PathPart = str | int


class JsonProblem(ValueError):
    """Client JSON that is not plain RFC 8259 JSON the service can hold: ``where`` is the
    path of the offending value (keys and list indexes from the top)."""

    def __init__(self, where: tuple[PathPart, ...], message: str) -> None:
        super().__init__(f"{'.'.join(map(str, where)) or 'the body'}: {message}")
        self.where = where
        self.message = message


class _Refused:
    """A value refused while parsing, kept in place so that the walk names its path."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message


def _integer(digits: str) -> int | _Refused:
    # Counted before converting: int() of thousands of digits is slow, and refused by
    # Python past 4300 with an error that names no field.
    value = int(digits) if len(digits.lstrip("-")) <= 40 else None
    if value is None or abs(value) > MAX_JSON_INTEGER:
        shown = digits if len(digits) <= 24 else digits[:24] + "..."
        return _Refused(f"the number {shown} is beyond 128 bits")
    return value


def _fraction(digits: str) -> float | _Refused:
    value = float(digits)
    if not math.isfinite(value):
        shown = digits if len(digits) <= 24 else digits[:24] + "..."
        return _Refused(f"the number {shown} is out of a double's range")
    return value


def _constant(name: str) -> _Refused:
    return _Refused(f"{name} is not a JSON number")


def _lone_surrogate(text: str) -> bool:
    return any("\ud800" <= c <= "\udfff" for c in text)


SURROGATE = "holds a lone surrogate (\\ud800-\\udfff), which is no Unicode text"


def _first_problem(value: object, where: tuple[PathPart, ...]) -> JsonProblem | None:
    # Iterative: a body nested deeply is refused by the parser itself (RecursionError).
    pending: list[tuple[object, tuple[PathPart, ...]]] = [(value, where)]
    while pending:
        item, at = pending.pop()
        if isinstance(item, _Refused):
            return JsonProblem(at, item.message)
        if isinstance(item, str) and _lone_surrogate(item):
            return JsonProblem(at, f"the text {SURROGATE}")
        if isinstance(item, dict):
            for key, inner in reversed(item.items()):
                if _lone_surrogate(key):
                    return JsonProblem(at, f"a key {SURROGATE}")
                pending.append((inner, (*at, key)))
        elif isinstance(item, list):
            pending.extend((inner, (*at, i)) for i, inner in reversed(list(enumerate(item))))
    return None


def strict_loads(text: str | bytes) -> Any:
    """Parse a client's JSON, refusing (``JsonProblem``, naming where) what JSON text may
    spell but no JSON value is: NaN, Infinity, numbers out of a double's range (``1e999``),
    integers past 128 bits and strings with a lone surrogate (``"\\ud800"``). Other
    malformed text raises ``json.JSONDecodeError`` as ``json.loads`` does."""
    value = json.loads(text, parse_int=_integer, parse_float=_fraction, parse_constant=_constant)
    problem = _first_problem(value, ())
    if problem is not None:
        raise problem
    return value


def is_json(content_type: bytes | None) -> bool:
    """Whether FastAPI reads a body of this content type as JSON (without one, it does)."""
    if content_type is None:
        return True
    media = content_type.split(b";", 1)[0].strip().lower()
    return media == b"application/json" or media.endswith(b"+json")


def problem_in(body: bytes) -> JsonProblem | None:
    """What ``strict_loads`` refuses in a JSON body, if anything (not JSON at all: FastAPI
    names that itself)."""
    if not body.strip():
        return None
    try:
        strict_loads(body)
    except JsonProblem as problem:
        return problem
    except (ValueError, RecursionError):  # not JSON at all: FastAPI names that itself
        return None
    return None
