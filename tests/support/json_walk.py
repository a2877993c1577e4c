"""The JSON decoding walk that ``sleuth.core.json_decoders`` replaced, kept as the oracle of
``tests/test_json_decoders.py``: it reads the type hints anew for every value, so it cannot
share a mistake of the compiled decoders' caching or path keeping."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from contextvars import ContextVar
from enum import Enum
from typing import Union

from sleuth.core.serialize import DecodeError


def walk_from_json(
    cls: object, data: object, path: str = "$", substitute: Mapping[type, type] | None = None
) -> object:
    token = _SUBSTITUTE.set(dict(substitute or {}))
    try:
        return _decode(cls, data, path)
    finally:
        _SUBSTITUTE.reset(token)


_SUBSTITUTE: ContextVar[dict[type, type]] = ContextVar("substitute", default={})  # noqa: B039


def _decode(hint: object, data: object, path: str) -> object:
    if isinstance(hint, type):
        hint = _SUBSTITUTE.get().get(hint, hint)
    origin = typing.get_origin(hint)
    if hint is type(None):
        if data is not None:
            raise DecodeError(f"{path}: expected null, got {data!r}")
        return None
    if origin in (Union, types.UnionType):
        errors = []
        for option in typing.get_args(hint):
            try:
                return _decode(option, data, path)
            except DecodeError as error:
                errors.append(str(error))
        raise DecodeError(f"{path}: {data!r} fits none of {hint}")
    if origin is typing.Literal:
        if data not in typing.get_args(hint):
            raise DecodeError(f"{path}: {data!r} is not one of {typing.get_args(hint)}")
        return data
    if origin is tuple:
        return _decode_tuple(typing.get_args(hint), data, path)
    if origin in (Mapping, dict) or hint is dict:
        if not isinstance(data, dict):
            raise DecodeError(f"{path}: expected an object, got {type(data).__name__}")
        value_hint = typing.get_args(hint)[1] if typing.get_args(hint) else object
        return {key: _decode(value_hint, item, f"{path}.{key}") for key, item in data.items()}
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(data)
        except ValueError:
            raise DecodeError(f"{path}: {data!r} is not a {hint.__name__}") from None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_dataclass(hint, data, path)
    if hint is object:
        return data
    if hint in (bool, int, float, str):
        return _decode_scalar(typing.cast(type, hint), data, path)
    raise TypeError(f"{path}: unsupported type hint {hint!r}")


def _decode_scalar(hint: type, data: object, path: str) -> object:
    if hint is float and isinstance(data, int) and not isinstance(data, bool):
        return float(data)
    if hint is int and isinstance(data, bool):
        raise DecodeError(f"{path}: expected int, got bool")
    if not isinstance(data, hint):
        raise DecodeError(f"{path}: expected {hint.__name__}, got {type(data).__name__}")
    return data


def _decode_tuple(args: tuple[object, ...], data: object, path: str) -> tuple[object, ...]:
    if not isinstance(data, list):
        raise DecodeError(f"{path}: expected an array, got {type(data).__name__}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode(args[0], item, f"{path}[{i}]") for i, item in enumerate(data))
    if len(args) != len(data):
        raise DecodeError(f"{path}: expected {len(args)} items, got {len(data)}")
    return tuple(
        _decode(a, item, f"{path}[{i}]") for i, (a, item) in enumerate(zip(args, data, strict=True))
    )


def _decode_dataclass(cls: type, data: object, path: str) -> object:
    if not isinstance(data, dict):
        raise DecodeError(f"{path}: expected an object for {cls.__name__}")
    hints, names = _decoding(cls)
    unknown = set(data) - names
    if unknown:
        raise DecodeError(f"{path}: unknown field(s) {sorted(unknown)} for {cls.__name__}")
    missing = names - set(data)
    if missing:
        raise DecodeError(f"{path}: missing field(s) {sorted(missing)} for {cls.__name__}")
    kwargs = {name: _decode(hints[name], data[name], f"{path}.{name}") for name in names}
    return cls(**kwargs)


# Per dataclass, its fields' type hints and the names its constructor takes: worked out
# once (get_type_hints evaluates every annotation's text; a worker decoded a Black Vienna
# view in 5 ms, most of it there).
_DECODING: dict[type, tuple[dict[str, object], frozenset[str]]] = {}


def _decoding(cls: type) -> tuple[dict[str, object], frozenset[str]]:
    known = _DECODING.get(cls)
    if known is None:
        names = frozenset(f.name for f in dataclasses.fields(cls) if f.init)
        known = _DECODING[cls] = (typing.get_type_hints(cls), names)
    return known
