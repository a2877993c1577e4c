"""Black Vienna: one seat's beliefs along a game, each answer refining the last analysis.

The research envs read a seat's ``beliefs`` at every observation, and every answer given
at the table is a new position for every seat. ``Believer`` keeps, for its seat, the worlds
of the last position once they are few enough to list (``sleuth.deduce.frontier``); a
position that only adds answers (or the ring, once seen) to that one keeps the worlds that
fit them, and reads the same exact numbers off them as ``BlackViennaAnalysis.beliefs``
counts afresh. New answers that every world of the last position already meets (answers
about the seat's own hand; answers whose letters each lie in the place named in every
world or in none, as the last card counts tell) leave the worlds as they were: the last
analysis is kept, whether its worlds are listed or not. Any other position (a new game,
fewer answers, more worlds than the limit) is counted afresh. ``Believer.count`` gives
the counted worlds themselves (``Counted``, the same object while they stay the same), which
the envs' writer (``writes``) reads as arrays.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations

import numpy as np

from sleuth.deduce.frontier import Frontier, list_worlds
from sleuth.deduce.knowledge import SeatAnalysis, Solution
from sleuth.deduce.model import Constraint, every_world_meets
from sleuth.deduce.queries import Analysis
from sleuth.deduce.transitions import NDArray

from .components import LETTERS
from .knowledge import BlackViennaAnalysis, SeatModel
from .position import GAME, Investigation, Position

# Worlds at or below which a seat's worlds are listed. Measured along seeded games (CPU time
# a position, refined against fresh): 10,000 saved a third at 3 players; 50,000 and more
# cost more to list than the refinements saved.
LISTED = 10_000
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Counted:
    """The worlds of a seat's position, counted: its model, their number, each card's world
    count per location (``counts[card][location]``, the model's cards) and, where listed,
    the worlds themselves. Shared by every later position whose new answers each of these
    worlds already meets (the same worlds), so that what is read off it is read once."""

    model: SeatModel
    total: int
    counts: list[list[int]]
    frontier: Frontier | None
    analysis: BlackViennaAnalysis | None  # the fresh count, where it was counted afresh

    @cached_property
    def ring(self) -> tuple[NDArray[np.int64], list[int]]:
        """Every ring trio with a world (the model's card indices ascending, a row each) and
        its world count; the trios in no particular order."""
        if self.frontier is not None:
            return self.frontier.solution_counts(len(self.model.seats))
        if self.analysis is None:
            return np.zeros((0, 3), np.int64), []
        return ring_rows(self.analysis.analysis)


@dataclass(frozen=True)
class _Last:
    """A seat's last position, and the worlds counted for it (or an earlier one)."""

    position: Position
    counted: Counted


class Believer:
    """``beliefs`` for one seat, refined answer by answer where it can be."""

    def __init__(self, limit: int = LISTED) -> None:
        self.limit = limit
        self.refined = 0  # positions answered by refining (for tests and benchmarks)
        self.kept = 0  # positions whose new answers every world already met
        self._last: _Last | None = None
        self._beliefs: tuple[Counted, SeatAnalysis] | None = None

    def __call__(self, position: Position) -> SeatAnalysis:
        counted = self.count(position)
        if counted is None:
            return SeatAnalysis(GAME, position.seat, False, 0)
        if self._beliefs is not None and self._beliefs[0] is counted:
            return self._beliefs[1]
        if counted.analysis is not None:
            beliefs = counted.analysis.beliefs()
        else:
            beliefs = _beliefs(position, counted)
        self._beliefs = (counted, beliefs)
        return beliefs

    def count(self, position: Position) -> Counted | None:
        """The worlds of ``position`` (None: the seat's own answers contradict each other or
        no deal fits them); the same object as last time when they are the same worlds."""
        last = self._last
        if last is not None:
            counted = last.counted
            constraints = _refining(last.position, counted.model, position)
            if constraints is not None and every_world_meets(
                constraints, counted.counts, counted.total
            ):
                # The same worlds: an answer about the seat's own hand, or one whose letters
                # are each certainly in or certainly out of the place it names.
                self._last = _Last(position, counted)
                self.kept += 1
                return counted
            if constraints is not None and counted.frontier is not None:
                frontier = counted.frontier.refine(constraints)
                self.refined += 1
                counted = Counted(
                    counted.model, frontier.worlds, frontier.marginal_counts(), frontier, None
                )
                self._last = _Last(position, counted)
                return counted
        analysis = BlackViennaAnalysis(position)
        self._last = None
        if not analysis.consistent:
            return None
        engine = analysis.analysis
        worlds = engine.worlds
        listed = None
        if worlds <= self.limit:
            listed = list_worlds(engine.reduced)
            if listed is not None and listed.worlds != worlds:
                # A fault of the listing: the fresh count stands, and no refining follows
                # (a learner's episode goes on; the log says it for the one who looks).
                log.error("listed %s worlds where %s were counted", listed.worlds, worlds)
                listed = None
        counted = Counted(analysis.seat_model, worlds, engine.marginal_counts, listed, analysis)
        self._last = _Last(position, counted)
        return counted


def ring_rows(engine: Analysis) -> tuple[NDArray[np.int64], list[int]]:
    """Every solution of a consistent analysis with a world (card indices ascending, a row
    each) and its world count, as ``solution_table`` has them but in no particular order:
    each class's cards with every choice of its free cards."""
    if engine.excluded_solutions:
        rows, _, cnts = engine.solution_table()
        return rows, cnts
    cards, free_count, counts = engine.solution_arrays
    lay = engine.layers
    free = lay.free if lay is not None else []
    size = cards.shape[1]
    # exact in int64 where the program counted in float64 (every count below 2**53)
    per_class = np.array(counts, dtype=np.int64 if lay and lay.exact_float else object)
    parts: list[NDArray[np.int64]] = []
    weights: list[int] = []
    for q in sorted(set(free_count.tolist())):
        sel = np.flatnonzero(free_count == q)
        combos = _choices(tuple(free), q)
        base = cards[sel][:, : size - q]
        rows = np.concatenate(
            [np.repeat(base, len(combos), axis=0), np.tile(combos, (len(sel), 1))], axis=1
        )
        parts.append(rows)
        weights.extend(np.repeat(per_class[sel], len(combos)).tolist())
    if not parts:
        return np.zeros((0, size), np.int64), []
    return np.sort(np.concatenate(parts), axis=1), weights


@lru_cache(maxsize=256)
def _choices(free: tuple[int, ...], q: int) -> NDArray[np.int64]:
    """Every choice of ``q`` of the ``free`` cards, a row each (read-only, shared: a seat's
    free cards stay the same over many positions)."""
    chosen = list(combinations(free, q))
    out = np.array(chosen, dtype=np.int64).reshape(len(chosen), q)
    out.setflags(write=False)
    return out


def same_worlds(last: BlackViennaAnalysis, position: Position) -> BlackViennaAnalysis | None:
    """An analysis of ``position`` that shares ``last``'s counts, when ``position`` is
    ``last.position`` with answers that every world of it already meets (then the worlds
    are the same); else None."""
    if not last.consistent:
        return None
    constraints = _refining(last.position, last.seat_model, position)
    engine = last.analysis
    if constraints is None or not every_world_meets(
        constraints, engine.marginal_counts, engine.worlds
    ):
        return None
    return BlackViennaAnalysis(position, engine)


def _refining(old: Position, model: SeatModel, new: Position) -> list[Constraint] | None:
    """What ``new`` adds to ``old`` as constraints on ``model``'s cards, or None when
    ``new`` is not ``old`` with more answers (or the ring seen)."""
    done = len(old.investigations)
    if (
        new.players != old.players
        or new.seat != old.seat
        or new.hand != old.hand
        or new.deck != old.deck
        or new.deck_known != old.deck_known
        or new.investigations[:done] != old.investigations
        or (old.ring is not None and new.ring != old.ring)
    ):
        return None
    out = _answers(model, new, new.investigations[done:], done)
    if old.ring is None and new.ring is not None:
        index = model.model.cards.index
        ring = len(model.seats)
        out.append(Constraint(frozenset([ring]), frozenset(index(ch) for ch in new.ring), 3))
    return out


def _answers(
    model: SeatModel, position: Position, answers: Sequence[Investigation], first: int
) -> list[Constraint]:
    """The answers as constraints, as ``seat_model`` builds them; an answer about the seat's
    own hand that its hand contradicts is a constraint no world meets."""
    index = {ch: i for i, ch in enumerate(model.model.cards)}
    own = set(position.hand)
    out: list[Constraint] = []
    for i, inv in enumerate(answers, start=first):
        if inv.target == position.seat:
            if sum(1 for ch in inv.letters if ch in own) != inv.markers:
                out.append(Constraint(frozenset(), frozenset(), 1, i))
            continue
        unknown = frozenset(index[ch] for ch in inv.letters if ch not in own)
        where = frozenset([model.seats.index(inv.target)])
        out.append(Constraint(where, unknown, inv.markers, i))
    return out


def _beliefs(position: Position, counted: Counted) -> SeatAnalysis:
    """``BlackViennaAnalysis.beliefs`` of the position whose worlds ``counted`` holds."""
    total, model, counts = counted.total, counted.model, counted.counts
    cards = model.model.cards
    if total == 0:
        return SeatAnalysis(GAME, position.seat, False, 0)
    row_of = {ch: i for i, ch in enumerate(cards)}
    places: dict[str, dict[str, float]] = {}
    for ch in LETTERS:
        if ch in position.hand:
            places[ch] = {str(position.seat): 1.0}
        else:
            row = counts[row_of[ch]]
            places[ch] = {
                model.location_name(loc): cnt / total for loc, cnt in enumerate(row) if cnt
            }
    trios, weights = counted.ring
    solutions = tuple(
        Solution(tuple(cards[c] for c in trio), count / total)
        for trio, count in zip(trios.tolist(), weights, strict=True)
    )
    return SeatAnalysis(GAME, position.seat, True, total, cards=places, solutions=solutions)
