"""Bots. They receive a seat's View and legal actions, never a State."""

from .base import Agent, Forfeit
from .random_agent import RandomAgent
from .registry import agent_names, bot_parameters, make_agent, parse_bot_spec, register_agent

__all__ = [
    "Agent",
    "Forfeit",
    "RandomAgent",
    "agent_names",
    "bot_parameters",
    "make_agent",
    "parse_bot_spec",
    "register_agent",
]
