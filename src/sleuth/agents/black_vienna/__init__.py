"""Bots for Black Vienna."""

from sleuth.agents.registry import register_agent

from .basic import BasicBlackVienna

register_agent("basic", BasicBlackVienna, "black-vienna")

__all__ = ["BasicBlackVienna"]
