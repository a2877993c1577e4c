"""Notifications by e-mail (issue #36, item 3) through a real SMTP server on loopback
(aiosmtpd, with a login): "your move" arrives with its exact words, none for one's own move,
mails queued while the SMTP server is down are sent once it is back (no move waited for
it), the unsubscribe link turns that kind off, a malformed address is refused, and two
processes on one PostgreSQL send each event once."""

from __future__ import annotations

import asyncio
import contextlib
import email
import threading
from collections.abc import AsyncIterator, Iterator
from email.message import EmailMessage
from email.policy import default as default_policy
from typing import Any

import asyncpg
import httpx
import pytest

from sleuth.cli.main import main
from sleuth.core import find_kit
from sleuth.core.records import replay_record
from sleuth.core.said import Said, SaidValue, said_in
from sleuth.server.mail_address import SmtpServer, parse_smtp
from sleuth.server.mail_compose import Mail, compose
from sleuth.server.mail_links import confirm_token, unsubscribe_token
from sleuth.server.signing import SigningKey
from support.game_cases import kit_for

from .client import SeatClient
from .conftest import Server, free_port
from .queue_waits import wait_queue_settled

aiosmtpd_controller = pytest.importorskip("aiosmtpd.controller")
aiosmtpd_smtp = pytest.importorskip("aiosmtpd.smtp")

# The loopback SMTP server asks for a login without TLS, as no real one should.
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
SHORT = kit_for(lambda cases: cases.fronts.short).name
PASSWORD = "correct horse battery"
MAIL_PASSWORD = "mail-secret"
SENDER = "sleuth@example.org"


class MailBox:
    """An SMTP server on loopback that takes mails from the user ``mailer`` only."""

    def __init__(self) -> None:
        self.port = free_port()
        self.mails: list[EmailMessage] = []
        self.raw: list[bytes] = []
        self.confirmations: list[EmailMessage] = []  # kept apart from the notifications
        self._lock = threading.Lock()
        self._controller: Any = None

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=default_policy)
        assert isinstance(message, EmailMessage)
        with self._lock:
            if ".confirm@" in str(message["Message-ID"]):
                self.confirmations.append(message)
                return "250 OK"
            self.mails.append(message)
            self.raw.append(envelope.content)
        return "250 OK"

    @staticmethod
    def _login(_server: Any, _session: Any, _envelope: Any, _mechanism: str, data: Any) -> Any:
        ok = data.login == b"mailer" and data.password == MAIL_PASSWORD.encode()
        return aiosmtpd_smtp.AuthResult(success=ok)

    def start(self) -> None:
        self._controller = aiosmtpd_controller.Controller(
            self,
            hostname="127.0.0.1",
            port=self.port,
            authenticator=self._login,
            auth_required=True,
            auth_require_tls=False,
        )
        self._controller.start()

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def taken(self) -> list[EmailMessage]:
        with self._lock:
            return list(self.mails)

    async def wait_for(self, count: int, timeout: float = 60) -> list[EmailMessage]:
        deadline = asyncio.get_running_loop().time() + timeout
        while len(self.taken()) < count and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.1)
        return self.taken()


@pytest.fixture
def mailbox() -> Iterator[MailBox]:
    box = MailBox()
    box.start()
    yield box
    box.stop()


def mail_flags(box: MailBox) -> tuple[str, ...]:
    return (
        "--smtp", f"smtp://mailer@127.0.0.1:{box.port}", "--mail-from", SENDER,
        "--mail-retry", "0.2",
    )  # fmt: skip


@contextlib.asynccontextmanager
async def browser(server: Server) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as client:
        yield client


