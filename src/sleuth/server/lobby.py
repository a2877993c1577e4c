"""Making tables: checking a table's setup against the engine, dealing it, rematches."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sleuth.agents import agent_names, make_agent
from sleuth.agents.budgets import DEFAULT_MAX_THINK, check_budget
from sleuth.core import ConfigError, find_kit
from sleuth.core.rng import derive_seed, secret_salt, secret_seed
from sleuth.core.said import psaid, said
from sleuth.i18n import N_, SOURCE, translate

from . import problems
from .clocks import BANK_BOUNDS, BANK_DEFAULTS, VACATION_BOUNDS, VACATION_DEFAULTS
from .models import SeatRow, TableRow
from .netbots import check_name, net_name
from .settings import CLOCK_KINDS, SHEET_LEVELS
from .store import Store, new_id, new_secret, secret_hash

# Bounds of a clock's time per move, in seconds, by kind.
CLOCK_BOUNDS = {"live": (5.0, 3600.0), "turn": (60.0, 30 * 86400.0)}
CLOCK_DEFAULTS = {"live": 60.0, "turn": 86400.0}
# How long, in seconds, a person's seat at a table without a clock is away (no channel
# open) before the others may hand it to the table's bot: a reload or a short walk does not
# lose anyone the seat, a closed tab does not stall the table for good.
AWAY_DEFAULT = 120.0
AWAY_BOUNDS = (0.0, 86400.0)  # 0: as soon as the person is away
# At a rated table a bot's moves count against the person: never before a reload, a lost
# connection or a short break is over.
RATED_AWAY_FLOOR = 60.0
# The sheet levels and clock kinds as a refusal lists them: in English the API's own words,
# in another language the names the lobby's page gives them ("Fakten", "Ohne Uhr"), so a
# person reads the choices as the page offered them (issue #35). In the order of
# ``SHEET_LEVELS`` and ``CLOCK_KINDS`` (a test holds them to it).
SHEET_NAMES = said("off, facts, full")
CLOCK_NAMES = said("none, live, turn")
# A clock kind's name alone: "turn" and "live" say other things elsewhere.
CLOCK_NAME = {"live": psaid("clock kind", "live"), "turn": psaid("clock kind", "turn")}


@dataclass(frozen=True)
class SeatPlan:
    kind: str  # person or bot
    bot: str | None = None


@dataclass(frozen=True)
class TablePlan:
    game: str
    players: int
    options: Mapping[str, object]
    seats: Sequence[SeatPlan]
    sheet: str = "full"
    clock: str = "none"
    per_move: float | None = None
    takeover_bot: str | None = None
    spectators: bool = True
    listed: bool = False
    rated: bool = False
    away_after: float = AWAY_DEFAULT
    bank: float | None = None  # None: the clock's default (``clocks.BANK_DEFAULTS``)
    vacation_days: int | None = None  # None: the clock's default


class WaitingTablesFull(Exception):
    """The table's creator, or its client address, holds the most waiting tables there may
    be (``sleuth serve --max-waiting-tables``): it is not dealt."""

    def __init__(self, count: int) -> None:
        super().__init__(problems.TOO_MANY_WAITING(count=count))


@dataclass(frozen=True)
class Created:
    table_id: str
    tokens: dict[int, str]  # seat -> invite token, for the seats that wait for a person
    row: TableRow  # as committed: the hub takes the new table from these (``Hub.adopt``)
    seats: list[SeatRow]


# What each of Sleuth's bots is, by name, the ones every game has first. How strong each is
# in a game is the ladder's to say (its levels and ratings, measured by benchmarks/ladder.py).
# Marked for the catalogues, translated where the lobby is served (``bot_about``).
BOT_ABOUT = {
    "random": N_("Plays any legal move at random: for learning the rules."),
    "basic": N_("Rules of thumb and simple notes."),
    "deductive": N_("Exact deduction from what its seat sees."),
    "ismcts": N_("Searches over deals that fit its view; slower."),
    "racing": N_("Exact deduction, and times its accusation by what each rival can know."),
    "lookahead": N_("Exact deduction, its best moves tried against the next player's reply."),
}
OTHER_BOT = N_("A bot of this game.")
SETS_KNOBS = N_("%(about)s; set %(knobs)s.")


def bot_about(spec: str, language: str = SOURCE) -> str:
    """What the bot of a spec (``name:knob=value...``) is, with the knobs it sets."""
    name, _, knobs = spec.partition(":")
    about = translate(language, BOT_ABOUT.get(name, OTHER_BOT))
    if not knobs:
        return about
    # The sentence's own full stop gives way to the knobs' (either language's: . or 。).
    return translate(language, SETS_KNOBS) % {
        "about": about[:-1],
        "knobs": knobs.replace(":", ", "),
    }


def bot_order(name: str) -> tuple[int, str]:
    """Sleuth's bots in ``BOT_ABOUT``'s order, a game's own after them by name."""
    known = list(BOT_ABOUT)
    return (known.index(name) if name in known else len(known), name)


def default_takeover(game: str) -> str:
    names = agent_names(game)
    return "basic" if "basic" in names else "random"


