"""Bots for Black Stories Investigation: ``BOTS`` maps each name to its factory (the kit's
``bots`` part)."""

from collections.abc import Callable, Mapping

from sleuth.agents import Agent

from .basic import BasicBlackStories
from .deductive import DeductiveBlackStories
from .search import BlackStoriesISMCTS

BOTS: Mapping[str, Callable[..., Agent]] = {
    "basic": BasicBlackStories,
    "deductive": DeductiveBlackStories,
    "ismcts": BlackStoriesISMCTS,
}

# Each whole-number parameter of these bots that buys time, with the largest value a web
# service accepts (about a few seconds a decision at the defaults on a modest machine;
# ``sleuth.agents.budgets``); None: a threshold, not an amount of work.
BUDGETS: dict[str, dict[str, int | None]] = {
    "ismcts": {"iterations": 2000, "depth": 200},
}

__all__ = ["BOTS", "BUDGETS", "BasicBlackStories", "BlackStoriesISMCTS", "DeductiveBlackStories"]
