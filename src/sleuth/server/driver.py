"""Each open table's driver: its bots, in worker processes, and its clock.

After every step the bots that may interrupt (Black Vienna's accusations) are offered the
chance once, in seat order after the seat the game waits on, as in the arena; then the bot
the game waits on moves after a short visible delay. A person whose time runs out has the
table's takeover bot play the seat until they take it back. Bot decisions are a pure
function of the seat's view, its legal actions and the table's bot seed with the step, so
two processes driving one table propose the same move and the database keeps one.
A decision has a deadline (``sleuth serve --max-think`` and a margin): a bot that does not
answer in time is replaced for that decision by the table's takeover bot (or a bot that
answers at once), and a note in the table's chat says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Protocol

from sleuth.core import GameError
from sleuth.core.turns import interrupt_order

from .clocks import reminder_before
from .live import LiveTable, legal_parts
from .models import ENDED
from .netbots import NetBots, net_name
from .outage import DatabaseUnavailable
from .pools import Overrun, Stale
from .workers import BotJob, WorkerPool

log = logging.getLogger("sleuth.server")


class Driven(Protocol):
    """What a driver needs of its table's owner (``owner.TableOwner``): the table, the
    workers its bots think in, and the doors every seat's move goes through."""

    @property
    def live(self) -> LiveTable: ...

    @property
    def pool(self) -> WorkerPool: ...

    @property
    def bot_delay(self) -> float: ...

    @property
    def netbots(self) -> NetBots: ...

    async def act(
        self, seat: int, action: object, expect_step: int | None = None, by_bot: bool = False
    ) -> int: ...

    async def take_over(self, seat: int, spec: str | None = None) -> bool: ...

    async def chat(self, seat: int | None, name: str, text: str) -> None: ...

    async def remind(self) -> None: ...


async def drive(table: Driven) -> None:
    live = table.live
    while live.status not in ENDED:
        try:
            await _turn(table, live)
        except asyncio.CancelledError:
            raise
        except DatabaseUnavailable:
            await asyncio.sleep(1.0)  # said once for the outage, not once a table
        except Exception:
            log.exception("table %s: driver", live.id)
            await asyncio.sleep(1.0)
    table.netbots.table_over(live)


async def _wait(live: LiveTable, timeout: float | None) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(live.wake.wait(), timeout)


async def _turn(table: Driven, live: LiveTable) -> None:
    live.wake.clear()
    if live.status != "playing":
        await _wait(live, None)
        return
    step = live.step
    state = live.state
    mover = state.to_move()
    if live.offered_at != step:
        live.offered_at = step
        others = [s for s in interrupt_order(state) if live.seats[s].played_by_bot]
        for seat in others:
            decision = await _ask(table, live, seat, interrupt=True)
            if live.step != step:
                return
            if decision.action is not None:
                await _play(table, live, seat, decision, step)
                return
    if mover is not None and live.seats[mover].played_by_bot:
        await _wait(live, table.bot_delay)
        if live.step != step or not live.seats[mover].played_by_bot:
            return
        decision = await _ask(table, live, mover, interrupt=False)
        if live.step == step:
            await _play(table, live, mover, decision, step)
        return
    deadline = live.deadline()
    if deadline is not None:
        remaining = deadline[1] - live.now()
        if remaining <= 0:
            await table.take_over(deadline[0])
            return
        await _wait(live, await _remind(table, live, remaining))
        return
    await _wait(live, None)


async def _remind(table: Driven, live: LiveTable, remaining: float) -> float:
    """At a turn clock, the reminder once the seat's time runs low: how long to wait then
    (until the reminder is due, or until the time runs out)."""
    if live.row.clock != "turn" or live.row.per_move is None:
        return remaining
    until_low = remaining - reminder_before(live.row.per_move)
    if until_low > 0:
        return until_low
    await table.remind()
    return remaining


# The last bot of every fallback: it answers at once in any game.
FAST_BOT = "random"
# A network bot's time per decision where the workers have no deadline (tests' threads).
NET_DEADLINE = 10.0
NOTE_NAME = "Sleuth"  # the name the table's history notes are posted under


@dataclass(frozen=True)
class Decision:
    action: str | None  # in notation; None: the bot lets an interrupt pass
    fallback: str | None = None  # the bot that decided, if not the seat's own (too slow)
    overran: str = ""  # the bot that did not answer in time, for the note


def fallbacks(spec: str, takeover: str) -> list[str]:
    """The bots asked in turn for a seat's decision: its own, then the table's takeover
    bot, then one that answers at once; each only once."""
    chain: list[str] = []
    for bot in (spec, takeover, FAST_BOT):
        if bot not in chain:
            chain.append(bot)
    return chain


async def _ask(table: Driven, live: LiveTable, seat: int, interrupt: bool) -> Decision:
    """The seat's decision, by its bot, or by the next bot of ``fallbacks`` if one does not
    answer within the pool's deadline (its worker is replaced meanwhile)."""
    spec = live.seats[seat].bot
    if spec is None:
        return Decision(None)
    step = live.step
    view, legal = live.view_data(seat), legal_parts(live.state.legal_actions(seat))

    def wanted() -> bool:
        return live.step == step and live.seats[seat].played_by_bot

    chain = fallbacks(spec, live.row.takeover_bot)
    network = net_name(spec)
    if network is not None:
        # A bot playing from elsewhere: away, too slow or wrong, the takeover bot decides.
        deadline = table.pool.bots.deadline or NET_DEADLINE
        answer = await table.netbots.decide(network, live, seat, interrupt, deadline)
        if not wanted():
            return Decision(None)
        if answer is not None:
            return Decision(answer.action)
        chain.remove(spec)
    for bot in chain:
        job = BotJob(
            game=live.game.name,
            config=live.game.config_json(),
            spec=bot,
            view=view,
            legal=legal,
            seed=live.bot_seed,
            seat=seat,
            step=step,
            interrupt=interrupt,
        )
        try:
            chosen = await table.pool.decide(live.id, job, wanted)
        except Stale:
            return Decision(None)
        except Overrun:
            log.warning("table %s: seat %s's bot %r overran at step %s", live.id, seat, bot, step)
            continue
        if bot == spec:
            return Decision(chosen)
        return Decision(chosen, fallback=bot, overran=spec)
    return Decision(None)


async def _play(table: Driven, live: LiveTable, seat: int, decision: Decision, step: int) -> None:
    if decision.action is None:
        return
    try:
        number = await table.act(seat, decision.action, expect_step=step, by_bot=True)
    except GameError as error:
        # Another process moved first (a stale step), or the bot broke the rules: the
        # table goes on from what the database holds.
        log.info("table %s: bot seat %s %r not played: %s", live.id, seat, decision.action, error)
        return
    if decision.fallback is not None:
        # The people at the table see that this move was not the seat's bot's own.
        deadline = table.pool.bots.deadline or 0.0
        await table.chat(
            None,
            NOTE_NAME,
            f"Seat {seat}'s bot ({decision.overran}) did not decide within {deadline:g} s: "
            f"step {number} was played by the fallback bot ({decision.fallback}).",
        )
