"""Bots for Black Vienna: ``BOTS`` maps each name to its factory (the kit's ``bots`` part)."""

from collections.abc import Callable, Mapping

from sleuth.agents import Agent

from .basic import BasicBlackVienna
from .deductive import DeductiveBlackVienna
from .racing import RacingBlackVienna
from .search import BlackViennaISMCTS

BOTS: Mapping[str, Callable[..., Agent]] = {
    "basic": BasicBlackVienna,
    "deductive": DeductiveBlackVienna,
    "ismcts": BlackViennaISMCTS,
    "racing": RacingBlackVienna,
}

# Each whole-number parameter of these bots that buys time, with the largest value a web
# service accepts (about a few seconds a decision at the defaults on a modest machine;
# ``sleuth.agents.budgets``); None: a threshold, not an amount of work.
BUDGETS: dict[str, dict[str, int | None]] = {
    "ismcts": {"iterations": 300, "deals": 32, "top": 10},
    "racing": {"samples": 200},
}

__all__ = [
    "BOTS",
    "BUDGETS",
    "BasicBlackVienna",
    "BlackViennaISMCTS",
    "DeductiveBlackVienna",
    "RacingBlackVienna",
]
