"""Wire schemas (pydantic): what crosses HTTP and the play channel, apart from the engine's
types and the database rows."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints


def shown_plainly(name: str) -> str:
    """A display name is shown on seats, in chat and in a mail's subject line: a line break
    or another control character in it would break those lines or fake new ones."""
    bad = next((c for c in name if unicodedata.category(c) in ("Cc", "Zl", "Zp")), None)
    if bad is not None:
        raise ValueError(f"a name has no line break or other control character (U+{ord(bad):04X})")
    return name


Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=40),
    AfterValidator(shown_plainly),
]
BotSpec = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
# A step number from a client: far past any game's length, and exact in every JSON reader.
MAX_STEP = 2**31 - 1
StepNumber = Annotated[int, Field(ge=0, le=MAX_STEP)]
OptionValue = (
    Annotated[str, StringConstraints(max_length=500)]
    | int  # bounded by the game's option (its low and high), named in its error
    | bool
    | list[Annotated[str, StringConstraints(max_length=100)]]
)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- people -----------------------------------------------------------------------------


class PersonIn(Strict):
    name: Name


class PersonOut(Strict):
    id: str
    name: str


class SessionOut(Strict):
    person: PersonOut | None
    account: str | None = None  # the name its account signs in with; a guest has none


# --- games (the lobby's menu) --------------------------------------------------------------


class OptionOut(Strict):
    name: str
    label: str  # the name as people read it, in the language asked for
    default: str
    choices: list[str]
    help: str
    # How a form asks for it: bool (yes/no), int (low-high), list (comma-separated, at most
    # max_items), or text; a choice among ``choices`` when there are any.
    kind: str = "text"
    bounds: str = ""
    low: int | None = None
    high: int | None = None
    max_items: int | None = None
    presets: list[str] = []


class BotOut(Strict):
    """A bot for the game: a level of its ladder (``level`` 1, easy, up; ``spec`` the bot
    behind it and ``rating`` its measured rating, if measured) or a bot by name (``level``
    0). ``parameters`` are a named bot's tunable knobs with their defaults, set in a spec
    as ``name:knob=value``."""

    name: str
    level: int
    spec: str
    rating: float | None = None
    about: str
    parameters: dict[str, str]


class WebOut(Strict):
    """The game's own part of the page (its kit's ``web`` part): a module and styles."""

    script: str
    styles: list[str]


class GameOut(Strict):
    name: str
    title: str
    aliases: list[str]
    min_players: int
    max_players: int
    options: list[OptionOut]
    bots: list[str]
    takeover_bot: str
    notes_grid: bool
    bot_levels: list[BotOut] = []
    web: WebOut | None = None
    # The seat that plays first under the default rules (None: the deal draws it), and how
    # an option's values change that: option -> value -> first seat.
    first_seat: int | None = 0
    first_seat_by: dict[str, dict[str, int | None]] = {}
    # Whether the game has a tutorial for newcomers (GET /api/games/<name>/tutorial).
    tutorial: bool = False
    # Whether the game keeps its words in a catalogue of its own (a game of another package):
    # a page showing the game loads it (GET /api/language?game=<name>).
    catalogue: bool = False


class LobbyOut(Strict):
    games: list[GameOut]
    sheet_levels: list[str]
    clock_kinds: list[str]
    clock_defaults: dict[str, float]
    clock_bounds: dict[str, tuple[float, float]] = {}  # seconds a move, the fewest and most


# --- tables and seats ----------------------------------------------------------------------


class SeatIn(Strict):
    kind: Literal["person", "bot"]
    bot: BotSpec | None = None


class TableIn(Strict):
    game: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    players: Annotated[int, Field(ge=1, le=12)]
    options: Annotated[
        dict[Annotated[str, StringConstraints(max_length=64)], OptionValue], Field(max_length=32)
    ] = {}
    seats: Annotated[list[SeatIn], Field(min_length=1, max_length=12)]
    sheet: Literal["off", "facts", "full"] = "full"
    clock: Literal["none", "live", "turn"] = "none"
    per_move: Annotated[float, Field(gt=0, le=30 * 86400)] | None = None
    # Seconds a person's seat is away before the others may hand it to a bot (no clock
    # only); none: the service's default (``lobby.AWAY_DEFAULT``).
    away_after: float | None = None
    # A clock's time bank for each seat (seconds) and days of vacation a person's clock
    # stands still in the game; none: the clock's default (``clocks``), bounds by kind.
    bank: Annotated[float, Field(ge=0, le=30 * 86400, allow_inf_nan=False)] | None = None
    vacation_days: Annotated[int, Field(ge=0, le=30)] | None = None
    takeover_bot: BotSpec | None = None
    spectators: bool = True
    listed: bool = False
    rated: bool = False  # the result moves the players' ratings (no full sheet then)
    # The seat the creating person takes at once (needs the identity cookie).
    sit: Annotated[int, Field(ge=0, le=11)] | None = None


class InviteOut(Strict):
    seat: int
    token: str
    url: str


class SeatOut(Strict):
    seat: int
    kind: str
    name: str
    bot: str | None
    takeover: bool
    joined: bool


class TableOut(Strict):
    id: str
    game: str
    title: str
    players: int
    config: dict[str, Any]
    sheet: str
    clock: str
    per_move: float | None
    bank: float
    vacation_days: int
    away_after: float
    spectators: bool
    listed: bool
    rated: bool
    status: str
    step: int
    to_move: int | None
    commitment: str
    seats: list[SeatOut]
    rematch: str | None
    rematch_of: str | None
    created_at: float


class TableCreated(Strict):
    table: TableOut
    invites: list[InviteOut]
    url: str


class MyTableOut(Strict):
    table: TableOut
    seat: int
    your_move: bool
    # Since when the game waits on this seat (seconds since the epoch); None when it does not.
    waiting_since: float | None


class JoinIn(Strict):
    token: Annotated[str, StringConstraints(min_length=1, max_length=100)]


class InviteCheckOut(Strict):
    # The seat an invite still opens, or None: it was used (its seat is taken) or is not
    # this table's. Asked before the page asks a person's name for a seat it cannot give.
    seat: int | None


class JoinOut(Strict):
    table: str
    seat: int
    # The seat's own token from now on: the invite that opened it opens nothing any more.
    token: str


class ReplaceIn(Strict):
    bot: BotSpec | None = None


# --- chat ----------------------------------------------------------------------------------


class ChatIn(Strict):
    text: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class ChatOut(Strict):
    id: int
    seat: int | None
    name: str
    text: str
    at: float


# --- accounts ------------------------------------------------------------------------------

# A new password: long enough to resist guessing at the sign-in limits, short enough to hash
# quickly. Never stripped: a space is part of a password.
NewPassword = Annotated[str, StringConstraints(min_length=8, max_length=200)]
Password = Annotated[str, StringConstraints(min_length=1, max_length=200)]


class SignUpIn(Strict):
    name: Name
    password: NewPassword


class SignInIn(Strict):
    name: Name
    password: Password


class PasswordIn(Strict):
    password: Password


class PasswordChangeIn(Strict):
    password: Password
    new_password: NewPassword
    # A passkey added by whoever held a session would outlive the password: gone by default.
    remove_passkeys: bool = True


class PasswordChangedOut(Strict):
    passkeys_removed: int
    passkeys_left: int  # each still signs in to the account: remove any not yours


class AccountOut(Strict):
    id: str
    name: str  # the display name (the account's name until the person renames)
    account: str  # the name the account signs in with


class DeviceOut(Strict):
    """One signed-in browser of the account."""

    id: str
    device: str
    created_at: float
    current: bool


class PasskeyOptionsIn(Strict):
    """The account's password, which adding a passkey needs unless this browser signed in
    within the last minutes."""

    password: Password | None = None


class PasskeyIn(Strict):
    """The browser's answer (``PublicKeyCredential.toJSON()``), checked by ``webauthn``."""

    credential: dict[str, Any]


