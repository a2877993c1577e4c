"""The general constraint model: cards, locations with fixed capacities, count constraints,
and solutions ruled out.

A *world* places every card in exactly one location so that every location holds exactly its
capacity, every count constraint holds, and the solution location does not hold exactly one of
the excluded sets. The engine counts worlds exactly; probabilities are ratios of such counts
under a uniformly random deal.

``propagate`` simplifies a model before counting: it narrows each card's domain (the locations it
may still be in), fixes decided cards, and drops constraints that became trivial.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sleuth.core.errors import GameError
from sleuth.core.said import said


class PositionError(GameError):
    """Invalid input to the deduction engine; the message names the offending field."""


@dataclass(frozen=True)
class Constraint:
    """The locations ``locations`` together hold exactly ``count`` of the cards ``cards``.

    ``tag`` identifies the recorded fact the constraint comes from (e.g. the index of an answer);
    explanations and conflicts are reported as sets of tags. ``-1`` marks background knowledge.
    """

    locations: frozenset[int]
    cards: frozenset[int]
    count: int
    tag: int = -1


def every_world_meets(
    constraints: Sequence[Constraint], counts: Sequence[Sequence[int]], total: int
) -> bool:
    """Whether every world of a consistent analysis (``total`` worlds, ``counts`` its card
    counts per location) meets each of ``constraints``: each card of one lies in its places
    in every world or in none, and as many lie there as it counts (so an answer adding
    them leaves the worlds as they were)."""
    if total == 0:
        return False
    for con in constraints:
        inside = 0
        for card in con.cards:
            held = sum(counts[card][loc] for loc in con.locations)
            if held == total:
                inside += 1
            elif held:
                return False
        if inside != con.count:
            return False
    return True


@dataclass(frozen=True)
class Exclusion:
    """The solution location does not hold exactly the cards ``cards``: one solution is ruled
    out (say, a seat's own accusation, judged wrong).

    ``cards`` are as many as the solution location holds, so two exclusions never both apply
    to one world: the worlds an exclusion removes are those of the model with its cards fixed
    in the solution, and counts subtract exactly. ``tag`` as for a constraint.
    """

    cards: frozenset[int]
    tag: int = -1


@dataclass(frozen=True)
class Model:
    """Cards, locations with capacities, count constraints and per-card domains.

    ``solution`` is the index of the location whose content is the hidden solution (the Black
    Vienna ring, a 13 Clues mystery); its posterior is computed when its capacity is at most 3.
    ``excluded`` lists solutions ruled out; they need a solution location.
    """

    cards: tuple[str, ...]
    locations: tuple[str, ...]
    capacities: tuple[int, ...]
    constraints: tuple[Constraint, ...] = ()
    domains: tuple[frozenset[int], ...] | None = None
    solution: int | None = None
    excluded: tuple[Exclusion, ...] = ()

    def __post_init__(self) -> None:
        if len(self.capacities) != len(self.locations):
            raise PositionError(said("capacities: one capacity per location is required"))
        if any(c < 0 for c in self.capacities):
            raise PositionError(said("capacities: capacities must be non-negative"))
        if sum(self.capacities) != len(self.cards):
            raise PositionError(
                said(
                    "capacities: they sum to %(total)s, but there are %(cards)s cards",
                    total=sum(self.capacities),
                    cards=len(self.cards),
                )
            )
        if self.domains is not None and len(self.domains) != len(self.cards):
            raise PositionError(said("domains: one domain per card is required"))
        nl, nc = len(self.locations), len(self.cards)
        for i, con in enumerate(self.constraints):
            if any(not 0 <= loc < nl for loc in con.locations) or any(
                not 0 <= c < nc for c in con.cards
            ):
                raise PositionError(said("constraints[%(i)s]: index out of range", i=i))
        if self.solution is not None and not 0 <= self.solution < nl:
            raise PositionError(said("solution: location index out of range"))
        for i, ex in enumerate(self.excluded):
            if self.solution is None:
                raise PositionError(
                    said("excluded[%(i)s]: an exclusion needs a solution location", i=i)
                )
            if any(not 0 <= c < nc for c in ex.cards):
                raise PositionError(said("excluded[%(i)s]: card index out of range", i=i))
            if len(ex.cards) != self.capacities[self.solution]:
                raise PositionError(
                    said(
                        "excluded[%(i)s]: %(count)s cards, but the solution holds %(holds)s",
                        i=i,
                        count=len(ex.cards),
                        holds=self.capacities[self.solution],
                    )
                )

    def domain(self, card: int) -> frozenset[int]:
        if self.domains is None:
            return frozenset(range(len(self.locations)))
        return self.domains[card]

    def with_constraints(
        self, constraints: Iterable[Constraint], excluded: Iterable[Exclusion] | None = None
    ) -> Model:
        """The same model with another list of constraints (and of exclusions, if given)."""
        return Model(
            self.cards,
            self.locations,
            self.capacities,
            tuple(constraints),
            self.domains,
            self.solution,
            self.excluded if excluded is None else tuple(excluded),
        )

    def with_solution_fixed(self, cards: Iterable[int]) -> Model:
        """The model without exclusions in which ``cards`` lie in the solution location: the
        worlds an exclusion of these cards rules out, or those of one solution."""
        sol = self.solution
        if sol is None:
            raise ValueError("the model has no solution location")
        fixed = frozenset(cards)
        domains = tuple(
            self.domain(c) & {sol} if c in fixed else self.domain(c) for c in range(len(self.cards))
        )
        return Model(self.cards, self.locations, self.capacities, self.constraints, domains, sol)

    def card_index(self, name: str) -> int:
        return self.cards.index(name)


@dataclass
class Reduced:
    """A propagated model: narrowed domains and the constraints still live.

    ``live`` holds (locations, undecided cards, remaining count, tag); decided cards are removed
    from constraints and their count subtracted. ``ok`` is False when propagation proved that no
    world exists.
    """

    model: Model
    ok: bool
    domains: list[set[int]]
    live: list[tuple[frozenset[int], tuple[int, ...], int, int]] = field(default_factory=list)

    def fixed(self) -> dict[int, int]:
        return {c: next(iter(d)) for c, d in enumerate(self.domains) if len(d) == 1}

    def remaining_capacity(self) -> list[int]:
        cap = list(self.model.capacities)
        for _c, d in enumerate(self.domains):
            if len(d) == 1:
                cap[next(iter(d))] -= 1
        return cap


def propagate(model: Model) -> Reduced:
    """Narrow domains to a fixpoint with simple sound rules; detect easy contradictions.

    Exclusions are left out: they narrow no domain, and the analysis subtracts their worlds."""
    nl = len(model.locations)
    domains: list[set[int]] = [set(model.domain(c)) for c in range(len(model.cards))]
    cons = [(con.locations, con.cards, con.count, con.tag) for con in model.constraints]
    for c, d in enumerate(domains):
        d.difference_update([loc for loc in d if model.capacities[loc] == 0])
        if not d:
            return Reduced(model, False, domains)
        del c
    changed = True
    while changed:
        changed = False
        for locs, cards, k, _tag in cons:
            must = [c for c in cards if domains[c] <= locs]
            may = [c for c in cards if domains[c] & locs]
            if len(must) > k or len(may) < k:
                return Reduced(model, False, domains)
            if len(must) == k and len(may) > k:
                for c in may:
                    if not domains[c] <= locs:
                        domains[c] -= locs
                        changed = True
            elif len(may) == k and len(must) < k:
                for c in may:
                    if not domains[c] <= locs:
                        domains[c] &= locs
                        changed = True
        for loc in range(nl):
            cap = model.capacities[loc]
            sure = [c for c, d in enumerate(domains) if d == {loc}]
            maybe = [c for c, d in enumerate(domains) if loc in d]
            if len(sure) > cap or len(maybe) < cap:
                return Reduced(model, False, domains)
            if len(sure) == cap and len(maybe) > cap:
                for c in maybe:
                    if len(domains[c]) > 1:
                        domains[c].discard(loc)
                        changed = True
            elif len(maybe) == cap and len(sure) < cap:
                for c in maybe:
                    if len(domains[c]) > 1:
                        domains[c] = {loc}
                        changed = True
        if any(not d for d in domains):
            return Reduced(model, False, domains)
    live: list[tuple[frozenset[int], tuple[int, ...], int, int]] = []
    for locs, cards, k, tag in cons:
        inside = sum(1 for c in cards if domains[c] <= locs)
        open_cards = tuple(sorted(c for c in cards if domains[c] & locs and not domains[c] <= locs))
        rest = k - inside
        if open_cards and 0 < rest < len(open_cards):
            live.append((locs, open_cards, rest, tag))
    return Reduced(model, True, domains, live)
