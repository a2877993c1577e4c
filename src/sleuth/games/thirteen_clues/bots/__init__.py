"""Bots for 13 Clues: ``BOTS`` maps each name to its factory (the kit's ``bots`` part)."""

from collections.abc import Callable, Mapping

from sleuth.agents import Agent

from .basic import BasicThirteenClues
from .deductive import DeductiveThirteenClues
from .search import ThirteenCluesISMCTS

BOTS: Mapping[str, Callable[..., Agent]] = {
    "basic": BasicThirteenClues,
    "deductive": DeductiveThirteenClues,
    "ismcts": ThirteenCluesISMCTS,
}

# Each whole-number parameter of these bots that buys time, with the largest value a web
# service accepts (about a few seconds a decision at the defaults on a modest machine;
# ``sleuth.agents.budgets``); None: a threshold, not an amount of work.
BUDGETS: dict[str, dict[str, int | None]] = {
    "ismcts": {"iterations": 2000, "deals": 256, "questions": 13, "horizon": 4},
    "deductive": {"turns": 4},
    "basic": {"gamble": None, "patience": None},  # thresholds, not amounts of work
}

__all__ = ["BOTS", "BUDGETS", "BasicThirteenClues", "DeductiveThirteenClues", "ThirteenCluesISMCTS"]
