"""A finished table's rematch: the same game, rules and seats dealt again, once.

The new table is dealt as any other (``desk.Desk.create``), its rematch claimed in the
finished table's row in the same transaction (one write; its owner only tells the seats), so
that of people asking at once, across processes too, one deals it.
"""

from __future__ import annotations

from collections.abc import Sequence

from sleuth.agents.budgets import DEFAULT_MAX_THINK

from .lobby import Created, plan_of
from .models import SeatRow
from .owner import TableOwner
from .store import RematchTaken


async def deal_rematch(
    owner: TableOwner,
    person_id: str,
    max_think: float = DEFAULT_MAX_THINK,
    address: str | None = None,
    waiting_cap: int = 0,
    seats: Sequence[SeatRow] | None = None,
) -> Created | None:
    """Deal the same game, rules and seats again, the people seated keeping their seats;
    ``None`` if this table has its rematch already (dealt by another request meanwhile,
    across processes too: ``rematch_id`` reads which). ``address``, ``waiting_cap``:
    the asker's (``lobby.create_table``); ``seats``: the table's as just read, if so."""
    live, desk = owner.live, owner.desk
    if live.row.rematch is not None:
        return None
    if seats is None:
        seats = await desk.store.seats(live.id)
    plan = plan_of(live.row, seats)
    people = {s.seat: s.person_id for s in live.seats if s.kind == "person" and s.person_id}
    if live.row.rated:  # its asker needs an account; a guest's seat waits with an invite
        await desk.ratings.refuse_guests(True, [person_id])
        signed = await desk.ratings.signed_up(people.values())
        people = {seat: held for seat, held in people.items() if held in signed}
    # The seats' bots were checked when the table was first dealt (a program only if
    # the operator seated it): the same seats again.
    try:
        created = await desk.create(
            plan,
            person_id,
            people,
            live.id,
            programs=True,
            max_think=max_think,
            created_from=address,
            waiting_cap=waiting_cap,
        )
    except RematchTaken:
        return None
    # Stored with the new table's rows (their transaction claimed it): told only.
    async with live.lock:
        live.row.rematch = created.table_id
    owner.broadcast()
    await desk.bus.publish("seats", live.id)
    return created


async def rematch_id(owner: TableOwner) -> str | None:
    """The table's rematch as the database has it (another process may have dealt it)."""
    row = await owner.desk.store.table(owner.id)
    return None if row is None else row.rematch
