"""The frames the play channel sends, typed; each encoded once for every channel that gets it.

The wire format is the page's (``web/static/types.d.ts``, ``ServerFrame``): orjson writes
these dataclasses field by field, in order. A state frame is the table's part, the same for
every seat at a step (encoded once a broadcast), followed by one seat's part (encoded once a
seat): the two JSON objects are joined into one, which is what ``StateFrame.wire`` gives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from sleuth.core.said import Said, wire_values
from sleuth.core.serialize import JSONValue

from .jsontext import Fragment, json_bytes, json_text


class Frame:
    """A frame of the play channel: ``wire`` is the text a channel sends."""

    __slots__ = ()

    def wire(self) -> str:
        return json_text(self)


def joined(first: bytes, second: bytes) -> bytes:
    """Two encoded JSON objects, neither empty, as one object with the keys of both."""
    return first[:-1] + b"," + second[1:]


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicSeat:
    """What everyone at a table sees of a seat."""

    seat: int
    kind: str  # person or bot
    name: str
    bot: str | None  # the bot playing it now, if any
    takeover: bool
    joined: bool
    connected: bool
    # Since when (seconds since the epoch) the person of a seat in play has had no channel
    # open, if so: the others may hand the seat to a bot once the table's while is up.
    away_since: float | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Clock:
    kind: str
    per_move: float | None
    seat: int | None  # the seat it runs for, if any
    deadline: float | None
    # Each seat's time bank left, in seconds, and whether its person is on vacation (their
    # clock stands still): every seat sees everyone's. Empty without a clock.
    banks: list[float] = field(default_factory=list)
    vacation: list[bool] = field(default_factory=list)


@dataclass(frozen=True, slots=True, kw_only=True)
class TableState:
    """The part of a state frame every seat gets alike."""

    type: Literal["state"] = field(default="state", init=False)
    table: str
    step: int
    status: str
    actors: list[int]
    to_move: int | None
    seats: list[PublicSeat]
    clock: Clock
    sheet_level: str
    commitment: str
    log: Fragment


@dataclass(frozen=True, slots=True, kw_only=True)
class Ending:
    """What a finished table's state frames add: the outcome and everything hidden."""

    outcome: JSONValue
    reveal: dict[str, Any]
    seed: str
    salt: str
    rematch: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatPart:
    """The part of a state frame that is one seat's own (a spectator's: ``seat`` None)."""

    seat: int | None
    view: Fragment
    legal: dict[str, JSONValue]
    sheet: JSONValue  # the sheet's typed lines (server.workers.sheet_lines); None: not yet
    sheet_data: JSONValue  # the sheet as data to draw (core.sheets.SheetData), if any
    notes: dict[str, JSONValue] | None
    resumed_from: int | None


def shared_text(table: TableState, ending: Ending | None) -> bytes:
    """The table's part of every seat's state frame at this step, encoded."""
    encoded = json_bytes(table)
    return encoded if ending is None else joined(encoded, json_bytes(ending))


class StateFrame(Frame):
    """A seat's state frame: the table's part (``shared_text``) and the seat's own."""

    __slots__ = ("part", "shared")

    def __init__(self, shared: bytes, part: SeatPart) -> None:
        self.shared = shared
        self.part = part

    def encoded(self) -> bytes:
        return joined(self.shared, json_bytes(self.part))

    def wire(self) -> str:
        return self.encoded().decode()


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatsFrame(Frame):
    type: Literal["seats"] = field(default="seats", init=False)
    table: str
    step: int
    seats: list[PublicSeat]


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetFrame(Frame):
    type: Literal["sheet"] = field(default="sheet", init=False)
    table: str
    step: int
    seat: int
    sheet: JSONValue  # typed lines (server.workers.sheet_lines)
    data: JSONValue  # the sheet as data to draw (core.sheets.SheetData), if any


@dataclass(frozen=True, slots=True, kw_only=True)
class NotesFrame(Frame):
    type: Literal["notes"] = field(default="notes", init=False)
    table: str
    step: int
    seat: int
    notes: dict[str, JSONValue] | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatFrame(Frame):
    type: Literal["chat"] = field(default="chat", init=False)
    table: str
    step: int
    id: int
    seat: int | None
    name: str
    text: str
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ErrorFrame(Frame):
    """A refusal: ``code`` its kind, ``message`` its English; where it was said in words the
    page translates (``server.problems``), ``problem`` names it and ``template`` and
    ``values`` are what the page's catalogue renders."""

    type: Literal["error"] = field(default="error", init=False)
    code: str
    message: str
    step: int
    problem: str | None = None
    template: str | None = None
    values: dict[str, Any] | None = None

    @classmethod
    def of(cls, code: str, message: str, step: int) -> ErrorFrame:
        if not isinstance(message, Said):
            return cls(code=code, message=message, step=step)
        return cls(
            code=code,
            message=str(message),
            step=step,
            problem=message.code or None,
            template=message.template,
            values=wire_values(message.values),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class PongFrame(Frame):
    type: Literal["pong"] = field(default="pong", init=False)
    step: int