def check_bot(
    spec: str,
    game: str,
    programs: bool = False,
    max_think: float = DEFAULT_MAX_THINK,
    network: bool = False,
) -> None:
    """A bot a table may seat, or a ``GameError``. A bot program (``cmd:COMMAND``) runs a
    command on the server, so only its operator may seat one (``programs``: from ``sleuth
    serve --bots``, or a rematch of such a table), never a request; no bot may ask for more
    time than the server gives (``max_think``, see ``sleuth.agents.budgets``). A network bot
    (``net:NAME``, ``netbots``) takes only a seat of a new table (``network``)."""
    name = net_name(spec)
    if name is not None:
        if not network:
            raise ConfigError(problems.NET_SEAT_ONLY())
        check_name(name)
        return
    if not programs and spec.strip().lower().startswith("cmd:"):
        raise ConfigError(
            said(
                "a bot program (cmd:...) would run a command on the server: only the server's "
                "operator seats one (sleuth serve --bots); choose a level or a bot by name"
            )
        )
    make_agent(spec, game)
    check_budget(spec, game, max_think)


def check_plan(
    plan: TablePlan, programs: bool = False, max_think: float = DEFAULT_MAX_THINK
) -> tuple[str, str, float | None, str]:
    """(game name, config JSON, time per move, takeover bot), or a ``GameError``;
    ``programs``, ``max_think``: see ``check_bot``."""
    kit = find_kit(plan.game)
    game = kit.game.configure(plan.players, **dict(plan.options))
    if len(plan.seats) != plan.players:
        raise ConfigError(
            said("seats: %(players)s players need %(players)s seats", players=plan.players)
        )
    for number, seat in enumerate(plan.seats):
        if seat.kind not in ("person", "bot"):
            raise ConfigError(
                said(
                    "seats[%(number)s].kind: person or bot, not %(kind)s",
                    number=number,
                    kind=repr(seat.kind),
                )
            )
        if seat.kind == "bot":
            if not seat.bot:
                raise ConfigError(
                    said("seats[%(number)s]: a bot seat names its bot", number=number)
                )
            check_bot(seat.bot, kit.name, programs, max_think, network=True)
    if plan.sheet not in SHEET_LEVELS:
        raise ConfigError(
            said(
                "sheet: one of %(levels)s, not %(sheet)s",
                levels=SHEET_NAMES,
                sheet=repr(plan.sheet),
            )
        )
    if plan.rated and plan.sheet == "full":
        # The full sheet deduces for its seat: a rating would measure the sheet.
        raise ConfigError(said("sheet: a rated table has no full sheet (facts or off)"))
    if plan.rated and all(seat.kind != "person" for seat in plan.seats):
        raise ConfigError(said("rated: a rated table has a person at one seat at least"))
    if plan.clock not in CLOCK_KINDS:
        raise ConfigError(
            said(
                "clock: one of %(kinds)s, not %(clock)s",
                kinds=CLOCK_NAMES,
                clock=repr(plan.clock),
            )
        )
    per_move = None
    if plan.clock != "none":
        low, high = CLOCK_BOUNDS[plan.clock]
        per_move = plan.per_move if plan.per_move is not None else CLOCK_DEFAULTS[plan.clock]
        if not low <= per_move <= high:
            raise ConfigError(
                said(
                    "per_move: a %(clock)s clock gives %(low)s-%(high)s seconds a move, "
                    "not %(asked)s",
                    clock=CLOCK_NAME[plan.clock],
                    low=format(low, "g"),
                    high=format(high, "g"),
                    asked=format(per_move, "g"),
                )
            )
    _check_time(plan)
    low, high = AWAY_BOUNDS
    if not low <= plan.away_after <= high:
        raise ConfigError(
            said(
                "away_after: %(low)s-%(high)s seconds away before a bot may play a person's "
                "seat, not %(asked)s",
                low=format(low, "g"),
                high=format(high, "g"),
                asked=format(plan.away_after, "g"),
            )
        )
    if plan.rated and plan.away_after < RATED_AWAY_FLOOR:
        raise ConfigError(
            said(
                "away_after: a rated table waits at least %(low)s seconds before a bot may "
                "play a person's seat, not %(asked)s",
                low=format(RATED_AWAY_FLOOR, "g"),
                asked=format(plan.away_after, "g"),
            )
        )
    takeover = plan.takeover_bot or default_takeover(kit.name)
    check_bot(takeover, kit.name, programs, max_think)
    return kit.name, json.dumps(game.config_json(), sort_keys=True), per_move, takeover


def time_of(plan: TablePlan) -> tuple[float, int]:
    """The table's time bank (seconds) and vacation days: as asked, else its clock's."""
    if plan.clock == "none":
        return 0.0, 0
    bank = BANK_DEFAULTS[plan.clock] if plan.bank is None else plan.bank
    days = VACATION_DEFAULTS[plan.clock] if plan.vacation_days is None else plan.vacation_days
    return bank, days


def _seconds(bound: float) -> str:
    """A bound as a person writes it: 2592000, not 2.592e+06."""
    return str(int(bound)) if bound == int(bound) else format(bound, "g")


