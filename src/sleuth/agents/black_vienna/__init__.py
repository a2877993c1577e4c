"""Bots for Black Vienna."""

from sleuth.agents.registry import register_agent

from .basic import BasicBlackVienna
from .deductive import DeductiveBlackVienna
from .search import BlackViennaISMCTS

register_agent("basic", BasicBlackVienna, "black-vienna")
register_agent("deductive", DeductiveBlackVienna, "black-vienna")
register_agent("ismcts", BlackViennaISMCTS, "black-vienna")

__all__ = ["BasicBlackVienna", "BlackViennaISMCTS", "DeductiveBlackVienna"]
