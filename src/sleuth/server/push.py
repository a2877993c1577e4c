"""Notifications by Web Push (issue #36, item 3): the service's VAPID key pair, a person's
browsers' subscriptions and choices, the message pushed, and the sender task that empties
the queue's push rows (``notify``, channel ``push``: one row an event and a browser).

A push says what the mail says (``mail.event_words``: the table's id, the game's title,
that it is the person's move or that the game is over) and the table's link; nothing else.
It is encrypted to the browser's keys (aes128gcm, RFC 8291) and signed with the service's
VAPID key (RFC 8292), whose public half the page subscribes with.

The server only posts to the push services browsers use (``KNOWN_SERVICES``) and to the
origins its operator names (``sleuth serve --push-service``): a subscription is an address
a person gives, and the server must not be made to post anywhere they like.
"""

from __future__ import annotations

import base64
import contextlib
import json
import logging
import os
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from sleuth.core.said import said

from .event_words import event_words
from .models import EXPIRED, NotificationRow, PushSettingsRow, PushSubscriptionRow, TableRow
from .notify import PUSH, Notices
from .private import make_private_folder
from .settings import Settings
from .store import Store
from .targets import TargetSender, count_try

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("sleuth.server")

KEY_FILE_NAME = "vapid.pem"  # beside the signing key
# Push services of the browsers people use: Chrome and Edge (FCM), Firefox, Safari, Windows.
KNOWN_SERVICES = (
    "fcm.googleapis.com",
    "push.services.mozilla.com",
    "push.apple.com",
    "notify.windows.com",
)
SEND_TIMEOUT = 15.0  # seconds one push may take to hand over
TIME_TO_LIVE = 86400  # seconds a push service keeps a message for a browser that is off
POLL_SECONDS = 5.0  # for rows of another process or due again: this one's wake it at once
GONE = (404, 410)  # the push service forgot the subscription: it is dropped here too


# --- the service's key pair -----------------------------------------------------------------


class VapidKeys:
    """The P-256 key pair this service signs its pushes with; ``public``: its public key as
    browsers take it (``applicationServerKey``, the uncompressed point in base64url)."""

    def __init__(self, private: ec.EllipticCurvePrivateKey) -> None:
        self.private = private
        point = private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.public = b64url(point)

    @classmethod
    def load_or_create(cls, path: Path) -> VapidKeys:
        """The key of ``path``, made there first if absent (readable by its owner only;
        of two processes starting at once, both keep the one written first)."""
        if not path.exists():
            make_private_folder(path.parent)
            pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
            draft = path.with_name(f".{path.name}.{secrets.token_hex(8)}")
            descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "wb") as file:
                file.write(pem)
            with contextlib.suppress(FileExistsError):
                os.link(draft, path)  # whole or not at all, and never over another's
            draft.unlink()
        try:
            key = serialization.load_pem_private_key(path.read_bytes(), password=None)
        except ValueError:
            raise ValueError(
                f"{path}: not a PEM private key (delete it to make a new one)"
            ) from None
        if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
            raise ValueError(f"{path}: not a P-256 key (delete it to make a new one)")
        return cls(key)


def key_path(settings: Settings) -> Path:
    return settings.key_file.parent / KEY_FILE_NAME


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def b64url_bytes(text: str) -> bytes:
    """Base64url, padded or not, or ``ValueError``."""
    if not text or any(c not in _B64URL for c in text.rstrip("=")):
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text.rstrip("=") + "=" * (-len(text.rstrip("=")) % 4))


_B64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


# --- what a browser gives ---------------------------------------------------------------------


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str
    auth: str


