"""13 Clues: one seat's beliefs along a game, each position read from what it adds.

The research envs read a seat's ``beliefs`` at every observation, and every answer given at
the table is a new position for every seat. A long game's position holds a hundred
questions and more accusations, and reading and checking all of them again cost more than
counting the worlds. ``Believer`` keeps, for its seat, the last position as read; a
position that is the last one with more questions or accusations at their ends (the rest
alike) has only those read, and its model is the last one's with their constraints added.
A card an accusation names is kept out of the accuser's unseen places once, however often it
is named (a second such constraint rules out no world): the same worlds, so the same exact
numbers as ``ThirteenCluesAnalysis.beliefs`` counts from the position read whole. Any other
position (a new game, an informant consulted, a question's subject shown later) is read
whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from sleuth.deduce.knowledge import SeatAnalysis
from sleuth.deduce.model import Constraint, Model

from .knowledge import ThirteenCluesAnalysis, ThirteenCluesPosition
from .position_model import ReadPosition, _places, _read_accusations, _read_questions, read_position

GROWING = ("questions", "accusations")  # the fields a later position may only add to


@dataclass
class _Read:
    """A seat's last position as read: its data, what was read, its answers' constraints
    (one per answer not given by the seat), and its accusations' constraints, one per
    (places, card)."""

    data: Mapping[str, object]
    read: ReadPosition
    answered: list[Constraint]
    accused: dict[tuple[frozenset[int], frozenset[int]], Constraint]


class Believer:
    """``beliefs`` for one seat, reading only what each position adds to the last."""

    def __init__(self) -> None:
        self.grown = 0  # positions read from what they add (for tests and benchmarks)
        self._last: _Read | None = None

    def __call__(self, position: ThirteenCluesPosition) -> SeatAnalysis:
        data = position.data
        last = self._last
        read = None if last is None else _grow(last, data)
        if read is None:
            read = _fresh(data)
        else:
            self.grown += 1
        self._last = read
        return ThirteenCluesAnalysis(data, read.read).beliefs()


def _fresh(data: Mapping[str, object]) -> _Read:
    read = read_position(data)
    one_each = 3 + sum(1 for q in read.questions if q["witness"] != read.seat)
    constraints = read.model.constraints
    accused: dict[tuple[frozenset[int], frozenset[int]], Constraint] = {}
    for con in constraints[one_each:]:
        accused.setdefault((con.locations, con.cards), con)
    answered = list(constraints[3:one_each])
    out = _Read(data, read, answered, accused)
    out.read = replace(read, model=_model(read.model, constraints[:3], answered, accused))
    return out


def _grow(last: _Read, data: Mapping[str, object]) -> _Read | None:
    """``last`` with the questions and accusations ``data`` adds, or None when ``data`` is
    not ``last.data`` with more of them."""
    old = last.data
    if data.keys() != old.keys() or any(
        data[key] != old[key] for key in data if key not in GROWING
    ):
        return None
    new_questions = _added(old.get("questions", []), data.get("questions", []))
    new_accusations = _added(old.get("accusations", []), data.get("accusations", []))
    if new_questions is None or new_accusations is None:
        return None
    read = last.read
    n, seat = read.players, read.seat
    places = _places(n, seat, read.slots, _informants(read))
    index = {c: i for i, c in enumerate(read.model.cards)}
    done = len(read.questions)
    asked, conflicts, cons = _read_questions(
        new_questions, n, seat, read.deck, read.hidden, read.mysteries, places, index
    )
    answered = [*last.answered, *(replace(c, tag=c.tag + done) for c in cons)]
    questions = [*read.questions, *asked]
    first = len(questions) + len(old.get("accusations", []))  # type: ignore[arg-type]
    accused_cons, excluded = _read_accusations(
        new_accusations, first, n, seat, read.category, read.known, places, index
    )
    accused = dict(last.accused)
    for con in accused_cons:
        accused.setdefault((con.locations, con.cards), con)
    model = read.model
    grown = Model(
        model.cards,
        model.locations,
        model.capacities,
        (*model.constraints[:3], *answered, *accused.values()),
        None,
        model.solution,
        (*model.excluded, *excluded),
    )
    self_conflicts = [*read.self_conflicts, *(done + i for i in conflicts)]
    return _Read(
        data,
        replace(read, questions=questions, self_conflicts=self_conflicts, model=grown),
        answered,
        accused,
    )


def _added(old: object, new: object) -> Sequence[object] | None:
    """What ``new`` adds at the end of ``old``, or None when it does not start with it."""
    if not isinstance(old, list) or not isinstance(new, list) or len(new) < len(old):
        return None
    return new[len(old) :] if new[: len(old)] == old else None


def _informants(read: ReadPosition) -> dict[str, str]:
    return {
        place[len("informant:") :]: card
        for card, place in read.known.items()
        if place.startswith("informant:")
    }


def _model(
    model: Model,
    one_each: Sequence[Constraint],
    answered: Sequence[Constraint],
    accused: Mapping[tuple[frozenset[int], frozenset[int]], Constraint],
) -> Model:
    return Model(
        model.cards,
        model.locations,
        model.capacities,
        (*one_each, *answered, *accused.values()),
        None,
        model.solution,
        model.excluded,
    )
