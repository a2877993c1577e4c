"""A seat's time at a clocked table (issue #36, item 4): its time per move, its time bank,
its person's vacation, the reminder before it runs out, and how long a seat at a table
without a clock has been away.

Nothing here is a counter kept apart: each seat's bank and vacation credit are worked out
from the stored steps' times (which seat the game waited on before each, and since when)
and the stored vacations of the seat's person, so a restart, a ``kill -9`` or a second
process works out the same. A turn's clock runs from its start (the last step, the game's
start or the seat changing hands) and stands still while its person is on vacation, up to
the table's vacation days for the whole game; time beyond the move's own comes out of the
seat's bank, and the seat runs out once move time and bank are spent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sleuth.core.said import Said

from . import problems
from .notify import CLOCK_LOW, Event

if TYPE_CHECKING:
    from .live import LiveTable

DAY = 86400.0
# A seat's time bank, in seconds, by clock kind: the fewest and most, and the default. A
# turn clock's two days let a person who needs a day more twice in a game play on; a live
# game keeps its pace unless its table chooses a bank.
BANK_BOUNDS = {"live": (0.0, 3600.0), "turn": (0.0, 30 * DAY)}
BANK_DEFAULTS = {"live": 0.0, "turn": 2 * DAY}
# Days of vacation a person's clock stands still at one table for the whole game. A live
# game is played in one sitting: no vacation there.
VACATION_BOUNDS = {"live": (0, 0), "turn": (0, 30)}
VACATION_DEFAULTS = {"live": 0, "turn": 7}
# A vacation asked for, in days, the fewest and most.
VACATION_ASKED = (1, 60)
# The reminder goes when a turn clock's seat has less than this left (move time and bank):
# a quarter of the move's time, at most half a day.
REMINDER_CAP = 12 * 3600.0

Interval = tuple[float, float]


def reminder_before(per_move: float) -> float:
    """How long before a turn clock's seat runs out its person is reminded."""
    return min(per_move / 4, REMINDER_CAP)


def clock_run(start: float, end: float, away: Sequence[Interval], credit: float) -> float:
    """The vacation credit a turn from ``start`` to ``end`` used: its time on vacation
    (``away``, sorted), while ``credit`` lasts."""
    used = 0.0
    for begin, finish in away:
        overlap = min(finish, end) - max(begin, start)
        if overlap > 0:
            used += min(overlap, credit - used)
            if used >= credit:
                break
    return used


def run_out_at(start: float, budget: float, away: Sequence[Interval], credit: float) -> float:
    """When a clock started at ``start`` has run ``budget`` seconds, standing still on
    vacation (``away``, sorted) while ``credit`` lasts."""
    at = start
    for begin, finish in away:
        if finish <= at:
            continue
        begin = max(begin, at)
        if at + budget <= begin:
            break
        budget -= begin - at
        stopped = min(finish - begin, credit)
        credit -= stopped
        at = begin + stopped
        if credit <= 0:
            break
    return at + budget


@dataclass(frozen=True)
class SeatTime:
    bank: float  # seconds of the seat's bank left
    credit: float  # seconds of vacation its clock may still stand still here


def seat_times(live: LiveTable) -> list[SeatTime]:
    """Each seat's bank and vacation credit left before the turn now, from the steps'
    times: a turn's time beyond the move's own, less its time on vacation, is the bank's."""
    row = live.row
    per_move = row.per_move or 0.0
    banks = [row.bank] * len(live.seats)
    credits = [row.vacation_days * DAY] * len(live.seats)
    away = [live.away_of(seat) for seat in range(len(live.seats))]
    previous = row.started_at or row.created_at
    for step, waited in zip(live.steps, live.waits, strict=True):
        seat = step.seat
        if waited == seat:
            stood = clock_run(previous, step.at, away[seat], credits[seat])
            credits[seat] -= stood
            over = step.at - previous - stood - per_move
            banks[seat] = max(0.0, banks[seat] - max(0.0, over))
        previous = step.at
    return [SeatTime(bank, credit) for bank, credit in zip(banks, credits, strict=True)]


