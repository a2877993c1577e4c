"""Chat per table: the seated people write; everyone at the table reads (at a table
without spectators, its seats only)."""

from __future__ import annotations

from fastapi import APIRouter

from ..access import Door
from ..deps import Checked, MaybePerson, Person, Table, require
from ..schemas import ChatIn, ChatOut

router = APIRouter(prefix="/api/tables/{table_id}/chat", tags=["chat"])


@router.get(
    "",
    responses={404: {"description": "no such table"}, 403: {"description": "a private table"}},
)
async def history(table: Table, person: MaybePerson, after: int = 0) -> list[ChatOut]:
    require(Door.CHAT_READ, table, person)
    rows = await table.chat_history(after)
    return [ChatOut(id=r.id, seat=r.seat, name=r.name, text=r.text, at=r.at) for r in rows]


@router.post(
    "", status_code=201, dependencies=[Checked], responses={404: {"description": "no such table"}}
)
async def say(body: ChatIn, table: Table, person: Person) -> None:
    require(Door.CHAT_WRITE, table, person)
    seat = next(s.seat for s in table.live.seats if s.person_id == person.id)
    await table.chat(seat, person.name, body.text)
