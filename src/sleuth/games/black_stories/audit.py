"""An independent check of a finished record's public story, without running the rules.

Each seat's cases are known from the record alone: the first from the reveal, every solved
one from its solve result (``solved CASE +N (...)``), and those held at the end from the
last result (``over: cases 0=CASE 1=- ...``). A play's case is the next one of its target
to become known after the play. The audit checks that every play's result names the field
its match count with that case dictates, and that every score is the sum of its solves.
"""

from __future__ import annotations

import re
from typing import Any

from .components import evidence_mask, field_label

_SOLVED = re.compile(r"^solved (\S+) \+(\d+) ")
_PLAY = re.compile(r"^play (\S+) to (\d+)$")


def audit_record(record: dict[str, Any]) -> list[str]:
    """Every disagreement found in a finished record (an empty list: all is well)."""
    problems: list[str] = []
    steps = record["steps"]
    reveal = record.get("reveal")
    outcome = record.get("outcome")
    if reveal is None or outcome is None or not steps:
        return ["the record is not of a finished game"]
    players = len(reveal["cases"])
    # known[seat]: (step index at which the case became known, case or None), in step order.
    known: list[list[tuple[int, str | None]]] = [[] for _ in range(players)]
    points = [0] * players
    for index, (seat, action, result) in enumerate(steps):
        for part in result.split("; "):
            solved = _SOLVED.match(part)
            if solved and action.startswith("solve "):
                target = int(action.split()[1])
                known[target].append((index, solved.group(1)))
                points[seat] += int(solved.group(2))
            if part.startswith("over: cases "):
                for item in part.removeprefix("over: cases ").split():
                    holder, case = item.split("=")
                    known[int(holder)].append((index + 1, None if case == "-" else case))
    for seat in range(players):
        if not known[seat] or known[seat][-1][0] != len(steps):
            problems.append(f"seat {seat}: the last result does not list its final case")
    for seat in range(players):
        first = next((case for _, case in known[seat]), None)
        if first != reveal["cases"][seat]:  # a case is only ever lost by being solved
            problems.append(f"seat {seat}: first case {first} is not the dealt one")
    for index, (_, action, result) in enumerate(steps):
        play = _PLAY.match(action)
        if not play:
            continue
        card, target = play.group(1), int(play.group(2))
        case = next((c for at, c in known[target] if at > index), None)
        if case is None:
            problems.append(f"step {index + 1}: {action} went to a seat without a case")
            continue
        want = field_label((evidence_mask(card) & evidence_mask(case)).bit_count())
        if result != f"field {want}":
            problems.append(f"step {index + 1}: {action} -> {result!r}, but {case} gives {want}")
    if list(outcome["scores"]) != points:
        problems.append(f"scores {outcome['scores']} are not the sums of the solves {points}")
    return problems
