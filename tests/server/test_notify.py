"""The queue of notifications (issue #36, item 3): which events a step makes, and the
queue's rows taken, retried, given up and sent as the sender does it."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from sleuth.server.accounts import Accounts
from sleuth.server.db import Database, open_database
from sleuth.server.hashing import Passwords
from sleuth.server.live import SeatState
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.models import MailSettingsRow, NotificationRow
from sleuth.server.notify import (
    GAME_OVER,
    MAX_ATTEMPTS,
    YOUR_MOVE,
    Event,
    Notices,
    backoff,
    step_events,
)
from sleuth.server.settings import Settings
from sleuth.server.store import Store
from support.game_cases import kit_for

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name


def seat(
    number: int, person: str | None, kind: str = "person", takeover: bool = False
) -> SeatState:
    bot = "random" if kind == "bot" or takeover else None
    return SeatState(number, kind, bot, takeover, person, 0.0, {}, None)


SEATS = [seat(0, "ann"), seat(1, "bob"), seat(2, None, "bot"), seat(3, "cid", takeover=True)]


def test_a_step_tells_the_person_the_game_now_waits_for_and_no_one_else() -> None:
    assert step_events("t", 5, SEATS, 0, 0, 1, False) == [Event("bob", YOUR_MOVE, "t", 5)]
    # A bot's step that hands the move to a person.
    assert step_events("t", 6, SEATS, 2, 2, 0, False) == [Event("ann", YOUR_MOVE, "t", 6)]


def test_no_mail_for_ones_own_move_a_seat_waited_for_already_or_a_bots_seat() -> None:
    assert step_events("t", 5, SEATS, 0, 0, 0, False) == []  # Ann moves again
    assert step_events("t", 5, SEATS, 1, 0, 0, False) == []  # Bob interrupted: Ann was told
    assert step_events("t", 5, SEATS, 1, 1, 1, False) == []  # Bob moves again
    assert step_events("t", 5, SEATS, 0, 0, 2, False) == []  # a bot's seat
    assert step_events("t", 5, SEATS, 0, 0, 3, False) == []  # a person's seat a bot plays


def test_the_end_tells_every_person_at_the_table_once() -> None:
    assert step_events("t", 9, SEATS, 1, 1, None, True) == [
        Event("ann", GAME_OVER, "t", 9),
        Event("bob", GAME_OVER, "t", 9),
        Event("cid", GAME_OVER, "t", 9),
    ]


def test_the_wait_before_a_try_doubles_up_to_an_hour() -> None:
    assert [backoff(n, 30.0) for n in (1, 2, 3, 8)] == [30.0, 60.0, 120.0, 3600.0]


async def test_the_queue_keeps_what_people_asked_for_and_sends_each_row_once(
    tmp_path: Path,
) -> None:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'q.db'}"))
    await database.migrate()
    store = Store(database)
    notices = Notices(database)
    notices.enabled = True
    try:
        ann, _ = await store.create_person("Ann")
        bob, _ = await store.create_person("Bob")
        plan = TablePlan(EXAMPLE, 3, {}, [SeatPlan("person")] * 2 + [SeatPlan("bot", "random")])
        table = (await create_table(store, plan, None, {0: ann.id, 1: bob.id})).table_id
        await notices.save_settings(
            MailSettingsRow(person_id=ann.id, address="ann@example.org", language="de",
                            your_move=True, game_over=False, invited=False, clock_low=False,
                            updated_at=0.0, confirmed_at=1.0)
        )  # fmt: skip
        events = [
            Event(ann.id, YOUR_MOVE, table, 3),
            Event(ann.id, GAME_OVER, table, 3),  # Ann asked for none
            Event(bob.id, YOUR_MOVE, table, 3),  # Bob has no address
        ]
        assert await notices.add(events) == 1
        assert await notices.add(events[:1]) == 1  # written twice: still one row
        token, taken = await notices.claim(10, now=1e10)
        assert [(r.person_id, r.kind, r.step, r.attempts) for r in taken] == [
            (ann.id, YOUR_MOVE, 3, 0)
        ]
        assert (await notices.claim(10, now=1e10))[1] == []  # held by the first claim
        await notices.mark_failed(taken[0], token, "SMTPConnectError: refused", 5.0)
        row = await _row(database)
        assert (row.attempts, row.last_error, row.claimed_until) == (
            1, "SMTPConnectError: refused", None,
        )  # fmt: skip
        assert await notices.last_failure(ann.id) == "SMTPConnectError: refused"
        assert row.next_try_at is not None
        assert (await notices.claim(10, now=row.next_try_at - 0.01))[1] == []  # not due yet
        token, again = await notices.claim(10, now=row.next_try_at)
        assert [r.id for r in again] == [row.id]
        await notices.mark_sent(row.id, "another claim's token")  # not this sender's row
        assert (await _row(database)).sent_at is None
        await notices.mark_sent(row.id, token)
        assert (await _row(database)).sent_at is not None
        assert await notices.last_failure(ann.id) is None
        assert (await notices.claim(10, now=1e12))[1] == []
    finally:
        await database.close()


async def test_a_mail_is_given_up_after_its_last_try(tmp_path: Path) -> None:
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
        await notices.add([Event(ann.id, GAME_OVER, table, 1)])
        tries = 0
        while True:
            token, taken = await notices.claim(10, now=1e12)
            if not taken:
                break
            tries += 1
            await notices.mark_failed(taken[0], token, "down", 1.0)
        row = await _row(database)
        assert (tries, row.attempts, row.next_try_at, row.sent_at) == (
            MAX_ATTEMPTS, MAX_ATTEMPTS, None, None,
        )  # fmt: skip
    finally:
        await database.close()


async def _row(database: Database) -> NotificationRow:
    row = await database.read(lambda session: session.scalar(select(NotificationRow)))
    assert row is not None
    return row


async def test_a_deleted_account_leaves_no_address_and_no_mail_to_send(tmp_path: Path) -> None:
    database = open_database(Settings(db_url=f"sqlite:///{tmp_path / 'q.db'}"))
    await database.migrate()
    store = Store(database)
    notices = Notices(database)
    notices.enabled = True
    passwords = Passwords()
    try:
        ann, _ = await store.create_person("Ann")
        plan = TablePlan(EXAMPLE, 3, {}, [SeatPlan("person")] + [SeatPlan("bot", "random")] * 2)
        table = (await create_table(store, plan, None, {0: ann.id})).table_id
        await notices.save_settings(
            MailSettingsRow(person_id=ann.id, address="ann@example.org", language="en",
                            your_move=True, game_over=True, invited=False, clock_low=False,
                            updated_at=0.0, confirmed_at=1.0)
        )  # fmt: skip
        assert await notices.add([Event(ann.id, GAME_OVER, table, 1)]) == 1
        await Accounts(database, store, passwords).delete(ann.id)
        assert await notices.settings(ann.id) is None
        rows = await database.read(lambda session: list(session.scalars(select(NotificationRow))))
        assert rows == []
    finally:
        passwords.close()
        await database.close()
