"""One open play channel: a seat's (or a spectator's) WebSocket and its outgoing queue.

Frames are queued and written by the channel's own task, so a slow client never holds up
the table; a client that falls too far behind is closed (it reconnects and resumes).
"""

from __future__ import annotations

import asyncio

from .frames import Frame
from .store import secret_hash

QUEUE_FRAMES = 256


class Connection:
    def __init__(
        self,
        seat: int | None,
        person_id: str | None,
        token_hash: str | None = None,
        cookie: str | None = None,
    ) -> None:
        self.seat = seat
        self.person_id = person_id
        # The hash of the token the channel was opened with, if any: a seat's channel stays
        # open only while its person, or its token, still holds the seat.
        self.token_hash = token_hash
        # The hash of the identity cookie (a guest's secret or an account session's) it was
        # opened with: the channel ends with that session (``end``).
        self.cookie_hash = None if cookie is None else secret_hash(cookie)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_FRAMES)
        self.overflowed = False
        self.ended = False  # its session ended: it may do nothing more, and is closing
        # Its seat is no longer its own (its person left, or the seat is another's now): it
        # closes saying so, and a page turns into a spectator's instead of trying again.
        self.unseated = False

    def send(self, frame: Frame) -> None:
        self.send_text(frame.wire())

    def send_text(self, text: str) -> None:
        if self.overflowed or self.ended:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.overflowed = True
            self.close()

    def end(self) -> None:
        """The session that opened the channel ended: it takes no message from now on and
        closes once the frames queued before are written; nothing is sent after."""
        self.ended = True
        self.close()

    def close(self) -> None:
        # The writer stops at None; make room for it if the queue is full.
        while self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(None)
