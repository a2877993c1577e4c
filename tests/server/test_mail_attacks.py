"""Mail an attacker could aim at others: an address gets no notification before its
confirmation link is opened, and no person more than the hourly cap."""

from __future__ import annotations

import asyncio
import contextlib
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from sleuth.server.accounts import SignInLimits
from sleuth.server.db import open_database
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.mail_address import SmtpServer, check_address
from sleuth.server.mail_links import (
    confirm_token,
    read_confirm_token,
    read_unsubscribe_token,
    unsubscribe_token,
)
from sleuth.server.mail_sender import MailConfig, MailSender, failure_reason
from sleuth.server.models import MailSettingsRow, NotificationRow
from sleuth.server.notify import HOUR, HOURLY_CAP, YOUR_MOVE, Event, Notices
from sleuth.server.settings import Settings
from sleuth.server.signing import SigningKey
from sleuth.server.store import Store
from support.game_cases import kit_for

from .conftest import Server
from .test_mail import (
    MAIL_PASSWORD,
    MailBox,
    account,
    body,
    browser,
    mail_flags,
    mailbox,
    play_a_table,
    subject,
)

__all__ = ["mailbox"]  # the fixture, imported to be used here

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name


async def test_a_new_address_gets_its_confirmation_mail_only_until_its_link_is_opened(
    launch: Any, mailbox: MailBox, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    server: Server = launch(extra=mail_flags(mailbox))
    async with browser(server) as ann, browser(server) as bob:
        await account(ann, "Ann")
        answer = await ann.put(
            "/api/account/mail", json={"address": "stranger@example.org", "language": "en"}
        )
        assert (answer.status_code, answer.json()["confirmed"]) == (200, False)
        await bob.post("/api/people", json={"name": "Bob"})
        await play_a_table(server, ann, bob)  # nothing of it may go to the stranger
        for _ in range(100):
            if mailbox.confirmations:
                break
            await asyncio.sleep(0.1)
        assert len(mailbox.confirmations) == 1
        confirmation = mailbox.confirmations[0]
        assert subject(confirmation) == "Confirm your address for Sleuth's mails"
        assert str(confirmation["To"]) == "stranger@example.org"
        link = body(confirmation).split("confirm it: ")[1].split()[0]
        # Saving the same address again soon sends no second confirmation mail.
        again = await ann.put(
            "/api/account/mail", json={"address": "stranger@example.org", "language": "en"}
        )
        assert again.json()["confirmed"] is False
        forged = await ann.get(link[:-4] + ("0000" if not link.endswith("0000") else "1111"))
        assert forged.status_code == 404
        opened = await ann.get(link)
        assert opened.status_code == 200
        assert (
            "<p>Address confirmed: Sleuth&#x27;s notifications will be sent to "
            "stranger@example.org.</p>"
        ) in opened.text
        assert (await ann.get("/api/account/mail")).json()["confirmed"] is True
        table = await play_a_table(server, ann, bob)
        mails = await mailbox.wait_for(1)
        # The first mail sent is of the game after the confirmation: none of the first game's
        # was queued (the sender takes rows in the order they were queued).
        assert f"at table {table}" in subject(mails[0])
        assert len(mailbox.confirmations) == 1


class Outbox(MailSender):
    """The sender with the SMTP server replaced by a list."""

    sent: list[EmailMessage]

    async def _deliver(self, message: EmailMessage) -> None:
        self.sent.append(message)


async def test_no_person_gets_more_than_the_hourly_cap_the_rest_wait(tmp_path: Path) -> None:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'q.db'}"))
    await database.migrate()
    store = Store(database)
    notices = Notices(database)
    notices.enabled = True
    try:
        ann, _ = await store.create_person("Ann")
        plan = TablePlan(EXAMPLE, 3, {}, [SeatPlan("person")] + [SeatPlan("bot", "random")] * 2)
        table = (await create_table(store, plan, None, {0: ann.id})).table_id
        await notices.save_settings(
            MailSettingsRow(person_id=ann.id, address="ann@example.org", language="en",
                            your_move=True, game_over=True, invited=False, clock_low=False,
                            updated_at=0.0, confirmed_at=1.0)
        )  # fmt: skip
        steps = HOURLY_CAP + 5
        assert (
            await notices.add([Event(ann.id, YOUR_MOVE, table, s) for s in range(steps)]) == steps
        )
        config = MailConfig(SmtpServer("127.0.0.1", 1, None, False), None, "s@example.org",
                            "http://sleuth.test", 1.0)  # fmt: skip
        outbox = Outbox(notices, store, SigningKey(b"k" * 32), config)
        outbox.sent = []
        while await outbox.send_due():
            pass
        assert len(outbox.sent) == HOURLY_CAP
        rows = await database.read(
            lambda session: list(session.scalars(select(NotificationRow).order_by("id")))
        )
        first_sent = min(r.sent_at for r in rows if r.sent_at is not None)
        waiting = [(r.step, r.attempts, r.next_try_at) for r in rows if r.sent_at is None]
        assert waiting == [(s, 0, first_sent + HOUR) for s in range(HOURLY_CAP, steps)]
    finally:
        await database.close()


