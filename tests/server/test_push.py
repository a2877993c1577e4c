"""Notifications by Web Push (issue #36, item 3) through a push service on loopback (a plain
HTTP server in a thread): the pushes of a whole game arrive once each, encrypted to the
browser's keys (decrypted here with them) and signed with the key the server serves; none
for one's own move; a push service that says the subscription is gone (410) has it dropped;
one that fails has it shown failing; one that holds every push never holds a move; a
subscription to anything but a push service is refused; two processes on one PostgreSQL
push, mail and post to a webhook each event once."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import asyncpg
import httpx
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from sqlalchemy import select

from sleuth.core import find_kit
from sleuth.server.db import open_database
from sleuth.server.models import PushSettingsRow, PushSubscriptionRow
from sleuth.server.push import check_subscription, payload
from sleuth.server.settings import Settings

from .conftest import Server
from .queue_waits import wait_queue_settled
from .test_mail import (
    MAIL_PASSWORD,
    PASSWORD,
    SHORT,
    MailBox,
    account,
    ask_for_mail,
    browser,
    mail_flags,
    moves_told,
    play_a_table,
)

http_ece = pytest.importorskip("http_ece")

# P-256's generator: a valid public key no one here holds the private half of.
SOME_POINT = (
    "04"
    "6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296"
    "4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5"
)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """A push service (or a webhook's receiver) on loopback: takes every POST, answers 201,
    or ``answers[path]``; while ``hold`` is clear it keeps every request waiting (a service
    that hangs)."""

    answers: dict[str, int] = field(default_factory=dict)
    received: list[Received] = field(default_factory=list)
    hold: threading.Event = field(default_factory=threading.Event)
    waiting: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    server: ThreadingHTTPServer | None = None
    port: int = 0  # any free one, unless given (a service started again where it was)

    def __post_init__(self) -> None:
        self.hold.set()

    @property
    def origin(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def start(self) -> None:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with service.lock:
                    service.waiting += 1
                service.hold.wait()
                with service.lock:
                    service.waiting -= 1
                    headers = {name.lower(): value for name, value in self.headers.items()}
                    service.received.append(Received(self.path, headers, body))
                self.send_response(service.answers.get(self.path, 201))
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.hold.set()
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()

    def taken(self, path: str | None = None) -> list[Received]:
        with self.lock:
            return [r for r in self.received if path is None or r.path == path]

    async def wait_for(self, count: int, path: str | None = None) -> list[Received]:
        for _ in range(600):
            if len(self.taken(path)) >= count:
                break
            await asyncio.sleep(0.1)
        return self.taken(path)


@pytest.fixture
def service() -> Iterator[PushService]:
    push = PushService()
    push.start()
    yield push
    push.stop()


@pytest.fixture
def mailbox() -> Iterator[MailBox]:
    box = MailBox()
    box.start()
    yield box
    box.stop()


@dataclass
class Device:
    """A browser's side of a subscription: its keys, and the endpoint it was given."""

    endpoint: str
    private: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self) -> dict[str, Any]:
        point = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        keys = {"p256dh": b64url(point), "auth": b64url(self.auth)}
        return {"endpoint": self.endpoint, "keys": keys, "expirationTime": None}

    def read(self, push: Received) -> dict[str, Any]:
        assert push.headers["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(
            push.body, private_key=self.private, auth_secret=self.auth, version="aes128gcm"
        )
        return dict(json.loads(plain))


def push_flags(service: PushService) -> tuple[str, ...]:
    return ("--push-service", service.origin, "--mail-retry", "0.2")


