"""Per-dataclass JSON encoders written out as Python source: ``serialize.to_json``'s fast path.

``serialize.to_json`` says what the JSON of a value is, by walking it. A view of a long game
holds hundreds of small records, and that generic walk cost more than building the view; so
each dataclass gets, on first use, an encoder generated from its fields' type hints (as
dataclasses generate their own methods) that gives exactly what the walk gives, and calls
the walk for anything it does not inline. Nothing here changes what the JSON is.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from .serialize import JSONValue

Encode = Callable[[object], "JSONValue"]

# Per dataclass, its generated encoder, made once; ``to_json`` looks it up first.
ENCODERS: dict[type, Encode] = {}
_PLAIN = (int, str, bool, float)
_building: set[type] = set()
_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def field_names(kind: type) -> tuple[str, ...] | None:
    """A dataclass type's field names (looked up once), or ``None`` for another type."""
    try:
        return _FIELD_NAMES[kind]
    except KeyError:
        names = (
            tuple(f.name for f in dataclasses.fields(kind))
            if dataclasses.is_dataclass(kind)
            else None
        )
        _FIELD_NAMES[kind] = names
        return names


def make_encoder(kind: type, walk: Encode) -> Encode:
    """The encoder of dataclass ``kind``, kept in ``ENCODERS``; ``walk`` (``to_json``) encodes
    what it does not inline."""
    try:
        hints = typing.get_type_hints(kind)
    except (NameError, TypeError):
        hints = {}
    namespace: dict[str, object] = {"to_json": walk}
    items = []
    _building.add(kind)  # a record that holds its own type is walked, not inlined forever
    try:
        for name in field_names(kind) or ():
            hint = hints.get(name, object)
            items.append(f"{name!r}: {_expression(hint, f'v.{name}', namespace, walk)}")
    finally:
        _building.discard(kind)
    source = "def encode(v):\n    return {" + ", ".join(items) + "}\n"
    exec(source, namespace)
    encode: Encode = namespace["encode"]  # type: ignore[assignment]
    ENCODERS[kind] = encode
    return encode


def _expression(hint: object, value: str, namespace: dict[str, object], walk: Encode) -> str:
    """Python source that encodes ``value`` (an expression) of type ``hint``."""
    if hint in _PLAIN:
        return value
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        return f"(None if {value} is None else {_expression(inner, value, namespace, walk)})"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if args[0] in _PLAIN:
            return f"list({value})"
        return f"[{_expression(args[0], 'item', namespace, walk)} for item in {value}]"
    if isinstance(hint, type) and hint not in _building and field_names(hint) is not None:
        # A nested record's own encoder, called straight: no dispatch per item. Only for
        # exactly that type (a subclass may have more fields), else the general walk.
        name = f"_encode_{len(namespace)}"
        namespace[name] = ENCODERS.get(hint) or make_encoder(hint, walk)
        kind = f"_kind_{len(namespace)}"
        namespace[kind] = hint
        return f"({name}({value}) if type({value}) is {kind} else to_json({value}))"
    return f"to_json({value})"
