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

__all__ = ["BOTS", "AlibiISMCTS", "BasicAlibi", "DeductiveAlibi", "LookaheadAlibi"]
