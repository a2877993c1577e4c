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

__all__ = ["BOTS", "BasicBlackStories", "BlackStoriesISMCTS", "DeductiveBlackStories"]