def check_subscription(
    endpoint: str, p256dh: str, auth: str, services: Sequence[str]
) -> Subscription:
    """The subscription as given, or ``ValueError`` saying which part is wrong."""
    parts = urlsplit(endpoint)
    origin = f"{parts.scheme}://{parts.netloc}"
    host = parts.hostname or ""
    known = parts.scheme == "https" and parts.port in (None, 443) and _known_host(host)
    if not (known or origin in services) or parts.username or parts.password:
        raise ValueError(
            said(
                "endpoint: %(origin)s is not a push service this server posts to (the "
                "browser's own: FCM, Mozilla, Apple, Windows)",
                origin=repr(origin),
            )
        )
    try:
        point = b64url_bytes(p256dh)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise ValueError(said("keys.p256dh: not a P-256 public key in base64url")) from None
    try:
        secret = b64url_bytes(auth)
    except ValueError:
        raise ValueError(said("keys.auth: not base64url")) from None
    if len(secret) != 16:
        raise ValueError(
            said("keys.auth: %(count)s bytes, a push's auth secret has 16", count=len(secret))
        )
    return Subscription(endpoint, p256dh, auth)


def _known_host(host: str) -> bool:
    return any(host == known or host.endswith("." + known) for known in KNOWN_SERVICES)


def service_origin(text: str) -> str:
    """An operator's ``--push-service``: ``scheme://host[:port]``, or ``ValueError``."""
    parts = urlsplit(text.rstrip("/"))
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(
            said(
                "%(given)s: a push service's origin, e.g. https://push.example.org",
                given=repr(text),
            )
        )
    if parts.path or parts.query or parts.fragment or parts.username:
        raise ValueError(
            said(
                "%(given)s: only the origin (scheme://host:port), nothing after it",
                given=repr(text),
            )
        )
    return f"{parts.scheme}://{parts.netloc}"


# --- the message --------------------------------------------------------------------------------


def payload(kind: str, table_id: str, game: str, language: str, expired: bool = False) -> bytes:
    """What the browser's service worker shows: the mail's words and the table's link."""
    title, text = event_words(kind, table_id, game, language, expired=expired)
    message = {"title": title, "body": text, "url": f"/t/{table_id}", "tag": f"{table_id}-{kind}"}
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()


# --- the subscriptions, kept --------------------------------------------------------------------


class Subscriptions:
    """A person's browsers and choices, in the database."""

    def __init__(self, notices: Notices) -> None:
        self._notices = notices
        self._db = notices.database

    async def add(self, person_id: str, given: Subscription, language: str) -> None:
        """Keep the browser's subscription for the person (a browser subscribed again, or
        by another person of the same browser, keeps one row: the newest)."""

        def work(session: Session) -> None:
            query = select(PushSubscriptionRow).where(
                PushSubscriptionRow.endpoint == given.endpoint
            )
            row = session.scalar(query)
            if row is not None and row.person_id != person_id:
                _forget(session, row.id)
                row = None
            if row is None:
                row = PushSubscriptionRow(endpoint=given.endpoint, created_at=time.time())
                session.add(row)
            row.person_id = person_id
            row.p256dh, row.auth, row.language = given.p256dh, given.auth, language
            row.failures, row.last_error = 0, None
            if session.get(PushSettingsRow, person_id) is None:
                session.add(_default_choices(person_id))

        await self._db.write(work)
        await self._notices.targets_changed(person_id)

    async def of(self, person_id: str) -> list[PushSubscriptionRow]:
        query = (
            select(PushSubscriptionRow)
            .where(PushSubscriptionRow.person_id == person_id)
            .order_by(PushSubscriptionRow.id)
        )
        return await self._db.read(lambda session: list(session.scalars(query)))

    async def get(self, subscription_id: int) -> PushSubscriptionRow | None:
        return await self._db.read(
            lambda session: session.get(PushSubscriptionRow, subscription_id)
        )

    async def remove(self, subscription_id: int, person_id: str | None = None) -> bool:
        """Forget a subscription and its pushes not yet sent (``person_id``: only theirs);
        whether there was one."""

        def work(session: Session) -> bool:
            row = session.get(PushSubscriptionRow, subscription_id)
            if row is None or person_id not in (None, row.person_id):
                return False
            _forget(session, subscription_id)
            return True

        return await self._db.write(work)

    async def choices(self, person_id: str) -> PushSettingsRow | None:
        return await self._db.read(lambda session: session.get(PushSettingsRow, person_id))

    async def choose(self, row: PushSettingsRow) -> None:
        await self._db.write(lambda session: session.merge(row))
        await self._notices.targets_changed(row.person_id)

    async def tried(self, subscription_id: int, error: str | None) -> None:
        """A push to it went through (``error`` None) or failed."""
        await count_try(self._db, PushSubscriptionRow, subscription_id, error)


