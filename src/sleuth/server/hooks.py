"""Notifications to chat services and webhooks (issue #36, item 3), sent by Apprise: a person
pastes one Apprise URL a target (Discord, Slack, Matrix, Telegram, ntfy, a plain JSON
webhook) and picks the kinds it takes; Sleuth writes no code of any service. The queue's
rows of channel ``hook`` (``notify``) name the hook; the ``HookSender`` posts them.

A message says what the mail says (``mail.event_words``: the table's id, the game's title,
that it is the person's move or that the game is over) and the table's link; nothing else.

A URL is an address a person gives, and the server must not be made to post anywhere they
like: only the network services of ``SCHEMES`` (none of Apprise's that act on this machine:
desktop notices, syslog, files), no attachments, no redirects followed, no discovery of
another server, its timeouts and retries bounded by the service (the queue retries), and a
host the person names must resolve to public addresses only when entered, and every
connection a send makes goes to a public address checked as it connects
(``guard_connections``), unless the operator allows private ones (``--hook-private``). The
stored URL may hold a token: it is shown to its own person only, masked as Apprise masks
secrets, and never logged.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlsplit

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from sleuth.i18n import N_

from . import problems
from .event_words import event_words
from .models import EXPIRED, HookRow, NotificationRow, TableRow
from .notify import HOOK, KINDS, Notices
from .settings import Settings
from .store import Store
from .targets import TargetSender, count_try

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("sleuth.server")

# The schemes taken, each a service reached over the network. Where the person names the
# host (``own_host``), it is checked; the others post to their service's own host.
SCHEMES = ("discord", "json", "jsons", "matrix", "matrixs", "ntfy", "ntfys", "slack", "tgram")
MOST_HOOKS = 5  # a person's hooks at most
LONGEST_URL = 1000
CONNECT_SECONDS = 5.0  # Apprise's connect and read timeouts at most, whatever a URL asks
READ_SECONDS = 10.0
SEND_SECONDS = 30.0  # one send at most, all its requests together
POLL_SECONDS = 5.0
REFUSED_PARAMETERS = ("attach", "attachment")
NOT_TAKEN = N_("the receiver could not be reached or did not take the message")


@dataclass(frozen=True)
class CheckedHook:
    url: str  # as given (spaces around it dropped)
    shown: str  # as Apprise writes it with its secrets masked


def check_hook_url(text: str, allow_private: bool) -> CheckedHook:
    """The URL, if Apprise knows it and it is one this server posts to, or ``ValueError``
    saying what is wrong. It names the scheme and host only, never the rest: it may hold a
    token. Resolves the host the URL names (blocking: call it off the loop)."""
    url = text.strip()
    if not url:
        raise ValueError(problems.HOOK_EMPTY())
    if len(url) > LONGEST_URL:
        raise ValueError(problems.HOOK_LONG(chars=LONGEST_URL))
    if any(c.isspace() or not c.isprintable() for c in url):
        raise ValueError(problems.HOOK_SPACE())
    scheme, separator, _rest = url.partition("://")
    if not separator or not scheme:
        raise ValueError(problems.HOOK_NO_SCHEME())
    scheme = scheme.lower()
    if scheme not in SCHEMES:
        schemes = ", ".join(s + "://" for s in SCHEMES)
        raise ValueError(problems.HOOK_SCHEME(scheme=scheme[:40], schemes=schemes))
    asked = {key.lower() for key, _value in parse_qsl(urlsplit(url).query)}
    if asked & set(REFUSED_PARAMETERS):
        raise ValueError(problems.HOOK_ATTACHMENT())
    plugin = _instantiate(url)
    if plugin is None:
        raise ValueError(problems.HOOK_MALFORMED(scheme=scheme))
    check_host(plugin, scheme, allow_private)
    # Apprise's own parameters, which it writes out in full, left out: what the person typed.
    return CheckedHook(url, str(plugin.url(privacy=True)).partition("?")[0])


def _instantiate(url: str) -> Any:
    """Apprise's plugin for the URL, bounded (None: Apprise does not take it)."""
    from apprise import Apprise, AppriseAsset

    asset = AppriseAsset(
        storage_mode="memory",  # nothing written to this machine's disk
        http_redirects=False,
        service_timeout=SEND_SECONDS,
        allow_templates=False,
        pgp_autogen=False,
        pem_autogen=False,
    )
    plugin = Apprise.instantiate(url, asset=asset, suppress_exceptions=True)
    if plugin is None:
        return None
    # Whatever the URL's own parameters say: the queue retries, and a slow receiver holds
    # a sending thread for a bounded time only.
    plugin.retry = 0
    plugin.redirects = False
    plugin.socket_connect_timeout = min(plugin.socket_connect_timeout or 0, CONNECT_SECONDS)
    plugin.socket_read_timeout = min(plugin.socket_read_timeout or 0, READ_SECONDS)
    plugin.socket_connect_timeout = plugin.socket_connect_timeout or CONNECT_SECONDS
    plugin.socket_read_timeout = plugin.socket_read_timeout or READ_SECONDS
    if hasattr(plugin, "discovery"):
        plugin.discovery = False  # Matrix: no asking the host where else to post
    return plugin


