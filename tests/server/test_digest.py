"""The daily digest of mail (issue #36, item 3): a person who chose one mail a day gets,
at their hour in their time zone, one mail listing every event since, table by table, with
a link that stops each kind listed; nothing before it is due, nothing when there is nothing
to say, and two senders on one queue send it once. The clock is the test's own."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from sleuth.core import find_kit
from sleuth.server.db import Database, open_database
from sleuth.server.digest import check_zone, next_digest, reschedule
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.mail_address import SmtpServer
from sleuth.server.mail_links import unsubscribe_token
from sleuth.server.mail_sender import MailConfig, MailSender
from sleuth.server.models import MailSettingsRow, NotificationRow
from sleuth.server.notify import GAME_OVER, INVITED, YOUR_MOVE, Event, Notices
from sleuth.server.settings import Settings
from sleuth.server.signing import SigningKey
from sleuth.server.store import Store
from support.game_cases import kit_for

from .conftest import Server
from .test_mail import MAIL_PASSWORD, MailBox, account, browser, mail_flags, mailbox

__all__ = ["mailbox"]  # the fixture, imported to be used here

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
KEY = SigningKey(b"k" * 32)
CONFIG = MailConfig(SmtpServer("127.0.0.1", 1, None, False), None, "s@example.org",
                    "http://sleuth.test", 1.0)  # fmt: skip


def at(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Outbox(MailSender):
    """The sender with the SMTP server replaced by a list."""

    sent: list[EmailMessage]

    async def _deliver(self, message: EmailMessage) -> None:
        self.sent.append(message)


@dataclass
class Queue:
    database: Database
    store: Store
    notices: Notices
    clock: Clock
    ann: str
    tables: list[str]

    def outbox(self) -> Outbox:
        box = Outbox(self.notices, self.store, KEY, CONFIG)
        box.sent = []
        return box

    async def settings(self, digest_hour: int | None, zone: str = "UTC", **kinds: bool) -> None:
        chosen = {"your_move": True, "game_over": True, "invited": True, "clock_low": False}
        await self.notices.save_settings(
            MailSettingsRow(person_id=self.ann, address="ann@example.org", language="en",
                            updated_at=0.0, confirmed_at=1.0, digest_hour=digest_hour,
                            digest_zone=zone, **(chosen | kinds))
        )  # fmt: skip


@contextlib.asynccontextmanager
async def queue_at(url: str) -> AsyncIterator[Queue]:
    database = open_database(Settings(db_url=url))
    await database.migrate()
    store = Store(database)
    notices = Notices(database)
    notices.enabled = True
    clock = Clock(at("2026-12-05 08:00:00"))
    notices.clock = clock
    ann, _ = await store.create_person("Ann")
    plan = TablePlan(EXAMPLE, 3, {}, [SeatPlan("person")] + [SeatPlan("bot", "random")] * 2)
    tables = [(await create_table(store, plan, None, {0: ann.id})).table_id for _ in range(2)]
    try:
        yield Queue(database, store, notices, clock, ann.id, tables)
    finally:
        await database.close()


@pytest.fixture
async def queue(tmp_path: Path) -> AsyncIterator[Queue]:
    async with queue_at(f"sqlite:///{tmp_path / 'q.db'}") as made:
        yield made


async def send_all(box: Outbox) -> None:
    while await box.send_due():
        pass


async def test_a_days_events_come_in_one_mail_at_the_hour_chosen(queue: Queue) -> None:
    await queue.settings(digest_hour=9)
    one, two = queue.tables
    events = [Event(queue.ann, YOUR_MOVE, one, 3), Event(queue.ann, INVITED, two, 1),
              Event(queue.ann, YOUR_MOVE, one, 7), Event(queue.ann, GAME_OVER, one, 9)]  # fmt: skip
    assert await queue.notices.add(events) == 4
    box = queue.outbox()
    queue.clock.now = at("2026-12-05 08:59:59")
    await send_all(box)
    assert box.sent == []
    queue.clock.now = at("2026-12-05 09:00:00")
    await send_all(box)
    await send_all(box)  # nothing more: each row once
    title = find_kit(EXAMPLE).game.title
    stop = {kind: f"http://sleuth.test/mail/unsubscribe/{unsubscribe_token(KEY, queue.ann, kind)}"
            for kind in (YOUR_MOVE, INVITED, GAME_OVER)}  # fmt: skip
    assert [str(m["Subject"]) for m in box.sent] == ["Sleuth: your day at your tables"]
    assert str(box.sent[0]["List-Unsubscribe"]) == f"<{stop[YOUR_MOVE]}>"
    assert box.sent[0].get_content() == (
        f"It is your move in {title} at table {one}.\n"
        f"The game of {title} at table {one} is over.\n"
        f"Open the table: http://sleuth.test/t/{one}\n\n"
        f"You are invited to play {title} at table {two}: your account's page shows the "
        "invitation, to accept or decline.\n"
        f"Open the table: http://sleuth.test/t/{two}\n\n"
        "-- \n"
        "You get this mail because you asked for it in your Sleuth account.\n"
        f"No more mails when it is your move: {stop[YOUR_MOVE]}\n"
        f"No more mails when you are invited: {stop[INVITED]}\n"
        f"No more mails when a game is over: {stop[GAME_OVER]}\n"
    )
    rows = await queue.database.read(
        lambda session: list(session.scalars(select(NotificationRow).order_by("id")))
    )
    assert [(r.step, r.sent_at is not None) for r in rows] == [(3, True), (1, True), (7, True),
                                                               (9, True)]  # fmt: skip


async def test_a_digest_with_nothing_to_say_is_not_sent(queue: Queue) -> None:
    await queue.settings(digest_hour=9, your_move=False)
    box = queue.outbox()
    queue.clock.now = at("2026-12-06 10:00:00")
    await send_all(box)
    assert box.sent == []  # no event at all
    queue.clock.now = at("2026-12-06 10:00:00")
    # Only events of a kind turned off before the digest is due.
    await queue.settings(digest_hour=11)
    await queue.notices.add([Event(queue.ann, YOUR_MOVE, queue.tables[0], 4)])
    await queue.settings(digest_hour=11, your_move=False)
    queue.clock.now = at("2026-12-06 11:00:00")
    await send_all(box)
    assert box.sent == []
    row = await queue.database.read(lambda session: session.scalar(select(NotificationRow)))
    assert row is not None
    assert (row.sent_at, row.next_try_at) == (None, None)  # dropped, not left to wait


async def test_the_hour_is_the_persons_time_zones(queue: Queue) -> None:
    # 09:00 in Berlin is 08:00 UTC in winter, 07:00 in summer.
    assert next_digest(at("2026-12-05 07:30:00"), 9, "Europe/Berlin") == at("2026-12-05 08:00")
    assert next_digest(at("2026-07-05 07:30:00"), 9, "Europe/Berlin") == at("2026-07-06 07:00")
    assert next_digest(at("2026-12-05 09:00:00"), 9, "UTC") == at("2026-12-06 09:00")
    await queue.settings(digest_hour=9, zone="Asia/Tokyo")  # 00:00 UTC
    await queue.notices.add([Event(queue.ann, GAME_OVER, queue.tables[1], 2)])
    box = queue.outbox()
    queue.clock.now = at("2026-12-05 23:59:59")
    await send_all(box)
    assert box.sent == []
    queue.clock.now = at("2026-12-06 00:00:00")
    await send_all(box)
    assert len(box.sent) == 1


async def test_choosing_a_mail_per_event_again_sends_what_waited_at_once(queue: Queue) -> None:
    await queue.settings(digest_hour=20)
    await queue.notices.add([Event(queue.ann, YOUR_MOVE, queue.tables[0], 2),
                             Event(queue.ann, YOUR_MOVE, queue.tables[1], 5)])  # fmt: skip
    box = queue.outbox()
    await send_all(box)
    assert box.sent == []
    await queue.settings(digest_hour=None)
    await reschedule(queue.database, queue.ann, queue.clock.now)
    await send_all(box)
    title = find_kit(EXAMPLE).game.title
    assert sorted(str(m["Subject"]) for m in box.sent) == sorted(
        f"Your move in {title} at table {t}" for t in queue.tables
    )


async def test_two_senders_at_once_send_one_digest(queue: Queue) -> None:
    await queue.settings(digest_hour=9)
    events = [Event(queue.ann, YOUR_MOVE, queue.tables[s % 2], s) for s in range(30)]
    assert await queue.notices.add(events) == 30
    queue.clock.now = at("2026-12-05 09:00:00")
    first, second = queue.outbox(), queue.outbox()
    await asyncio.gather(send_all(first), send_all(second))
    assert len(first.sent) + len(second.sent) == 1


async def test_two_senders_on_postgresql_send_one_digest(postgres: Callable[[], str]) -> None:
    async with queue_at(postgres()) as on_postgres:
        await on_postgres.settings(digest_hour=9)
        events = [
            Event(on_postgres.ann, YOUR_MOVE, on_postgres.tables[s % 2], s) for s in range(30)
        ]
        assert await on_postgres.notices.add(events) == 30
        on_postgres.clock.now = at("2026-12-05 09:00:00")
        boxes = [on_postgres.outbox() for _ in range(3)]
        await asyncio.gather(*(send_all(box) for box in boxes))
        assert sum(len(box.sent) for box in boxes) == 1
        sent = next(box.sent[0] for box in boxes if box.sent)
        assert sent.get_content().count("It is your move in") == 2  # one line a table


def test_a_time_zone_not_known_is_refused_saying_so() -> None:
    assert check_zone("Europe/Berlin") == "Europe/Berlin"
    for zone in ("Mars/Olympus", "../etc/passwd", ""):
        with pytest.raises(ValueError) as refused:
            check_zone(zone)
        assert str(refused.value) == (
            f"{zone!r} is not a time zone: write one such as Europe/Berlin or UTC"
        )


async def test_the_digest_is_chosen_in_the_mail_settings_and_bad_choices_change_nothing(
    launch: Any, mailbox: MailBox, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    server: Server = launch(extra=mail_flags(mailbox))
    async with browser(server) as ann:
        await account(ann, "Ann")
        chosen: dict[str, Any] = {"address": "ann@example.org", "language": "en", "digest_hour": 7,
                                  "time_zone": "Europe/Berlin"}  # fmt: skip
        saved = await ann.put("/api/account/mail", json=chosen)
        assert saved.status_code == 200, saved.text
        assert (saved.json()["digest_hour"], saved.json()["time_zone"]) == (7, "Europe/Berlin")
        wrong: list[tuple[dict[str, Any], str]] = [
            ({"digest_hour": 24}, "digest_hour: the digest's hour is one from 0 to 23, not 24"),
            ({"time_zone": "Mars/Olympus"}, "time_zone: 'Mars/Olympus' is not a time zone: "
             "write one such as Europe/Berlin or UTC"),
        ]  # fmt: skip
        for change, detail in wrong:
            refused = await ann.put("/api/account/mail", json=chosen | change)
            assert (refused.status_code, refused.json()["detail"]) == (400, detail)
        kept = (await ann.get("/api/account/mail")).json()
        assert (kept["digest_hour"], kept["time_zone"]) == (7, "Europe/Berlin")
        again = await ann.put("/api/account/mail", json=chosen | {"digest_hour": None})
        assert (again.json()["digest_hour"], again.json()["time_zone"]) == (None, "Europe/Berlin")


class SlowOutbox(Outbox):
    """Each mail takes 100 s of the test's clock to go; notes the lease of the rows it holds."""

    leases: list[float]

    async def _deliver(self, message: EmailMessage) -> None:
        query = select(NotificationRow.claimed_until).where(
            NotificationRow.sent_at.is_(None), NotificationRow.claimed_until.is_not(None)
        )
        held = await self.notices.database.read(lambda session: set(session.scalars(query)))
        self.leases += [lease for lease in held if lease is not None]
        self.notices.clock.now += 100.0  # type: ignore[attr-defined]
        self.sent.append(message)


async def test_each_digest_is_held_from_when_it_was_taken_not_from_the_batchs_start(
    queue: Queue,
) -> None:
    bob, _ = await queue.store.create_person("Bob")
    await queue.settings(digest_hour=9)
    await queue.notices.save_settings(
        MailSettingsRow(person_id=bob.id, address="bob@example.org", language="en",
                        updated_at=0.0, confirmed_at=1.0, digest_hour=9, digest_zone="UTC",
                        your_move=True, game_over=True, invited=True, clock_low=False)
    )  # fmt: skip
    events = [Event(queue.ann, YOUR_MOVE, queue.tables[0], 3),
              Event(bob.id, YOUR_MOVE, queue.tables[1], 4)]  # fmt: skip
    assert await queue.notices.add(events) == 2
    start = at("2026-12-05 09:00:00")
    queue.clock.now = start
    box = SlowOutbox(queue.notices, queue.store, KEY, CONFIG)
    box.sent, box.leases = [], []
    await box.send_due()
    lease = queue.notices.lease_seconds
    # The second was taken after the first's 100 s: held its whole lease from then.
    assert box.leases == [start + lease, start + 100.0 + lease]
