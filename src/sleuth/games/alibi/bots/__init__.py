"""Bots for Alibi: ``BOTS`` maps each name to its factory (the kit's ``bots`` part)."""

from collections.abc import Callable, Mapping

from sleuth.agents import Agent

from .basic import BasicAlibi
from .deductive import DeductiveAlibi
from .lookahead import LookaheadAlibi
from .search import AlibiISMCTS

BOTS: Mapping[str, Callable[..., Agent]] = {
    "basic": BasicAlibi,
    "deductive": DeductiveAlibi,
    "lookahead": LookaheadAlibi,
    "ismcts": AlibiISMCTS,
}

# Each whole-number parameter of these bots that buys time, with the largest value a web
# service accepts (about a few seconds a decision at the defaults on a modest machine;
# ``sleuth.agents.budgets``); None: a threshold, not an amount of work.
BUDGETS: dict[str, dict[str, int | None]] = {
    "ismcts": {"iterations": 2000, "depth": 10, "width": 10},
    "lookahead": {"width": 8, "samples": 64, "turns": 3},
}

__all__ = ["BOTS", "BUDGETS", "AlibiISMCTS", "BasicAlibi", "DeductiveAlibi", "LookaheadAlibi"]
