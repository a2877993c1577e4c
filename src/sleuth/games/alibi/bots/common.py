"""What both Alibi bots read off a view alike: a small mutable table model, card counting,
and which hand cards are useful.

The conviction threshold is the table's (the view carries its config: ``threshold``,
five by default, REFERENCE.md §3 C1), capped by a suspect's own number of values.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from sleuth.games.alibi import VALUES, AlibiView

SPECIALS = frozenset({"alibi", "bribe", "goodeye"})
_VALUE_SET = frozenset(VALUES)


def need(values: tuple[str, ...], threshold: int) -> int:
    """How many of a suspect's values must lie out to convict it."""
    return min(threshold, len(values))


def unseen(view: AlibiView) -> Counter[str]:
    """Clue cards of each value in the other hands or the draw pile (never negative)."""
    seen = Counter(
        [*view.discard, *(c for front in view.fronts for c in front), *(view.hand or ())]
    )
    return Counter({v: max(n - seen[v], 0) for v, n in zip(VALUES, view.clue_counts, strict=True)})


@dataclass
class Table:
    """The part of a position an action changes: fronts, alibis, the own hand.

    ``suspects`` maps each displayed suspect to its values; mutated by ``play``/``alibi``/
    ``bribe`` on a copy, so a bot can look one or two plays ahead without the engine.
    """

    seat: int
    suspects: dict[str, frozenset[str]]
    needs: dict[str, int]
    fronts: list[list[str]]
    alibied: set[str]
    hand: list[str]

    @classmethod
    def of(cls, view: AlibiView) -> Table:
        if view.seat is None:
            raise ValueError("an Alibi bot plays a seat, not a spectator")
        return cls(
            view.seat,
            {s.suspect: frozenset(s.values) for s in view.display},
            {s.suspect: need(s.values, view.config.threshold) for s in view.display},
            [list(f) for f in view.fronts],
            {s.suspect for s in view.display if s.alibi is not None},
            list(view.hand or ()),
        )

    def copy(self) -> Table:
        return Table(
            self.seat,
            self.suspects,
            self.needs,
            [list(f) for f in self.fronts],
            set(self.alibied),
            list(self.hand),
        )

    def table_values(self) -> set[str]:
        return {v for front in self.fronts for v in front}

    def covered(self, suspect: str) -> int:
        return len(self.suspects[suspect] & self.table_values())

    def missing(self, suspect: str) -> frozenset[str]:
        return self.suspects[suspect] - self.table_values()

    def free(self) -> list[str]:
        return [s for s in self.suspects if s not in self.alibied]

    def fit(self, seat: int, suspect: str) -> int:
        """Points ``seat`` would score if ``suspect`` were convicted now (duplicates count)."""
        values = self.suspects[suspect]
        return sum(1 for v in self.fronts[seat] if v in values)

    def completed(self) -> list[str]:
        """Suspects convicted at once as the table stands: three alibis, or the clues."""
        free = self.free()
        if len(free) == 1 and self.alibied:
            return free
        return [s for s in free if self.covered(s) >= self.needs[s]]

    def useful(self, card: str) -> bool:
        """Specials always are; a clue when it fits a displayed suspect without an alibi."""
        if card not in _VALUE_SET:
            return True
        return any(card in self.suspects[s] for s in self.free())

    def closest(self) -> list[str]:
        """Free suspects, closest to conviction first (fewest values still needed)."""
        return sorted(self.free(), key=lambda s: self.needs[s] - self.covered(s))

    # --- hypothetical moves -------------------------------------------------------------

    def play(self, value: str) -> None:
        self.hand.remove(value)
        self.fronts[self.seat].append(value)

    def alibi(self, suspect: str) -> None:
        self.hand.remove("alibi")
        self.alibied.add(suspect)

    def bribe(self, target: int, value: str) -> None:
        self.hand.remove("bribe")
        front = self.fronts[target]
        del front[len(front) - 1 - front[::-1].index(value)]
