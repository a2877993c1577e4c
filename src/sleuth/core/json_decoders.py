"""Per-type JSON decoders built once from type hints: ``serialize.from_json``'s engine.

Decoding by walking the hints anew for every value asked ``typing`` what each hint was at
every field of every record, and wrote a path string for every item in case it failed: a
bot's worker spent three quarters of a decision rebuilding its view that way. Here each
hint becomes a closure once (per substitution of types, see ``serialize.from_json``), and
the path of a failure is written only when there is one: a decoder raises ``Miss`` with the
message, and each container on the way out adds where it was. What is accepted, what is
built and every error's text are those of the walk they replace.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Union

from sleuth.i18n import N_

from .said import Said, SaidValue

Decoder = Callable[[object], object]
Substitute = frozenset[tuple[type, type]]


class Miss(Exception):
    """JSON that does not fit: a catalogued ``template`` with its ``values``, found at
    ``where`` (path parts, innermost first) below the value the outermost decoder was given.

    The words are made only when asked (``words``): a union's decoder refuses and tries its
    next option at every value it holds, and most misses are never said to anyone."""

    def __init__(self, template: str, **values: SaidValue) -> None:
        super().__init__(template)
        self.template = template
        self.values = values
        self.where: list[str] = []

    @property
    def words(self) -> Said:
        """What is wrong, in words a person's language can say (issue #35)."""
        return Said(self.template, self.values)

    @property
    def message(self) -> str:
        return str(self.words)

    def path(self, root: str) -> str:
        return root + "".join(reversed(self.where))


class Unsupported(Miss):
    """A hint no decoder is made for (a programming error, not bad input)."""


_DECODERS: dict[tuple[object, Substitute], Decoder] = {}


def decoder(hint: object, substitute: Substitute = frozenset()) -> Decoder:
    """The decoder of ``hint``, made on first use."""
    key = (hint, substitute)
    known = _DECODERS.get(key)
    if known is None:
        known = _DECODERS[key] = _make(hint, substitute)
    return known


