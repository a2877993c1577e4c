"""Black Vienna's knowledge segments for the research envs, written straight from arrays.

Placing a seat's ``beliefs`` in the observation makes a ``Solution`` for each of up to 1,771
ring trios and looks up each one's slot by its letters: at 6 players that took more time
than counting the worlds. ``SeatWrites`` reads the same numbers off ``Believer.count`` (a
seat's worlds, kept while its new answers leave them as they were) and writes the trios'
slots with numpy: the same floats (``count / total`` of exact integers below 2**53, as
Python divides them), in the same cells and slots as placing ``beliefs``.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from sleuth.core.encoding import KnowledgeWrites
from sleuth.deduce.warmup import warm_kernels

from .beliefs import Believer, Counted
from .components import LETTER_INDEX, LETTERS
from .position import Position

_EXACT = 2**53  # below it an integer is exact in float64, and so is count / total
_N = len(LETTERS)


class SeatWrites:
    """One seat's knowledge segments (a ``KnowledgeLayout.seat_features`` writer): per
    person its places' probabilities, then the ring's posterior over the trios' slots."""

    def __init__(self, players: int, trio_slot: Mapping[str, int]) -> None:
        # A seat's every new position is counted: the compiled kernels' load (about half a
        # second of CPU, once a process, where numba is installed) falls here, before the
        # first count, rather than after the first 2,000 layers swept with numpy.
        warm_kernels()
        self.believer = Believer()
        self.players = players
        # a trio's letter indices, ascending, as one number -> its slot
        self.slots = np.full(_N**3, -1, dtype=np.int64)
        for letters, slot in trio_slot.items():
            a, b, c = sorted(LETTER_INDEX[ch] for ch in letters)
            self.slots[(a * _N + b) * _N + c] = slot
        self._last: tuple[Counted, KnowledgeWrites] | None = None

    def __call__(self, position: Position) -> KnowledgeWrites | None:
        counted = self.believer.count(position)
        if counted is None or counted.total == 0:
            return None
        if self._last is not None and self._last[0] is counted:
            return self._last[1]  # the same worlds: the same numbers
        writes = self._writes(position, counted)
        self._last = (counted, writes)
        return writes

    def _writes(self, position: Position, counted: Counted) -> KnowledgeWrites:
        total, model = counted.total, counted.model
        width = self.players + 1  # the places: every seat, then the ring
        columns = (*model.seats, self.players)
        row_of = {ch: i for i, ch in enumerate(model.model.cards)}
        cells: list[int] = []
        probabilities: list[float] = []
        for r, ch in enumerate(LETTERS):
            if ch in position.hand:
                cells.append(r * width + position.seat)
                probabilities.append(1.0)
                continue
            for loc, cnt in enumerate(counted.counts[row_of[ch]]):
                if cnt:
                    cells.append(r * width + columns[loc])
                    probabilities.append(cnt / total)
        trios, weights = counted.ring
        slots, posterior = self._ring(model.model.cards, trios, weights, total)
        return KnowledgeWrites(cells, probabilities, slots, posterior)

    def _ring(
        self, cards: tuple[str, ...], trios: np.ndarray, weights: list[int], total: int
    ) -> tuple[list[int], list[float]]:
        """The trios' slots and probabilities (``count / total``; none for a count of 0)."""
        if not weights:
            return [], []
        letter = np.array([LETTER_INDEX[ch] for ch in cards], dtype=np.int64)
        named = np.sort(letter[trios], axis=1)
        found = self.slots[(named[:, 0] * _N + named[:, 1]) * _N + named[:, 2]]
        if (found < 0).any():
            bad = trios[int(np.flatnonzero(found < 0)[0])]
            raise RuntimeError(f"Black Vienna encoder: no solution slot for {bad.tolist()!r}")
        if total < _EXACT:
            w = np.array(weights, dtype=np.float64)
            keep = w > 0
            return found[keep].tolist(), (w[keep] / float(total)).tolist()
        pairs = [(s, c / total) for s, c in zip(found.tolist(), weights, strict=True) if c]
        return [s for s, _ in pairs], [p for _, p in pairs]
