"""Bots for 13 Clues."""

from sleuth.agents.registry import register_agent

from .basic import BasicThirteenClues
from .deductive import DeductiveThirteenClues
from .search import ThirteenCluesISMCTS

register_agent("basic", BasicThirteenClues, "13-clues")
register_agent("deductive", DeductiveThirteenClues, "13-clues")
register_agent("ismcts", ThirteenCluesISMCTS, "13-clues")

__all__ = ["BasicThirteenClues", "DeductiveThirteenClues", "ThirteenCluesISMCTS"]