def _check_time(plan: TablePlan) -> None:
    """A clock's bank and vacation days within its kind's bounds, or a ``ConfigError``
    naming them (a table without a clock has neither)."""
    if plan.clock == "none":
        if plan.bank or plan.vacation_days:
            raise ConfigError(said("bank, vacation_days: only at a table with a clock"))
        return
    bank, days = time_of(plan)
    low, high = BANK_BOUNDS[plan.clock]
    if isinstance(bank, bool) or not isinstance(bank, int | float) or not low <= bank <= high:
        raise ConfigError(
            said(
                "bank: a %(clock)s clock's time bank is %(low)s-%(high)s seconds, not %(asked)s",
                clock=CLOCK_NAME[plan.clock],
                low=_seconds(low),
                high=_seconds(high),
                asked=repr(bank),
            )
        )
    least, most = VACATION_BOUNDS[plan.clock]
    if isinstance(days, bool) or not isinstance(days, int) or not least <= days <= most:
        raise ConfigError(
            said(
                "vacation_days: a %(clock)s clock allows %(least)s-%(most)s days of vacation "
                "a game, not %(asked)s",
                clock=CLOCK_NAME[plan.clock],
                least=least,
                most=most,
                asked=repr(days),
            )
        )


async def create_table(
    store: Store,
    plan: TablePlan,
    creator: str | None,
    people: Mapping[int, str] | None = None,
    rematch_of: str | None = None,
    programs: bool = False,
    max_think: float = DEFAULT_MAX_THINK,
    created_from: str | None = None,
    waiting_cap: int = 0,
) -> Created:
    """Deal a new table (a secret 128-bit seed); ``people`` seats persons at once;
    ``programs``: the plan comes from the operator (see ``check_bot``); ``max_think``: the
    operator's bound on a bot's time per decision. A rematch (``rematch_of``) is refused
    with ``RematchTaken`` if another request dealt it first. ``created_from``: the client
    address that asks; past ``waiting_cap`` (see ``Store.create_table``), ``WaitingTablesFull``."""
    game, config, per_move, takeover = check_plan(plan, programs, max_think)
    bank, vacation_days = time_of(plan)
    people = dict(people or {})
    now = store.clock()
    table_id = new_id()
    row = TableRow(
        id=table_id,
        game=game,
        players=plan.players,
        config=config,
        seed=str(secret_seed()),
        salt=secret_salt(),
        # The bots' randomness, from a secret of its own: never the game's seed.
        bot_seed=str(derive_seed(secret_seed(), "bots")),
        sheet=plan.sheet,
        clock=plan.clock,
        per_move=per_move,
        bank=bank,
        vacation_days=vacation_days,
        away_after=plan.away_after,
        takeover_bot=takeover,
        spectators=plan.spectators,
        listed=plan.listed,
        rated=plan.rated,
        status="waiting",
        step=0,
        to_move=None,
        created_by=creator,
        created_at=now,
        started_at=None,
        finished_at=None,
        rematch_of=rematch_of,
        rematch=None,
        active_at=now,
        created_from=created_from,
    )
    tokens: dict[int, str] = {}
    seats = []
    for number, seat in enumerate(plan.seats):
        token_hash = None
        # An invite only for a seat that waits for a person: a seat given to a person now
        # is opened by that person's identity, and a token for it, handed to whoever asked
        # for the table, would open another person's hand.
        if seat.kind == "person" and number not in people:
            tokens[number] = new_secret()
            token_hash = secret_hash(tokens[number])
        seats.append(
            SeatRow(
                table_id=table_id,
                seat=number,
                kind=seat.kind,
                bot=seat.bot if seat.kind == "bot" else None,
                takeover=False,
                person_id=people.get(number) if seat.kind == "person" else None,
                token_hash=token_hash,
                since=now,
                notes="{}",
            )
        )
    if all(seat.kind != "person" or seat.person_id is not None for seat in seats):
        # Every seat taken at once (a rematch, a table of bots): it starts as it is stored,
        # and its dealing address is not kept (only a waiting table's cap needs it).
        row.status, row.started_at, row.created_from = "playing", now, None
    met = await store.create_table(row, seats, waiting_cap)
    if met:
        raise WaitingTablesFull(met)
    return Created(table_id, tokens, row, seats)


def plan_of(row: TableRow, seats: Sequence[SeatRow]) -> TablePlan:
    """The plan a rematch repeats: same game, rules, seats, sheet and clock."""
    config = json.loads(row.config)
    config.pop("players", None)
    game = find_kit(row.game).game
    names = {o.name for o in game.options()}
    options = {key: value for key, value in config.items() if key in names}
    return TablePlan(
        game=row.game,
        players=row.players,
        options=options,
        seats=[SeatPlan(s.kind, s.bot if s.kind == "bot" else None) for s in seats],
        sheet=row.sheet,
        clock=row.clock,
        per_move=row.per_move,
        takeover_bot=row.takeover_bot,
        spectators=row.spectators,
        listed=row.listed,
        rated=row.rated,
        away_after=row.away_after,
        bank=row.bank,
        vacation_days=row.vacation_days,
    )
