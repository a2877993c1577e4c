"""Agents by name, like games: ``make_agent("basic", "black-vienna")``.

A name may be game-specific (a ``basic`` bot knows one game's rules of thumb) or serve
every game (``random``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from sleuth.core import GameError

from .base import Agent
from .random_agent import RandomAgent

AgentFactory = Callable[[], Agent]
ANY_GAME = "*"

_AGENTS: dict[str, dict[str, AgentFactory]] = {"random": {ANY_GAME: RandomAgent}}
# Modules that register game-specific bots when first needed (they import the engine).
_BOT_MODULES = (
    "sleuth.agents.black_vienna",
    "sleuth.agents.black_stories",
    "sleuth.agents.thirteen_clues",
    "sleuth.agents.alibi",
)


def register_agent(name: str, factory: AgentFactory, game: str = ANY_GAME) -> None:
    games = _AGENTS.setdefault(name, {})
    if game in games:
        raise ValueError(f"agent {name!r} for {game} is registered already")
    games[game] = factory


def _load() -> None:
    for module in _BOT_MODULES:
        importlib.import_module(module)


def make_agent(name: str, game: str) -> Agent:
    """A fresh agent called ``name`` that can play ``game`` (its registered name)."""
    _load()
    games = _AGENTS.get(name.strip().lower())
    if games is None:
        raise GameError(f"unknown bot {name!r} (bots: {', '.join(agent_names())})")
    factory = games.get(game) or games.get(ANY_GAME)
    if factory is None:
        raise GameError(f"bot {name!r} does not play {game} (it plays {', '.join(sorted(games))})")
    return factory()


def agent_names(game: str | None = None) -> list[str]:
    _load()
    return sorted(
        name
        for name, games in _AGENTS.items()
        if game is None or game in games or ANY_GAME in games
    )
