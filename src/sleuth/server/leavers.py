"""Who gave up which seat of one open table, as its owner answers it (``TableOwner.has_left``).

A seat's channel refused at its handshake asks, so that the page of a person who left the
seat while it was away turns into a spectator's (4410). Nothing bounds how often a caller
knocks, so the answer comes from memory: the table's leavers, read from the database at the
first question after each reading of the seats (a leaving, here or in another process,
comes with one), not once a knock.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

Leaving = tuple[int, str]  # (seat, person)


class Leavers:
    def __init__(self, read: Callable[[], Awaitable[frozenset[Leaving]]]) -> None:
        self._read = read
        self._known: frozenset[Leaving] | None = None
        # Knocks at once wait for one reading, rather than each reading for itself.
        self._reading = asyncio.Lock()
        self._readings = 0  # of the seats: a reading begun before the last is not kept

    def forget(self) -> None:
        """The seats were read again: a leaving may have come with them."""
        self._known = None
        self._readings += 1

    async def has_left(self, seat: int, person_id: str) -> bool:
        async with self._reading:
            known = self._known
            if known is None:
                readings = self._readings
                known = await self._read()
                if readings == self._readings:
                    self._known = known
        return (seat, person_id) in known