def test_a_mail_links_signature_never_verifies_as_a_records_nor_a_records_as_a_links() -> None:
    key = SigningKey(b"k" * 32)
    link = unsubscribe_token(key, "p1", YOUR_MOVE)
    signature = link.rsplit(".", 1)[1]
    # What ``POST /api/records/verify`` asks of the key.
    assert key.verify({"unsubscribe": "p1", "kind": YOUR_MOVE}, signature) is False
    confirm = confirm_token(key, "p1", "ann@example.org").split(".")[1]
    assert key.verify({"confirm": "p1", "address": "ann@example.org"}, confirm) is False
    # A record's signature made a link's.
    record = key.sign({"unsubscribe": "p1", "kind": YOUR_MOVE})
    assert read_unsubscribe_token(key, f"p1.{YOUR_MOVE}.{record['signature']}") is None
    record = key.sign({"confirm": "p1", "address": "ann@example.org"})
    assert read_confirm_token(key, f"p1.{record['signature']}", "ann@example.org") is False
    # The links themselves still read.
    assert read_unsubscribe_token(key, link) == ("p1", YOUR_MOVE)
    assert read_confirm_token(key, f"p1.{confirm}", "ann@example.org") is True


def test_a_failed_mail_is_told_by_a_reason_of_the_catalogue_not_the_servers_words() -> None:
    aiosmtplib = pytest.importorskip("aiosmtplib")
    refused = aiosmtplib.SMTPRecipientsRefused([])
    unreachable = aiosmtplib.SMTPConnectError("Error connecting to 127.0.0.1 on port 25")
    other = aiosmtplib.SMTPDataError(554, "5.7.1 spam from 10.0.0.3")
    assert [failure_reason(e) for e in (refused, unreachable, other)] == [
        "the mail server refused the address",
        "the mail server could not be reached",
        "the mail server did not take the mail",
    ]


async def test_failed_sign_ins_from_one_address_do_not_lock_the_account_for_another(
    tmp_path: Path,
) -> None:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'q.db'}"))
    await database.migrate()
    limits = SignInLimits(database, "100/day", "10/day")
    try:
        for _ in range(10):
            assert await limits.hit("10.0.0.1", "Victim") is None
            await limits.failed("10.0.0.1", "Victim")
        refused = await limits.hit("10.0.0.1", "VICTIM")  # the 11th, by any spelling
        assert refused is not None and refused.message.startswith("too many sign-in attempts")
        # The owner, from an address with no failures, is never refused for the account.
        for _ in range(11):
            assert await limits.hit("10.9.9.9", "victim") is None  # right: no failure told
    finally:
        await database.close()


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("a@ß.de", "a@xn--zca.de"),
        ("Ann@Bücher.Example", "Ann@xn--bcher-kva.example"),
        (" ann@example.org ", "ann@example.org"),
    ],
)
def test_an_address_is_kept_with_its_domain_in_ascii(given: str, kept: str) -> None:
    assert check_address(given) == kept


