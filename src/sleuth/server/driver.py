"""Each open table's driver: its bots, in worker processes, and its clock.

After every step the bots that may interrupt (Black Vienna's accusations) are offered the
chance once, in seat order after the seat the game waits on, as in the arena; then the bot
the game waits on moves after a short visible delay. A person whose time runs out has the
table's takeover bot play the seat until they take it back. Bot decisions are a pure
function of the seat's view, its legal actions and the table's bot seed with the step, so
two processes driving one table propose the same move and the database keeps one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from sleuth.core import GameError

from .live import LiveTable, legal_parts
from .outage import DatabaseUnavailable
from .workers import BotJob

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("sleuth.server")


async def drive(hub: Hub, live: LiveTable) -> None:
    while live.status != "finished":
        try:
            await _turn(hub, live)
        except asyncio.CancelledError:
            raise
        except DatabaseUnavailable:
            await asyncio.sleep(1.0)  # said once for the outage, not once a table
        except Exception:
            log.exception("table %s: driver", live.id)
            await asyncio.sleep(1.0)


async def _wait(live: LiveTable, timeout: float | None) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(live.wake.wait(), timeout)


async def _turn(hub: Hub, live: LiveTable) -> None:
    live.wake.clear()
    if live.status != "playing":
        await _wait(live, None)
        return
    step = live.step
    state = live.state
    mover = state.to_move()
    if live.offered_at != step:
        live.offered_at = step
        players = live.game.players
        others = sorted(
            (s for s in state.actors() if s != mover and live.seats[s].played_by_bot),
            key=lambda s: (s - (mover or 0)) % players,
        )
        for seat in others:
            chosen = await _ask(hub, live, seat, interrupt=True)
            if live.step != step:
                return
            if chosen is not None:
                await _play(hub, live, seat, chosen, step)
                return
    if mover is not None and live.seats[mover].played_by_bot:
        await _wait(live, hub.bot_delay)
        if live.step != step or not live.seats[mover].played_by_bot:
            return
        chosen = await _ask(hub, live, mover, interrupt=False)
        if chosen is not None and live.step == step:
            await _play(hub, live, mover, chosen, step)
        return
    deadline = live.deadline()
    if deadline is not None:
        remaining = deadline[1] - time.time()
        if remaining <= 0:
            await hub.take_over(live, deadline[0])
            return
        await _wait(live, remaining)
        return
    await _wait(live, None)


async def _ask(hub: Hub, live: LiveTable, seat: int, interrupt: bool) -> str | None:
    spec = live.seats[seat].bot
    if spec is None:
        return None
    job = BotJob(
        game=live.game.name,
        config=live.game.config_json(),
        spec=spec,
        view=live.view_json(seat),
        legal=legal_parts(live.state.legal_actions(seat)),
        seed=live.bot_seed,
        seat=seat,
        step=live.step,
        interrupt=interrupt,
    )
    return await hub.pool.decide(job)


async def _play(hub: Hub, live: LiveTable, seat: int, notation: str, step: int) -> None:
    try:
        await hub.act(live, seat, notation, expect_step=step, by_bot=True)
    except GameError as error:
        # Another process moved first (a stale step), or the bot broke the rules: the
        # table goes on from what the database holds.
        log.info("table %s: bot seat %s %r not played: %s", live.id, seat, notation, error)