def deadline_of(live: LiveTable, now: float | None = None) -> tuple[int, float] | None:
    """(seat, time) when the seat the game waits on runs out of time, if clocked. With
    ``now``, as every seat is shown it: the mover's vacations count only as far as they
    have gone by then (one to come, or the rest of one under way, is its person's to know)."""
    mover = live.state.to_move()
    per_move = live.row.per_move
    if live.row.clock == "none" or per_move is None or mover is None:
        return None
    if live.status != "playing" or live.seats[mover].played_by_bot:
        return None
    start = max(
        live.steps[-1].at if live.steps else 0.0,
        live.row.started_at or 0.0,
        live.seats[mover].since,
    )
    left = live.seat_times()[mover]
    away = live.away_of(mover)
    if now is not None:
        away = [(begin, min(finish, now)) for begin, finish in away if begin < now]
    return mover, run_out_at(start, per_move + left.bank, away, left.credit)


def shown_deadline(live: LiveTable, now: float) -> tuple[int, float | None] | None:
    """The seat the clock runs for and its deadline as every seat is shown them: none while
    its person is on vacation (the clock stands still; until when is not said)."""
    found = deadline_of(live, now)
    if found is None:
        return None
    seat, at = found
    return (seat, None) if on_vacation(live, now)[seat] else (seat, at)


def on_vacation(live: LiveTable, now: float) -> list[bool]:
    """Which seats' people are on vacation now: all the others learn of it."""
    return [
        any(begin <= now < finish for begin, finish in live.away_of(seat))
        for seat in range(len(live.seats))
    ]


def low_clock(live: LiveTable, now: float) -> Event | None:
    """The reminder due now, if any: the seat the game waits on at a turn clock has less
    than ``reminder_before`` left, and a person of its own plays it (never a bot)."""
    deadline = live.deadline()
    per_move = live.row.per_move
    if deadline is None or per_move is None or live.row.clock != "turn":
        return None
    seat, at = deadline
    person = live.seats[seat].person_id
    if person is None or not at - reminder_before(per_move) <= now < at:
        return None
    return Event(person, CLOCK_LOW, live.id, live.step)


# --- a seat away at a table without a clock ---------------------------------------------------


def hand_refusal(live: LiveTable, seat: int, by: str, spec: str | None, now: float) -> Said | None:
    """Why the person ``by`` may not have a bot play a missing person's seat now, or None:
    only at a table without a clock (a clock's bot plays a seat whose time runs out), and
    only once the person has been away the table's while (``away_after``), so that a reload
    or a short break loses no one the seat. At a rated table only its takeover bot, never
    at the seat of ``by`` (a bot would earn its rating)."""
    if live.row.rated and spec is not None and spec != live.row.takeover_bot:
        return problems.RATED_TAKEOVER_ONLY()
    if live.row.rated and live.seats[seat].person_id == by:
        return problems.RATED_OWN_SEAT()
    if live.row.clock != "none":
        return problems.CLOCK_TAKES_OVER()
    if live.seats[seat].played_by_bot:
        return problems.BOT_ALREADY(seat=seat)
    since = live.away_since(seat)
    if since is None:
        return problems.PERSON_PRESENT(seat=seat)
    wait = live.row.away_after
    if now - since < wait:
        unit, count = duration_parts(wait)
        return problems.AWAY_TOO_SHORT[unit](seat=seat, count=count)
    return None


def duration_parts(seconds: float) -> tuple[str, str]:
    """A while as its unit's word and count: whole minutes as minutes, else seconds."""
    if seconds >= 60 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return ("minute", "1") if minutes == 1 else ("minutes", str(minutes))
    return ("second", "1") if seconds == 1 else ("seconds", f"{seconds:g}")
