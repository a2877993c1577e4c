"""Agents by name, like games: ``make_agent("random")``."""

from __future__ import annotations

from collections.abc import Callable

from sleuth.core import GameError

from .base import Agent
from .random_agent import RandomAgent

_AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent}


def register_agent(name: str, factory: Callable[[], Agent]) -> None:
    if name in _AGENTS:
        raise ValueError(f"agent name {name!r} is taken")
    _AGENTS[name] = factory


def make_agent(name: str) -> Agent:
    try:
        return _AGENTS[name.strip().lower()]()
    except KeyError:
        raise GameError(f"unknown bot {name!r} (bots: {', '.join(sorted(_AGENTS))})") from None


def agent_names() -> list[str]:
    return sorted(_AGENTS)
