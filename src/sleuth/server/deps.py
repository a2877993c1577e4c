"""Typed dependencies: the services of the app, the person behind a request, the Origin."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import Depends, HTTPException, Request
from starlette.requests import HTTPConnection

from . import problems
from .access import Caller, Door, refusal
from .accounts import Accounts, SignInLimits
from .confirm_limits import ConfirmationLimits
from .hooks import HostChecks
from .hub import Hub
from .invites import Invitations
from .limits import ChatLimits, SeatChannels, WatchLimits
from .live import facts_of
from .models import PersonRow
from .netbots import BotAccounts, NetBots
from .netchallenges import Challenges
from .owner import TableOwner
from .passkeys import Passkeys
from .people import People
from .ratelimit import CreationLimits, ReadLimits, Refused
from .reviews import RecordWork
from .settings import Settings
from .signing import SigningKey

COOKIE = "sleuth_id"
BEARER_CHARS = 100  # a bot's token is 36: a longer one is no token of ours


@dataclass
class Services:
    settings: Settings
    people: People
    hub: Hub
    key: SigningKey
    creation: CreationLimits
    accounts: Accounts
    sign_ins: SignInLimits
    passkeys: Passkeys
    bots: BotAccounts | None = None  # network bots' accounts (``netbots``)
    netbots: NetBots = field(default_factory=NetBots)
    reviews: RecordWork = field(init=False)
    reads: ReadLimits = field(init=False)
    chats: ChatLimits = field(init=False)  # chat lines per person, over every route
    watchers: WatchLimits = field(init=False)  # spectators' channels per client address
    seat_channels: SeatChannels = field(init=False)  # each seat's own play channels
    challenges: Challenges = field(init=False)  # of network bots (``netchallenges``)
    invites: Invitations = field(init=False)
    confirmations: ConfirmationLimits = field(init=False)
    host_checks: HostChecks = field(default_factory=HostChecks)  # of new hooks' URLs

    def __post_init__(self) -> None:
        self.reviews = RecordWork(self.settings.replay_workers)
        self.reads = ReadLimits(self.settings.record_reads_rate)
        self.chats = ChatLimits(self.settings.rate_per_second, self.settings.rate_burst)
        self.watchers = WatchLimits(self.settings.watch_per_table, self.settings.watch_per_address)
        self.seat_channels = SeatChannels(self.settings.seat_channels)
        self.challenges = Challenges(self.netbots, self.settings.challenges_rate)
        self.invites = Invitations(
            self.hub.notices.database, self.settings.invitations_rate, self.settings.invited_rate
        )
        self.confirmations = ConfirmationLimits(self.hub.notices.database)


async def services(request: HTTPConnection) -> Services:
    # A coroutine, not a plain function: FastAPI runs a plain function's dependency in a
    # worker thread, a hop to another thread and back (and the interpreter's lock handed
    # over twice) in every request and every play channel's opening.
    found: Services = request.app.state.services
    return found


ServicesDep = Annotated[Services, Depends(services)]


async def current_person(request: HTTPConnection, app: ServicesDep) -> PersonRow | None:
    secret = request.cookies.get(COOKIE)
    if not secret or len(secret) > 100:
        return None
    return await app.people.by_secret(secret)


async def required_person(
    person: Annotated[PersonRow | None, Depends(current_person)],
) -> PersonRow:
    if person is None:
        raise HTTPException(401, problems.NO_IDENTITY())
    return person


MaybePerson = Annotated[PersonRow | None, Depends(current_person)]
Person = Annotated[PersonRow, Depends(required_person)]


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """A browser's Origin must be this server (its Host) or one named in the settings;
    a client that sends none is not a browser, so no other site can speak through it."""
    if origin is None:
        return True
    if origin in allowed:
        return True
    return host is not None and urlsplit(origin).netloc == host


async def same_origin(request: Request, app: ServicesDep) -> None:
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    if not origin_allowed(
        request.headers.get("origin"), request.headers.get("host"), app.settings.allowed_origins
    ):
        raise HTTPException(403, problems.ORIGIN())


Checked = Depends(same_origin)


async def count_new(what: str, request: Request, app: Services) -> None:
    """Count one new person or table made by this request's client address, or refuse it
    (429) past the operator's limit (``sleuth serve --max-new-people/--max-new-tables``)."""
    refuse_past(await app.creation.hit(what, client_address(request)))


async def count_read(request: Request, app: Services, what: str = "records") -> None:
    """Count one replay, review or record fetched (``records``), or one invite checked
    (``invites``), by this request's client address, or refuse it (429) past the operator's
    limit (``sleuth serve --max-record-reads``: each kind counted on its own)."""
    refuse_past(await app.reads.hit(client_address(request), what))


def client_address(request: HTTPConnection) -> str:
    """The address per-address limits count against (after ``--trusted-proxy``'s rewrite).

    One IPv6 client commonly holds a whole /64, so its addresses count as that /64; an
    IPv4-mapped IPv6 address counts as its IPv4 address.
    """
    host = request.client.host if request.client else "unknown"
    try:
        address = ipaddress.ip_address(host.partition("%")[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return host


def bearer_token(connection: HTTPConnection) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (a network bot's), if any."""
    scheme, _, token = (connection.headers.get("authorization") or "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > BEARER_CHARS:
        return None
    return token


def refuse_past(refused: Refused | None) -> None:
    """A limit's refusal as HTTP's 429, with when to try again."""
    if refused is not None:
        raise HTTPException(429, refused.message, headers={"Retry-After": str(refused.retry_after)})


async def table_owner(table_id: str, app: ServicesDep) -> TableOwner:
    if len(table_id) > 32:
        raise HTTPException(404, problems.NO_TABLE(table=repr(table_id)))
    try:
        return await app.hub.get(table_id)
    except KeyError:
        raise HTTPException(404, problems.NO_TABLE(table=repr(table_id))) from None


Table = Annotated[TableOwner, Depends(table_owner)]


def require(
    door: Door, table: TableOwner, caller: Caller | PersonRow | None, seat: int | None = None
) -> None:
    """Raise the HTTP error of ``access.refusal`` if ``caller`` may not pass ``door``."""
    if not isinstance(caller, Caller):
        caller = Caller(person=None if caller is None else caller.id)
    refused = refusal(door, facts_of(table.live), caller, seat)
    if refused is not None:
        raise HTTPException(refused.status, refused.message)
