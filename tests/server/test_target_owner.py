"""A notification row goes only to a target of the row's own person (review of issue #31):
as an attacker with two accounts, a row of Mallory's naming Victor's hook or push
subscription is dropped, never sent; Mallory's own target still gets hers."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any, cast

import pytest

from sleuth.server.hooks import HookSender
from sleuth.server.push import PushSender
from sleuth.server.targets import TargetSender

VICTOR_TARGET = 7
MALLORY_TARGET = 8
OWNERS = {VICTOR_TARGET: "victor", MALLORY_TARGET: "mallory"}


class Recorder:
    """The notification queue's writes, as the sender makes them."""

    def __init__(self) -> None:
        self.dropped: list[tuple[int, str]] = []
        self.sent: list[int] = []

    async def drop(self, row_id: int, token: str, reason: str) -> None:
        self.dropped.append((row_id, reason))

    async def mark_sent(self, row_id: int, token: str) -> None:
        self.sent.append(row_id)


def sender_of(kind: type[TargetSender[Any]], notices: Recorder) -> TargetSender[Any]:
    """A real sender, its stores replaced: targets are looked up by id only, as stored."""
    sender = kind.__new__(kind)
    targets = {
        number: SimpleNamespace(id=number, person_id=person, your_move=True)
        for number, person in OWNERS.items()
    }

    async def get(target_id: int) -> Any:
        return targets.get(target_id)

    async def choices(person_id: str) -> Any:
        return SimpleNamespace(your_move=True)

    async def table(table_id: str) -> Any:
        return SimpleNamespace(game="any game")

    async def tried(target_id: int, error: str | None) -> None:
        return None

    sender.notices = cast(Any, notices)
    sender.store = cast(Any, SimpleNamespace(table=table))
    sender._threads = ThreadPoolExecutor(1)
    # What the constructor would set for a send in time (``send_seconds`` where sends are bounded).
    for name, value in (("send_seconds", 60.0), ("_held", 0), ("_held_here", 0)):
        setattr(sender, name, value)
    stores = SimpleNamespace(get=get, choices=choices)
    setattr(sender, "hooks", stores)  # noqa: B010 (the sender's store, replaced)
    setattr(sender, "subscriptions", stores)  # noqa: B010
    setattr(sender, "tried", tried)  # noqa: B010
    return sender


def row_of(number: int, person: str, target: int) -> Any:
    return SimpleNamespace(
        id=number, person_id=person, kind="your_move", table_id="t", target=target, attempts=0
    )


@pytest.mark.parametrize("kind", [HookSender, PushSender])
async def test_a_row_naming_another_persons_target_is_dropped_never_sent(
    kind: type[TargetSender[Any]],
) -> None:
    notices = Recorder()
    sender = sender_of(kind, notices)
    posted: list[tuple[int, int]] = []

    def post(target: Any, row: Any, table: Any) -> None:
        posted.append((row.id, target.id))

    setattr(sender, "post", post)  # noqa: B010
    rows = [
        row_of(1, "mallory", VICTOR_TARGET),
        row_of(2, "mallory", MALLORY_TARGET),
        row_of(3, "victor", MALLORY_TARGET),
    ]
    for row in rows:
        await sender._send_one(cast(Any, row), "token")
    assert posted == [(2, MALLORY_TARGET)]
    assert notices.sent == [2]
    assert notices.dropped == [(1, "not the person's target"), (3, "not the person's target")]
