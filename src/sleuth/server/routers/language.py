"""The page's language: chosen from the browser's Accept-Language unless the page names one
(a person's choice, which the page remembers), with its catalogue built from the .po files."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request

from sleuth.i18n import LANGUAGES, check_language, choose_language, page_catalogue

router = APIRouter(prefix="/api/language", tags=["language"])


@router.get("")
async def language(request: Request, lang: str | None = None) -> dict[str, Any]:
    """The language (``lang`` if given, else the browser's) and its catalogue."""
    if lang is None:
        chosen = choose_language(request.headers.get("accept-language"))
    else:
        try:
            chosen = check_language(lang)
        except ValueError as error:
            raise HTTPException(400, str(error)) from error
    return {"language": chosen, "languages": list(LANGUAGES), "catalogue": page_catalogue(chosen)}
