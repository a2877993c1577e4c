"""The ``encoder`` part of a kit: one seat's view as fixed-size numbers, actions as dense codes.

Research environments (``sleuth.envs``: PettingZoo, Gymnasium, OpenSpiel) need, per game and
configuration, an observation of one fixed length and a fixed numbering of every action.
Each game's kit supplies an ``Encoder`` subclass for that; the environments never name a
game. Everything here is standard library: an encoder writes its observation as sparse
``(index, value)`` pairs into ``Features`` and its legal actions as codes and spans into
``Codes``, and the environments turn those into arrays.

Every observation value lies in [0, 1] (flags, one-hot groups, counts divided by a bound the
layout documents), so that an observation space can be a box of known bounds.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .actions import ActionList, IndexedActions
from .errors import InvalidActionError
from .protocol import Action, Game, State, View


@dataclass(frozen=True)
class Segment:
    """A named slice of the observation: ``size`` values from ``start``."""

    name: str
    start: int
    size: int
    help: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """The observation's named segments, in order; ``size`` is the whole length."""

    def __init__(self) -> None:
        self._segments: dict[str, Segment] = {}
        self.size = 0

    def add(self, name: str, size: int, help: str) -> int:
        """A new segment at the end; its start."""
        if name in self._segments:
            raise ValueError(f"observation segment {name!r} is defined twice")
        if size < 0:
            raise ValueError(f"observation segment {name!r}: size {size} is negative")
        start = self.size
        self._segments[name] = Segment(name, start, size, help)
        self.size += size
        return start

    @property
    def segments(self) -> tuple[Segment, ...]:
        return tuple(self._segments.values())

    def __getitem__(self, name: str) -> Segment:
        try:
            return self._segments[name]
        except KeyError:
            known = ", ".join(self._segments)
            raise KeyError(f"no observation segment {name!r} (segments: {known})") from None

    def __contains__(self, name: object) -> bool:
        return name in self._segments

    def slice(self, name: str) -> slice:
        segment = self[name]
        return slice(segment.start, segment.stop)

    def describe(self) -> str:
        """One line a segment: ``start:stop name (size): help``."""
        return "\n".join(
            f"{s.start}:{s.stop} {s.name} ({s.size}): {s.help}" for s in self._segments.values()
        )


class Features:
    """Sparse writes into one observation (every other value is 0)."""

    __slots__ = ("indices", "values")

    def __init__(self) -> None:
        self.indices: list[int] = []
        self.values: list[float] = []

    def flag(self, index: int) -> None:
        self.indices.append(index)
        self.values.append(1.0)

    def put(self, index: int, value: float) -> None:
        if value:
            self.indices.append(index)
            self.values.append(value)

    def flags(self, start: int, offsets: Iterable[int]) -> None:
        for offset in offsets:
            self.indices.append(start + offset)
            self.values.append(1.0)


class LogCache:
    """The sparse writes of a log that only grows (a view's questions so far), kept between
    calls, so that each entry of a game's history is encoded once and not at every step.

    ``encode(entry, out)`` writes one entry; its writes must not depend on other entries
    (two entries writing the same index write the same value, kept once). A log that is not
    the last one plus new entries is encoded afresh.
    """

    __slots__ = ("_encode", "_kept")

    def __init__(self, encode: Callable[[Any, Features], None]) -> None:
        self._encode = encode
        # The log and its writes as one value, read and replaced at once: an encoder is
        # shared by every environment of its configuration, threads included, and a log's
        # writes must never be paired with another log (another seat's secret answers).
        self._kept: tuple[tuple[object, ...], dict[int, float]] = ((), {})

    def write(self, log: tuple[object, ...], out: Features) -> None:
        old, writes = self._kept
        if log is not old:
            known = len(old)
            if len(log) >= known and log[:known] == old:
                writes, new = dict(writes), log[known:]
            else:
                writes, new = {}, log
            fresh = Features()
            for entry in new:
                self._encode(entry, fresh)
            writes.update(zip(fresh.indices, fresh.values, strict=True))
            self._kept = (log, writes)
        out.indices.extend(writes)
        out.values.extend(writes.values())


