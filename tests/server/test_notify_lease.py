"""A server killed with ``kill -9`` while it holds notifications it took: another server of
the same PostgreSQL sends each of them once its lease (``--notify-lease``) has run out
(issue #36)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import asyncpg
import pytest

from sleuth.cli.main import main

from .conftest import Server, free_port
from .queue_waits import wait_queue_settled
from .test_mail import (
    MAIL_PASSWORD,
    SENDER,
    MailBox,
    account,
    ask_for_mail,
    browser,
    mail_flags,
    moves_told,
    play_a_table,
)

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
LEASE = "40"  # the least ``--notify-lease`` takes


@pytest.fixture
def mailbox() -> Iterator[MailBox]:
    box = MailBox()
    box.start()
    yield box
    box.stop()


async def stalled_smtp() -> asyncio.Server:
    """An SMTP server that takes connections and never greets: a send waits on it."""

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read()  # until the sender's process dies and its socket closes
        writer.close()

    return await asyncio.start_server(hold, "127.0.0.1", 0)


async def claimed_and_unsent(db: str) -> int:
    connection = await asyncpg.connect(db.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        return int(
            await connection.fetchval(
                "SELECT count(*) FROM notifications WHERE claimed_by IS NOT NULL "
                "AND sent_at IS NULL"
            )
        )
    finally:
        await connection.close()


async def test_a_killed_servers_taken_notifications_are_sent_once_by_another(
    launch: Any, postgres: Any, mailbox: MailBox, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = postgres()
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    stalled = await stalled_smtp()
    port = stalled.sockets[0].getsockname()[1]
    stalled_flags = ("--smtp", f"smtp://127.0.0.1:{port}", "--mail-from", SENDER)
    first: Server = launch(db=db, extra=(*stalled_flags, "--notify-lease", LEASE))
    async with browser(first) as ann, browser(first) as bob:
        await account(ann, "Ann")
        await account(bob, "Bob")
        await ask_for_mail(first, ann, "ann@example.org")
        await ask_for_mail(first, bob, "bob@example.org")
        table = await play_a_table(first, ann, bob)
        owed = len(await moves_told(ann, table, 0)) + len(await moves_told(ann, table, 1)) + 2
        for _ in range(300):  # the first server's sender takes rows within its poll
            if await claimed_and_unsent(db) > 0:
                break
            await asyncio.sleep(0.1)
        assert await claimed_and_unsent(db) > 0
    process = first.process
    assert process is not None  # started by ``launch``
    process.kill()  # SIGKILL: no chance to give the rows back
    process.wait()
    launch(db=db, extra=(*mail_flags(mailbox), "--notify-lease", LEASE))
    await mailbox.wait_for(owed)
    await wait_queue_settled(db, owed)  # a second sending of any would be taken by now
    stalled.close()
    ids = [str(mail["Message-ID"]) for mail in mailbox.taken()]
    assert len(ids) == owed and len(set(ids)) == owed
    assert await claimed_and_unsent(db) == 0


@pytest.mark.parametrize("lease", ["39", "3601", "nan"])
def test_serve_refuses_a_lease_out_of_bounds(
    lease: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--port", str(free_port()), "--notify-lease", lease]) == 2
    assert capsys.readouterr().err.strip() == (
        "sleuth serve: --notify-lease: a number of seconds from 40 to 3600"
    )
