"""JSON text for the wire, by orjson: a server encodes every seat's frame at every step.

orjson encodes the views' frozen dataclasses field by field, enums by value and tuples as
lists, which is exactly what ``View.to_json`` gives (the play tests compare every frame
with it), at a fraction of the cost; a ``Fragment`` embeds text encoded once (a seat's
view, the table's log) in every frame that carries it.

JSON from clients is read by ``strict_loads`` (the play channel's messages) and checked the
same way by ``StrictJsonBodies`` (HTTP bodies): plain JSON only, refused naming the field.
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


ASGIApp = Any
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _is_json(content_type: bytes | None) -> bool:
    # FastAPI reads a body without a content type as JSON too.
    if content_type is None:
        return True
    media = content_type.split(b";", 1)[0].strip().lower()
    return media == b"application/json" or media.endswith(b"+json")


class StrictJsonBodies:
    """Refuse (422, naming the field as FastAPI's own validation errors do) a JSON body
    holding what ``strict_loads`` refuses, before any route reads it: Python's parser takes
    NaN, 1e999 and lone surrogates, and the error answer itself then failed to encode (a
    500). Other bodies pass unchanged (malformed JSON is FastAPI's own 422)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] not in _BODY_METHODS:
            await self.app(scope, receive, send)
            return
        if not _is_json(dict(scope.get("headers") or []).get(b"content-type")):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:  # the body is bounded already (``limits.BodyLimit`` runs first)
            message = await receive()
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        problem = _problem_in(body)
        if problem is not None:
            await _refuse(send, problem)
            return
        sent = False

        async def replay() -> Any:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _problem_in(body: bytes) -> JsonProblem | None:
    if not body.strip():
        return None
    try:
        strict_loads(body)
    except JsonProblem as problem:
        return problem
    except (ValueError, RecursionError):  # not JSON at all: FastAPI names that itself
        return None
    return None


async def _refuse(send: Any, problem: JsonProblem) -> None:
    detail = [{"type": "json_invalid", "loc": ["body", *problem.where], "msg": problem.message}]
    body = json_bytes({"detail": detail})
    await send(
        {
            "type": "http.response.start",
            "status": 422,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
