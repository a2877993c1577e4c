"""The lobby's menu: every registered game, its rule options, its bots, its page part."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from fastapi import APIRouter

from sleuth.agents import agent_names
from sleuth.agents.levels import LEVELS, ladder
from sleuth.agents.registry import bot_parameters
from sleuth.core import ConfigError, Game, GameKit, all_kits
from sleuth.core.kit import RENDER, RULES, TUTORIAL, WEB, RulesGuide, TextRender, WebPart
from sleuth.core.options import OptionInfo
from sleuth.i18n import SOURCE, translate_at

from ..lobby import (
    CLOCK_BOUNDS,
    CLOCK_DEFAULTS,
    bot_about,
    bot_order,
    default_takeover,
)
from ..schemas import BotOut, GameOut, LobbyOut, OptionOut, WebOut
from ..settings import CLOCK_KINDS, SHEET_LEVELS
from .rules import chosen_language

router = APIRouter(prefix="/api/games", tags=["games"])


def web_out(kit: GameKit) -> WebOut | None:
    if not kit.has(WEB):
        return None
    part = kit.part(WEB, WebPart)
    base = f"/static/games/{kit.name}/"
    return WebOut(script=base + part.script, styles=[base + s for s in part.styles])


def level_rank(level: str) -> int:
    """1 for easy up, in the ladder's order; a level of another name after them."""
    return LEVELS.index(level) + 1 if level in LEVELS else len(LEVELS) + 1


def bots_out(game: str, language: str = SOURCE) -> list[BotOut]:
    """The ladder's levels first, easy up, each with its bot and measured rating; then every
    bot of the game by name, with its knobs, for a person who wants that one."""
    standing = ladder(game)
    levels, rated = standing.get("levels"), standing.get("ratings")
    levels = levels if isinstance(levels, dict) else {}
    rated = rated if isinstance(rated, dict) else {}
    bots = []
    for level, spec in sorted(levels.items(), key=lambda item: level_rank(item[0])):
        rank = level_rank(level)
        rating = rated.get(level)
        bots.append(
            BotOut(
                name=level,
                level=rank,
                spec=str(spec),
                rating=float(rating) if isinstance(rating, int | float) else None,
                about=bot_about(str(spec), language),
                parameters={},
            )
        )
    for name in sorted(agent_names(game), key=bot_order):
        parameters = bot_parameters(name, game)
        bots.append(
            BotOut(
                name=name,
                level=0,
                spec=name,
                about=bot_about(name, language),
                parameters={k: str(v) for k, v in parameters.items()},
            )
        )
    return bots


def first_seats(game: type[Game[Any]]) -> tuple[int | None, dict[str, dict[str, int | None]]]:
    """Who plays first under the default rules, and under each value of an option that
    changes it (each value beside the other options' defaults)."""

    def first(**options: object) -> list[int | None]:
        """[the first seat], or [] where no count of players takes these options."""
        for count in range(game.min_players, game.max_players + 1):
            with contextlib.suppress(ConfigError):  # an option may need more players
                return [game.configure(count, **options).first_seat()]
        return []

    default = first()[0]
    by: dict[str, dict[str, int | None]] = {}
    for option in game.options():
        values = option.choices or (("yes", "no") if option.kind == "bool" else ())
        seen = {value: first(**{option.name: value}) for value in values}
        if any(seat != [default] for seat in seen.values() if seat):
            by[option.name] = {value: seat[0] for value, seat in seen.items() if seat}
    return default, by


def options_out(kit: GameKit, language: str) -> list[OptionOut]:
    """The game's options, their names and help in ``language`` from the game's own
    catalogues (where its rules for players keep them)."""
    locale: Path | None = kit.part(RULES, RulesGuide).locale if kit.has(RULES) else None

    def option_out(o: OptionInfo) -> OptionOut:
        return OptionOut(
            name=o.name,
            label=translate_at(locale, language, o.label),
            default=o.default,
            choices=list(o.choices),
            help=translate_at(locale, language, o.help),
            kind=o.kind,
            bounds=o.bounds_in(language),
            low=o.low,
            high=o.high,
            max_items=o.max_items,
            presets=list(o.presets),
        )

    return [option_out(o) for o in kit.game.options()]


@router.get("", responses={422: {"description": "a language we do not have"}})
async def games(lang: str = SOURCE) -> LobbyOut:
    """Every game with its options and bots, their words in ``lang``."""
    language = chosen_language(lang)
    out = []
    for kit in all_kits():
        game = kit.game
        grid = kit.part(RENDER, TextRender).notes_grid if kit.has(RENDER) else None
        first_seat, first_seat_by = first_seats(game)
        out.append(
            GameOut(
                name=game.name,
                title=game.title,
                aliases=list(game.aliases),
                min_players=game.min_players,
                max_players=game.max_players,
                options=options_out(kit, language),
                bots=agent_names(game.name),
                takeover_bot=default_takeover(game.name),
                notes_grid=grid is not None,
                bot_levels=bots_out(game.name, language),
                web=web_out(kit),
                first_seat=first_seat,
                first_seat_by=first_seat_by,
                tutorial=kit.has(TUTORIAL),
                catalogue=kit.locale is not None,
            )
        )
    return LobbyOut(
        games=out,
        sheet_levels=list(SHEET_LEVELS),
        clock_kinds=list(CLOCK_KINDS),
        clock_defaults=dict(CLOCK_DEFAULTS),
        clock_bounds=dict(CLOCK_BOUNDS),
    )