def test_a_domain_idna_cannot_write_is_refused_saying_so() -> None:
    with pytest.raises(ValueError) as refused:
        check_address("a@\u2603.de")  # a snowman: IDNA 2003 took it, 2008 does not
    assert str(refused.value) == "'a@\u2603.de' is not an e-mail address: '\u2603.de' is no domain"


async def test_a_mail_that_cannot_be_made_is_a_failed_try_not_a_row_left_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'q.db'}"))
    await database.migrate()
    store = Store(database)
    notices = Notices(database)
    notices.enabled = True
    try:
        ann, _ = await store.create_person("Ann")
        plan = TablePlan(EXAMPLE, 3, {}, [SeatPlan("person")] + [SeatPlan("bot", "random")] * 2)
        table = (await create_table(store, plan, None, {0: ann.id})).table_id
        await notices.save_settings(
            MailSettingsRow(person_id=ann.id, address="ann@example.org", language="en",
                            your_move=True, game_over=True, invited=False, clock_low=False,
                            updated_at=0.0, confirmed_at=1.0)
        )  # fmt: skip
        await notices.add([Event(ann.id, YOUR_MOVE, table, 1)])

        def broken(*_args: object) -> EmailMessage:
            raise ValueError("no such header")

        monkeypatch.setattr("sleuth.server.mail_sender.compose", broken)
        config = MailConfig(SmtpServer("127.0.0.1", 1, None, False), None, "s@example.org",
                            "http://sleuth.test", 1.0)  # fmt: skip
        outbox = Outbox(notices, store, SigningKey(b"k" * 32), config)
        outbox.sent = []
        with contextlib.suppress(ValueError):  # before the fix, it went up to the loop
            await outbox.send_due()
        row = await database.read(lambda session: session.scalar(select(NotificationRow)))
        assert row is not None
        assert (row.attempts, row.claimed_until, row.last_error, outbox.sent) == (
            1, None, "the mail server did not take the mail", [],
        )  # fmt: skip
    finally:
        await database.close()


async def test_changing_address_between_saves_does_not_mail_a_stranger_again_and_again(
    launch: Any, mailbox: MailBox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wait between two confirmations holds per address; saving two addresses in turn
    is bounded per account and per address, whoever asks (attack of 2026-12-06: 20 saves
    sent the stranger 10 mails)."""
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    server: Server = launch(extra=mail_flags(mailbox))
    stranger, other = "stranger@example.org", "other@example.org"
    async with browser(server) as ann, browser(server) as bob:
        await account(ann, "Ann")
        statuses = []
        for turn in range(8):
            address = stranger if turn % 2 == 0 else other
            answer = await ann.put("/api/account/mail", json={"address": address, "language": "en"})
            statuses.append(answer.status_code)
        # The account's fifth confirmation is its last this hour (the stranger's third was
        # the fifth save); the seventh saves the address already held, which mails nothing.
        assert statuses == [200] * 5 + [429, 200, 429]
        assert answer.json()["detail"].startswith(
            "too many confirmation mails for this account or this address: at most "
        )
        assert int(answer.headers["Retry-After"]) >= 1
        # A refused save changed nothing: the address is the fifth save's.
        assert (await ann.get("/api/account/mail")).json()["address"] == stranger
        # Whoever asks: another account is refused the stranger's address too.
        await account(bob, "Bob")
        refused = await bob.put("/api/account/mail", json={"address": stranger, "language": "en"})
        assert refused.status_code == 429
        for _ in range(100):
            if len(mailbox.confirmations) >= 5:
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)
        to = sorted(str(mail["To"]) for mail in mailbox.confirmations)
        assert to == [other] * 2 + [stranger] * 3
