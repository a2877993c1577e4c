"""Turns of the replays', reviews' and records' computations (``reviews.BodyCache``), fair
across client networks.

One client address may have only a couple under way, but an address is cheap: nine of them,
or one IPv6 site (a /48 holds 65,536 /64s, each counted as one address) filled the queue,
and everyone else's review was a 503 until the flood stopped. So the askers are grouped by
network (``network_of``: an IPv6 /48, an IPv4 /24), the waiting computations take their
turns network by network, round robin, and a full queue makes room for a network with
fewer under way by dropping the newest waiting computation of the network with the most.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import deque
from typing import Generic, TypeVar

# Prefixes one network of askers is counted as: an IPv6 site, an IPv4 neighbourhood.
IPV6_SITE = 48
IPV4_BLOCK = 24

K = TypeVar("K")


def network_of(asker: str | None) -> str:
    """The network an asker (a client address, an IPv6 /64 as one) is counted in: its IPv6
    /48 or IPv4 /24; anything that is no address, itself ("" for no asker)."""
    if asker is None:
        return ""
    try:
        network = ipaddress.ip_network(asker, strict=False)
    except ValueError:
        return asker
    prefix = IPV6_SITE if network.version == 6 else IPV4_BLOCK
    if network.prefixlen <= prefix:
        return str(network)
    return str(network.supernet(new_prefix=prefix))


class Turns(Generic[K]):
    """``slots`` computations at once; the rest wait, and get a slot network by network in
    turn (within one network, oldest first)."""

    def __init__(self, slots: int) -> None:
        self.free = slots
        # Waiting computations by network, in the order the networks take their turns.
        self._waiting: dict[str, deque[tuple[K, asyncio.Future[None]]]] = {}

    def waiting(self, network: str) -> int:
        return len(self._waiting.get(network, ()))

    def networks_waiting(self) -> list[str]:
        return list(self._waiting)

    async def take(self, network: str, key: K) -> None:
        """Wait for a slot (or the error ``drop_newest`` gave this one)."""
        if self.free and not self._waiting:
            self.free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(network, deque()).append((key, turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled() and turn.exception() is None:
                self.give_back()  # given its slot as it was cancelled: the next one's
            else:
                self._forget(network, turn)
            raise

    def give_back(self) -> None:
        """A slot taken is free: the next network's oldest waiting computation has it."""
        while self._waiting:
            network = next(iter(self._waiting))
            queue = self._waiting.pop(network)
            _, turn = queue.popleft()
            if queue:
                self._waiting[network] = queue  # its next waits for every other network
            if not turn.done():
                turn.set_result(None)
                return
        self.free += 1

    def drop_newest(self, network: str, error: Exception) -> K | None:
        """The newest waiting computation of ``network`` ends with ``error``: its key."""
        queue = self._waiting.get(network)
        while queue:
            key, turn = queue.pop()
            if not queue:
                del self._waiting[network]
            # A turn cancelled whose task has not yet run to forget it is done already.
            if not turn.done():
                turn.set_exception(error)
                return key
        return None

    def _forget(self, network: str, turn: asyncio.Future[None]) -> None:
        queue = self._waiting.get(network)
        if queue is None:
            return
        kept = deque(entry for entry in queue if entry[1] is not turn)
        if kept:
            self._waiting[network] = kept
        else:
            del self._waiting[network]
