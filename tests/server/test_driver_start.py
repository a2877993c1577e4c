"""A table's driver runs only while a bot or a clock needs one: a table of people without a
clock has none (it would only wake at every step to find nothing to do), and gets one as
soon as a seat is handed to a bot. A driver started then offers the bots an interrupt from
the next step on, as one idle since the start would have; a table with a bot from the
start has its driver at once, which offers one at the step it starts from."""

from __future__ import annotations

import random
import types
from typing import Any

import pytest

pytest.importorskip("sqlalchemy")

from sleuth.core import all_kits, make_game
from sleuth.server.live import LiveTable, SeatState
from sleuth.server.models import StepRow
from sleuth.server.owner import TableOwner


def played_table(bot_seat: int | None, clock: str = "none") -> LiveTable:
    """The first game in the registry, a person in every seat (a bot in ``bot_seat``),
    three steps played."""
    kit = min(all_kits(), key=lambda kit: kit.name)
    game = make_game(kit.name, kit.game.min_players)
    row: Any = types.SimpleNamespace(id="drv", status="playing", clock=clock, rematch=None)
    seats = [
        SeatState(
            s,
            "bot" if s == bot_seat else "person",
            "random" if s == bot_seat else None,
            False,
            None if s == bot_seat else f"p{s}",
            0.0,
            {},
            None,
            f"P{s}",
        )
        for s in range(game.players)
    ]
    live = LiveTable(row, game, 7, 8, game.new(7), [], seats)
    rng = random.Random(3)
    for _ in range(3):
        mover = min(live.state.actors())
        legal = live.state.legal_actions(mover)
        state = live.state.apply(mover, legal[rng.randrange(len(legal))])
        live.advance(StepRow(number=live.step + 1, seat=mover, action="", at=0.0), state, "")
    return live


def owner_of(live: LiveTable) -> tuple[TableOwner, list[str]]:
    """The table's owner, with the names of the tasks it spawned."""
    spawned: list[str] = []

    def spawn(coroutine: Any) -> Any:
        spawned.append(coroutine.__name__)
        coroutine.close()  # never run: only whether it was started matters here
        return types.SimpleNamespace(done=lambda: False, cancel=lambda: None)

    desk: Any = types.SimpleNamespace(spawn=spawn, clock=lambda: 0.0)
    return TableOwner(live, desk), spawned


def test_a_table_of_people_without_a_clock_has_no_driver() -> None:
    owner, spawned = owner_of(played_table(bot_seat=None))
    owner.ensure_driver()
    owner.ensure_driver()
    assert spawned == []
    assert owner.driver is None


def test_a_seat_handed_to_a_bot_starts_the_driver_from_the_next_step_on() -> None:
    live = played_table(bot_seat=None)
    owner, spawned = owner_of(live)
    owner.ensure_driver()
    live.seats[1].takeover = True
    live.seats[1].bot = "random"
    owner.ensure_driver()
    owner.ensure_driver()  # running: not started twice
    assert spawned == ["drive"]
    assert live.offered_at == live.step == 3


@pytest.mark.parametrize(("bot_seat", "clock"), [(1, "none"), (None, "turn")])
def test_a_table_with_a_bot_or_a_clock_has_its_driver_at_once(
    bot_seat: int | None, clock: str
) -> None:
    live = played_table(bot_seat, clock)
    owner, spawned = owner_of(live)
    owner.ensure_driver()
    assert spawned == ["drive"]
    assert live.offered_at == -1  # the driver offers the bots the step it starts from


def test_a_finished_table_gets_no_driver() -> None:
    live = played_table(bot_seat=1)
    live.row.status = "finished"
    owner, spawned = owner_of(live)
    owner.ensure_driver()
    assert spawned == []
