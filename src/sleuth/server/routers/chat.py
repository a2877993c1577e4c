"""Chat per table: the seated people write; everyone at the table reads."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from ..deps import Checked, Person, ServicesDep, Table
from ..schemas import ChatIn, ChatOut

router = APIRouter(prefix="/api/tables/{table_id}/chat", tags=["chat"])


@router.get("", responses={404: {"description": "no such table"}})
async def history(live: Table, app: ServicesDep, after: int = 0) -> list[ChatOut]:
    rows = await app.store.chat(live.id, after=max(0, min(after, 2**62)))
    return [ChatOut(id=r.id, seat=r.seat, name=r.name, text=r.text, at=r.at) for r in rows]


@router.post(
    "", status_code=201, dependencies=[Checked], responses={404: {"description": "no such table"}}
)
async def say(body: ChatIn, live: Table, app: ServicesDep, person: Person) -> None:
    seat = next((s.seat for s in live.seats if s.person_id == person.id), None)
    if seat is None:
        raise HTTPException(403, "only a person seated at this table may chat here")
    await app.hub.chat(live, seat, person.name, body.text)