async def subscribe(client: httpx.AsyncClient, device: Device) -> dict[str, Any]:
    answer = await client.post("/api/account/push/browsers", json=device.subscription())
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def check_vapid(push: Received, served_key: str, audience: str) -> dict[str, Any]:
    """The claims of the push's VAPID token, its signature checked with ``served_key``."""
    scheme, _, fields = push.headers["authorization"].partition(" ")
    parts = dict(part.split("=", 1) for part in fields.split(","))
    assert (scheme, parts["k"]) == ("vapid", served_key)
    head, claims, signature = parts["t"].split(".")
    raw = unb64url(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(served_key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    forged = f"{head}.{claims}x".encode()
    with pytest.raises(InvalidSignature):
        public.verify(der, forged, ec.ECDSA(hashes.SHA256()))
    assert json.loads(unb64url(head)) == {"typ": "JWT", "alg": "ES256"}
    decoded = dict(json.loads(unb64url(claims)))
    assert decoded["aud"] == audience
    return decoded


async def test_a_whole_games_pushes_arrive_encrypted_signed_and_in_their_words(
    launch: Any, service: PushService
) -> None:
    server: Server = launch(extra=push_flags(service))
    ann_phone = Device(f"{service.origin}/push/ann")
    async with browser(server) as ann, browser(server) as bob:
        key = (await ann.get("/api/push/key")).json()["key"]
        await account(ann, "Ann")
        settings = await subscribe(ann, ann_phone)
        assert settings == {
            "your_move": True, "game_over": True, "invited": False, "clock_low": False,
            "browsers": [{"id": settings["browsers"][0]["id"], "endpoint": ann_phone.endpoint,
                          "failing": None, "failures": 0}],
            "sends_push": True,
        }  # fmt: skip
        await bob.post("/api/people", json={"name": "Bob"})
        table = await play_a_table(server, ann, bob)
        owed = await moves_told(ann, table, 0)
        await service.wait_for(len(owed) + 1)
        await wait_queue_settled(server.db, len(owed) + 1)  # a second push would be taken by now
    assert owed, "a game of two where seat 0 never came to move after seat 1"
    pushes = service.taken()
    title = find_kit(SHORT).game.title
    # As received: the sender's threads post at once, and Web Push promises no order.
    received = sorted((ann_phone.read(push) for push in pushes), key=lambda p: p["tag"])
    assert received == [
        {
            "title": f"The game of {title} at table {table} is over",
            "body": f"The game of {title} at table {table} is over.",
            "url": f"/t/{table}",
            "tag": f"{table}-game_over",
        }
    ] + [
        {
            "title": f"Your move in {title} at table {table}",
            "body": f"It is your move in {title} at table {table}.",
            "url": f"/t/{table}",
            "tag": f"{table}-your_move",
        }
    ] * len(owed)
    now = time.time()
    for push in pushes:
        assert push.path == "/push/ann"
        assert push.headers["ttl"] == "86400"
        claims = check_vapid(push, key, service.origin)
        assert claims["sub"] == "mailto:sleuth@localhost"
        assert now < claims["exp"] <= now + 24 * 3600


async def test_a_subscription_the_push_service_forgot_is_dropped(
    launch: Any, service: PushService
) -> None:
    service.answers["/push/gone"] = 410
    server: Server = launch(extra=push_flags(service))
    gone, kept = Device(f"{service.origin}/push/gone"), Device(f"{service.origin}/push/kept")
    async with browser(server) as ann, browser(server) as bob:
        await account(ann, "Ann")
        await subscribe(ann, gone)
        await subscribe(ann, kept)
        await bob.post("/api/people", json={"name": "Bob"})
        table = await play_a_table(server, ann, bob)
        owed = len(await moves_told(ann, table, 0)) + 1
        await service.wait_for(owed, "/push/kept")
        for _ in range(300):
            browsers = (await ann.get("/api/account/push")).json()["browsers"]
            if len(browsers) == 1:
                break
            await asyncio.sleep(0.1)
        assert [b["endpoint"] for b in browsers] == [kept.endpoint]
        await wait_queue_settled(server.db, owed)  # a push to the forgotten one would be taken
    assert len(service.taken("/push/gone")) == 1  # its first push, answered 410
    assert len(service.taken("/push/kept")) == owed


async def test_a_subscription_whose_pushes_fail_is_shown_failing(
    launch: Any, service: PushService
) -> None:
    service.answers["/push/down"] = 503
    server: Server = launch(extra=push_flags(service))
    async with browser(server) as ann, browser(server) as bob:
        await account(ann, "Ann")
        await subscribe(ann, Device(f"{service.origin}/push/down"))
        await bob.post("/api/people", json={"name": "Bob"})
        await play_a_table(server, ann, bob)
        failing = None
        for _ in range(300):
            browsers = (await ann.get("/api/account/push")).json()["browsers"]
            if browsers[0]["failures"] >= 2:
                failing = browsers[0]["failing"]
                break
            await asyncio.sleep(0.1)
    assert failing == "the push service answered 503: "


async def test_a_push_service_that_holds_every_push_never_holds_a_move(
    launch: Any, service: PushService
) -> None:
    service.hold.clear()  # every push waits until the game is over
    server: Server = launch(extra=push_flags(service))
    phone = Device(f"{service.origin}/push/slow")
    async with browser(server) as ann, browser(server) as bob:
        await account(ann, "Ann")
        await subscribe(ann, phone)
        await bob.post("/api/people", json={"name": "Bob"})
        table = await play_a_table(server, ann, bob)  # every move answered meanwhile
        owed = len(await moves_told(ann, table, 0)) + 1
        with service.lock:
            held = service.waiting
        assert held >= 1 and service.taken() == []
        service.hold.set()
        pushes = await service.wait_for(owed)
    tags = [phone.read(push)["tag"] for push in pushes]
    assert sorted(tags) == sorted([f"{table}-your_move"] * (owed - 1) + [f"{table}-game_over"])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"endpoint": "https://internal.example.org/push/1"},
         "endpoint: 'https://internal.example.org' is not a push service this server posts "
         "to (the browser's own: FCM, Mozilla, Apple, Windows)"),
        ({"endpoint": "http://fcm.googleapis.com/fcm/send/x"},
         "endpoint: 'http://fcm.googleapis.com' is not a push service this server posts to "
         "(the browser's own: FCM, Mozilla, Apple, Windows)"),
        ({"keys": {"p256dh": "AAAA", "auth": b64url(bytes(16))}},
         "keys.p256dh: not a P-256 public key in base64url"),
        ({"keys": {"p256dh": b64url(bytes.fromhex(SOME_POINT)), "auth": b64url(bytes(8))}},
         "keys.auth: 8 bytes, a push's auth secret has 16"),
    ],
)  # fmt: skip
async def test_a_subscription_to_anything_but_a_push_service_is_refused(
    launch: Any, service: PushService, change: dict[str, Any], message: str
) -> None:
    server: Server = launch(extra=push_flags(service))
    device = Device(f"{service.origin}/push/ann")
    body = {**device.subscription(), **change}
    async with browser(server) as ann:
        await account(ann, "Ann")
        before = (await ann.get("/api/account/push")).json()
        answer = await ann.post("/api/account/push/browsers", json=body)
        # The English detail as before; the words the page says it in beside it.
        assert (answer.status_code, answer.json()["detail"]) == (400, message)
        assert (await ann.get("/api/account/push")).json() == before


