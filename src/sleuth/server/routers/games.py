"""The lobby's menu: every registered game, its rule options, its bots."""

from __future__ import annotations

from fastapi import APIRouter

from sleuth.agents import agent_names
from sleuth.core import all_kits
from sleuth.core.kit import RENDER, TextRender

from ..lobby import CLOCK_DEFAULTS, default_takeover
from ..schemas import GameOut, LobbyOut, OptionOut
from ..settings import CLOCK_KINDS, SHEET_LEVELS

router = APIRouter(prefix="/api/games", tags=["games"])


@router.get("")
async def games() -> LobbyOut:
    out = []
    for kit in all_kits():
        game = kit.game
        grid = kit.part(RENDER, TextRender).notes_grid if kit.has(RENDER) else None
        out.append(
            GameOut(
                name=game.name,
                title=game.title,
                aliases=list(game.aliases),
                min_players=game.min_players,
                max_players=game.max_players,
                options=[
                    OptionOut(name=o.name, default=o.default, choices=list(o.choices), help=o.help)
                    for o in game.options()
                ],
                bots=agent_names(game.name),
                takeover_bot=default_takeover(game.name),
                notes_grid=grid is not None,
            )
        )
    return LobbyOut(
        games=out,
        sheet_levels=list(SHEET_LEVELS),
        clock_kinds=list(CLOCK_KINDS),
        clock_defaults=dict(CLOCK_DEFAULTS),
    )
