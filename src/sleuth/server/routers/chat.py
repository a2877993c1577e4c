"""Chat per table: the seated people write; everyone at the table reads (at a table
without spectators, its seats only)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from .. import problems
from ..access import Door
from ..deps import Checked, MaybePerson, Person, ServicesDep, Table, require
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
    "",
    status_code=201,
    dependencies=[Checked],
    responses={
        404: {"description": "no such table"},
        429: {"description": "more chat lines than the play channel allows"},
    },
)
async def say(body: ChatIn, table: Table, person: Person, app: ServicesDep) -> None:
    require(Door.CHAT_WRITE, table, person)
    # The play channel's rate, counted in the same bucket as the channel's chat lines.
    if not app.chats.allow(person.id):
        rate = f"{app.settings.rate_per_second:g}"
        raise HTTPException(429, problems.RATE_LIMITED(rate=rate), headers={"Retry-After": "1"})
    seat = next(s.seat for s in table.live.seats if s.person_id == person.id)
    await table.chat(seat, person.name, body.text)