def own_host(plugin: Any, scheme: str) -> str | None:
    """The host the URL names that Apprise posts to, if the person names it (a webhook, a
    self-hosted ntfy or Matrix server); None for a service's own host."""
    mode = getattr(plugin, "mode", None)
    if scheme in ("json", "jsons"):
        return str(plugin.host)
    if scheme in ("ntfy", "ntfys") and mode == "private":
        return str(plugin.host)
    if scheme in ("matrix", "matrixs") and mode != "t2bot":
        return str(plugin.host)
    return None


def check_host(plugin: Any, scheme: str, allow_private: bool) -> None:
    """``ValueError`` if the URL's own host is not found or is at a private address."""
    host = own_host(plugin, scheme)
    if host is None or allow_private:
        return
    try:
        public_address(host.strip("[]"), plugin.port)
    except PrivateAddress as private:
        raise ValueError(problems.HOOK_HOST_PRIVATE(host=host, address=private.address)) from None
    except (OSError, UnicodeError):
        raise ValueError(problems.HOOK_HOST_UNKNOWN(host=host)) from None


class PrivateAddress(OSError):
    def __init__(self, address: str) -> None:
        super().__init__(f"{address} is a private address: hooks post to public ones only")
        self.address = address


# Prefixes that carry an IPv4 address in their low 32 bits (NAT64) or that Python's
# ``is_global`` passes though they reach no public IPv6 host of their own: a connection
# to one may end at the IPv4 address inside, so that is the one judged.
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_NEVER_PUBLIC = (
    ipaddress.IPv6Network("64:ff9b:1::/48"),  # local-use NAT64 (RFC 8215)
    ipaddress.IPv6Network("::/96"),  # IPv4-compatible, deprecated (RFC 4291)
    ipaddress.IPv6Network("fec0::/10"),  # site-local, deprecated (RFC 3879)
    ipaddress.IPv6Network("2001::/32"),  # Teredo
)


