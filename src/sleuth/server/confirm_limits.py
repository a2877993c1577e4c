"""How many confirmation mails one account may ask for, and one address may be sent,
whoever asks. The wait between two confirmations to the same address holds only while the
address stays the same; without these counts, saving two addresses in turn would mail a
stranger at every save."""

from __future__ import annotations

from limits.aio.strategies import FixedWindowRateLimiter

from sleuth.core.said import Said

from . import problems
from .db import Database
from .ratelimit import DatabaseStorage, count_within, parse_rate, window_values

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
        counts = [
            (self._rates["account"], ("confirm", "account", person_id)),
            (self._rates["address"], ("confirm", "address", address.lower())),
        ]
        past = await count_within(self._limiter, counts)
        if past is not None:
            words = problems.TOO_MANY_CONFIRMATIONS(**window_values(past.rate, past.wait))
            raise ConfirmationRefused(words, past.wait)