async def test_a_browser_is_unsubscribed_by_its_own_person_only(
    launch: Any, service: PushService
) -> None:
    server: Server = launch(extra=push_flags(service))
    async with browser(server) as ann, browser(server) as eve:
        await account(ann, "Ann")
        await account(eve, "Eve")
        browser_id = (await subscribe(ann, Device(f"{service.origin}/p/1")))["browsers"][0]["id"]
        refused = await eve.delete(f"/api/account/push/browsers/{browser_id}")
        assert refused.status_code == 404
        # A number past any the database stores is refused as such, not a 500.
        too_large = await ann.delete(f"/api/account/push/browsers/{2**64}")
        assert (too_large.status_code, too_large.json()["detail"][0]["loc"]) == (
            422,
            ["path", "browser_id"],
        )
        assert len((await ann.get("/api/account/push")).json()["browsers"]) == 1
        done = await ann.delete(f"/api/account/push/browsers/{browser_id}")
        assert done.status_code == 200
        assert (await ann.get("/api/account/push")).json()["browsers"] == []


async def test_two_processes_on_postgresql_push_mail_and_hook_each_event_once(
    launch: Any,
    postgres: Any,
    service: PushService,
    mailbox: MailBox,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    db = postgres()
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    flags = (*mail_flags(mailbox), "--push-service", service.origin, "--hook-private")
    first: Server = launch(db=db, extra=flags)
    launch(db=db, extra=flags)  # the second process
    ann_phone, bob_phone = Device(f"{service.origin}/ann"), Device(f"{service.origin}/bob")
    # Both play on the first (a join through the other may reach the first after the
    # seat's socket does); the second's senders take the rows from the queue all the same.
    async with browser(first) as ann, browser(first) as bob:
        await account(ann, "Ann")
        await account(bob, "Bob")
        await ask_for_mail(first, ann, "ann@example.org")
        await subscribe(ann, ann_phone)
        await subscribe(bob, bob_phone)
        hook = {"url": service.origin.replace("http://", "json://", 1) + "/hook/ann"}
        assert (await ann.post("/api/account/hooks", json=hook)).status_code == 201
        tables = await asyncio.gather(*(play_a_table(first, ann, bob) for _ in range(3)))
        owed_ann = owed_bob = 0
        for table in tables:
            owed_ann += len(await moves_told(ann, table, 0)) + 1
            owed_bob += len(await moves_told(ann, table, 1)) + 1
        await service.wait_for(owed_ann + owed_bob + owed_ann)
        await mailbox.wait_for(owed_ann)
        # Every row of the three channels sent once and none left: a second sending (by
        # either process) would be taken by now.
        await wait_queue_settled(db, 3 * owed_ann + owed_bob)
    ann_pushes = [ann_phone.read(p) for p in service.taken("/ann")]
    bob_pushes = [bob_phone.read(p) for p in service.taken("/bob")]
    hooked = service.taken("/hook/ann")
    assert (len(ann_pushes), len(bob_pushes), len(mailbox.taken()), len(hooked)) == (
        owed_ann, owed_bob, owed_ann, owed_ann,
    )  # fmt: skip
    connection = await asyncpg.connect(db.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        rows = await connection.fetch(
            "SELECT channel, count(*), count(sent_at) FROM notifications GROUP BY channel"
        )
    finally:
        await connection.close()
    total = owed_ann + owed_bob
    assert sorted(tuple(row) for row in rows) == [
        ("hook", owed_ann, owed_ann),
        ("mail", owed_ann, owed_ann),
        ("push", total, total),
    ]


def test_a_push_says_what_the_mail_says_in_the_browsers_language() -> None:
    title = find_kit(SHORT).game.title
    assert json.loads(payload("game_over", "abc123", SHORT, "de")) == {
        "title": f"Die Partie {title} an Tisch abc123 ist zu Ende",
        "body": f"Die Partie {title} an Tisch abc123 ist zu Ende.",
        "url": "/t/abc123",
        "tag": "abc123-game_over",
    }


def test_a_push_of_an_expired_table_says_it_expired_not_that_it_is_over() -> None:
    title = find_kit(SHORT).game.title
    assert json.loads(payload("game_over", "abc123", SHORT, "de", expired=True)) == {
        "title": f"Tisch abc123 für {title} ist vor dem Start der Partie abgelaufen",
        "body": f"Tisch abc123 für {title} ist vor dem Start der Partie abgelaufen: Seine "
        "Plätze wurden nicht rechtzeitig alle besetzt, und er nimmt niemanden mehr auf.",
        "url": "/t/abc123",
        "tag": "abc123-game_over",
    }


def test_the_browsers_own_push_services_are_allowed() -> None:
    device = Device("https://fcm.googleapis.com/fcm/send/abc:def")
    keys = device.subscription()["keys"]
    for endpoint in (
        "https://fcm.googleapis.com/fcm/send/abc:def",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
        "https://web.push.apple.com/QGx",
        "https://wns2-par02p.notify.windows.com/w/?token=x",
    ):
        given = check_subscription(endpoint, keys["p256dh"], keys["auth"], ())
        assert given.endpoint == endpoint
    with pytest.raises(ValueError) as refused:
        check_subscription(
            "https://evil-fcm.googleapis.com.example/x", keys["p256dh"], keys["auth"], ()
        )
    assert str(refused.value) == (
        "endpoint: 'https://evil-fcm.googleapis.com.example' is not a push service this server "
        "posts to (the browser's own: FCM, Mozilla, Apple, Windows)"
    )


async def test_a_deleted_account_leaves_no_browser_to_push_to(
    launch: Any, service: PushService
) -> None:
    server: Server = launch(extra=push_flags(service))
    async with browser(server) as ann:
        await account(ann, "Ann")
        await subscribe(ann, Device(f"{service.origin}/push/ann"))
        deleted = await ann.request("DELETE", "/api/account", json={"password": PASSWORD})
        assert deleted.status_code == 200, deleted.text
    database = open_database(Settings(db_url=server.db))
    try:
        left = await database.read(
            lambda session: (
                list(session.scalars(select(PushSubscriptionRow))),
                list(session.scalars(select(PushSettingsRow))),
            )
        )
    finally:
        await database.close()
    assert left == ([], [])


async def test_the_key_is_made_once_beside_the_signing_key_and_kept(
    launch: Any, service: PushService
) -> None:
    first: Server = launch(extra=push_flags(service))
    async with browser(first) as client:
        key = (await client.get("/api/push/key")).json()["key"]
    pem = first.key.parent / "vapid.pem"
    assert pem.stat().st_mode & 0o777 == 0o600
    private = serialization.load_pem_private_key(pem.read_bytes(), password=None)
    assert isinstance(private, ec.EllipticCurvePrivateKey)
    point = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    assert key == b64url(point)
    first.kill()
    again: Server = launch(extra=push_flags(service))  # the same key file's folder
    async with browser(again) as client:
        assert (await client.get("/api/push/key")).json()["key"] == key


async def test_a_server_without_push_says_so(launch: Any) -> None:
    server: Server = launch(extra=("--no-push",))
    async with browser(server) as ann:
        answer = await ann.get("/api/push/key")
        assert (answer.status_code, answer.json()) == (
            409, {"detail": "this server pushes no notifications (it was started with --no-push)"},
        )  # fmt: skip
        await account(ann, "Ann")
        assert (await ann.get("/api/account/push")).json() == {
            "your_move": False, "game_over": False, "invited": False, "clock_low": False,
            "browsers": [], "sends_push": False,
        }  # fmt: skip


async def test_the_page_links_its_manifest_and_its_worker_is_served_for_the_whole_site(
    launch: Any,
) -> None:
    server: Server = launch()
    async with browser(server) as client:
        page = (await client.get("/")).text
        worker = await client.get("/sw.js")
        manifest = await client.get("/manifest.webmanifest")
        icons = [await client.get(i["src"]) for i in manifest.json()["icons"]]
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert worker.status_code == 200
    assert worker.headers["service-worker-allowed"] == "/"
    assert worker.headers["content-type"].startswith("text/javascript")
    assert 'addEventListener("push"' in worker.text
    assert manifest.headers["content-type"] == "application/manifest+json"
    assert {k: manifest.json()[k] for k in ("name", "start_url", "display")} == {
        "name": "Sleuth", "start_url": "/", "display": "standalone",
    }  # fmt: skip
    assert [(i.status_code, i.headers["content-type"]) for i in icons] == [
        (200, "image/png"), (200, "image/png"), (200, "image/svg+xml"),
    ]  # fmt: skip