def is_public(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether a hook may connect to ``ip``: a global address, and any IPv4 address it
    carries (mapped, NAT64, 6to4) global too."""
    if isinstance(ip, ipaddress.IPv4Address):
        return ip.is_global
    if any(ip in net for net in _NEVER_PUBLIC):
        return False
    inner = ip.ipv4_mapped or ip.sixtofour
    if ip in _NAT64:
        inner = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if inner is not None:
        return inner.is_global
    return ip.is_global


def public_address(host: str, port: int | None) -> str:
    """An address of ``host``, if every one it resolves to is public, or ``PrivateAddress``
    (``OSError`` if it does not resolve)."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    for *_family, address in found:
        ip = ipaddress.ip_address(str(address[0]).partition("%")[0])
        if not is_public(ip):
            raise PrivateAddress(str(ip))
    return str(found[0][4][0])


# Every connection a hook's send makes (to the URL's host, and any other Apprise asks for)
# goes to an address checked as it is made: a name that resolved to a public address when
# the URL was entered may resolve to a private one now. Only the hooks' sending threads are
# guarded (``_guard.on``); the process's other HTTP clients connect as before.
_guard = threading.local()


def guard_connections() -> None:
    """Have urllib3 (under requests, under Apprise) connect hooks' sends to public
    addresses only (once a process)."""
    from urllib3.util import connection

    original = connection.create_connection
    if getattr(original, "sleuth_guarded", False):
        return

    def create_connection(address: tuple[str, int], *args: Any, **kwargs: Any) -> socket.socket:
        if not getattr(_guard, "on", False):
            return original(address, *args, **kwargs)
        host, port = address
        # The address checked is the address connected to: no second lookup between them.
        return original((public_address(host, port), port), *args, **kwargs)

    create_connection.sleuth_guarded = True  # type: ignore[attr-defined]
    connection.create_connection = create_connection


# --- the message ------------------------------------------------------------------------------


def message(
    kind: str, table_id: str, game: str, language: str, public_url: str, expired: bool = False
) -> tuple[str, str]:
    """The title and text a hook is sent: the mail's words and the table's link."""
    title, text = event_words(kind, table_id, game, language, expired=expired)
    return title, f"{text}\n{public_url.rstrip('/')}/t/{table_id}"


# --- the hooks, kept ----------------------------------------------------------------------------


class TooManyHooks(Exception):
    pass


class Hooks:
    """A person's hooks, in the database."""

    def __init__(self, notices: Notices) -> None:
        self._notices = notices
        self._db = notices.database

    async def add(
        self, person_id: str, given: CheckedHook, language: str, kinds: dict[str, bool]
    ) -> None:
        """Keep the hook, or ``TooManyHooks`` (or ``ValueError``: the person has it already)."""

        def work(session: Session) -> None:
            mine = select(HookRow.url).where(HookRow.person_id == person_id)
            urls = list(session.scalars(mine))
            if given.url in urls:
                raise ValueError(problems.HOOK_TWICE())
            if len(urls) >= MOST_HOOKS:
                raise TooManyHooks
            session.add(
                HookRow(
                    person_id=person_id,
                    url=given.url,
                    shown=given.shown,
                    language=language,
                    created_at=time.time(),
                    failures=0,
                    **kinds,
                )
            )

        await self._db.write(work)
        await self._notices.targets_changed(person_id)

    async def of(self, person_id: str) -> list[HookRow]:
        query = select(HookRow).where(HookRow.person_id == person_id).order_by(HookRow.id)
        return await self._db.read(lambda session: list(session.scalars(query)))

    async def get(self, hook_id: int) -> HookRow | None:
        return await self._db.read(lambda session: session.get(HookRow, hook_id))

    async def choose(self, hook_id: int, person_id: str, kinds: dict[str, bool]) -> bool:
        """The kinds the person's hook takes; whether they have it."""
        change = (
            update(HookRow)
            .where(HookRow.id == hook_id, HookRow.person_id == person_id)
            .values(kinds)
        )
        chosen: bool = await self._db.write(
            lambda session: bool(session.execute(change).rowcount)  # type: ignore[attr-defined]
        )
        await self._notices.targets_changed(person_id)
        return chosen

    async def remove(self, hook_id: int, person_id: str) -> bool:
        """Forget the person's hook and what is queued for it; whether they had it."""

        def work(session: Session) -> bool:
            row = session.get(HookRow, hook_id)
            if row is None or row.person_id != person_id:
                return False
            session.execute(
                delete(NotificationRow).where(
                    NotificationRow.channel == HOOK,
                    NotificationRow.target == hook_id,
                    NotificationRow.sent_at.is_(None),
                )
            )
            session.delete(row)
            return True

        return await self._db.write(work)

    async def tried(self, hook_id: int, error: str | None) -> None:
        await count_try(self._db, HookRow, hook_id, error)


def choices_of(row: HookRow) -> dict[str, bool]:
    return {kind: bool(getattr(row, kind)) for kind in KINDS}


# --- the sender ---------------------------------------------------------------------------------


class HookNotTaken(Exception):
    """Apprise's send came back refused (it logs why; the person sees ``NOT_TAKEN``)."""


def send_hook(url: str, title: str, text: str, public_only: bool) -> None:
    """Send through Apprise (blocking), or ``HookNotTaken``; ``public_only``: every
    connection to a public address (``guard_connections``, installed by then)."""
    plugin = _instantiate(url)
    if plugin is None:
        raise HookNotTaken("Apprise no longer takes the URL")
    _guard.on = public_only
    try:
        taken = plugin.notify(title=title, body=text, body_format="text")
    finally:
        _guard.on = False
    if not taken:
        raise HookNotTaken("the receiver did not take it")


class HookSender(TargetSender[HookRow]):
    """Sends the queue's due hook rows through Apprise, one batch at a time."""

    channel = HOOK
    what = "hook notifications"

    def __init__(self, notices: Notices, store: Store, settings: Settings) -> None:
        super().__init__(notices, store, settings.mail_retry_seconds, notices.hooked, POLL_SECONDS)
        self.hooks = Hooks(notices)
        self.public_url = settings.public_url
        self.allow_private = settings.hook_private

    async def target_of(self, row: NotificationRow) -> HookRow | None:
        hook = await self.hooks.get(row.target)
        if hook is None or not getattr(hook, row.kind, False):
            return None
        return hook

    def post(self, target: HookRow, row: NotificationRow, table: TableRow) -> None:
        expired = table.status == EXPIRED
        title, text = message(
            row.kind, row.table_id, table.game, target.language, self.public_url, expired
        )
        send_hook(target.url, title, text, public_only=not self.allow_private)

    def reason(self, error: Exception) -> str:
        # A catalogued reason, shown in the person's language: never a host, a token or the
        # receiver's own words (the log has the error's kind only, for the same reason).
        return NOT_TAKEN

    async def tried(self, target_id: int, error: str | None) -> None:
        await self.hooks.tried(target_id, error)


def start_hooks(settings: Settings, hub: Hub, store: Store) -> None:
    """Unless turned off, the queue takes hook events and a sender task posts them."""
    if not settings.hooks:
        return
    # Apprise's own debug lines carry whole URLs, tokens and all.
    logging.getLogger("apprise").setLevel(logging.WARNING)
    hub.notices.hooks_enabled = True
    if not settings.hook_private:
        guard_connections()
    hub.spawn(HookSender(hub.notices, store, settings).run())


class HostChecks:
    """The threads that check a new hook's URL: it resolves a name, which may take a while,
    so never on the loop, nor on the loop's default threads that the rest of the service
    shares (a flood of URLs naming slow hosts would hold them all). A check that has not
    ended within ``seconds``, its wait for a thread included, is refused saying so."""

    THREADS = 2
    SECONDS = 10.0

    def __init__(self) -> None:
        self.seconds = self.SECONDS
        self._threads = ThreadPoolExecutor(self.THREADS, thread_name_prefix="sleuth-hook-check")

    async def checked(self, text: str, allow_private: bool) -> CheckedHook:
        checking = self._threads.submit(check_hook_url, text, allow_private)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(checking), self.seconds)
        except TimeoutError:
            checking.cancel()
            raise ValueError(problems.HOOK_HOST_SLOW(seconds=f"{self.seconds:g}")) from None

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)
