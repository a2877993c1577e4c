"""What every table's owner in one process works with (``owner.TableOwner``): the store,
the bus, the pools, the ratings and the clock, and the dealing of a new table's rows."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from sleuth.agents.budgets import DEFAULT_MAX_THINK

from .bus import LocalBus
from .live import LiveTable
from .lobby import Created, TablePlan, create_table
from .netbots import NetBots
from .notify import Notices
from .ratings import Ratings
from .sheets import Spawn
from .store import Store
from .vacations import Vacations
from .workers import WorkerPool

STATUS_ORDER = {"waiting": 0, "playing": 1, "finished": 2, "expired": 2}


@dataclass
class Desk:
    """What every table's owner in this process works with."""

    store: Store
    bus: LocalBus
    pool: WorkerPool
    bot_delay: float
    spawn: Spawn
    ratings: Ratings
    notices: Notices | None = None
    netbots: NetBots = field(default_factory=NetBots)
    vacations: Vacations | None = None
    # The time steps are stamped with and clocks run by (tests set one of their own).
    clock: Callable[[], float] = time.time

    async def rate_finished(self, live: LiveTable) -> bool:
        """The finished table's result in its players' ratings, if it is rated; whether
        this call wrote them."""
        outcome = live.state.outcome
        if outcome is not None and live.row.rated:
            return await self.ratings.rate(live.row, live.seats, outcome)
        return False

    async def names(self, ids: Sequence[str]) -> dict[str, str]:
        return {pid: row.name for pid, row in (await self.store.people(list(ids))).items()}

    async def create(
        self,
        plan: TablePlan,
        creator: str | None,
        people: dict[int, str],
        rematch_of: str | None = None,
        programs: bool = False,
        max_think: float = DEFAULT_MAX_THINK,
        created_from: str | None = None,
        waiting_cap: int = 0,
    ) -> Created:
        """Deal a table's rows (a new table has no owner until they are committed);
        ``created_from``, ``waiting_cap``: see ``lobby.create_table``."""
        await self.ratings.refuse_guests(plan.rated, people.values())
        bots = [seat.bot for seat in plan.seats]
        self.netbots.check_seats(bots)
        # Held before the deal is written: two deals at once cannot both seat one bot.
        pending = self.netbots.hold_for_deal(bots)
        try:
            created = await create_table(
                self.store,
                plan,
                creator,
                people,
                rematch_of,
                programs=programs,
                max_think=max_think,
                created_from=created_from,
                waiting_cap=waiting_cap,
            )
        except BaseException:
            self.netbots.let_go(pending)
            raise
        self.netbots.reserve(created.row, bots)
        return created


def ahead(step: int, status: str, live: LiveTable) -> bool:
    """Whether a table's row as read is ahead of the table here. Only ahead matters: a row
    behind it was read before steps this process committed since (a sweep going through
    the tables, a reconnection), and re-reading for those held each table's lock."""
    return step > live.step or STATUS_ORDER.get(status, 0) > STATUS_ORDER.get(live.status, 0)
