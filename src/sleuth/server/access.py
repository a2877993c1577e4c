"""Who may open what: every door of the service into a table, decided in one place.

Each route and socket that opens part of a table asks ``refusal(door, table, caller,
seat)`` and turns a refusal into its HTTP status (or its socket's close code). The rules
stand here side by side so that a reader, and ``tests/server/test_access.py``'s table of
cases, can check them all at once rather than route by route.

A caller is the person behind the identity cookie, if any, and the seat whose stored token
the caller presented, if any. A seat's stored token is only ever its holder's own (joining
replaces an invite's token with one the joiner alone is given; a seat given to a person when
the table is dealt, or at a rematch, has none), or an invite for a seat that waits for a
person, which opens no view until it is used to join.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from . import problems
from .models import EXPIRED


class Door(Enum):
    SEAT_CHANNEL = "a seat's play channel"
    WATCH = "the spectators' channel"
    CHAT_READ = "the chat"
    CHAT_WRITE = "writing in the chat"
    JOIN = "joining by an invite"
    SIT = "sitting at a free seat"
    LEAVE = "leaving a seat"
    SEAT_TO_BOT = "handing a missing person's seat to a bot"
    TAKE_BACK = "taking one's seat back from its bot"
    REMATCH = "asking for a rematch"
    AFTER_THE_END = "the record, replay and review"


@dataclass(frozen=True)
class SeatFacts:
    kind: str  # person or bot
    holder: str | None  # the person seated there, if any
    present: bool = False  # a channel of this seat is open (its person is at the table)


@dataclass(frozen=True)
class TableFacts:
    status: str  # waiting, playing, finished, expired
    listed: bool
    spectators: bool
    seats: Sequence[SeatFacts]

    def seat_of(self, person: str | None) -> int | None:
        if person is None:
            return None
        return next((n for n, s in enumerate(self.seats) if s.holder == person), None)


@dataclass(frozen=True)
class Caller:
    person: str | None = None  # the identity cookie's person
    token_seat: int | None = None  # the seat whose stored token was presented


@dataclass(frozen=True)
class Refusal:
    status: int  # the HTTP status; a socket closes with 4000 + it
    message: str


def _forbidden(message: str) -> Refusal:
    return Refusal(403, message)


def _conflict(message: str) -> Refusal:
    return Refusal(409, message)


def refusal(
    door: Door, table: TableFacts, caller: Caller, seat: int | None = None
) -> Refusal | None:
    """Why ``caller`` may not pass ``door`` (at ``seat``, for the doors of one seat), or
    ``None``: it may."""
    if seat is not None and not 0 <= seat < len(table.seats):
        return Refusal(404, problems.NO_SEAT(seat=seat, seats=len(table.seats)))
    mine = table.seat_of(caller.person)
    rule = _RULES[door]
    return rule(table, caller, mine, seat)


def _seat_channel(t: TableFacts, c: Caller, mine: int | None, seat: int | None) -> Refusal | None:
    target = _one(seat)
    holder = t.seats[target].holder
    if mine == target:
        return None
    # A token opens its seat only once someone holds it: it is then the holder's own. An
    # invite not yet used opens no view (its table's creator holds every invite).
    if holder is not None and c.token_seat == target:
        return None
    return _forbidden(problems.NOT_YOUR_SEAT_CHANNEL())


def _watch(t: TableFacts, c: Caller, mine: int | None, seat: int | None) -> Refusal | None:
    if t.spectators or t.status == "finished":
        return None
    return _forbidden(problems.NO_SPECTATORS())


def _chat_read(t: TableFacts, c: Caller, mine: int | None, seat: int | None) -> Refusal | None:
    # A table without spectators keeps its chat among its seats, during and after the game.
    if t.spectators or mine is not None:
        return None
    return _forbidden(problems.CHAT_FOR_SEATS())


def _seated(t: TableFacts, c: Caller, mine: int | None, seat: int | None) -> Refusal | None:
    if mine is None:
        return _forbidden(problems.SEATED_ONLY())
    return _expired(t)


def _expired(t: TableFacts) -> Refusal | None:
    """An expired table takes no one and nothing (``expiry``): it is over unplayed."""
    return _conflict(problems.TABLE_EXPIRED()) if t.status == EXPIRED else None


def _join(t: TableFacts, c: Caller, mine: int | None, seat: int | None) -> Refusal | None:
    if c.token_seat is None:
        return _forbidden(problems.TOKEN_OPENS_NOTHING())
    if t.status == "finished":
        return _conflict(problems.GAME_OVER())
    return _expired(t) or _take(t, c, mine, c.token_seat)


def _sit(t: TableFacts, c: Caller, mine: int | None, seat: int | None) -> Refusal | None:
    target = _one(seat)
    if not t.listed:
        return _forbidden(problems.NOT_LISTED())
    if t.status == EXPIRED:
        return _conflict(problems.TABLE_EXPIRED())
    if t.status != "waiting":
        return _conflict(problems.STARTED())
    if t.seats[target].kind != "person":
        return _conflict(problems.BOTS_SEAT(seat=target))
    if t.seats[target].holder is not None:
        return _conflict(problems.SEAT_TAKEN(seat=target))
    return _take(t, c, mine, target)


def _take(t: TableFacts, c: Caller, mine: int | None, target: int) -> Refusal | None:
    if c.person is None:
        return Refusal(401, problems.NO_IDENTITY())
    if mine is not None and mine != target:
        return _conflict(problems.ONE_SEAT())
    holder = t.seats[target].holder
    if holder is not None and holder != c.person:
        return _conflict(problems.SEAT_TAKEN(seat=target))
    return None


def _leave(t: TableFacts, c: Caller, mine: int | None, seat: int | None) -> Refusal | None:
    target = _one(seat)
    if mine != target:
        return _forbidden(problems.NOT_YOURS(seat=target))
    if t.status == "waiting":
        # The deal is made and the seat's view shown: leaving now to sit at another seat
        # would show a second hand. The seat is kept until the game starts.
        return _conflict(problems.NOT_STARTED_KEPT())
    if t.status == "finished":  # its record and rematch stay the seat's person's
        return _conflict(problems.GAME_OVER())
    return _expired(t)


def _seat_to_bot(t: TableFacts, c: Caller, mine: int | None, seat: int | None) -> Refusal | None:
    target = _one(seat)
    if mine is None:
        return _forbidden(problems.SEATED_ONLY())
    if t.seats[target].kind != "person":
        return _conflict(problems.BOTS_SEAT(seat=target))
    if t.status != "playing":
        return _conflict(problems.ONLY_DURING())
    if t.seats[target].present:
        return _conflict(problems.PRESENT(seat=target))
    return None


def _take_back(t: TableFacts, c: Caller, mine: int | None, seat: int | None) -> Refusal | None:
    target = _one(seat)
    if mine != target:
        return _forbidden(problems.NOT_YOURS(seat=target))
    return None


def _rematch(t: TableFacts, c: Caller, mine: int | None, seat: int | None) -> Refusal | None:
    if t.status != "finished":
        return _conflict(problems.NOT_OVER())
    if mine is None:
        return _forbidden(problems.REMATCH_SEATED())
    return None


def _after_the_end(t: TableFacts, c: Caller, mine: int | None, seat: int | None) -> Refusal | None:
    # The record holds the seed and every hand: anyone may read it, but only at the end.
    if t.status != "finished":
        return _conflict(problems.RECORD_AFTER_END())
    return None


def _one(seat: int | None) -> int:
    if seat is None:
        raise TypeError("this door is a seat's: name the seat")
    return seat


_RULES = {
    Door.SEAT_CHANNEL: _seat_channel,
    Door.WATCH: _watch,
    Door.CHAT_READ: _chat_read,
    Door.CHAT_WRITE: _seated,
    Door.JOIN: _join,
    Door.SIT: _sit,
    Door.LEAVE: _leave,
    Door.SEAT_TO_BOT: _seat_to_bot,
    Door.TAKE_BACK: _take_back,
    Door.REMATCH: _rematch,
    Door.AFTER_THE_END: _after_the_end,
}
