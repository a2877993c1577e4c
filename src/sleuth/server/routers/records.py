"""Records: the signed record of a finished table, its replay seat by seat, and a check."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Response

from ..deps import ServicesDep, Table
from ..schemas import ReplayOut, ReplayStep, Signature, SignedRecord, VerifyIn, VerifyOut
from ..signing import ALGORITHM

router = APIRouter(tags=["records"])
OVER: dict[int | str, dict[str, Any]] = {
    404: {"description": "no such table"},
    409: {"description": "the game is not over"},
}


@router.get("/api/tables/{table_id}/record", responses=OVER)
async def record(live: Table, app: ServicesDep, response: Response) -> SignedRecord:
    """The whole game, seed and reveal included, signed: only once it is over."""
    if live.status != "finished":
        raise HTTPException(409, "the game is not over: its record (and seed) come at the end")
    signed = app.key.sign(live.record())
    response.headers["content-disposition"] = (
        f'attachment; filename="sleuth-{live.game.name}-{live.id}.json"'
    )
    value = signed["signature"]
    return SignedRecord(
        record=signed,
        signature=Signature(algorithm=ALGORITHM, key_id=app.key.key_id, value=str(value)),
    )


@router.get("/api/tables/{table_id}/replay", responses=OVER)
async def replay(live: Table, seat: int | None = None) -> ReplayOut:
    """The game step by step as one seat saw it (no seat: as a spectator), once over."""
    if live.status != "finished":
        raise HTTPException(409, "the game is not over")
    if seat is not None and not 0 <= seat < live.game.players:
        raise HTTPException(404, f"no seat {seat}")
    state = live.game.new(live.seed)
    steps = [ReplayStep(step=0, view=state.view(seat).to_json())]
    for number, row in enumerate(live.steps, start=1):
        state = state.apply(row.seat, live.game.parse_action(row.action))
        steps.append(ReplayStep(step=number, view=state.view(seat).to_json()))
    return ReplayOut(table=live.id, seat=seat, steps=steps)


@router.post("/api/records/verify")
async def verify(body: VerifyIn, app: ServicesDep) -> VerifyOut:
    """Whether this server signed the record as it is."""
    return VerifyOut(valid=app.key.verify(body.record, body.signature))
