"""Bots for Black Vienna."""

from sleuth.agents.registry import register_agent

from .basic import BasicBlackVienna
from .deductive import DeductiveBlackVienna

register_agent("basic", BasicBlackVienna, "black-vienna")
register_agent("deductive", DeductiveBlackVienna, "black-vienna")

__all__ = ["BasicBlackVienna", "DeductiveBlackVienna"]
