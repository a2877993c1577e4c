"""The ``knowledge`` part of a game kit: what the deduction engine tells one seat."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass


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
