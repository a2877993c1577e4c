"""Factored actions: an action that is a combination of symbols, chosen a part at a time.

Black Vienna's accusation and sealed guess are each one of 2,925 trios: as flat codes nearly
every code of a seat's mask is one of them, so a learner drawing from the mask accuses at
once. With ``actions="factored"`` such a kind is offered as one head code (``accuse``); a
seat that takes it is asked again, for each part in turn (``accuse B``, ``accuse K``,
``accuse R``), each mask holding only the symbols that still lead to a legal action. A head
commits the seat: until the last part no other action and no ``wait``. The flat codes of
these kinds are then never in a mask. An encoder offers the option by naming its
combinations: ``combinations`` (kind to the symbols of its parts) and
``combination_parts(action)`` (the action's symbols, in the order they are chosen).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from sleuth.core.encoding import Encoder


@dataclass(frozen=True)
class Combination:
    """One factored kind: its flat codes, its parts per flat code, and its factored codes."""

    kind: str
    start: int  # flat codes start:stop
    stop: int
    symbols: tuple[str, ...]
    parts: npt.NDArray[np.intp]  # per flat code in start:stop, the index of each part
    head: int  # the factored code of the head; the parts' codes follow it
    observed: int  # its offset in the observation's ``factored`` segment
    flat_of: dict[tuple[int, ...], int]

    @property
    def length(self) -> int:
        return int(self.parts.shape[1])

    def part_code(self, symbol: int) -> int:
        return self.head + 1 + symbol


@dataclass(frozen=True)
class Partial:
    """A combination begun by the seat asked: the parts chosen so far."""

    combination: Combination
    chosen: tuple[int, ...]


class Factoring:
    """The factored codes of an encoder's combinations, after its ``base`` flat codes."""

    def __init__(self, encoder: Encoder, title: str) -> None:
        kinds: dict[str, tuple[str, ...]] | None = getattr(encoder, "combinations", None)
        if not kinds:
            raise ValueError(f"{title} has no factored actions (its encoder names no combinations)")
        parts_of: Any = encoder.combination_parts  # type: ignore[attr-defined]
        actions = encoder.actions
        self.combinations: list[Combination] = []
        code, observed = actions.size, 0
        for kind, symbols in kinds.items():
            span = actions.kind_span(kind)
            if span is None:
                raise ValueError(f"{title}: no {kind!r} actions to factor")
            index = {symbol: i for i, symbol in enumerate(symbols)}
            rows = [
                tuple(index[s] for s in parts_of(actions.action(flat))) for flat in range(*span)
            ]
            parts = np.array(rows, dtype=np.intp)
            flat_of = {row: span[0] + i for i, row in enumerate(rows)}
            combination = Combination(kind, *span, symbols, parts, code, observed, flat_of)
            self.combinations.append(combination)
            code += 1 + len(symbols)
            observed += 1 + combination.length * len(symbols)
        self.base, self.stop, self.observed_size = actions.size, code, observed
        self.by_code = {
            c: combination
            for combination in self.combinations
            for c in range(combination.head, combination.head + 1 + len(combination.symbols))
        }

    def name(self, code: int) -> str:
        combination = self.by_code[code]
        if code == combination.head:
            return combination.kind
        return f"{combination.kind} {combination.symbols[code - combination.head - 1]}"

    def index(self, text: str) -> int | None:
        for combination in self.combinations:
            if text == combination.kind:
                return combination.head
            kind, _, symbol = text.partition(" ")
            if kind == combination.kind and symbol in combination.symbols:
                return combination.part_code(combination.symbols.index(symbol))
        return None

    def mask(self, flat: npt.NDArray[np.int8], partial: Partial | None) -> npt.NDArray[np.int8]:
        """The factored mask from the flat one (a read-only array of the same length)."""
        if partial is not None:
            out = np.zeros_like(flat)
            combination = partial.combination
            out[[combination.part_code(s) for s in self.next_symbols(flat, partial)]] = 1
        else:
            out = flat.copy()
            for combination in self.combinations:
                block = out[combination.start : combination.stop]
                if block.any():
                    out[combination.head] = 1
                    block[:] = 0
        out.flags.writeable = False
        return out

    @staticmethod
    def next_symbols(flat: npt.NDArray[np.int8], partial: Partial) -> list[int]:
        combination, chosen = partial.combination, partial.chosen
        legal = flat[combination.start : combination.stop].astype(np.bool_)
        parts = combination.parts[legal]
        if chosen:
            parts = parts[(parts[:, : len(chosen)] == np.array(chosen)).all(axis=1)]
        symbols: list[int] = np.unique(parts[:, len(chosen)]).tolist()
        return symbols

    def choose(self, partial: Partial | None, code: int) -> tuple[Partial | None, int | None]:
        """After factored ``code``: the combination in progress, or the flat code to play."""
        combination = self.by_code[code]
        if code == combination.head:
            return Partial(combination, ()), None
        if partial is None or partial.combination is not combination:
            raise ValueError(f"{self.name(code)}: no {combination.kind} begun")
        chosen = (*partial.chosen, code - combination.head - 1)
        if len(chosen) < combination.length:
            return Partial(combination, chosen), None
        return None, combination.flat_of[chosen]

    def observed(self, partial: Partial) -> list[int]:
        """The flags of a combination in progress in the ``factored`` segment."""
        combination = partial.combination
        width = len(combination.symbols)
        return [combination.observed] + [
            combination.observed + 1 + position * width + symbol
            for position, symbol in enumerate(partial.chosen)
        ]
