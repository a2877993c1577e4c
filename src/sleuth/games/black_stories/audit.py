"""An independent check of a finished game's public story: the step events every seat saw,
against the reveal, without the rules' hidden state.

Each seat's cases are known from the public events alone: the first from the reveal, every
solved one from its ``Solved`` event, and those held at the end from the ``Over`` event. A
play's case is the next one of its target to become known after the play. The audit checks
that every ``Played`` event names the field its match count with that case dictates, and that
every score is the sum of its solves.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import Any

from sleuth.core.errors import RecordError
from sleuth.core.events import Event, public
from sleuth.core.records import replay_record

from .components import evidence_mask, field_label
from .events import Over, Played, Solved


def audit_record(record: dict[str, Any]) -> list[str]:
    """Every disagreement found in a finished record (an empty list: all is well)."""
    try:
        replay = replay_record(record)
    except RecordError as error:
        return [f"the record does not replay: {error}"]
    reveal, outcome = record.get("reveal"), record.get("outcome")
    if replay.final is None or reveal is None or outcome is None or not replay.steps:
        return ["the record is not of a finished game"]
    steps = [public(state.last_events()) for state in islice(replay.states(), 1, None)]
    return audit_events(list(reveal["cases"]), steps, list(outcome["scores"]))


def audit_events(
    first_cases: Sequence[str | None], steps: Sequence[Sequence[Event]], scores: Sequence[int]
) -> list[str]:
    """Every disagreement between the public events of each step, the cases first dealt and
    the final scores (an empty list: all is well)."""
    problems: list[str] = []
    players = len(first_cases)
    # known[seat]: (step index at which the case became known, case or None), in step order.
    known: list[list[tuple[int, str | None]]] = [[] for _ in range(players)]
    points = [0] * players
    for index, events in enumerate(steps):
        for event in events:
            if isinstance(event, Solved):
                known[event.target].append((index, event.case))
                points[event.seat] += event.points
            elif isinstance(event, Over):
                for holder, case in enumerate(event.cases):
                    known[holder].append((index + 1, case))
    for seat in range(players):
        if not known[seat] or known[seat][-1][0] != len(steps):
            problems.append(f"seat {seat}: the last step does not list its final case")
        first = next((case for _, case in known[seat]), None)
        if first != first_cases[seat]:  # a case is only ever lost by being solved
            problems.append(f"seat {seat}: first case {first} is not the dealt one")
    for index, events in enumerate(steps):
        for play in (event for event in events if isinstance(event, Played)):
            case = next((c for at, c in known[play.target] if at > index), None)
            where = f"step {index + 1}: seat {play.seat} played {play.card} to {play.target}"
            if case is None:
                problems.append(f"{where}, a seat without a case")
                continue
            want = field_label((evidence_mask(play.card) & evidence_mask(case)).bit_count())
            if play.field != want:
                problems.append(f"{where}: field {play.field}, but {case} gives {want}")
    if list(scores) != points:
        problems.append(f"scores {list(scores)} are not the sums of the solves {points}")
    return problems
