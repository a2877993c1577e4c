"""The after-game review of a finished table: what each seat knew at every step.

``GET /api/tables/ID/review?seat=N`` returns the review of ``sleuth review`` as JSON (every
seat without ``seat``). Only once the game is over: the review reads the whole record, seed
and reveal included. A finished table's review never changes, so it is worked out once per
(table, seat) and kept, a bounded number of them.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, HTTPException

from sleuth.core import GameError

from ..deps import Table
from ..schemas import ReviewOut

router = APIRouter(tags=["records"])
OVER: dict[int | str, dict[str, Any]] = {
    404: {"description": "no such table or seat, or no review of its game"},
    409: {"description": "the game is not over"},
}
# Reviews kept, newest last: a few seconds of engine time each, a few hundred kB of JSON.
KEPT = 64
_kept: OrderedDict[tuple[str, int | None], dict[str, Any]] = OrderedDict()


def _review(record: Callable[[], dict[str, Any]], seat: int | None) -> dict[str, Any]:
    from sleuth.review import review_record

    return review_record(record(), None if seat is None else [seat]).to_json()


@router.get("/api/tables/{table_id}/review", responses=OVER)
async def review(live: Table, seat: int | None = None) -> ReviewOut:
    """The review of the finished game, of one seat or of all."""
    if live.status != "finished":
        raise HTTPException(409, "the game is not over: the review comes after the reveal")
    if seat is not None and not 0 <= seat < live.game.players:
        raise HTTPException(404, f"no seat {seat}")
    key = (live.id, seat)
    found = _kept.get(key)
    if found is None:
        try:
            # The engine's work, off the event loop: other tables keep playing meanwhile.
            found = await asyncio.to_thread(_review, live.record, seat)
        except GameError as error:
            raise HTTPException(404, str(error)) from None
        _kept[key] = found
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    _kept.move_to_end(key)
    return ReviewOut(table=live.id, seat=seat, review=found)
