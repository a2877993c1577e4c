"""Agents by name, like games: ``make_agent("basic", "black-vienna")``.

A name may be game-specific (a ``basic`` bot knows one game's rules of thumb) or serve
every game (``random``). A bot spec may set the factory's keyword parameters after the
name, ``ismcts:iterations=800:exploration=0.5``, so that strengths of one bot can meet in
one tournament; the spec, not the bare name, is the bot's label in results.
"""

from __future__ import annotations

import importlib
import inspect
import math
from collections.abc import Callable

from sleuth.core import GameError

from .base import Agent
from .random_agent import RandomAgent

AgentFactory = Callable[..., Agent]
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


def make_agent(spec: str, game: str) -> Agent:
    """A fresh agent for ``spec`` (a name, maybe with parameters) that can play ``game``."""
    name, params = parse_bot_spec(spec)
    factory = _factory(name, game)
    accepted = bot_parameters(name, game)
    values: dict[str, object] = {}
    for key, text in params.items():
        if key not in accepted:
            known = ", ".join(accepted) or "none"
            raise GameError(f"bot {name!r} has no parameter {key!r} (its parameters: {known})")
        values[key] = _coerce(name, key, text, accepted[key])
    try:
        return factory(**values)
    except ValueError as error:  # a value out of the bot's range
        raise GameError(f"bot {spec.strip()!r}: {error}") from None


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=800"`` -> ``("ismcts", {"iterations": "800"})``."""
    name, *parts = spec.strip().split(":")
    params: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise GameError(f"bot {spec!r}: parameter {part!r} is not NAME=VALUE")
        if key.strip() in params:
            raise GameError(f"bot {spec!r}: parameter {key.strip()!r} is given twice")
        params[key.strip()] = value.strip()
    return name.strip().lower(), params


def bot_parameters(name: str, game: str) -> dict[str, object]:
    """The keyword parameters a bot's factory takes, with their defaults."""
    signature = inspect.signature(_factory(name, game))
    return {
        p.name: p.default
        for p in signature.parameters.values()
        if p.default is not inspect.Parameter.empty
        and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    }


def _factory(name: str, game: str) -> AgentFactory:
    _load()
    games = _AGENTS.get(name)
    if games is None:
        raise GameError(f"unknown bot {name!r} (bots: {', '.join(agent_names())})")
    factory = games.get(game) or games.get(ANY_GAME)
    if factory is None:
        raise GameError(f"bot {name!r} does not play {game} (it plays {', '.join(sorted(games))})")
    return factory


def _coerce(bot: str, key: str, text: str, default: object) -> object:
    """The value typed like the parameter's default (a None default takes a number)."""
    try:
        if isinstance(default, bool):
            if text.lower() not in ("yes", "no", "true", "false"):
                raise ValueError(text)
            return text.lower() in ("yes", "true")
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float) or default is None:
            number = float(text)
            if not math.isfinite(number):  # inf would never end a time budget
                raise ValueError(text)
            return number
    except ValueError:
        kind = (
            "yes or no"
            if isinstance(default, bool)
            else "a whole number"
            if isinstance(default, int)
            else "a finite number"
        )
        raise GameError(f"bot {bot!r}: {key}={text!r} is not {kind}") from None
    if isinstance(default, str):
        return text
    raise GameError(f"bot {bot!r}: parameter {key!r} cannot be set from the command line")


def agent_names(game: str | None = None) -> list[str]:
    _load()
    return sorted(
        name
        for name, games in _AGENTS.items()
        if game is None or game in games or ANY_GAME in games
    )
