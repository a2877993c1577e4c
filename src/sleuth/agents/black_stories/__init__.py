"""Bots for Black Stories Investigation."""

from sleuth.agents.registry import register_agent

from .basic import BasicBlackStories
from .deductive import DeductiveBlackStories
from .search import BlackStoriesISMCTS

GAME = "black-stories-investigation"
register_agent("basic", BasicBlackStories, GAME)
register_agent("deductive", DeductiveBlackStories, GAME)
register_agent("ismcts", BlackStoriesISMCTS, GAME)

__all__ = ["BasicBlackStories", "BlackStoriesISMCTS", "DeductiveBlackStories"]
