"""A game's rules for players, read from its kit's ``rules`` part (the page's rules panel),
in the person's language: each heading and paragraph from the game's own catalogues."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel

from sleuth.core import find_kit
from sleuth.core.errors import GameError
from sleuth.core.kit import RULES, RulesGuide, RulesSection
from sleuth.i18n import SOURCE, check_language, translate_at

router = APIRouter(prefix="/api/games", tags=["games"])


class RulesSectionOut(BaseModel):
    heading: str
    paragraphs: list[str]
    cards: list[str]


class RulesOut(BaseModel):
    game: str
    title: str
    language: str
    short: list[RulesSectionOut]
    full: list[RulesSectionOut]
    reference: str


def chosen_language(lang: str) -> str:
    """``lang`` if it is one of ours, else a 422 naming the ones there are."""
    try:
        return check_language(lang)
    except ValueError as error:
        raise HTTPException(422, str(error)) from None


def sections_out(
    sections: tuple[RulesSection, ...], locale: Path | None, language: str
) -> list[RulesSectionOut]:
    def say(text: str) -> str:
        return translate_at(locale, language, text)

    return [
        RulesSectionOut(
            heading=say(s.heading), paragraphs=[say(p) for p in s.paragraphs], cards=list(s.cards)
        )
        for s in sections
    ]


@router.get(
    "/{game}/rules",
    responses={
        404: {"description": "no such game, or no rules"},
        422: {"description": "a language we do not have"},
    },
)
async def rules(game: str, lang: str = SOURCE) -> RulesOut:
    language = chosen_language(lang)
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
        language=language,
        short=sections_out(guide.short, guide.locale, language),
        full=sections_out(guide.full, guide.locale, language),
        reference=guide.reference,
    )
