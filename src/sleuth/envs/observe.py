"""Observations: the kit encoder's segments, the decision, and on request exact knowledge.

The observation of a seat is built from ``state.view(seat)`` alone (and from whether that
seat is being asked now, which every seat can tell). With ``knowledge=True`` three segments
follow, from the game's exact deduction engine (the kit's ``knowledge`` part) on the same
view: ``knowledge.valid`` (1 when the engine has an analysis of this view: not before the
position exists, e.g. during 13 Clues' setup), ``knowledge.cards`` (per card, the
probability of each place) and ``knowledge.solutions`` (the solution posterior over the
encoder's solution slots).

The analysis is the game's ``beliefs`` where it gives one (the same numbers as ``analyze``,
without what the features do not read), and a seat whose position has not changed since
its last observation reuses its last analysis: a position is all the analysis reads. A
game with a ``believer`` gets one per seat, which may refine the seat's last analysis by
the answers given since (the same numbers again).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from sleuth.core import Game, GameError, State, find_kit
from sleuth.core.encoding import Encoder, Features, KnowledgeLayout, KnowledgeWrites, Layout
from sleuth.core.kit import KNOWLEDGE, PartError
from sleuth.core.protocol import View

if TYPE_CHECKING:
    from sleuth.deduce.knowledge import Knowledge, SeatAnalysis

    from .factored import Factoring
    from .table import Decision

Observation = npt.NDArray[np.float32]


class Observer:
    """Turns (state, seat, decision) into one fixed-length float32 vector."""

    def __init__(
        self,
        game: Game[Any],
        encoder: Encoder,
        knowledge: bool,
        factoring: Factoring | None = None,
    ) -> None:
        self.game, self.encoder = game, encoder
        layout = Layout()
        for segment in encoder.layout.segments:
            layout.add(segment.name, segment.size, segment.help)
        self.decision_at = layout.add(
            "decision", 2, "this seat is asked now: the move the game waits on, an interrupt"
        )
        if factoring is not None:
            self.factored_at = layout.add(
                "factored",
                factoring.observed_size,
                "factored actions: per combination, begun by this seat, then each part chosen "
                "one-hot",
            )
        self.knowledge: Knowledge[Any] | None = None
        self.knowledge_layout: KnowledgeLayout | None = None
        if knowledge:
            self.knowledge, self.knowledge_layout = _knowledge_parts(game, encoder)
            k = self.knowledge_layout
            self.valid_at = layout.add("knowledge.valid", 1, "1 if the analysis below exists")
            self.cards_at = layout.add(
                "knowledge.cards",
                len(k.cards) * len(k.places),
                f"per card ({len(k.cards)}) the probability of each place ({', '.join(k.places)})",
            )
            self.solutions_at = layout.add("knowledge.solutions", k.solutions, k.help)
            part = self.knowledge
            self.analyze = part.beliefs or (lambda position: part.analyze(position, None, False))
            # Per seat, the game's believer where it has one: it refines its last analysis.
            self.believers: dict[int, Callable[[Any], SeatAnalysis]] = {}
            # Per seat, the game's reader of its views where it has one (``from_view`` else).
            self.readers: dict[int, Callable[[Any], Any]] = {}
            # Per seat, its last position and that position's analysis.
            self.last: dict[int, tuple[Any, SeatAnalysis]] = {}
            # Per seat, its last position and the layout's own writes for it.
            self.written: dict[int, tuple[Any, KnowledgeWrites | None]] = {}
            # Per seat, the layout's writer for it (``seat_features``), and the last writes
            # it gave with their indices and values in the observation.
            self.writers: dict[int, Callable[[Any], KnowledgeWrites | None]] = {}
            self.wrote: dict[int, tuple[KnowledgeWrites, list[int], list[float]]] = {}
            # Per seat, the last analysis placed and the writes it made (indices, values).
            self.placed: dict[int, tuple[SeatAnalysis, list[int], list[float]]] = {}
            self.card_row = {card: i for i, card in enumerate(k.cards)}
            self.place_column = {place: i for i, place in enumerate(k.places)}
        self.layout = layout
        self.size = layout.size

    def observe(self, state: State, seat: int, decision: Decision | None) -> Observation:
        view = state.view(seat)
        features = Features()
        self.encoder.encode(view, features)
        if decision is not None:
            features.flag(self.decision_at + int(decision.interrupt))
        if self.knowledge is not None:
            self._knowledge(view, features)
        out = np.zeros(self.size, dtype=np.float32)
        if features.indices:
            # Typed arrays first: numpy's guess of a list's type costs more than the copy.
            indices = np.array(features.indices, dtype=np.intp)
            out[indices] = np.array(features.values, dtype=np.float32)
        return out

    def _knowledge(self, view: View, out: Features) -> None:
        knowledge, layout = self.knowledge, self.knowledge_layout
        if knowledge is None or layout is None:
            return
        seat = -1 if view.seat is None else view.seat
        try:
            position = self._reader(knowledge, seat)(view)
        except GameError:  # no position yet (a setup phase): the segments stay 0
            return
        if layout.seat_features is not None:
            writer = self.writers.get(seat)
            if writer is None:
                writer = self.writers[seat] = layout.seat_features()
            self._write(writer, seat, position, out)
            return
        if layout.features is not None:
            self._write(layout.features, seat, position, out)
            return
        last = self.last.get(seat)
        if last is not None and last[0] == position:
            analysis = last[1]
        else:
            analysis = self._believer(knowledge, seat)(position)
            self.last[seat] = (position, analysis)
        placed = self.placed.get(seat)
        if placed is None or placed[0] is not analysis:
            # A kept analysis writes what it wrote last time (a slot depends on the seat's
            # position alone, which the analysis was made for): up to thousands of solutions.
            fresh = Features()
            self.place(analysis, view, fresh)
            placed = self.placed[seat] = (analysis, fresh.indices, fresh.values)
        out.indices.extend(placed[1])
        out.values.extend(placed[2])

    def _write(
        self,
        features: Callable[[Any], KnowledgeWrites | None],
        seat: int,
        position: Any,
        out: Features,
    ) -> None:
        """The segments of the layout's own ``features``, kept while the position is."""
        last = self.written.get(seat)
        if last is not None and last[0] == position:
            writes = last[1]
        else:
            writes = features(position)
            self.written[seat] = (position, writes)
        if writes is None:
            return
        wrote = self.wrote.get(seat)
        if wrote is None or wrote[0] is not writes:
            # A writer may give the same writes for a later position (the same worlds):
            # up to thousands of solutions, placed once.
            cards, solutions = self.cards_at, self.solutions_at
            indices = [self.valid_at, *(cards + cell for cell in writes.cells)]
            indices.extend([solutions + slot for slot in writes.slots])
            values = [1.0, *writes.probabilities, *writes.posterior]
            wrote = self.wrote[seat] = (writes, indices, values)
        out.indices.extend(wrote[1])
        out.values.extend(wrote[2])

    def _reader(self, knowledge: Knowledge[Any], seat: int) -> Callable[[Any], Any]:
        if knowledge.reader is None:
            return knowledge.from_view
        reader = self.readers.get(seat)
        if reader is None:
            reader = self.readers[seat] = knowledge.reader()
        return reader

    def _believer(self, knowledge: Knowledge[Any], seat: int) -> Callable[[Any], SeatAnalysis]:
        if knowledge.believer is None:
            return self.analyze
        believer = self.believers.get(seat)
        if believer is None:
            believer = self.believers[seat] = knowledge.believer()
        return believer

    def place(self, analysis: SeatAnalysis, view: View, out: Features) -> None:
        """The knowledge segments of ``analysis`` into ``out``."""
        layout = self.knowledge_layout
        if layout is None or not analysis.consistent:
            return
        out.flag(self.valid_at)
        width = len(layout.places)
        for card, places in analysis.cards.items():
            row = self.card_row.get(card)
            if row is None:
                raise RuntimeError(f"{self.game.title} encoder: no knowledge row for {card!r}")
            for place, probability in places.items():
                column = self.place_column.get(place)
                if column is None:
                    raise RuntimeError(
                        f"{self.game.title} encoder: no knowledge column for place {place!r}"
                    )
                out.put(self.cards_at + row * width + column, probability)
        # Up to thousands of solutions a step: the loop reads everything from locals.
        slot_of, start = layout.solution_slot, self.solutions_at
        indices, values = out.indices, out.values
        for solution in analysis.solutions:
            slot = slot_of(view, solution.cards)
            if slot is None:
                raise RuntimeError(
                    f"{self.game.title} encoder: no solution slot for {solution.cards!r}"
                )
            if solution.probability:
                indices.append(start + slot)
                values.append(solution.probability)


def _knowledge_parts(game: Game[Any], encoder: Encoder) -> tuple[Knowledge[Any], KnowledgeLayout]:
    from sleuth.deduce.knowledge import Knowledge

    kit = find_kit(game.name)
    if not kit.has(KNOWLEDGE):
        raise PartError(
            f"{game.title} has no knowledge part (no exact deduction engine), so knowledge "
            "features are not available for it"
        )
    if encoder.knowledge is None:
        raise PartError(f"{game.title}: its encoder lays out no knowledge features")
    return kit.part(KNOWLEDGE, Knowledge), encoder.knowledge