def _default_choices(person_id: str) -> PushSettingsRow:
    return PushSettingsRow(
        person_id=person_id,
        your_move=True,
        game_over=True,
        invited=False,
        clock_low=False,
        updated_at=time.time(),
    )


def _forget(session: Session, subscription_id: int) -> None:
    session.execute(
        delete(NotificationRow).where(
            NotificationRow.channel == PUSH,
            NotificationRow.target == subscription_id,
            NotificationRow.sent_at.is_(None),
        )
    )
    session.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.id == subscription_id))


# --- the sender ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PushConfig:
    keys: VapidKeys
    contact: str  # the VAPID "sub": how a push service reaches the operator
    first_wait: float  # seconds before a failed push is tried again, doubling each time


class PushRefused(Exception):
    """The push service answered with an error status."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(f"the push service answered {status}: {text[:200]}")
        self.status = status


class PushSender(TargetSender[PushSubscriptionRow]):
    """Pushes the queue's due push rows, one batch at a time, until cancelled."""

    channel = PUSH
    what = "push notifications"

    def __init__(self, notices: Notices, store: Store, config: PushConfig) -> None:
        super().__init__(notices, store, config.first_wait, notices.pushed, POLL_SECONDS)
        self.config = config
        self.subscriptions = Subscriptions(notices)

    async def target_of(self, row: NotificationRow) -> PushSubscriptionRow | None:
        choices = await self.subscriptions.choices(row.person_id)
        if choices is None or not getattr(choices, row.kind, False):
            return None
        return await self.subscriptions.get(row.target)

    def post(self, target: PushSubscriptionRow, row: NotificationRow, table: TableRow) -> None:
        expired = table.status == EXPIRED
        self._post(target, payload(row.kind, row.table_id, table.game, target.language, expired))

    async def gone(self, target: PushSubscriptionRow, error: Exception) -> bool:
        if isinstance(error, PushRefused) and error.status in GONE:
            log.info("push subscription %s is gone (%s)", target.id, error.status)
            await self.subscriptions.remove(target.id)
            return True
        return False

    def reason(self, error: Exception) -> str:
        return str(error) if isinstance(error, PushRefused) else super().reason(error)

    async def tried(self, target_id: int, error: str | None) -> None:
        await self.subscriptions.tried(target_id, error)

    def _post(self, browser: PushSubscriptionRow, data: bytes) -> None:
        from py_vapid import Vapid02
        from pywebpush import WebPushException, webpush

        info = {
            "endpoint": browser.endpoint,
            "keys": {"p256dh": browser.p256dh, "auth": browser.auth},
        }
        try:
            webpush(
                info,
                data.decode(),
                vapid_private_key=Vapid02(self.config.keys.private),
                vapid_claims={"sub": self.config.contact},  # a new dict: webpush fills it in
                timeout=SEND_TIMEOUT,
                ttl=TIME_TO_LIVE,
            )
        except WebPushException as error:
            if error.response is None:
                raise
            raise PushRefused(error.response.status_code, error.response.text) from None


def start_push(settings: Settings, hub: Hub, store: Store) -> VapidKeys | None:
    """Unless turned off, the queue takes push events and a sender task pushes them."""
    if not settings.push:
        return None
    keys = VapidKeys.load_or_create(key_path(settings))
    hub.notices.push_enabled = True
    hub.notices.push_services = settings.push_services
    hub.notices.push_key = keys.public
    contact = f"mailto:{settings.mail_from}"
    hub.spawn(
        PushSender(hub.notices, store, PushConfig(keys, contact, settings.mail_retry_seconds)).run()
    )
    return keys