class Codes:
    """A set of action codes: single ``codes``, half-open ``spans``, and ``grids``.

    A grid is every ``base + sum(stride * position)`` with one position per axis (every
    accusation of unseen cards: person x location x weapon), for the environments to
    expand with array arithmetic.
    """

    __slots__ = ("codes", "grids", "spans")

    def __init__(self) -> None:
        self.codes: list[int] = []
        self.spans: list[tuple[int, int]] = []
        self.grids: list[tuple[int, tuple[tuple[int, Sequence[int]], ...]]] = []

    def span(self, start: int, stop: int) -> None:
        if stop > start:
            self.spans.append((start, stop))

    def grid(self, base: int, *axes: tuple[int, Sequence[int]]) -> None:
        """Every ``base + stride * position`` summed over the ``(stride, positions)`` axes."""
        if all(positions for _, positions in axes):
            self.grids.append((base, axes))

    def key(self) -> tuple[object, ...]:
        """The set as a hashable value (equal sets written alike give equal keys): an
        environment keeps the mask of each key, since the same sets come back step after step."""
        grids = tuple(
            (base, tuple((stride, tuple(positions)) for stride, positions in axes))
            for base, axes in self.grids
        )
        return (tuple(self.codes), tuple(self.spans), grids)

    def all(self) -> set[int]:
        """Every code, one by one (for tests and small sets)."""
        found = set(self.codes)
        for start, stop in self.spans:
            found.update(range(start, stop))
        for base, axes in self.grids:
            sums = [base]
            for stride, positions in axes:
                sums = [s + stride * p for s in sums for p in positions]
            found.update(sums)
        return found


@dataclass(frozen=True)
class ActionBlock:
    """The codes ``start`` to ``start + size`` of the action space: actions of one kind."""

    kind: str
    start: int
    size: int
    help: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class ActionTable:
    """Every action an environment can name, each with its code, in blocks of one kind.

    A kind's blocks are contiguous, so that "every action of this kind" is one span. Codes
    come from a dictionary made once per configuration: an encoder lists every action
    once (the 2,925 accusations of a game included), never per step.
    """

    def __init__(self) -> None:
        self._actions: list[Action] = []
        self._codes: dict[Action, int] = {}
        self._blocks: list[ActionBlock] = []
        self._kinds: dict[str, tuple[int, int]] = {}

    def add(self, kind: str, actions: Iterable[Action], help: str) -> ActionBlock:
        start = len(self._actions)
        if kind in self._kinds and self._kinds[kind][1] != start:
            raise ValueError(f"action kind {kind!r}: its blocks must be contiguous")
        for action in actions:
            if action.kind != kind:
                raise ValueError(f"block {kind!r} lists {action!r}, an action of another kind")
            if action in self._codes:
                raise ValueError(f"{action} has two codes")
            self._codes[action] = len(self._actions)
            self._actions.append(action)
        block = ActionBlock(kind, start, len(self._actions) - start, help)
        self._blocks.append(block)
        first = self._kinds.get(kind, (start, start))[0]
        self._kinds[kind] = (first, len(self._actions))
        return block

    @property
    def size(self) -> int:
        return len(self._actions)

    @property
    def codes(self) -> Mapping[Action, int]:
        """Every action's code, to read many at once (``code`` for one, checked)."""
        return MappingProxyType(self._codes)

    @property
    def blocks(self) -> tuple[ActionBlock, ...]:
        return tuple(self._blocks)

    def action(self, code: int) -> Action:
        if not 0 <= code < len(self._actions):
            raise InvalidActionError(
                f"action code {code} is outside the action space (0-{len(self._actions) - 1})"
            )
        return self._actions[code]

    def code(self, action: Action) -> int:
        """The code of ``action``; ``InvalidActionError`` for one outside the table."""
        code = self._codes.get(action)
        if code is None:
            raise InvalidActionError(f"{action} has no code in this action space")
        return code

    def kind_span(self, kind: str) -> tuple[int, int] | None:
        return self._kinds.get(kind)


