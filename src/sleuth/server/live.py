"""A table in memory: its game replayed from the database, and the frames each seat gets.

Everything here is rebuilt from the table's rows (``LiveTable.build``); a process that
restarts, or a second process, builds the same table from the same rows. Frames are made
from one seat's view only (a spectator's from the spectator view), plus that seat's own
sheet or hand-kept notes.
"""

from __future__ import annotations

import asyncio
import functools
import json
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from sleuth.core import Action, Game, GameError, State, find_kit
from sleuth.core.actions import ActionList, IndexedActions
from sleuth.core.events import events_json, public
from sleuth.core.kit import RENDER, TextRender
from sleuth.core.records import Step, make_record, play_step
from sleuth.core.serialize import JSONValue, from_json, to_json

from . import clocks
from .access import Caller, Door, SeatFacts, TableFacts, refusal
from .frames import Clock, Ending, PublicSeat, SeatPart, StateFrame, TableState, shared_text
from .jsontext import Fragment, json_bytes, view_bytes
from .models import AnyStep, SeatRow, StepRow, TableRow
from .packed import PackedNotations
from .signing import commitment

# A family of legal actions longer than this (Black Vienna's 2,925 accusations) is sent as
# its kind and size: the client composes one and the engine checks it.
LISTED_ACTIONS = 200


class ReplayMismatch(Exception):
    """The stored steps do not replay: the database was changed behind the service."""


@dataclass
class SeatState:
    seat: int
    kind: str  # person or bot
    bot: str | None
    takeover: bool
    person_id: str | None
    since: float
    notes: dict[str, dict[str, str]]
    # The SHA-256 of the seat's token (its holder's own once held): the service checks an
    # open channel's token against it; it is never sent.
    token_hash: str | None
    name: str = ""

    @property
    def played_by_bot(self) -> bool:
        return self.kind == "bot" or self.takeover

    @classmethod
    def of(cls, row: SeatRow, name: str) -> SeatState:
        notes = json.loads(row.notes or "{}")
        return cls(
            row.seat,
            row.kind,
            row.bot,
            row.takeover,
            row.person_id,
            row.since,
            notes,
            row.token_hash,
            name,
        )


class PlayedStep(NamedTuple):
    """A committed step as a table keeps it in memory: a tuple of plain values, which the
    garbage collector stops tracking (a table's ORM rows, kept for every step of every
    table, made each full collection scan tens of thousands more objects)."""

    number: int
    seat: int
    action: str
    result: str
    at: float

    @classmethod
    def of(cls, row: AnyStep) -> PlayedStep:
        return cls(row.number, row.seat, row.action, row.result, row.at)


