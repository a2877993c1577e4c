"""Bots for Alibi."""

from sleuth.agents.registry import register_agent

from .basic import BasicAlibi
from .deductive import DeductiveAlibi

register_agent("basic", BasicAlibi, "alibi")
register_agent("deductive", DeductiveAlibi, "alibi")

__all__ = ["BasicAlibi", "DeductiveAlibi"]
