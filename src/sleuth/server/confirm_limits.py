"""How many confirmation mails one account may ask for, and one address may be sent,
whoever asks. The wait between two confirmations to the same address holds only while the
address stays the same; without these counts, saving two addresses in turn would mail a
stranger at every save."""

from __future__ import annotations

import math
import time

from limits import RateLimitItem
from limits.aio.strategies import FixedWindowRateLimiter

from sleuth.core.said import Said

from . import problems
from .db import Database
from .ratelimit import DatabaseStorage, parse_rate, window_values

# A person setting up their mail needs one or two; these leave room for typing mistakes.
PER_ACCOUNT = "5/hour;20/day"
PER_ADDRESS = "3/hour;10/day"


class ConfirmationRefused(Exception):
    """Past a limit: the words and the seconds to wait; nothing was counted or saved."""

    def __init__(self, said: Said, retry_after: int) -> None:
        super().__init__(said)
        self.said = said
        self.retry_after = retry_after


class ConfirmationLimits:
    """Counts kept in the database, so that every server process shares them."""

    def __init__(
        self, database: Database, per_account: str = PER_ACCOUNT, per_address: str = PER_ADDRESS
    ) -> None:
        self._limiter = FixedWindowRateLimiter(DatabaseStorage(database))
        self._rates = {"account": parse_rate(per_account), "address": parse_rate(per_address)}

    async def count(self, person_id: str, address: str) -> None:
        """Count one confirmation mail to ``address`` asked by ``person_id``, or raise
        ``ConfirmationRefused`` having counted nothing."""
        keys = {"account": person_id, "address": address.lower()}
        for who, key in keys.items():
            for rate in self._rates[who]:
                if not await self._limiter.test(rate, "confirm", who, key):
                    await self._refuse(rate, who, key)
        for who, key in keys.items():
            for rate in self._rates[who]:
                if not await self._limiter.hit(rate, "confirm", who, key):
                    await self._refuse(rate, who, key)

    async def _refuse(self, rate: RateLimitItem, who: str, key: str) -> None:
        stats = await self._limiter.get_window_stats(rate, "confirm", who, key)
        wait = max(1, math.ceil(stats.reset_time - time.time()))
        raise ConfirmationRefused(
            problems.TOO_MANY_CONFIRMATIONS(**window_values(rate, wait)), wait
        )