@dataclass
class LiveTable:
    row: TableRow
    game: Game[Any]
    seed: int
    bot_seed: int
    state: State
    steps: list[PlayedStep]
    seats: list[SeatState]
    connections: set[Any] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    offered_at: int = -1  # the step at which bots were last offered an interrupt
    # Another process has taken steps this one has not read yet: read before use.
    behind: bool = False
    used_at: float = 0.0  # when last asked for or left (time.monotonic)
    # Each seat's sheet: (step, typed lines, data to draw or None).
    sheets: dict[int, tuple[int, JSONValue, JSONValue]] = field(default_factory=dict)
    # Encoded once and embedded in every frame that carries them: each seat's view at the
    # current step, and the log, the public steps (seat, what every seat saw of the action,
    # its public result, its public events) that every page tells in words, each entry
    # encoded once, when its step is taken.
    _view_texts: dict[int | None, tuple[int, bytes]] = field(default_factory=dict)
    _log_texts: list[bytes] = field(default_factory=list)
    _log_text: tuple[int, Fragment] | None = None
    _commitment: str = ""
    # When each seat's last channel here closed (time.time()), and since when this process
    # holds the table: a seat is away at most since then, as far as this process can tell.
    left_at: dict[int, float] = field(default_factory=dict)
    watched_from: float = field(default_factory=time.time)
    # The seat the game waited on before each step (its clock ran for that seat), the
    # vacations of the seats' people (person -> (from, until) sorted, as read from the
    # database), and the time source (tests set one of their own).
    waits: list[int | None] = field(default_factory=list)
    vacations: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    vacations_read: int = 0
    now: Callable[[], float] = time.time
    _seat_times: tuple[tuple[int, int], list[clocks.SeatTime]] | None = None

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def step(self) -> int:
        return len(self.steps)

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def needs_driver(self) -> bool:
        """Whether this process must follow every step even with no one connected here: a
        bot plays a seat, or a clock runs."""
        return self.row.clock != "none" or any(s.played_by_bot for s in self.seats)

    @classmethod
    def build(
        cls,
        row: TableRow,
        seats: Sequence[SeatRow],
        steps: Sequence[StepRow],
        names: dict[str, str],
    ) -> LiveTable:
        game_type = find_kit(row.game).game
        game = game_type.of(from_json(game_type.config_type, json.loads(row.config), "config"))
        seed = int(row.seed)
        live = cls(
            row,
            game,
            seed,
            int(row.bot_seed),
            game.new(seed),
            [],
            [SeatState.of(s, names.get(s.person_id or "", "")) for s in seats],
        )
        live.extend(steps)
        return live

    def extend(self, steps: Sequence[StepRow]) -> None:
        """Re-apply stored steps after the current one, each checked by the engine."""
        for step in steps:
            if step.number <= self.step:
                continue
            if step.number != self.step + 1:
                raise ReplayMismatch(f"table {self.id}: step {step.number} after {self.step}")
            try:
                action = self.game.parse_action(step.action)
                state = self.state.apply(step.seat, action)
            except GameError as error:
                raise ReplayMismatch(f"table {self.id} step {step.number}: {error}") from None
            if state.last_result() != step.result:
                raise ReplayMismatch(f"table {self.id} step {step.number}: result differs")
            self.advance(step, state, self.state.public_action(step.seat, action))
        # Once, at the end: the steps replayed here may leave the state holding every one
        # before it until its first view (``State.settle``).
        self.state.settle()
        if self.state.outcome is not None:
            self.row.status = "finished"

    def advance(self, step: AnyStep, state: State, public_action: str) -> None:
        """Take a committed step: ``state`` is after it, ``public_action`` what every seat
        saw of it (asked of the state before it)."""
        self.waits.append(self.state.to_move())
        self.state = state
        self.steps.append(PlayedStep.of(step))
        # Kept encoded only: as lists and dicts, every step of every table was a dozen
        # objects more for each full collection to scan (a third of the live ones at 250
        # tables, whose collections stopped the event loop for half a second).
        self._log_texts.append(json_bytes(log_entry(step.seat, public_action, step.result, state)))

    def parse(self, action: object) -> Action:
        if isinstance(action, str):
            # The game's own canonical action for a notation it has read before: the
            # engine's check then knows it at once (a fresh parse is checked field by field).
            known = self.game.parsed.get(action)
            return known if known is not None else self.game.parse_action(action)
        return self.game.action_from_json(action)

    # --- what each seat sees ---------------------------------------------------------------

    def view_json(self, seat: int | None) -> dict[str, JSONValue]:
        """The seat's view as JSON data (what ``view_data`` encodes)."""
        return self.state.view(seat).to_json()

    def view_text(self, seat: int | None) -> Fragment:
        """The seat's view as JSON, for frames: equal to ``view_json`` (tests check it)."""
        return Fragment(self.view_data(seat))

    def view_data(self, seat: int | None) -> bytes:
        """The seat's view as JSON text, encoded once a step: in frames, and in its bot's and
        sheet's jobs (bytes cross to a worker process at the cost of a copy; the view's
        dicts and lists were pickled one by one in a server thread holding the GIL)."""
        cached = self._view_texts.get(seat)
        if cached is not None and cached[0] == self.step:
            return cached[1]
        data = view_bytes(self.state.view(seat))
        self._view_texts[seat] = (self.step, data)
        return data

    def log_text(self) -> Fragment:
        cached = self._log_text
        if cached is not None and cached[0] == self.step:
            return cached[1]
        text = Fragment(b"[" + b",".join(self._log_texts) + b"]")
        self._log_text = (self.step, text)
        return text

    @property
    def commitment(self) -> str:
        if not self._commitment:
            self._commitment = commitment(self.seed, self.row.salt)
        return self._commitment

    def deadline(self) -> tuple[int, float] | None:
        """(seat, time) when the seat the game waits on runs out of time, if clocked
        (``clocks``: its move time, its bank and its person's vacation)."""
        return clocks.deadline_of(self)

    def seat_times(self) -> list[clocks.SeatTime]:
        """Each seat's bank and vacation credit left (``clocks.seat_times``), worked out
        once a step and once the vacations change."""
        key = (self.step, self.vacations_read)
        if self._seat_times is None or self._seat_times[0] != key:
            self._seat_times = (key, clocks.seat_times(self))
        return self._seat_times[1]

    def away_of(self, seat: int) -> list[clocks.Interval]:
        """The vacations of the seat's person, sorted, as last read."""
        person = self.seats[seat].person_id
        return self.vacations.get(person, []) if person is not None else []

    def set_vacations(self, vacations: dict[str, list[clocks.Interval]]) -> None:
        self.vacations = vacations
        self.vacations_read += 1

    def away_since(self, seat: int, present: set[int | None] | None = None) -> float | None:
        """Since when the person of a seat in play has had no channel open (seconds since the
        epoch), or None: at the table, not a person's seat, played by a bot, or no game on.
        Counted from the latest of the seat's last channel closing, the seat changing hands,
        the game's start and this process taking the table. ``present``: the seats with a
        channel open, when the caller has them already."""
        if present is None:
            present = {c.seat for c in self.connections}
        state = self.seats[seat]
        if self.status != "playing" or state.kind != "person" or state.person_id is None:
            return None
        if state.takeover or seat in present:
            return None
        left = self.left_at.get(seat, self.watched_from)
        return max(left, state.since, self.row.started_at or 0.0)

    def public_seats(self) -> list[PublicSeat]:
        present = {c.seat for c in self.connections}
        return [
            PublicSeat(
                seat=s.seat,
                kind=s.kind,
                name=s.name if s.kind == "person" else (s.bot or ""),
                bot=s.bot if s.played_by_bot else None,
                takeover=s.takeover,
                joined=s.person_id is not None,
                connected=s.seat in present,
                away_since=self.away_since(s.seat, present),
            )
            for s in self.seats
        ]

    def shared_frame(self) -> bytes:
        """The part of a state frame that is the same for every seat now, encoded: a
        broadcast encodes it once for all the table's seats."""
        state = self.state
        deadline = clocks.shown_deadline(self, self.now())
        table = TableState(
            table=self.id,
            step=self.step,
            status=self.status,
            actors=sorted(state.actors()) if self.status == "playing" else [],
            to_move=state.to_move(),
            seats=self.public_seats(),
            clock=self.clock(deadline),
            sheet_level=self.row.sheet,
            commitment=self.commitment,
            log=self.log_text(),
        )
        ending = None
        if state.outcome is not None:
            ending = Ending(
                outcome=to_json(state.outcome),
                reveal=dict(state.reveal()),
                seed=str(self.seed),
                salt=self.row.salt,
                rematch=self.row.rematch,
            )
        return shared_text(table, ending)

    def clock(self, deadline: tuple[int, float | None] | None) -> Clock:
        """The table's clock as every seat may see it: each seat's bank left and whether
        its person is on vacation (never until when, nor how many days are left)."""
        clocked = self.row.clock != "none"
        return Clock(
            kind=self.row.clock,
            per_move=self.row.per_move,
            seat=None if deadline is None else deadline[0],
            deadline=None if deadline is None else deadline[1],
            banks=[left.bank for left in self.seat_times()] if clocked else [],
            vacation=clocks.on_vacation(self, self.now()) if clocked else [],
        )

    def state_frame(
        self,
        seat: int | None,
        resumed_from: int | None = None,
        shared: bytes | None = None,
    ) -> StateFrame:
        """What ``seat`` gets now: its view, its legal actions and its own sheet or notes,
        with the ``shared_frame`` (given, when a broadcast has encoded it already)."""
        actors = self.state.actors() if self.status == "playing" else ()
        legal: dict[str, JSONValue] = (
            encode_legal(self.state.legal_actions(seat))
            if seat is not None and seat in actors
            else {"actions": [], "families": []}
        )
        sheet = notes = sheet_data = None
        if seat is not None:
            cached = self.sheets.get(seat)
            if self.row.sheet != "off" and cached is not None and cached[0] == self.step:
                _, sheet, sheet_data = cached
            if self.row.sheet == "off":
                notes = self.notes(seat)
        part = SeatPart(
            seat=seat,
            view=self.view_text(seat),
            legal=legal,
            sheet=sheet,
            sheet_data=sheet_data,
            notes=notes,
            resumed_from=resumed_from,
        )
        return StateFrame(self.shared_frame() if shared is None else shared, part)

    def notes(self, seat: int) -> dict[str, JSONValue] | None:
        grid = _notes_grid(self.game)
        if grid is None:
            return None
        cards, places = grid
        marks: dict[str, JSONValue] = {k: dict(v) for k, v in self.seats[seat].notes.items()}
        return {"cards": cards, "places": places, "marks": marks}

    def record(self) -> dict[str, JSONValue]:
        """The table's record as ``sleuth replay`` reads it: public steps (and, once over, the
        seed, the salt, the private section and the reveal), replayed from the stored steps."""
        moves = [(row.seat, row.action) for row in self.steps]
        return replayed_record(self.game, self.seed, self.row.salt, moves)


