"""Lazy action lists: legal actions in a fixed order without building every one.

Black Vienna lets a seat accuse any of 2,925 trios at any moment; listing them on every
step would dominate a playout. An ``ActionList`` concatenates parts, each of one kind,
and a part may compute its items on demand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

from .protocol import Action, handed_out

NOT_MADE = object()  # what a lazy list has made before its first item


class IndexedActions(Sequence[Action]):
    """``size`` actions of one type, the i-th made by ``make(i)`` only when asked for.

    A subclass may make its items itself (its own ``__getitem__`` and ``__contains__``,
    without the two callables): it keeps ``_size``, and sets ``_last`` to each item its
    ``__getitem__`` hands out.
    """

    # A playout makes a list or two at every step: no per-object dict to allocate and free.
    __slots__ = ("_contains", "_last", "_make", "_size", "drastic", "kind")

    def __init__(
        self,
        action_type: type[Action],
        size: int,
        make: Callable[[int], Action],
        contains: Callable[[object], bool],
    ) -> None:
        self.kind = action_type.kind
        self.drastic = action_type.drastic
        self._size = size
        self._make = make
        self._contains = contains
        # The item made last, for ``handed_out``: a hint only. A list shared by states (or
        # threads) may have it overwritten, and then ``check`` takes its slower path; it
        # starts as no action at all, so that nothing (not even ``None``) passes for one.
        self._last: object = NOT_MADE

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        LAZY.add(cls)

    def __contains__(self, action: object) -> bool:
        return self._contains(action)

    def __iter__(self) -> Iterator[Action]:
        # Sequence's own iteration asks __getitem__ until IndexError: two Python calls and
        # a bounds check an item, and a listing of every accusation is thousands of items.
        if type(self).__getitem__ is IndexedActions.__getitem__:
            return map(self._make, range(self._size))
        return (self[i] for i in range(self._size))

    def handed_out(self, action: object) -> bool:
        """Whether ``action`` is the item this list made last (``protocol.handed_out``)."""
        return action is self._last

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if type(index) is int and 0 <= index < self._size:  # a bot's pick: the usual case
            made = self._last = self._make(index)
            return made
        where = unusual_index(index, self._size)
        if type(where) is range:
            return [self._make(i) for i in where]
        made = self._last = self._make(where)
        return made


def unusual_index(index: int | slice, size: int) -> int | range:
    """What an index other than a plain one in range names in a list of ``size``: a
    slice's positions, a negative index's from the end; ``IndexError`` beyond the list."""
    if isinstance(index, slice):
        return range(*index.indices(size))
    position = index + size if index < 0 else index
    if not 0 <= position < size:
        raise IndexError(index)
    return position


# IndexedActions and its subclasses, for tests by exact type: a failed isinstance against an
# abstract base is a Python call, and a playout asks at every step.
LAZY: set[type] = {IndexedActions}


class ActionList(Sequence[Action]):
    """The concatenation of parts; ``of_kind`` gives the part(s) of one action kind."""

    __slots__ = ("_parts", "_size", "_sizes", "_split")

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        LISTS.add(cls)

    def __init__(self, parts: Sequence[Sequence[Action]]) -> None:
        kept: list[Sequence[Action]] = []
        sizes: list[int] = []  # each part's length, asked once
        for part in parts:
            # A lazy part's size read straight: its __len__ is a Python call, at every step.
            size = part._size if type(part) in LAZY else len(part)  # type: ignore[attr-defined]
            if size:
                kept.append(part)
                sizes.append(size)
        self._parts: Sequence[Sequence[Action]] = kept
        self._sizes: Sequence[int] = sizes
        self._size = sum(sizes)
        self._split: tuple[Sequence[Action], Sequence[Action]] | None = None

    @classmethod
    def split_in_advance(cls, ordinary: Sequence[Action], drastic: Sequence[Action]) -> ActionList:
        """``ordinary`` actions then ``drastic`` ones, a part each, whose split is known: a
        random bot splits its list at every step."""
        # Made without __init__'s loop when both parts hold actions (the usual case).
        first = ordinary._size if type(ordinary) in LAZY else len(ordinary)  # type: ignore[attr-defined]
        second = drastic._size if type(drastic) in LAZY else len(drastic)  # type: ignore[attr-defined]
        pair = (ordinary, drastic)
        if first and second:
            made = _new_object(cls)
            made._parts = made._split = pair  # the parts are the split
            made._sizes, made._size = (first, second), first + second
        else:
            made = cls(pair)
            made._split = pair
        return made

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Action]:
        for part in self._parts:
            yield from part

    def __contains__(self, action: object) -> bool:
        return any(action in part for part in self._parts)

    def handed_out(self, action: object) -> bool:
        """Whether ``action`` is an item one of the parts holds or made last."""
        for part in self._parts:
            if type(part) in LAZY:  # asked directly: this runs at every step
                if action is part._last:  # type: ignore[attr-defined]  # an IndexedActions
                    return True
            elif handed_out(part, action):
                return True
        return False

    @property
    def parts(self) -> tuple[Sequence[Action], ...]:
        return tuple(self._parts)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if type(index) is not int or not 0 <= index < self._size:  # not a bot's usual pick
            where = unusual_index(index, self._size)
            if type(where) is range:
                return [self[i] for i in where]
            index = where
        for part, size in zip(self._parts, self._sizes):  # noqa: B905  # equal by construction
            if index < size:
                return part[index]
            index -= size
        raise IndexError(index)

    def of_kind(self, kind: str) -> Sequence[Action]:
        chosen: list[Sequence[Action]] = []
        for part in self._parts:
            if isinstance(part, IndexedActions):  # one kind, listed lazily
                if part.kind == kind:
                    chosen.append(part)
            elif isinstance(part, ActionList):
                if kind in part.kinds():
                    chosen.append(part.of_kind(kind))
            else:  # a plain part may mix kinds (a game's made list for a whole turn)
                items = [a for a in part if a.kind == kind]
                if items:
                    chosen.append(part if len(items) == len(part) else items)
        return chosen[0] if len(chosen) == 1 else ActionList(chosen)

    def kinds(self) -> tuple[str, ...]:
        found: dict[str, None] = {}
        for part in self._parts:
            if isinstance(part, IndexedActions):
                found[part.kind] = None
            elif isinstance(part, ActionList):
                found.update(dict.fromkeys(part.kinds()))
            else:
                found.update(dict.fromkeys(a.kind for a in part))
        return tuple(found)

    def split_drastic(self) -> tuple[Sequence[Action], Sequence[Action]]:
        """(ordinary actions, drastic actions), each part kept whole and lazy."""
        if self._split is not None:
            return self._split
        drastic: list[Sequence[Action]] = []
        ordinary: list[Sequence[Action]] = []
        for part in self._parts:
            (drastic if _is_drastic(part) else ordinary).append(part)
        if not drastic:
            return self, _NOTHING
        return _join(ordinary), _join(drastic)


def _is_drastic(part: Sequence[Action]) -> bool:
    # Exact types first: a failed isinstance against an abstract base class is a Python
    # call, and this runs at every step of a playout.
    kind = type(part)
    if kind in LAZY:
        drastic: bool = part.drastic  # type: ignore[attr-defined]  # an IndexedActions
        return drastic
    if kind not in _PLAIN and isinstance(part, IndexedActions):
        return part.drastic
    return part[0].drastic


_new_object = object.__new__
_NOTHING = ActionList(())  # no action: one shared empty list
_PLAIN = (tuple, list)
# ActionList and its subclasses, tested by exact type for the reason of ``LAZY``.
LISTS: set[type] = {ActionList}


def _join(parts: list[Sequence[Action]]) -> Sequence[Action]:
    return parts[0] if len(parts) == 1 else ActionList(parts)
