"""The page's language: chosen from the browser's Accept-Language unless the page names one
(a person's choice, which the page remembers), with its catalogue built from the .po files.
At a game's table the page asks again with the game: a game that keeps its own catalogue
(a game of another package) has its words there, looked up before Sleuth's."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request

from sleuth.core import find_kit
from sleuth.core.errors import GameError
from sleuth.i18n import LANGUAGES, check_language, choose_language, page_catalogue

from .. import problems

router = APIRouter(prefix="/api/language", tags=["language"])


@router.get("", responses={400: {"description": "a language we do not have"}, 404: {}})
async def language(
    request: Request, lang: str | None = None, game: str | None = None
) -> dict[str, Any]:
    """The language (``lang`` if given, else the browser's) and its catalogue; with ``game``,
    the catalogue a page at that game's table reads (the game's own words first)."""
    if lang is None:
        chosen = choose_language(request.headers.get("accept-language"))
    else:
        try:
            chosen = check_language(lang)
        except ValueError as error:
            raise HTTPException(400, str(error)) from error
    try:
        locale = None if game is None else find_kit(game).locale
    except GameError as error:
        raise HTTPException(404, problems.said_or_text(error)) from None
    catalogue = page_catalogue(chosen, locale)
    return {"language": chosen, "languages": list(LANGUAGES), "catalogue": catalogue}
