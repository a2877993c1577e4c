"""A mail sender sends the rows it took only while it surely holds them (issue #36: each
event notified once): past a row's lease another process may take and send it, so a batch
slowed by a slow mail server stops where one more send could outlast the lease, and the rest
wait for the lease to run out."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from sleuth.server.mail_sender import LEASE_SPARE, SEND_TIMEOUT, MailSender


async def test_a_slow_batch_stops_where_a_send_could_outlast_the_lease() -> None:
    rows = [SimpleNamespace(id=number) for number in range(20)]

    async def claim(limit: int) -> tuple[str, list[Any]]:
        return "token", rows[:limit]

    notices = SimpleNamespace(lease_seconds=120.0, claim=claim)
    sender = MailSender(cast(Any, notices), cast(Any, None), cast(Any, None), cast(Any, None))
    now = [500.0]
    sender.clock = lambda: now[0]
    sent: list[int] = []

    async def send_one(row: Any, token: str) -> None:
        assert token == "token"
        sent.append(row.id)
        now[0] += 15.0  # a slow mail server: 15 s a mail

    async def no_digests() -> int:
        return 0

    setattr(sender, "_send_one", send_one)  # noqa: B010 (the sender's own step, replaced)
    setattr(sender, "_send_digests", no_digests)  # noqa: B010
    assert await sender.send_due() == 20
    # Sends start at 0, 15, ..., 75 s after the claim; one at 90 s could end past 120 s.
    last_start = 120.0 - SEND_TIMEOUT - LEASE_SPARE
    assert last_start == 85.0
    assert sent == [0, 1, 2, 3, 4, 5]


async def test_a_quick_batch_is_sent_whole() -> None:
    rows = [SimpleNamespace(id=number) for number in range(20)]

    async def claim(limit: int) -> tuple[str, list[Any]]:
        return "token", rows[:limit]

    notices = SimpleNamespace(lease_seconds=40.0, claim=claim)
    sender = MailSender(cast(Any, notices), cast(Any, None), cast(Any, None), cast(Any, None))
    now = [0.0]
    sender.clock = lambda: now[0]
    sent: list[int] = []

    async def send_one(row: Any, token: str) -> None:
        sent.append(row.id)
        now[0] += 0.2

    async def no_digests() -> int:
        return 0

    setattr(sender, "_send_one", send_one)  # noqa: B010
    setattr(sender, "_send_digests", no_digests)  # noqa: B010
    assert await sender.send_due() == 20
    assert sent == list(range(20))
