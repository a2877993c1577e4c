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

__all__ = ["BOTS", "BasicThirteenClues", "DeductiveThirteenClues", "ThirteenCluesISMCTS"]
