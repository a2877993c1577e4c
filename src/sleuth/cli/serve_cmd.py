"""``sleuth serve``: the multiplayer service (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sleuth.agents.budgets import DEFAULT_MAX_THINK
from sleuth.core import GameError, find_game
from sleuth.core.said import error_in, said_in
from sleuth.i18n import N_, tr
from sleuth.server.settings import (
    MAX_WAITING_BOUNDS,
    MAX_WAITING_TABLES,
    PASSWORD_COSTS,
    SEAT_CHANNEL_BOUNDS,
    SEAT_CHANNELS,
    VACATION_DAYS_A_YEAR,
    VACATION_DAYS_A_YEAR_BOUNDS,
    WAITING_EXPIRY_BOUNDS,
    WAITING_EXPIRY_HOURS,
    WATCH_BOUNDS,
    WATCH_PER_ADDRESS,
    WATCH_PER_TABLE,
    Settings,
    db_url_refusal,
)

from .argparse_words import add_lang_argument, language_of_args
from .bounded import in_range, worker_count
from .game_cmds import parse_options
from .mail_flags import add_mail_arguments, mail_values
from .serve_checks import startup_refusal


def add_parser(commands: Any) -> None:
    serve = commands.add_parser("serve", help=N_("play online: tables of people and bots"))
    add_service_arguments(serve)
    add_limit_arguments(serve)
    add_open_table_arguments(serve)
    add_mail_arguments(serve)
    add_lang_argument(serve)
    serve.set_defaults(run=run_serve)


def add_service_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=port_number, default=8000)
    serve.add_argument(
        "--db",
        default=None,
        help=N_(
            "sqlite:///FILE or postgresql+asyncpg://USER@HOST/DB "
            "(default: sleuth.db in the user's data folder)"
        ),
    )
    serve.add_argument(
        "--key", type=Path, default=None, help=N_("signing key file (made if absent)")
    )
    serve.add_argument(
        "--workers", type=worker_count, default=2, help=N_("processes for bots (0-64)")
    )
    serve.add_argument(
        "--sheet-workers", type=worker_count, default=1, help=N_("processes for sheets (0-64)")
    )
    serve.add_argument(
        "--max-think",
        type=think_seconds,
        default=DEFAULT_MAX_THINK,
        metavar="SECONDS",
        help=N_(
            "a bot's time per decision at most; a bot asking for more is refused, and one "
            "overrunning it is replaced by the table's fallback bot (default %(default)s)"
        ),
    )
    serve.add_argument(
        "--bot-delay",
        type=delay_seconds,
        default=0.6,
        help=N_("seconds before a bot moves (0-60)"),
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help=N_("another origin browsers may come from (e.g. the reverse proxy's https://...)"),
    )
    serve.add_argument("--secure-cookie", action="store_true", help=N_("behind HTTPS"))
    serve.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help=N_(
            "a reverse proxy (address or network) whose X-Forwarded-For names the client; "
            "none by default"
        ),
    )
    serve.add_argument(
        "--password-cost",
        choices=tuple(PASSWORD_COSTS),
        default=Settings.password_cost,
        help=N_(
            "argon2id's costs for passwords: owasp (7 MiB, 5 passes, about 17 ms of CPU "
            "a hash), owasp-19mib (19 MiB, 2 passes, about 25 ms: as strong, by OWASP) or "
            "rfc9106 (64 MiB, 3 passes, 4 lanes, about 170 ms); a password hashed at other "
            "costs is hashed again at these when its person signs in"
        ),
    )
    serve.add_argument(
        "--vacation-days-a-year",
        type=vacation_days,
        default=VACATION_DAYS_A_YEAR,
        metavar="DAYS",
        help=N_(
            "vacation days a person may take in any 365 days, whatever each table allows "
            "(default %(default)s; 0: no vacations)"
        ),
    )
    serve.add_argument(
        "--waiting-expiry",
        type=expiry_hours,
        default=WAITING_EXPIRY_HOURS,
        metavar="HOURS",
        help=N_(
            "hours a table not yet started waits with no one joining or chatting before it "
            "expires: unlisted, its seats and bots free (default %(default)s; 0: never, "
            "not even a table no person sits at)"
        ),
    )
    add_channel_arguments(serve)
    serve.add_argument(
        "--max-waiting-tables",
        type=waiting_tables,
        default=MAX_WAITING_TABLES,
        metavar="COUNT",
        help=N_(
            "tables not yet started one person or client address may hold at once "
            "(default %(default)s; 0: no cap)"
        ),
    )


def add_channel_arguments(serve: argparse.ArgumentParser) -> None:
    """The caps of play channels open at once, counted in each process (``limits``)."""
    serve.add_argument(
        "--max-watchers-per-table",
        type=watch_channels,
        default=WATCH_PER_TABLE,
        metavar="COUNT",
        help=N_(
            "spectators' channels one client address (an IPv6 /64 as one) may hold open at "
            "one table (default %(default)s)"
        ),
    )
    serve.add_argument(
        "--max-watchers-per-address",
        type=watch_channels,
        default=WATCH_PER_ADDRESS,
        metavar="COUNT",
        help=N_(
            "spectators' channels one client address may hold open over all tables "
            "(default %(default)s; at least --max-watchers-per-table)"
        ),
    )
    serve.add_argument(
        "--max-seat-channels",
        type=seat_channels,
        default=SEAT_CHANNELS,
        metavar="COUNT",
        help=N_(
            "play channels one seat may have open at once: its person's tabs and devices "
            "(default %(default)s)"
        ),
    )


# Each rate a client or a person is held to: (flag, what it counts, with an example).
LIMIT_FLAGS = (
    (
        "--max-new-people",
        N_("new identities one client address may make, e.g. 30/minute;300/day, or off"),
    ),
    (
        "--max-new-tables",
        N_("new tables one client address may deal, e.g. 30/minute;500/day, or off"),
    ),
    (
        "--max-invitations",
        N_("invitations by name one person may try, e.g. 10/hour;40/day, or off"),
    ),
    (
        "--max-invitations-received",
        N_("invitations by name one account may receive, e.g. 5/hour;20/day, or off"),
    ),
    (
        "--max-record-reads",
        N_("replays, reviews and records one client address may fetch, e.g. 60/minute, or off"),
    ),
    (
        "--max-sign-ins-per-address",
        N_("attempts to prove a password one client address may make, e.g. 20/minute, or off"),
    ),
    (
        "--max-sign-ins-per-account",
        N_("attempts to prove one account's password, e.g. 10/minute;100/day, or off"),
    ),
)


def add_limit_arguments(serve: argparse.ArgumentParser) -> None:
    for flag, words in LIMIT_FLAGS:
        serve.add_argument(flag, metavar="RATE", default=None, help=words)


def add_open_table_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument(
        "--open-table",
        metavar="GAME",
        default=None,
        help=N_("deal a table of you against bots at start and print its link"),
    )
    serve.add_argument("--players", type=int, default=None)
    serve.add_argument(
        "--bots", default="", help=N_("bots for the other seats, e.g. deductive,basic")
    )
    serve.add_argument("--sheet", choices=("off", "facts", "full"), default="full")
    serve.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")


MAX_THINK_RANGE = (0.1, 600.0)
PORTS = (1, 65535)
BOT_DELAYS = (0.0, 60.0)


def think_seconds(text: str) -> float:
    words = (
        N_("%(text)s is not a number of seconds"),
        N_("%(text)s is not between %(low)s and %(high)s seconds"),
    )
    return in_range(text, float, MAX_THINK_RANGE, words)


def port_number(text: str) -> int:
    words = (N_("%(text)s is not a port number"), N_("%(text)s is not a port (%(low)s-%(high)s)"))
    return in_range(text, int, PORTS, words)


def delay_seconds(text: str) -> float:
    words = (
        N_("%(text)s is not a number of seconds"),
        N_("%(text)s is not between %(low)s and %(high)s seconds"),
    )
    return in_range(text, float, BOT_DELAYS, words)


def vacation_days(text: str) -> int:
    words = (
        N_("%(text)s is not a number of days"),
        N_("%(text)s is not between %(low)s and %(high)s days"),
    )
    return in_range(text, int, VACATION_DAYS_A_YEAR_BOUNDS, words)


def expiry_hours(text: str) -> float:
    """Hours within the bounds, or 0: waiting tables never expire."""
    words = (
        N_("%(text)s is not a number of hours"),
        N_("%(text)s is neither 0 (never) nor between %(low)s and %(high)s hours"),
    )
    with contextlib.suppress(ValueError):
        if float(text) == 0:
            return 0.0
    return in_range(text, float, WAITING_EXPIRY_BOUNDS, words)


def waiting_tables(text: str) -> int:
    words = (
        N_("%(text)s is not a number of tables"),
        N_("%(text)s is not between %(low)s and %(high)s tables"),
    )
    return in_range(text, int, MAX_WAITING_BOUNDS, words)


def watch_channels(text: str) -> int:
    words = (
        N_("%(text)s is not a number of channels"),
        N_("%(text)s is not between %(low)s and %(high)s channels"),
    )
    return in_range(text, int, WATCH_BOUNDS, words)


def seat_channels(text: str) -> int:
    words = (
        N_("%(text)s is not a number of channels"),
        N_("%(text)s is not between %(low)s and %(high)s channels"),
    )
    return in_range(text, int, SEAT_CHANNEL_BOUNDS, words)


def channel_refusal(args: argparse.Namespace, language: str) -> str | None:
    """Why the caps of channels do not fit together, or None: an address's cap over all
    below its cap at one table would make the latter a number no one can reach."""
    if args.max_watchers_per_address >= args.max_watchers_per_table:
        return None
    return tr(
        "--max-watchers-per-address %(address)s is below --max-watchers-per-table "
        "%(table)s: an address's spectators' channels over all tables include those at one",
        language,
        address=args.max_watchers_per_address,
        table=args.max_watchers_per_table,
    )


def flags_refusal(args: argparse.Namespace, language: str) -> str | None:
    """Why flags that each passed their own check do not do together (the caps of
    channels), or a trusted proxy that is no network; None if none."""
    refused = channel_refusal(args, language)
    if refused is not None:
        return refused
    for proxy in args.trusted_proxy:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            return tr(
                "--trusted-proxy: %(proxy)s is not an address or a network",
                language,
                proxy=repr(proxy),
            )
    return None


def run_serve(args: argparse.Namespace) -> int:
    language = language_of_args(args)
    try:
        from sleuth.server import Settings
        from sleuth.server.app import serve
        from sleuth.server.ratelimit import parse_rate
    except ModuleNotFoundError as error:
        needs = tr(
            "sleuth serve needs the web extra (%(module)s is missing): %(install)s",
            language,
            module=str(error.name),
            install="pip install -e '.[web]'",
        )
        print(needs, file=sys.stderr)
        return 2
    values: dict[str, Any] = {
        "workers": args.workers,
        "sheet_workers": args.sheet_workers,
        "max_think": args.max_think,
        "bot_delay": args.bot_delay,
        "allowed_origins": tuple(args.allow_origin),
        "cookie_secure": args.secure_cookie,
        "password_cost": args.password_cost,
        "vacation_days_a_year": args.vacation_days_a_year,
        "waiting_expiry_hours": args.waiting_expiry,
        "max_waiting_tables": args.max_waiting_tables,
        "watch_per_table": args.max_watchers_per_table,
        "watch_per_address": args.max_watchers_per_address,
        "seat_channels": args.max_seat_channels,
    }
    refused_flags = flags_refusal(args, language)
    if refused_flags is not None:
        print(f"sleuth serve: {refused_flags}", file=sys.stderr)
        return 2
    values["trusted_proxies"] = tuple(args.trusted_proxy)
    try:
        values.update(rate_values(args, parse_rate))
    except ValueError as error:
        print(f"sleuth serve: {error}", file=sys.stderr)
        return 2
    if args.db:
        refused = db_url_refusal(args.db)
        if refused is not None:
            print(f"sleuth serve: {said_in(refused, language)}", file=sys.stderr)
            return 2
        values["db_url"] = args.db
    if args.key:
        values["key_file"] = args.key
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    try:
        values.update(mail_values(args, shown))
    except ValueError as error:
        print(f"sleuth serve: {error_in(error, language)}", file=sys.stderr)
        return 2
    settings = Settings(**values)
    refused_start = startup_refusal(settings, args.host, args.port, language)
    if refused_start is not None:
        print(f"sleuth serve: {refused_start}", file=sys.stderr)
        return 2
    on_start = None
    if args.open_table:
        try:
            on_start = _open_table(args, language)
        except GameError as error:
            print(f"sleuth serve: {error_in(error, language)}", file=sys.stderr)
            return 2
    address = f"http://{shown}:{args.port}/"
    print(tr("Sleuth serves %(address)s (Ctrl+C stops it)", language, address=address), flush=True)
    serve(settings, args.host, args.port, on_start)
    return 0


def rate_values(args: argparse.Namespace, parse_rate: Callable[[str], object]) -> dict[str, str]:
    """The settings' rates the flags give, or ``ValueError`` naming the flag that is wrong."""
    values = {}
    for flag, name in (
        ("max_new_people", "new_people_rate"),
        ("max_new_tables", "new_tables_rate"),
        ("max_record_reads", "record_reads_rate"),
        ("max_invitations", "invitations_rate"),
        ("max_invitations_received", "invited_rate"),
        ("max_sign_ins_per_address", "sign_in_address_rate"),
        ("max_sign_ins_per_account", "sign_in_account_rate"),
    ):
        rate = getattr(args, flag)
        if rate is not None:
            try:
                parse_rate(rate)
            except ValueError as error:
                raise ValueError(f"--{flag.replace('_', '-')}: {error}") from None
            values[name] = rate
    return values


def _open_table(args: argparse.Namespace, language: str) -> Any:
    from sleuth.server.lobby import SeatPlan, TablePlan, check_plan, default_takeover

    game = find_game(args.open_table)
    players = args.players or max(game.min_players, 3 if game.max_players >= 3 else 2)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()] or [default_takeover(game.name)]
    names = (bots * players)[: players - 1]
    plan = TablePlan(
        game=game.name,
        players=players,
        options=parse_options(args.option),
        seats=[SeatPlan("person"), *(SeatPlan("bot", name) for name in names)],
        sheet=args.sheet,
    )
    # A bad game, option or bot stops here, before the server starts; bot programs are the
    # operator's to seat.
    check_plan(plan, programs=True, max_think=args.max_think)
    host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host

    async def on_start(services: Any) -> None:
        table, tokens = await services.hub.create(
            plan, None, programs=True, max_think=args.max_think
        )
        link = f"http://{host}:{args.port}/t/{table.id}?seat=0&token={tokens[0]}"
        dealt = tr(
            "Sleuth: %(game)s with %(players)s players is dealt; open %(link)s",
            language,
            game=game.title,
            players=players,
            link=link,
        )
        print(dealt, flush=True)

    return on_start
