"""Bots. They receive a seat's View and legal actions, never a State."""

from .base import Agent
from .random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent"]
