"""A game's rules for players, read from its kit's ``rules`` part (the page's rules panel)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel

from sleuth.core import find_kit
from sleuth.core.errors import GameError
from sleuth.core.kit import RULES, RulesGuide, RulesSection

router = APIRouter(prefix="/api/games", tags=["games"])


class RulesSectionOut(BaseModel):
    heading: str
    paragraphs: list[str]
    cards: list[str]


class RulesOut(BaseModel):
    game: str
    title: str
    short: list[RulesSectionOut]
    full: list[RulesSectionOut]
    reference: str


def sections_out(sections: tuple[RulesSection, ...]) -> list[RulesSectionOut]:
    return [
        RulesSectionOut(heading=s.heading, paragraphs=list(s.paragraphs), cards=list(s.cards))
        for s in sections
    ]


@router.get("/{game}/rules", responses={404: {"description": "no such game, or no rules"}})
async def rules(game: str) -> RulesOut:
    try:
        kit = find_kit(game)
    except GameError as error:
        raise HTTPException(404, str(error)) from None
    if not kit.has(RULES):
        raise HTTPException(404, f"{kit.game.title} has no rules for players")
    guide = kit.part(RULES, RulesGuide)
    return RulesOut(
        game=kit.name,
        title=kit.game.title,
        short=sections_out(guide.short),
        full=sections_out(guide.full),
        reference=guide.reference,
    )
