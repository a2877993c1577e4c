"""The ``knowledge`` part of a game kit: what the deduction engine tells one seat."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .model import PositionError


@dataclass(frozen=True)
class Knowledge:
    """A game's exact knowledge of one seat, from a position file (parsed JSON).

    ``analyze(position, explain, questions)`` gives the analysis as JSON-ready data;
    ``explains`` and ``ranks_questions`` say whether the game offers ``--explain`` and
    ``--questions``.
    """

    analyze: Callable[[Mapping[str, object], str | None, bool], dict[str, object]]
    explains: bool = True
    ranks_questions: bool = True


def reject_unknown_keys(data: Mapping[str, object], known: Iterable[str], where: str) -> None:
    """A ``PositionError`` naming the first key of ``data`` that is not ``known``: a typo or
    a field the format does not have must not be ignored silently."""
    allowed = tuple(known)
    for key in data:
        if key not in allowed:
            place = f"{where}.{key}" if where else str(key)
            raise PositionError(f"{place}: unknown key (expected {', '.join(allowed)})")
