"""The service's settings: where its database and key live, and its limits."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sleuth.agents.budgets import DEFAULT_MAX_THINK
from sleuth.core.paths import data_folder
from sleuth.core.said import Said, said

SHEET_LEVELS = ("off", "facts", "full")
CLOCK_KINDS = ("none", "live", "turn")


@dataclass(frozen=True)
class PasswordCost:
    """What one argon2id hash costs: memory (KiB), passes over it, and lanes."""

    memory_kib: int
    time_cost: int
    parallelism: int


# By name (``sleuth serve --password-cost``). OWASP's Password Storage Cheat Sheet lists five
# argon2id settings of one lane that it counts as equally strong, trading memory for passes
# (46 MiB x 1, 19 MiB x 2, 12 MiB x 3, 9 MiB x 4, 7 MiB x 5: the memory an attacker's GPU
# must stream per guess stays the same). The last takes least CPU here: 17 ms a hash against
# 25 ms for 19 MiB x 2 (20 checks each, on these machines), a smaller area staying in the
# caches; beside 250 tables, 20 sign-ins a second want 0.35 of a core, not 0.5, on the two
# cores the tables use, and evict less of what the tables' work keeps cached. RFC 9106's
# second choice (argon2-cffi's default) takes about 170 ms of CPU over 4 lanes: 20 a second
# would want more than those 2 cores. A hash made at other costs is made again at these
# when its person next signs in.
PASSWORD_COSTS = {
    "owasp": PasswordCost(memory_kib=7168, time_cost=5, parallelism=1),
    "owasp-19mib": PasswordCost(memory_kib=19456, time_cost=2, parallelism=1),
    "rfc9106": PasswordCost(memory_kib=65536, time_cost=3, parallelism=4),
}

# Vacation days a person takes in any 365 days unless the operator says otherwise
# (``sleuth serve --vacation-days-a-year``; ``vacations``), within these bounds: a yearly
# allowance, as Board Game Arena's, so that no one stops every clock for good.
VACATION_DAYS_A_YEAR = 30
VACATION_DAYS_A_YEAR_BOUNDS = (0, 365)
# A waiting table expires after this many hours without a sign of life (``expiry``): three
# days, enough for friends in any time zones to meet over a weekend. 0: never.
WAITING_EXPIRY_HOURS = 72.0
WAITING_EXPIRY_BOUNDS = (1.0, 24 * 365.0)
# Play channels counted in each process (``limits``): spectators' channels one client
# address holds open at one table and over all (a household or a club watching together, not
# a flood), and one seat's own (its person's tabs and devices). ``sleuth serve
# --max-watchers-per-table``, ``--max-watchers-per-address``, ``--max-seat-channels``.
WATCH_PER_TABLE = 8
WATCH_PER_ADDRESS = 32
SEAT_CHANNELS = 8
WATCH_BOUNDS = (1, 10_000)
SEAT_CHANNEL_BOUNDS = (1, 64)
# Waiting tables one person, or one client address, may hold at once (0: no cap).
MAX_WAITING_TABLES = 10
MAX_WAITING_BOUNDS = (0, 10_000)


def default_db_url() -> str:
    return f"sqlite:///{data_folder() / 'sleuth.db'}"


def default_key_file() -> Path:
    return data_folder() / "signing.key"


@dataclass(frozen=True)
class Settings:
    """Everything ``create_app`` needs; no import-time globals."""

    db_url: str = field(default_factory=default_db_url)
    key_file: Path = field(default_factory=default_key_file)
    # Origins a browser may open the play channel and post from, besides the server's own
    # host (``Origin`` host equal to ``Host``). Clients that send no Origin are not browsers.
    allowed_origins: tuple[str, ...] = ()
    # Addresses (or networks) of reverse proxies whose X-Forwarded-For/-Proto are believed.
    # None by default: any local program could otherwise claim any client address and so
    # escape the per-address limits on new people and tables.
    trusted_proxies: tuple[str, ...] = ()
    # Processes for bots; 0 runs them in threads of this process (tests only).
    workers: int = 2
    # Processes for replays, reviews and records of finished tables (at least 1).
    replay_workers: int = 1
    sheet_workers: int = 1  # processes for sheets, apart from the bots' (0: threads, tests)
    # The operator's bound on a bot's time per decision (``ismcts:seconds``; the other
    # budgets' bounds are in ``sleuth.agents.budgets``); a decision still unanswered a
    # margin after it is made by the table's fallback bot.
    max_think: float = DEFAULT_MAX_THINK
    bot_delay: float = 0.6  # seconds before a bot's move, for people's sake
    max_message_bytes: int = 8192  # a play-channel message larger than this is refused
    max_body_bytes: int = 65536  # an HTTP body larger than this is refused
    rate_per_second: float = 20.0  # play-channel messages a connection may send, sustained
    rate_burst: int = 40
    flood_close_after: int = 200  # refused messages in a row that close the connection
    max_chat_chars: int = 500
    # Spectators' channels one client address may hold open at one table, and over all
    # (``limits.WatchLimits``), and one seat's own channels (``limits.SeatChannels``).
    watch_per_table: int = WATCH_PER_TABLE
    watch_per_address: int = WATCH_PER_ADDRESS
    seat_channels: int = SEAT_CHANNELS
    # SQLite: FULL syncs every commit, so an acknowledged action survives a power cut too.
    sqlite_synchronous: str = "FULL"
    cookie_secure: bool = False  # set behind an HTTPS reverse proxy
    # New identities and tables one client address may make (``limits``' notation, or
    # ``off``): enough for friends behind one router, too few to flood the open tables.
    new_people_rate: str = "30/minute;300/day"
    new_tables_rate: str = "30/minute;500/day"
    # Replays, reviews and records one client address may fetch (a page asks once a game).
    record_reads_rate: str = "60/minute"
    # Challenges one person may send network bots (``netchallenges``), answered or not.
    challenges_rate: str = "10/minute"
    # Attempts to prove a password (sign up, sign in, change, delete) per client address
    # and per account: a guesser gets a few hundred tries a day, friends never notice.
    sign_in_address_rate: str = "20/minute;200/day"
    sign_in_account_rate: str = "10/minute;100/day"
    password_cost: str = "owasp"  # a name of PASSWORD_COSTS
    # Invitations by name (``invites``): attempts per inviting person, and invitations one
    # account receives, so that no one floods another's notifications.
    invitations_rate: str = "10/hour;40/day"
    invited_rate: str = "5/hour;20/day"
    # Notifications by e-mail (``sleuth serve --smtp``): none without an SMTP server. The
    # password comes from the environment or a file, never the command line.
    smtp_url: str | None = None
    smtp_password: str | None = field(default=None, repr=False)
    mail_from: str = "sleuth@localhost"
    public_url: str = "http://127.0.0.1:8000"  # where the links in the mails lead
    mail_retry_seconds: float = 30.0  # before a failed mail's next try, doubling each time
    # How long a process holds the notifications it took to send: another process sends
    # them once it has run out (its own sender killed), so longer than one send may take.
    notify_lease_seconds: float = 120.0
    # Notifications by Web Push (``push``): on unless ``--no-push``; posted only to the
    # browsers' push services and these origins (``--push-service``).
    push: bool = True
    push_services: tuple[str, ...] = ()
    # Notifications to chat services and webhooks through Apprise (``hooks``): on unless
    # ``--no-hooks``; to public addresses only, unless ``--hook-private``.
    hooks: bool = True
    hook_private: bool = False
    vacation_days_a_year: int = VACATION_DAYS_A_YEAR
    waiting_expiry_hours: float = WAITING_EXPIRY_HOURS
    max_waiting_tables: int = MAX_WAITING_TABLES

    @property
    def is_postgres(self) -> bool:
        return self.db_url.startswith(POSTGRES_PREFIXES)

    def async_db_url(self) -> str:
        """PostgreSQL's URL with the driver SQLAlchemy needs on the event loop (asyncpg)."""
        url = self.db_url
        if url.startswith("postgresql://") or url.startswith("postgres://"):
            return "postgresql+asyncpg://" + url.split("://", 1)[1]
        return url

    def sqlite_path(self) -> Path | None:
        for prefix in SQLITE_PREFIXES:
            if self.db_url.startswith(prefix):
                return Path(self.db_url.removeprefix(prefix))
        return None


# SQLite runs on its own threads whatever driver a URL names (``sleuth.server.db``).
SQLITE_PREFIXES = ("sqlite:///", "sqlite+pysqlite:///", "sqlite+aiosqlite:///")
POSTGRES_PREFIXES = ("postgresql://", "postgres://", "postgresql+asyncpg://")


def db_url_refusal(url: str) -> Said | None:
    """Why ``--db`` names no database the service can use, or None. The URL is never
    repeated: it may hold a password."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    if any(url.startswith(p) and len(url) > len(p) for p in SQLITE_PREFIXES):
        return None
    if url.startswith(POSTGRES_PREFIXES):
        try:
            make_url(Settings(db_url=url).async_db_url())
        except (ArgumentError, ValueError):  # its text may quote the URL, password and all
            return said("--db: not a PostgreSQL URL Sleuth can read")
        return None
    return said("--db: a database is sqlite:///FILE or postgresql://USER@HOST/DB")