def log_entry(seat: int, public_action: str, result: str, after: State) -> list[JSONValue]:
    """A step of the history every seat and spectator gets: ``[seat, public action, public
    result, events]``, the events those of ``after`` (the state the step led to) that every
    seat may see: a private event (a card shown to one seat) never enters the shared log."""
    return [seat, public_action, result, events_json(public(after.last_events()))]


def replayed_record(
    game: Game[Any], seed: int, salt: str, moves: Iterable[tuple[int, str]]
) -> dict[str, JSONValue]:
    """The record of a table's moves (seat, action in notation), each checked by the engine:
    also what a process of its own works out for a table it does not hold."""
    state = game.new(seed)
    steps: list[Step] = []
    for seat, action in moves:
        state, step = play_step(state, seat, game.parse_action(action))
        steps.append(step)
    return make_record(game, seed, salt, steps, state)


@functools.lru_cache(maxsize=64)
def _notes_grid(game: Game[Any]) -> tuple[list[JSONValue], list[JSONValue]] | None:
    """The game's hand-marked grid (its rows and columns), if it keeps one: the same for
    every frame of every table of that game."""
    grid = find_kit(game.name).part(RENDER, TextRender).notes_grid
    if grid is None:
        return None
    cards, places = grid(game)
    return list(cards), list(places)