async def account(client: httpx.AsyncClient, name: str) -> str:
    made = await client.post("/api/account", json={"name": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


async def ask_for_mail(
    server: Server, client: httpx.AsyncClient, address: str, **kinds: bool
) -> dict[str, Any]:
    """The address set and confirmed (by the link its confirmation mail holds)."""
    answer = await client.put(
        "/api/account/mail", json={"address": address, "language": "en", **kinds}
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["confirmed"] is False
    person = (await client.get("/api/account")).json()["id"]
    token = confirm_token(SigningKey.load_or_create(server.key), person, address)
    confirmed = await client.get(f"/mail/confirm/{token}")
    assert confirmed.status_code == 200, confirmed.text
    settings = (await client.get("/api/account/mail")).json()
    assert settings["confirmed"] is True
    return dict(settings)


async def play_a_table(server: Server, ann: httpx.AsyncClient, bob: httpx.AsyncClient) -> str:
    """A whole game of two people, Ann at seat 0 and Bob at seat 1; the table's id."""
    body = {"game": SHORT, "players": 2, "sit": 0, "sheet": "off",
            "seats": [{"kind": "person"}, {"kind": "person"}]}  # fmt: skip
    created = (await ann.post("/api/tables", json=body)).json()
    table = created["table"]["id"]
    joined = await bob.post(
        f"/api/tables/{table}/join", json={"token": created["invites"][0]["token"]}
    )
    assert joined.status_code == 200, joined.text
    seats = [
        SeatClient(server.ws, table, seat, cookie=str(client.cookies["sleuth_id"]))
        for seat, client in ((0, ann), (1, bob))
    ]
    for seat in seats:
        await seat.connect()
    await asyncio.gather(*(seat.play(timeout=120) for seat in seats))
    for seat in seats:
        await seat.close()
    return str(table)


async def moves_told(client: httpx.AsyncClient, table: str, seat: int) -> list[int]:
    """The steps after which the game came to wait for ``seat``, by the other seat's step
    (not the last): the "your move" mails its person is owed, worked out from the record."""
    record = (await client.get(f"/api/tables/{table}/record")).json()["record"]
    states = list(replay_record(record).states())
    movers = [step[0] for step in record["steps"]]
    return [
        number
        for number in range(1, len(states) - 1)
        if states[number].to_move() == seat != states[number - 1].to_move()
        and movers[number - 1] != seat
    ]


def subject(mail: EmailMessage) -> str:
    # A subject longer than a line is folded before its first word by Python's mail
    # writer; the space of the fold is no part of the subject.
    return str(mail["Subject"]).strip()


def body(mail: EmailMessage) -> str:
    part = mail.get_body(("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")  # lines end in CRLF on the wire


async def test_your_move_arrives_in_its_words_and_none_for_ones_own_move(
    launch: Any, mailbox: MailBox, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    server: Server = launch(extra=mail_flags(mailbox))
    async with browser(server) as ann, browser(server) as bob:
        ann_id = await account(ann, "Ann")
        await ask_for_mail(server, ann, "ann@example.org")
        await bob.post("/api/people", json={"name": "Bob"})
        table = await play_a_table(server, ann, bob)
        owed = await moves_told(ann, table, 0)
        mails = await mailbox.wait_for(len(owed) + 1)
        key = SigningKey.load_or_create(server.key)
    assert owed, "a game of two where seat 0 never came to move after seat 1"
    title = find_kit(SHORT).game.title
    subjects = [subject(m) for m in mails]
    assert subjects == [f"Your move in {title} at table {table}"] * len(owed) + [
        f"The game of {title} at table {table} is over"
    ]
    assert {str(m["To"]) for m in mails} == {"ann@example.org"}
    assert len({str(m["Message-ID"]) for m in mails}) == len(mails)
    stop = f"{server.http}/mail/unsubscribe/{unsubscribe_token(key, ann_id, 'your_move')}"
    assert str(mails[0]["From"]) == SENDER
    # As written on the wire: the link whole on one line, as mail programs read it.
    assert f"\r\nList-Unsubscribe: <{stop}>\r\n".encode() in mailbox.raw[0]
    assert body(mails[0]) == (
        f"It is your move in {title} at table {table}.\n\n"
        f"Open the table: {server.http}/t/{table}\n\n"
        "-- \n"
        "You get this mail because you asked for it in your Sleuth account.\n"
        f"No more mails of this kind: {stop}\n"
    )


async def test_mails_queued_while_the_smtp_server_is_down_are_sent_when_it_is_back(
    launch: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    box = MailBox()  # not started: the server's mails find no one listening
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    server: Server = launch(extra=mail_flags(box))
    try:
        async with browser(server) as ann, browser(server) as bob:
            await account(ann, "Ann")
            await ask_for_mail(server, ann, "ann@example.org", your_move=True, game_over=True)
            await bob.post("/api/people", json={"name": "Bob"})
            # Every move is answered while no mail can go: the game is played to its end.
            table = await play_a_table(server, ann, bob)
            owed = await moves_told(ann, table, 0)
            failing = None
            for _ in range(300):
                failing = (await ann.get("/api/account/mail")).json()["failing"]
                if failing:
                    break
                await asyncio.sleep(0.1)
            # A reason of the catalogue: nothing of the server's own words, host or port.
            assert failing == "the mail server could not be reached"
            assert box.taken() == []
            box.start()
            mails = await box.wait_for(len(owed) + 1)
            assert len(mails) == len(owed) + 1
            assert len({str(m["Message-ID"]) for m in mails}) == len(mails)
            for _ in range(100):  # marked sent just after the server took the last one
                if (await ann.get("/api/account/mail")).json()["failing"] is None:
                    break
                await asyncio.sleep(0.1)
            assert (await ann.get("/api/account/mail")).json()["failing"] is None
    finally:
        box.stop()


async def test_the_unsubscribe_link_turns_that_kind_off(
    launch: Any, mailbox: MailBox, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    server: Server = launch(extra=mail_flags(mailbox))
    async with browser(server) as ann, browser(server) as bob:
        await account(ann, "Ann")
        await ask_for_mail(server, ann, "ann@example.org", your_move=True, game_over=True)
        await bob.post("/api/people", json={"name": "Bob"})
        table = await play_a_table(server, ann, bob)
        owed = await moves_told(ann, table, 0)
        mails = await mailbox.wait_for(len(owed) + 1)
        link = str(mails[0]["List-Unsubscribe"]).strip("<>")
        async with httpx.AsyncClient(timeout=30) as stranger:  # no cookie: the mail's reader
            page = await stranger.get(link)
            assert page.status_code == 200
            assert "Stop the mails when it is your move?" in page.text
            assert (await ann.get("/api/account/mail")).json()["your_move"] is True
            forged = link[:-4] + ("0000" if not link.endswith("0000") else "1111")
            refused = await stranger.post(forged)
            assert refused.status_code == 404
            assert (await ann.get("/api/account/mail")).json()["your_move"] is True
            done = await stranger.post(link)
        assert done.status_code == 200
        assert "Done: no more mails when it is your move." in done.text
        settings = (await ann.get("/api/account/mail")).json()
        assert (settings["your_move"], settings["game_over"]) == (False, True)
        # The next game: the end is mailed, no move.
        table = await play_a_table(server, ann, bob)
        later = await mailbox.wait_for(len(mails) + 1)
    assert [subject(m) for m in later[len(mails) :]] == [
        f"The game of {find_kit(SHORT).game.title} at table {table} is over"
    ]


# Each malformed address with the words it is refused in.
MALFORMED = [
    ("ann@@example.org", "'ann@@example.org' is not an e-mail address: it has more than one @"),
    ("ann example@x.org", "'ann example@x.org' is not an e-mail address: it has a space "
                          "or a line break"),
    ("ann(x)@x.org", "'ann(x)@x.org' is not an e-mail address: the part before @ has a "
                     "character addresses do not have"),
    ("ann@localhost", "'ann@localhost' is not an e-mail address: 'localhost' is no domain "
                      "(such as example.org)"),
    ("ann@x.org\r\nBcc: eve@x.org", "'ann@x.org\\r\\nBcc: eve@x.org' is not an e-mail "
                                     "address: it has a space or a line break"),
    ("", "the e-mail address is empty: write one such as ann@example.org"),
]  # fmt: skip


async def test_a_malformed_address_is_refused_and_changes_nothing(
    launch: Any, mailbox: MailBox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every malformed address in turn against one server (a server each took ~10 s)."""
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    server: Server = launch(extra=mail_flags(mailbox))
    async with browser(server) as ann:
        await account(ann, "Ann")
        before = await ask_for_mail(server, ann, "ann@example.org")
        for address, message in MALFORMED:
            answer = await ann.put("/api/account/mail", json={"address": address})
            # The English detail as before; the words the page says it in beside it.
            assert (answer.status_code, answer.json()["detail"]) == (400, f"address: {message}")
            assert (await ann.get("/api/account/mail")).json() == before, address


def _words(wire: Any) -> SaidValue:
    """Words as the page reads them off the wire (template and values), made ``Said`` again."""
    if not isinstance(wire, dict):
        return wire
    values = {key: _words(value) for key, value in wire["values"].items()}
    return Said(wire["template"], values)


async def test_a_refused_setting_carries_its_words_for_the_page(
    launch: Any, mailbox: MailBox, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    server: Server = launch(extra=mail_flags(mailbox))
    async with browser(server) as ann:
        await account(ann, "Ann")
        given = {"address": "ann@example.org", "language": "ja"}
        zone = await ann.put("/api/account/mail", json=given | {"time_zone": "Mars/Olympus"})
        hour = await ann.put("/api/account/mail", json=given | {"digest_hour": 24})
        language = await ann.put("/api/account/mail", json=given | {"language": "fr"})
    assert zone.status_code == 400
    assert zone.json() == {
        "detail": "time_zone: 'Mars/Olympus' is not a time zone: write one such as "
        "Europe/Berlin or UTC",
        "problem": "mail_setting",
        "template": "%(field)s: %(reason)s",
        "values": {
            "field": "time_zone",
            "reason": {
                "template": "%(zone)s is not a time zone: write one such as Europe/Berlin or UTC",
                "values": {"zone": "'Mars/Olympus'"},
            },
        },
    }
    said = [_words(answer.json()) for answer in (zone, hour, language)]
    assert [said_in(words, "ja") for words in said if isinstance(words, Said)] == [
        "time_zone：'Mars/Olympus' はタイムゾーンではありません：Asia/Tokyo や UTC のように"
        "書いてください",
        "digest_hour：毎日のメールの時刻は0〜23時のどれかで、24ではありません",
        "language：'fr' は en, de, ja のどれでもありません",
    ]
    assert [said_in(words, "de") for words in said if isinstance(words, Said)] == [
        "time_zone: 'Mars/Olympus' ist keine Zeitzone: schreib eine wie Europe/Berlin oder UTC",
        "digest_hour: die Uhrzeit der täglichen E-Mail ist eine Stunde von 0 bis 23, nicht 24",
        "language: 'fr' ist keine von en, de, ja",
    ]


async def test_two_processes_on_postgresql_send_each_event_once(
    launch: Any, postgres: Any, mailbox: MailBox, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = postgres()
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    first: Server = launch(db=db, extra=mail_flags(mailbox))
    # Both play on the first (a join through the other may reach the first after the seat's
    # channel does, and be refused there for the moment); the second's sender takes rows
    # from the queue all the same.
    launch(db=db, extra=mail_flags(mailbox))
    async with browser(first) as ann, browser(first) as bob:
        await account(ann, "Ann")
        await account(bob, "Bob")
        await ask_for_mail(first, ann, "ann@example.org")
        await ask_for_mail(first, bob, "bob@example.org")
        tables = await asyncio.gather(*(play_a_table(first, ann, bob) for _ in range(3)))
        owed = 0
        for table in tables:
            owed += len(await moves_told(ann, table, 0)) + len(await moves_told(ann, table, 1))
            owed += 2  # the end, to each
        await mailbox.wait_for(owed)
        # Every row sent once and none left or held: a second sending (by either process)
        # would be taken by now.
        await wait_queue_settled(db, owed)
    mails = mailbox.taken()
    ids = [str(m["Message-ID"]) for m in mails]
    assert len(ids) == owed and len(set(ids)) == owed
    connection = await asyncpg.connect(db.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        rows = await connection.fetchrow("SELECT count(*), count(sent_at) FROM notifications")
    finally:
        await connection.close()
    assert tuple(rows) == (owed, owed)


def test_a_mail_is_written_in_the_language_its_person_chose() -> None:
    title = find_kit(SHORT).game.title
    message = compose(
        Mail("game_over", "abc123", SHORT, 7), "ann@example.org", "de", SENDER,
        "https://sleuth.example.org/", "TOKEN",
    )  # fmt: skip
    assert message["Subject"] == f"Die Partie {title} an Tisch abc123 ist zu Ende"
    assert message["Content-Language"] == "de"
    assert message.get_content() == (
        f"Die Partie {title} an Tisch abc123 ist zu Ende.\n\n"
        "Zum Tisch: https://sleuth.example.org/t/abc123\n\n"
        "-- \n"
        "Du erhältst diese Mail, weil du sie in deinem Sleuth-Konto bestellt hast.\n"
        "Keine Mails dieser Art mehr: https://sleuth.example.org/mail/unsubscribe/TOKEN\n"
    )


@pytest.mark.parametrize(
    ("url", "server"),
    [
        ("smtp://mailer@mail.example.org", SmtpServer("mail.example.org", 587, "mailer", False)),
        ("smtps://mail.example.org", SmtpServer("mail.example.org", 465, None, True)),
        ("smtp://127.0.0.1:2525", SmtpServer("127.0.0.1", 2525, None, False)),
    ],
)
def test_the_smtp_url_names_the_server_its_port_and_user(url: str, server: SmtpServer) -> None:
    assert parse_smtp(url) == server


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("smtp://mailer:hunter2@mail.example.org",
         "the SMTP password is never on the command line: set SLEUTH_SMTP_PASSWORD or name a "
         "file with --smtp-password-file"),
        ("http://mail.example.org", "'http://mail.example.org': the SMTP server's URL starts "
                                    "smtp:// or smtps://"),
        ("smtp://mail.example.org:99999", "'smtp://mail.example.org:99999': the port is not a "
                                          "number from 1 to 65535"),
        ("smtp://", "'smtp://': no host (smtp://user@host:587)"),
    ],
)  # fmt: skip
def test_a_wrong_smtp_url_is_refused_saying_why(url: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_smtp(url)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (("--smtp", "smtp://mailer@127.0.0.1:2525"),
         "sleuth serve: --smtp names the user 'mailer' but no password: set "
         "SLEUTH_SMTP_PASSWORD or --smtp-password-file"),
        (("--smtp", "smtp://mailer:hunter2@127.0.0.1:2525"),
         "sleuth serve: --smtp: the SMTP password is never on the command line: set "
         "SLEUTH_SMTP_PASSWORD or name a file with --smtp-password-file"),
        (("--smtp", "smtp://127.0.0.1:2525", "--mail-from", "not an address"),
         "sleuth serve: --mail-from: 'not an address' is not an e-mail address: it has a space "
         "or a line break"),
    ],
)  # fmt: skip
def test_serve_refuses_a_mail_setting_it_cannot_use(
    flags: tuple[str, ...],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("SLEUTH_SMTP_PASSWORD", raising=False)
    assert main(["serve", "--port", str(free_port()), *flags]) == 2
    assert capsys.readouterr().err.strip() == message
