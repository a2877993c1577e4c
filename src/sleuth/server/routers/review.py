"""The after-game review of a finished table: what each seat knew at every step.

``GET /api/tables/ID/review?seat=N`` returns the review of ``sleuth review`` as JSON (every
seat without ``seat``). Only once the game is over: the review reads the whole record, seed
and reveal included. A finished table's review never changes, so it is worked out once per
(table, seat), in a worker process, and kept by the app (``sleuth.server.reviews``).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response

from sleuth.core import GameError, find_kit
from sleuth.core.errors import (
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    UnknownGameError,
)
from sleuth.core.kit import REVIEW
from sleuth.i18n import SOURCE

from .. import problems
from ..access import Door
from ..deps import ServicesDep, Table, client_address, count_read, require
from ..reviews import json_response
from ..schemas import ReviewOut
from .rules import chosen_language

router = APIRouter(tags=["records"])
OVER: dict[int | str, dict[str, Any]] = {
    404: {"description": "no such table or seat, or no review of its game"},
    409: {
        "description": "the game is not over, its moves no longer replay on this server, or "
        "the review's analysis refused it (the reason in words)"
    },
    422: {"description": "a language we do not have (the review's ``lang``)"},
    429: {
        "description": "too many replays, reviews and records from this address, or under "
        "way for it"
    },
    503: {"description": "too many replays, reviews and records under way: try again"},
}
# What a table's stored game, replayed by a worker, is refused with when this server's rules
# or games no longer take it (an upgrade changed a rule, a game's package is gone).
NO_REPLAY = (RecordError, IllegalActionError, InvalidActionError, ConfigError, UnknownGameError)


@router.get("/api/tables/{table_id}/review", responses=OVER, response_model=ReviewOut)
async def review(
    table: Table, app: ServicesDep, request: Request, seat: int | None = None, lang: str = SOURCE
) -> Response:
    """The review of the finished game, of one seat or of all, its notes in ``lang``."""
    language = chosen_language(lang)
    require(Door.AFTER_THE_END, table, None)
    live = table.live
    if not find_kit(live.row.game).has(REVIEW):
        raise HTTPException(404, problems.NO_REVIEW())
    if seat is not None and not 0 <= seat < live.game.players:
        raise HTTPException(404, problems.NO_SEAT(seat=seat, seats=live.game.players))
    await count_read(request, app)
    try:
        work = app.reviews.review(live, seat, language, client_address(request))
        return await json_response(work, request)
    except GameError as error:
        raise review_refusal(error) from None


def review_refusal(error: GameError) -> HTTPException:
    """A review the worker could not work out, said with its reason: the game's kit has a
    review (checked before), so the table's game did not replay, or the analysis refused."""
    reason = problems.said_or_text(error)
    if isinstance(error, NO_REPLAY):
        return HTTPException(409, problems.REVIEW_NO_REPLAY(reason=reason))
    return HTTPException(409, problems.REVIEW_REFUSED(reason=reason))