def _make(hint: object, substitute: Substitute) -> Decoder:
    if isinstance(hint, type):
        hint = dict(substitute).get(hint, hint)
    origin = typing.get_origin(hint)
    if hint is type(None):
        return _null
    if origin in (Union, types.UnionType):
        return _union(hint, substitute)
    if origin is typing.Literal:
        return _literal(typing.get_args(hint))
    if origin is tuple:
        return _tuple(typing.get_args(hint), substitute)
    if origin in (Mapping, dict) or hint is dict:
        args = typing.get_args(hint)
        return _mapping(args[1] if args else object, substitute)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _enum(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(hint, substitute)
    if hint is object:
        return _same
    if hint in (bool, int, float, str):
        return _scalar(typing.cast(type, hint))
    return _unsupported(hint)


def _same(data: object) -> object:
    return data


def _null(data: object) -> None:
    if data is not None:
        raise Miss(N_("expected null, got %(value)s"), value=repr(data))
    return None


def _union(hint: object, substitute: Substitute) -> Decoder:
    options = [decoder(option, substitute) for option in typing.get_args(hint)]

    def decode(data: object) -> object:
        for option in options:
            try:
                return option(data)
            except Unsupported:
                raise
            except Miss:
                continue
        raise Miss(N_("%(value)s fits none of %(hint)s"), value=repr(data), hint=str(hint))

    return decode


def _literal(allowed: tuple[object, ...]) -> Decoder:
    def decode(data: object) -> object:
        if data not in allowed:
            raise Miss(
                N_("%(value)s is not one of %(allowed)s"), value=repr(data), allowed=str(allowed)
            )
        return data

    return decode


def _tuple(args: tuple[object, ...], substitute: Substitute) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = decoder(args[0], substitute)

        def variadic(data: object) -> tuple[object, ...]:
            if not isinstance(data, list):
                raise Miss(N_("expected an array, got %(type)s"), type=type(data).__name__)
            try:
                return tuple([item(value) for value in data])
            except Miss as miss:
                miss.where.append(f"[{_first_miss(item, data)}]")
                raise

        return variadic
    items = [decoder(arg, substitute) for arg in args]

    def fixed(data: object) -> tuple[object, ...]:
        if not isinstance(data, list):
            raise Miss(N_("expected an array, got %(type)s"), type=type(data).__name__)
        if len(items) != len(data):
            raise Miss(N_("expected %(count)s items, got %(got)s"), count=len(items), got=len(data))
        out = []
        for index, (decode, value) in enumerate(zip(items, data, strict=True)):
            try:
                out.append(decode(value))
            except Miss as miss:
                miss.where.append(f"[{index}]")
                raise
        return tuple(out)

    return fixed


def _first_miss(item: Decoder, data: list[object]) -> int:
    """The index of the first item ``item`` refuses (asked only once one was refused)."""
    for index, value in enumerate(data):
        try:
            item(value)
        except Miss:
            return index
    return len(data)


def _mapping(value_hint: object, substitute: Substitute) -> Decoder:
    item = decoder(value_hint, substitute)

    def decode(data: object) -> dict[object, object]:
        if not isinstance(data, dict):
            raise Miss(N_("expected an object, got %(type)s"), type=type(data).__name__)
        out = {}
        for key, value in data.items():
            try:
                out[key] = item(value)
            except Miss as miss:
                miss.where.append(f".{key}")
                raise
        return out

    return decode


def _enum(kind: type[Enum]) -> Decoder:
    def decode(data: object) -> object:
        try:
            return kind(data)
        except ValueError:
            raise Miss(
                N_("%(value)s is not a %(kind)s"), value=repr(data), kind=kind.__name__
            ) from None

    return decode


def _dataclass(cls: type, substitute: Substitute) -> Decoder:
    # The fields' decoders are made on the first call, not here: a dataclass may hold
    # itself, and its decoder must exist before theirs can refer to it.
    fields: list[tuple[str, Decoder]] = []
    names: frozenset[str] | None = None

    def decode(data: object) -> object:
        nonlocal names
        if not isinstance(data, dict):
            raise Miss(N_("expected an object for %(kind)s"), kind=cls.__name__)
        if names is None:
            hints = typing.get_type_hints(cls)
            init = [f.name for f in dataclasses.fields(cls) if f.init]
            fields[:] = [(name, decoder(hints[name], substitute)) for name in init]
            names = frozenset(init)
        if len(data) != len(names) or not names.issuperset(data):
            unknown = set(data) - names
            if unknown:
                raise Miss(
                    N_("unknown field(s) %(fields)s for %(kind)s"),
                    fields=str(sorted(unknown)),
                    kind=cls.__name__,
                )
            raise Miss(
                N_("missing field(s) %(fields)s for %(kind)s"),
                fields=str(sorted(names - set(data))),
                kind=cls.__name__,
            )
        kwargs = {}
        for name, field_decoder in fields:
            try:
                kwargs[name] = field_decoder(data[name])
            except Miss as miss:
                miss.where.append(f".{name}")
                raise
        return cls(**kwargs)

    return decode


def _scalar(kind: type) -> Decoder:
    def decode(data: object) -> object:
        if type(data) is kind:
            return data
        if kind is float and isinstance(data, int) and not isinstance(data, bool):
            return float(data)
        if kind is int and isinstance(data, bool):
            raise Miss(N_("expected %(kind)s, got %(type)s"), kind="int", type="bool")
        if not isinstance(data, kind):
            raise Miss(
                N_("expected %(kind)s, got %(type)s"), kind=kind.__name__, type=type(data).__name__
            )
        return data

    return decode


def _unsupported(hint: object) -> Decoder:
    def decode(data: object) -> object:
        raise Unsupported("unsupported type hint %(hint)s", hint=repr(hint))

    return decode
