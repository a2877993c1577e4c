"""Agents by name, like games: ``make_agent("basic", game_name)``.

A name may be game-specific (a ``basic`` bot knows one game's rules of thumb: the kit's
``bots`` part) or serve every game (``random``, registered here). A bot spec may set the
factory's keyword parameters after the name, ``ismcts:iterations=800:exploration=0.5``, so
that strengths of one bot can meet in one tournament; the spec, not the bare name, is the
bot's label in results.
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable

from sleuth.core import GameError
from sleuth.core.kit import BOTS
from sleuth.core.registry import all_kits, find_kit
from sleuth.core.said import said, words_of

from .base import Agent
from .random_agent import RandomAgent

AgentFactory = Callable[..., Agent]
ANY_GAME = "*"

_AGENTS: dict[str, dict[str, AgentFactory]] = {"random": {ANY_GAME: RandomAgent}}


def register_agent(name: str, factory: AgentFactory, game: str = ANY_GAME) -> None:
    games = _AGENTS.setdefault(name, {})
    if game in games:
        raise ValueError(f"agent {name!r} for {game} is registered already")
    games[game] = factory


def game_bots(game: str) -> dict[str, AgentFactory]:
    """The game's own bots, from its kit (imported on first use)."""
    kit = find_kit(game)
    return kit.part(BOTS, dict) if kit.has(BOTS) else {}


def make_agent(spec: str, game: str) -> Agent:
    """A fresh agent for ``spec`` (a name, maybe with parameters) that can play ``game``.

    ``cmd:COMMAND`` is a bot program in its own process (``sleuth.agents.remote``)."""
    if spec.strip().lower().startswith("cmd:"):
        from .remote import command_agent

        find_kit(game)  # the game must exist all the same
        return command_agent(spec)
    from .levels import level_spec

    level = level_spec(spec, game)
    if level is not None:  # a level of the ladder: "expert" is the game's strongest bot
        return make_agent(level, game)
    head = spec.partition(":")[0]
    behind = level_spec(head, game)
    if behind is not None:
        raise GameError(
            said(
                "bot %(spec)s: a level takes no parameters; set them on its bot, "
                "e.g. %(bot)s:NAME=VALUE (%(level)s is %(behind)s)",
                spec=repr(spec.strip()),
                bot=behind.partition(":")[0],
                level=head.strip(),
                behind=behind,
            )
        )
    name, params = parse_bot_spec(spec)
    factory = _factory(name, game)
    accepted = bot_parameters(name, game)
    values: dict[str, object] = {}
    for key, text in params.items():
        if key not in accepted:
            known = ", ".join(accepted) or "none"
            raise GameError(
                said(
                    "bot %(bot)s has no parameter %(key)s (its parameters: %(known)s)",
                    bot=repr(name),
                    key=repr(key),
                    known=known,
                )
            )
        values[key] = _coerce(name, key, text, accepted[key])
    try:
        return factory(**values)
    except ValueError as error:  # a value out of the bot's range
        raise GameError(
            said(
                "bot %(spec)s: %(reason)s",
                spec=repr(spec.strip()),
                # The bot's own words, so that its reason is said in the person's language.
                reason=words_of(error) or str(error),
            )
        ) from None


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=800"`` -> ``("ismcts", {"iterations": "800"})``."""
    name, *parts = spec.strip().split(":")
    params: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise GameError(
                said(
                    "bot %(spec)s: parameter %(part)s is not NAME=VALUE",
                    spec=repr(spec),
                    part=repr(part),
                )
            )
        if key.strip() in params:
            raise GameError(
                said(
                    "bot %(spec)s: parameter %(key)s is given twice",
                    spec=repr(spec),
                    key=repr(key.strip()),
                )
            )
        params[key.strip()] = value.strip()
    return name.strip().lower(), params


def bot_parameters(name: str, game: str) -> dict[str, object]:
    """The keyword parameters a bot's factory takes, with their defaults."""
    return dict(_parameters_of(_factory(name, game)))


@functools.lru_cache(maxsize=256)
def _parameters_of(factory: Callable[..., object]) -> tuple[tuple[str, object], ...]:
    # Cached: every bot made (each table and rematch the server deals) asks, and reading a
    # signature builds throwaway classes for a built-in __init__, cyclic garbage that only
    # the slow full collections free.
    signature = inspect.signature(factory)
    return tuple(
        (p.name, p.default)
        for p in signature.parameters.values()
        if p.default is not inspect.Parameter.empty
        and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    )


def _factory(name: str, game: str) -> AgentFactory:
    own = game_bots(game)
    if name in own:
        return own[name]
    games = _AGENTS.get(name, {})
    factory = games.get(find_kit(game).name) or games.get(ANY_GAME)
    if factory is None:
        from .levels import ladder

        known = ", ".join(agent_names(game))
        levels = ladder(game).get("levels")
        named = ", ".join(levels) if isinstance(levels, dict) and levels else "none"
        raise GameError(
            said(
                "unknown bot %(bot)s for %(game)s (levels: %(levels)s; bots: %(bots)s)",
                bot=repr(name),
                game=find_kit(game).game.title,
                levels=named,
                bots=known,
            )
        )
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
            said("yes or no")
            if isinstance(default, bool)
            else said("a whole number")
            if isinstance(default, int)
            else said("a finite number")
        )
        raise GameError(
            said(
                "bot %(bot)s: %(key)s=%(text)s is not %(kind)s",
                bot=repr(bot),
                key=key,
                text=repr(text),
                kind=kind,
            )
        ) from None
    if isinstance(default, str):
        return text
    raise GameError(
        said(
            "bot %(bot)s: parameter %(key)s cannot be set from the command line",
            bot=repr(bot),
            key=repr(key),
        )
    )


def agent_names(game: str | None = None) -> list[str]:
    """The bots that play ``game`` (every bot of any game if ``None``)."""
    names = {n for n, games in _AGENTS.items() if game is None or ANY_GAME in games}
    for kit in [find_kit(game)] if game is not None else all_kits():
        names |= set(game_bots(kit.name))
        names |= {n for n, games in _AGENTS.items() if kit.name in games}
    return sorted(names)
