"""JSON codec for the frozen dataclasses that travel over the wire (views, actions, outcomes).

Encoding is driven by the dataclass fields and decoding by their type hints, so a new view
type needs no hand-written codec. Only the shapes our views use are supported: bool, int,
float, str, None, enums (by value), tuples (fixed or variadic), unions with None, nested
dataclasses and ``Mapping[str, X]``. A hint may be replaced by a concrete type while decoding
(``substitute``): a view's ``Outcome.reason`` is a ``Termination``, decoded as its game's own.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from enum import Enum
from typing import TypeVar, Union

from .errors import GameError
from .json_codegen import ENCODERS, field_names, make_encoder
from .json_decoders import Miss, Unsupported, decoder
from .said import said

JSONValue = Union[None, bool, int, float, str, list["JSONValue"], dict[str, "JSONValue"]]  # noqa: UP007

T = TypeVar("T")


class DecodeError(GameError):
    """JSON that does not have the shape of the type it is decoded into."""


def to_json(value: object) -> JSONValue:
    """Plain JSON data (dicts, lists, scalars) for a dataclass or a nest of supported values."""
    kind = type(value)
    # Exact types first: a server builds every seat's view at every step, and the scalars
    # and dataclasses are nearly all of it (an enum is a subclass of int or str, so it
    # falls through to its own case below).
    if kind is str or kind is int or kind is bool or kind is float or value is None:
        return value  # type: ignore[return-value]
    encode = ENCODERS.get(kind)  # a dataclass's generated encoder (json_codegen)
    if encode is None and field_names(kind) is not None:
        encode = make_encoder(kind, to_json)
    if encode is not None:
        return encode(value)
    if kind is tuple or kind is list:
        return [to_json(item) for item in value]  # type: ignore[attr-defined]
    if isinstance(value, Enum):
        return to_json(value.value)
    if isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): to_json(item) for key, item in value.items()}
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


def from_json(
    cls: type[T], data: object, path: str = "$", substitute: Mapping[type, type] | None = None
) -> T:
    """Rebuild an instance of dataclass ``cls`` from ``to_json`` output; errors name the field."""
    decode = decoder(cls, frozenset((substitute or {}).items()))
    try:
        return typing.cast(T, decode(data))
    except Unsupported as miss:
        raise TypeError(f"{miss.path(path)}: {miss.message}") from None
    except Miss as miss:
        raise DecodeError(
            said("%(where)s: %(reason)s", where=miss.path(path), reason=miss.words)
        ) from None
