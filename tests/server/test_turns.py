"""``Turns``: a slot is given back only by a turn that had one, and dropping skips a turn
cancelled but not yet forgotten."""

from __future__ import annotations

import asyncio

import pytest

from sleuth.server.turns import Turns


async def settled() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_dropped_turn_cancelled_before_it_wakes_gives_no_slot_back() -> None:
    """drop_newest failed the turn, then its task was cancelled before it ran: it never had
    a slot, so free stays 0 while the first computation holds the only one."""
    turns: Turns[str] = Turns(1)
    await turns.take("net", "first")
    assert turns.free == 0
    waiter = asyncio.ensure_future(turns.take("net", "second"))
    await settled()
    assert turns.drop_newest("net", RuntimeError("dropped")) == "second"
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert turns.free == 0
    assert turns.networks_waiting() == []


async def test_dropping_skips_a_turn_cancelled_but_not_yet_forgotten() -> None:
    """The newest turn's task is cancelled (its future done) but has not run to forget it:
    the next newest is dropped instead, and no InvalidStateError."""
    turns: Turns[str] = Turns(1)
    await turns.take("net", "first")
    older = asyncio.ensure_future(turns.take("net", "older"))
    newer = asyncio.ensure_future(turns.take("net", "newer"))
    await settled()
    newer.cancel()
    assert turns.drop_newest("net", RuntimeError("dropped")) == "older"
    assert turns.networks_waiting() == []
    with pytest.raises(RuntimeError, match="dropped"):
        await older
    with pytest.raises(asyncio.CancelledError):
        await newer
    assert turns.drop_newest("net", RuntimeError("again")) is None
    assert turns.free == 0


async def test_dropping_only_cancelled_turns_drops_nothing() -> None:
    turns: Turns[str] = Turns(1)
    await turns.take("net", "first")
    waiter = asyncio.ensure_future(turns.take("net", "only"))
    await settled()
    waiter.cancel()
    assert turns.drop_newest("net", RuntimeError("dropped")) is None
    assert turns.waiting("net") == 0
    with pytest.raises(asyncio.CancelledError):
        await waiter
    turns.give_back()
    assert turns.free == 1