def encode_legal(legal: Sequence[Action]) -> dict[str, JSONValue]:
    """The legal actions in notation: short parts listed, long lazy families by size."""
    parts: Sequence[Sequence[Action]] = legal.parts if isinstance(legal, ActionList) else [legal]
    listed: list[JSONValue] = []
    families: list[JSONValue] = []
    for part in parts:
        if isinstance(part, IndexedActions) and len(part) > LISTED_ACTIONS:
            families.append({"kind": part.kind, "count": len(part), "example": str(part[0])})
        else:
            listed.extend(str(action) for action in part)
    return {"actions": listed, "families": families}


def legal_parts(legal: Sequence[Action]) -> tuple[tuple[str, ...], ...]:
    """Every legal action in notation, part by part, for a bot in a worker."""
    parts: Sequence[Sequence[Action]] = legal.parts if isinstance(legal, ActionList) else [legal]
    return tuple(_notation(part) for part in parts)


# A large part of a legal list is often the very same object at every step (Black Vienna's
# 2,925 accusations, offered to every bot seat at every step): its notation, 2-3 ms on the
# event loop, is written once. Kept with the part itself, so an id is never reused wrongly.
_NOTATIONS: dict[int, tuple[Sequence[Action], tuple[str, ...]]] = {}
LARGE_PART = 64


def _notation(part: Sequence[Action]) -> tuple[str, ...]:
    if len(part) < LARGE_PART:
        return tuple(str(action) for action in part)
    known = _NOTATIONS.get(id(part))
    if known is not None and known[0] is part:
        return known[1]
    text = PackedNotations(str(action) for action in part)
    if len(_NOTATIONS) >= 256:
        _NOTATIONS.clear()
    _NOTATIONS[id(part)] = (part, text)
    return text


def facts_of(live: LiveTable) -> TableFacts:
    """What ``access.refusal`` decides by, read from a live table."""
    present = {c.seat for c in live.connections}
    return TableFacts(
        status=live.status,
        listed=live.row.listed,
        spectators=live.row.spectators,
        seats=[SeatFacts(s.kind, s.person_id, s.seat in present) for s in live.seats],
    )


def admits(live: LiveTable, connection: Any, facts: TableFacts | None = None) -> bool:
    """Whether an open channel may still be served: a seat's, only while its person, or
    the token it was opened with, still holds the seat (a person who left, or whose seat
    another took, is shown nothing more and may do nothing more there). ``facts``: the
    table's, when the caller asks for many channels at once."""
    if facts is None:
        facts = facts_of(live)
    seat = connection.seat
    if seat is None:
        return refusal(Door.WATCH, facts, Caller()) is None
    if not 0 <= seat < len(live.seats):
        return False
    token_seat = seat if has_token(live, seat, connection.token_hash) else None
    caller = Caller(connection.person_id, token_seat)
    return refusal(Door.SEAT_CHANNEL, facts, caller, seat) is None


def has_token(live: LiveTable, seat: int, token_hash: str | None) -> bool:
    """Whether the seat's token is this one, as this process last read the seats."""
    seats = live.seats
    return (
        token_hash is not None and 0 <= seat < len(seats) and seats[seat].token_hash == token_hash
    )