@dataclass(frozen=True)
class KnowledgeLayout:
    """How the exact analysis of a seat (``sleuth.deduce.knowledge.SeatAnalysis``) becomes
    numbers: ``cards`` x ``places`` probabilities and a posterior over ``solutions`` slots.

    ``solution_slot(view, cards)`` is the slot of one solution (``Solution.cards``) for the
    seat of ``view``, or ``None`` if the layout cannot place it. It may read of the view only
    what the seat's knowledge position holds: the envs place an analysis kept for a later
    view of the seat (its position unchanged, or the game's ``believer`` keeping it) as they
    placed it before.
    """

    cards: tuple[str, ...]
    places: tuple[str, ...]
    solutions: int
    solution_slot: Callable[[Any, tuple[str, ...]], int | None]
    help: str
    # Where given, the segments straight from a seat's knowledge position (the game's
    # ``Knowledge.from_view``), with no analysis object made: a game whose solutions run to
    # thousands writes them from arrays. The same numbers as placing ``beliefs``.
    features: Callable[[Any], KnowledgeWrites | None] | None = None
    # Where given, the same as ``features`` from a writer made once per seat by each
    # observer (a seat's positions in the order it observes them): it may carry what it
    # counted for the seat's last position over to the next.
    seat_features: Callable[[], Callable[[Any], KnowledgeWrites | None]] | None = None


@dataclass(frozen=True)
class KnowledgeWrites:
    """The knowledge segments of one consistent position: ``cells`` (each ``row *
    len(places) + column`` of ``KnowledgeLayout.cards`` x ``places``) with ``probabilities``,
    and ``slots`` of the solution posterior with theirs; zeros may be left out."""

    cells: list[int]
    probabilities: list[float]
    slots: list[int]
    posterior: list[float]


class Encoder(ABC):
    """A game's observation layout and action numbering under one configuration.

    A subclass fills ``layout`` and ``actions`` in its constructor and implements
    ``encode``. ``legal_codes`` turns the engine's legal actions into codes; a subclass
    speeds it up for a lazy family (``family_codes``) from the same state methods the rules
    build the family with, and the environments check the count against the engine's.
    """

    # Engine actions in one game, an upper bound for frameworks that want one (OpenSpiel's
    # game length); a game with no bound of its own uses the arena's step limit.
    max_moves: int = 100_000
    # The most decisions (moves and out-of-turn offers answered) one game took over seeded
    # random and bot games (``python benchmarks/envs.py --lengths --games 40``), if measured:
    # OpenSpiel's game length is a margin times it (``envs.openspiel``).
    longest_seen: int | None = None

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.layout = Layout()
        self.actions = ActionTable()
        self.knowledge: KnowledgeLayout | None = None

    @abstractmethod
    def encode(self, view: View, out: Features) -> None:
        """Write the observation of ``view`` (a seat's view of this game) into ``out``."""

    @abstractmethod
    def score_bounds(self) -> tuple[float, float]:
        """The lowest and highest score a seat can end with, under this configuration."""

    def legal_codes(self, state: State, seat: int, out: Codes) -> None:
        """The codes of ``state.legal_actions(seat)``, without listing a lazy family that a
        span or ``family_codes`` covers."""
        legal = state.legal_actions(seat)
        parts: Sequence[Sequence[Action]] = (
            legal.parts if isinstance(legal, ActionList) else (legal,)
        )
        code, codes = self.actions.code, self.actions.codes
        for part in parts:
            if isinstance(part, IndexedActions):
                span = self.actions.kind_span(part.kind)
                if span is not None and len(part) == span[1] - span[0]:
                    # Legal actions of the kind are distinct and all in its blocks: as many
                    # as the blocks hold means all of them.
                    out.span(*span)
                    continue
                if self.family_codes(state, seat, part.kind, out):
                    continue
            try:
                out.codes += [codes[action] for action in part]
            except KeyError:  # an action outside the table: ``code`` names it
                out.codes.extend(code(action) for action in part)

    def family_codes(self, state: State, seat: int, kind: str, out: Codes) -> bool:
        """Add the codes of the legal lazy family ``kind`` from the state's own methods, and
        say so; ``False`` lets ``legal_codes`` list the family item by item."""
        return False