class PasskeyOut(Strict):
    id: str
    device: str
    created_at: float


class ExportedGame(Strict):
    table: str
    game: str
    seat: int
    record: SignedRecord


class ExportOut(Strict):
    name: str
    games: list[ExportedGame]


# --- records -------------------------------------------------------------------------------


class Signature(Strict):
    algorithm: str
    key_id: str
    value: str


class SignedRecord(Strict):
    record: dict[str, Any]
    signature: Signature


class VerifyIn(Strict):
    record: dict[str, Any]
    signature: Annotated[str, StringConstraints(max_length=128)]


class VerifyOut(Strict):
    valid: bool


class ReplayStep(Strict):
    step: int
    view: dict[str, Any]


class ReplayOut(Strict):
    table: str
    seat: int | None
    steps: list[ReplayStep]


class ReviewOut(Strict):
    """``sleuth review --json`` of a finished table (``sleuth.review.GameReview``)."""

    table: str
    seat: int | None
    review: dict[str, Any]


# --- the play channel: what a client may send ----------------------------------------------


class ActMessage(Strict):
    type: Literal["act"]
    action: Annotated[str, StringConstraints(max_length=500)] | dict[str, Any]
    step: StepNumber | None = None  # the step the client saw; a stale one is refused


class ChatMessage(Strict):
    type: Literal["chat"]
    text: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class HelloMessage(Strict):
    type: Literal["hello"]
    last_step: StepNumber | None = None


class TakeBackMessage(Strict):
    type: Literal["take_back"]


class NotesMessage(Strict):
    type: Literal["notes"]
    card: Annotated[str, StringConstraints(max_length=40)]
    place: Annotated[str, StringConstraints(max_length=40)]
    mark: Literal["", "+", "-", "?"]


class PingMessage(Strict):
    type: Literal["ping"]


ClientMessage = Annotated[
    ActMessage | ChatMessage | HelloMessage | TakeBackMessage | NotesMessage | PingMessage,
    Field(discriminator="type"),
]


# --- ratings ----------------------------------------------------------------------------


class PlayerOut(Strict):
    kind: Literal["person", "bot"]
    id: str  # a person's id (their profile's address) or a bot's spec
    name: str


class RatingOut(Strict):
    game: str
    mu: float  # Plackett-Luce's mean (openskill; 25 for a newcomer)
    sigma: float  # its uncertainty (8.33 for a newcomer)
    rating: float  # mu - 3 sigma: what the boards order by
    games: int
    wins: int


class BoardEntryOut(Strict):
    place: int  # 1 the first, counted from the board's start (offset + 1 ...)
    player: PlayerOut
    rating: RatingOut


class BoardOut(Strict):
    game: str
    entries: list[BoardEntryOut]


class FinishedOut(Strict):
    table: str
    game: str
    seat: int
    rated: bool
    finished_at: float | None


class ProfileOut(Strict):
    id: str
    name: str
    ratings: list[RatingOut]
    finished: list[FinishedOut]  # newest first, the replay and review of each a click away
    games: int  # finished games, rated or not (of the last 200 tables)


class RatingPassOut(Strict):
    """The start's pass over rated tables left unrated (``ratings.LeftOverPass``)."""

    state: Literal["running", "done", "failed"]
    rated: int
    not_rated: int  # tables it could not rate (the log says why)


class HealthOut(Strict):
    ready: bool  # the start-up passes have ended (however they went)
    rating_pass: RatingPassOut
