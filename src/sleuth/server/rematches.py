"""A finished table's rematch: the same game, rules and seats dealt again, once.

The new table is dealt as any other (``desk.Desk.create``), its rematch claimed in the
finished table's row in the same transaction (one write; its owner only tells the seats), so
that of people asking at once, across processes too, one deals it. Once it is committed the
seats here are told even if the asker is gone meanwhile (a client gone, the server stopping);
a deal whose asker is cancelled meanwhile runs to its end, and the rematch it stored is told
here and to the other processes all the same. A process that lost the race names
the winner's rematch at once, not when the bus's notice comes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Sequence
from typing import Any

from sleuth.agents.budgets import DEFAULT_MAX_THINK

from .db import DatabaseClosed
from .lobby import Created, plan_of
from .models import SeatRow
from .outage import DatabaseUnavailable
from .owner import TableOwner
from .store import RematchTaken

log = logging.getLogger("sleuth.server")
# The tellings under way whose askers were cancelled: a task is held only weakly otherwise.
_telling: set[asyncio.Task[None]] = set()


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
    # The deal is a task of its own, run to its end whether or not its asker still waits:
    # a cancelled asker (a client gone) would otherwise leave its commit under way (in the
    # writer's thread on SQLite) with its outcome unknown here.
    deal = asyncio.ensure_future(
        desk.create(
            plan,
            person_id,
            people,
            live.id,
            programs=True,
            max_think=max_think,
            created_from=address,
            waiting_cap=waiting_cap,
        )
    )
    try:
        created = await asyncio.shield(deal)
    except RematchTaken:
        return None  # ``rematch_id`` reads the winner's and names it here
    except asyncio.CancelledError:
        # Until the deal's end is known here, whoever next asks for the table reads its
        # row again; once it is, it is told here and to the other processes all the same.
        live.behind = True
        follow = _told_after(owner, deal)
        try:
            desk.spawn(follow)
        except Exception:
            follow.close()
            log.exception("following the rematch deal of %s failed", live.id)
        raise
    # Stored with the new table's rows (their transaction claimed it): told only, and told
    # through, the asker gone or not.
    await _shielded(_named(owner, created.table_id, publish=True))
    return created


async def rematch_id(owner: TableOwner) -> str | None:
    """The table's rematch as the database has it (another process may have dealt it),
    named here at once if this process had none (it lost the race, or missed the notice)."""
    row = await owner.desk.store.table(owner.id)
    if row is None or row.rematch is None:
        return None
    if owner.live.row.rematch != row.rematch:
        await _shielded(_named(owner, row.rematch, publish=False))
    return row.rematch


async def _told_after(owner: TableOwner, deal: asyncio.Future[Created]) -> None:
    """After a deal whose asker was cancelled, once the deal has ended: the rematch it
    stored (or the one that won the race, or, if the deal itself was cancelled, whatever
    the row now names) named here, and the other processes told of one dealt here (they
    would otherwise learn of it only when one of its seats next connects there)."""
    await asyncio.wait([deal])
    try:
        if not deal.cancelled() and deal.exception() is None:
            await _named(owner, deal.result().table_id, publish=True)
        elif deal.cancelled() and await rematch_id(owner) is not None:
            await owner.desk.bus.publish("seats", owner.id)
        elif not deal.cancelled() and isinstance(deal.exception(), RematchTaken):
            await rematch_id(owner)
    except (DatabaseUnavailable, DatabaseClosed):
        pass  # said once for the outage; the table is read again at its next use
    except Exception:
        log.exception("telling the rematch of %s after its asker went failed", owner.id)


async def _named(owner: TableOwner, rematch: str, publish: bool) -> None:
    """The rematch on the table here, its seats told; and the other processes, if
    ``publish`` (this one dealt it)."""
    live = owner.live
    async with live.lock:  # not overwritten by a re-read of the row begun before it
        live.row.rematch = rematch
    owner.broadcast()
    if publish:
        try:
            await owner.desk.bus.publish("seats", live.id)
        except Exception:  # dealt and told here: the others read it when a seat next connects
            log.exception("telling the other processes of rematch %s failed", rematch)


async def _shielded(work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` to its end even if its caller is cancelled meanwhile (a client gone,
    the server stopping)."""
    task = asyncio.ensure_future(work)
    _telling.add(task)  # held until done: a cancelled caller no longer holds it
    task.add_done_callback(_telling.discard)
    try:
        await asyncio.shield(task)
    except asyncio.CancelledError:
        task.add_done_callback(_logged)  # its caller gone, a failure is logged, not lost
        raise


def _logged(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("telling the seats of a rematch failed", exc_info=task.exception())
