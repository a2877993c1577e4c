"""Bots for Alibi."""

from sleuth.agents.registry import register_agent

from .basic import BasicAlibi
from .deductive import DeductiveAlibi
from .search import AlibiISMCTS

register_agent("basic", BasicAlibi, "alibi")
register_agent("deductive", DeductiveAlibi, "alibi")
register_agent("ismcts", AlibiISMCTS, "alibi")

__all__ = ["AlibiISMCTS", "BasicAlibi", "DeductiveAlibi"]
