"""A frame that says only what is, sent at most once an interval: the latest state wins.

Who is at a table (its ``seats`` frame) changed with every channel opened or closed there,
and each change went to every channel at once: one client opening and closing 700
spectators' channels in 5 s sent a seated person 1,101 frames, each saying nearly the same.
A ``Pacer`` sends the first change at once and, within ``interval`` of the last send, one
more at the end of it, made then: so a burst costs each channel one frame an interval, and
the last one says how things stand after it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol


class Handle(Protocol):
    def cancel(self) -> None: ...


# (delay in seconds, what to call then) -> what cancels it: the event loop's ``call_later``.
Later = Callable[[float, Callable[[], None]], Handle]


def _call_later(delay: float, callback: Callable[[], None]) -> Handle:
    return asyncio.get_running_loop().call_later(delay, callback)


class Pacer:
    """Calls ``send`` at most once every ``interval`` seconds, whenever ``ask``ed: at once
    if the last call was longer ago, else once at the interval's end. ``clock`` and
    ``later`` stand in for ``time.monotonic`` and the loop's ``call_later`` in tests."""

    def __init__(
        self,
        send: Callable[[], None],
        interval: float,
        clock: Callable[[], float] = time.monotonic,
        later: Later = _call_later,
    ) -> None:
        self.send = send
        self.interval = interval
        self.clock = clock
        self.later = later
        self._sent_at: float | None = None
        self._due: Handle | None = None

    def ask(self) -> None:
        if self._due is not None:
            return  # the send due at the interval's end says this change too
        now = self.clock()
        if self._sent_at is None or now - self._sent_at >= self.interval:
            self._send(now)
            return
        try:
            self._due = self.later(self._sent_at + self.interval - now, self._on_time)
        except RuntimeError:  # no event loop runs (a table used outside the server): now
            self._send(now)

    def _on_time(self) -> None:
        self._due = None
        self._send(self.clock())

    def _send(self, now: float) -> None:
        self._sent_at = now
        self.send()

    def cancel(self) -> None:
        """Nothing more is sent (the table is let go of)."""
        if self._due is not None:
            self._due.cancel()
            self._due = None
