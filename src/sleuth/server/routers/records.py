"""Records: the signed record of a finished table, its replay seat by seat, and a check.

The record and the replays go through the game step by step: worked out in worker
processes, encoded once and kept (``sleuth.server.reviews``), never on the event loop.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response

from sleuth.core.serialize import JSONValue

from ..access import Door
from ..deps import ServicesDep, Table, client_address, count_read, require
from ..reviews import json_response
from ..schemas import ReplayOut, SignedRecord, VerifyIn, VerifyOut
from ..signing import ALGORITHM

router = APIRouter(tags=["records"])
OVER: dict[int | str, dict[str, Any]] = {
    404: {"description": "no such table"},
    409: {"description": "the game is not over"},
    429: {
        "description": "too many replays, reviews and records from this address, or under "
        "way for it"
    },
    503: {"description": "too many replays, reviews and records under way: try again"},
}


@router.get("/api/tables/{table_id}/record", responses=OVER, response_model=SignedRecord)
async def record(table: Table, app: ServicesDep, request: Request) -> Response:
    """The whole game, seed and reveal included, signed: only once it is over."""
    require(Door.AFTER_THE_END, table, None)
    await count_read(request, app)
    live = table.live

    def signed(record: dict[str, JSONValue]) -> dict[str, Any]:
        whole = app.key.sign(record)
        value = str(whole["signature"])
        return {
            "record": whole,
            "signature": {"algorithm": ALGORITHM, "key_id": app.key.key_id, "value": value},
        }

    attachment = f'attachment; filename="sleuth-{live.game.name}-{live.id}.json"'
    return await json_response(
        app.reviews.record(live, signed, client_address(request)),
        request,
        {"content-disposition": attachment},
    )


@router.get("/api/tables/{table_id}/replay", responses=OVER, response_model=ReplayOut)
async def replay(
    table: Table, app: ServicesDep, request: Request, seat: int | None = None
) -> Response:
    """The game step by step as one seat saw it (no seat: as a spectator), once over."""
    require(Door.AFTER_THE_END, table, None)
    live = table.live
    if seat is not None and not 0 <= seat < live.game.players:
        raise HTTPException(404, f"no seat {seat}")
    await count_read(request, app)
    return await json_response(app.reviews.replay(live, seat, client_address(request)), request)


@router.post("/api/records/verify")
async def verify(body: VerifyIn, app: ServicesDep) -> VerifyOut:
    """Whether this server signed the record as it is."""
    return VerifyOut(valid=app.key.verify(body.record, body.signature))
