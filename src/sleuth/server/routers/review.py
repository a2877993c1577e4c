"""The after-game review of a finished table: what each seat knew at every step.

``GET /api/tables/ID/review?seat=N`` returns the review of ``sleuth review`` as JSON (every
seat without ``seat``). Only once the game is over: the review reads the whole record, seed
and reveal included. A finished table's review never changes, so it is worked out once per
(table, seat) and kept by the app (``sleuth.server.reviews``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, HTTPException

from sleuth.core import GameError

from ..deps import ServicesDep, Table
from ..schemas import ReviewOut

router = APIRouter(tags=["records"])
OVER: dict[int | str, dict[str, Any]] = {
    404: {"description": "no such table or seat, or no review of its game"},
    409: {"description": "the game is not over"},
}


def _review(record: Callable[[], dict[str, Any]], seat: int | None) -> dict[str, Any]:
    from sleuth.review import review_record

    return review_record(record(), None if seat is None else [seat]).to_json()


@router.get("/api/tables/{table_id}/review", responses=OVER)
async def review(live: Table, app: ServicesDep, seat: int | None = None) -> ReviewOut:
    """The review of the finished game, of one seat or of all."""
    if live.status != "finished":
        raise HTTPException(409, "the game is not over: the review comes after the reveal")
    if seat is not None and not 0 <= seat < live.game.players:
        raise HTTPException(404, f"no seat {seat}")

    async def compute() -> dict[str, Any]:
        # The engine's work, off the event loop: other tables keep playing meanwhile.
        return await asyncio.to_thread(_review, live.record, seat)

    try:
        found = await app.reviews.get((live.id, seat), compute)
    except GameError as error:
        raise HTTPException(404, str(error)) from None
    return ReviewOut(table=live.id, seat=seat, review=found)
