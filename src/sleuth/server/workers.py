"""Bots and sheets in worker processes, fed a seat's view only.

A worker gets the seat's serialized view and its legal actions in notation, rebuilds the
view with ``game.view_from_json`` and asks a fresh agent (or the kit's sheet renderer): no
worker ever holds a State, so no bot can reach another seat's secrets, and the event loop
never waits on a bot (``pools``: the processes, their queues and deadlines). A fresh agent
per decision: an agent object reused across seats could carry one seat's knowledge into
another's decision.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import orjson

from sleuth.core import Action, Game, find_kit, make_rng
from sleuth.core.actions import ActionList
from sleuth.core.kit import RENDER, TextRender
from sleuth.core.said import words_of
from sleuth.core.serialize import JSONValue, from_json, to_json
from sleuth.core.sheets import said_line, sheet_line

from .pools import JobPool


@dataclass(frozen=True)
class BotJob:
    game: str
    config: dict[str, JSONValue]
    spec: str
    view: bytes  # the seat's view as JSON text
    legal: tuple[tuple[str, ...], ...]  # the legal actions' notation, part by part
    seed: int  # the table's bot seed (never the game seed)
    seat: int
    step: int
    interrupt: bool


@dataclass(frozen=True)
class SheetJob:
    game: str
    config: dict[str, JSONValue]
    view: bytes  # the seat's view as JSON text
    level: str


def game_of(name: str, config: dict[str, JSONValue]) -> Game[Any]:
    game_type = find_kit(name).game
    return game_type.of(from_json(game_type.config_type, config, "config"))


def decide(job: BotJob) -> str | None:
    """The bot's action in notation (``None``: it lets an interrupt pass)."""
    from sleuth.agents import make_agent

    game = game_of(job.game, job.config)
    view = game.view_from_json(orjson.loads(job.view))
    # The game object lives as long as the worker (``Game.of`` keeps it), and with it what it
    # parsed: a Black Vienna bot's legal list holds 2,925 accusations at every step, whose
    # parsing was three quarters of a decision.
    known = game.parsed
    legal: Sequence[Action] = ActionList(
        [[known.get(text) or _parsed(game, text) for text in part] for part in job.legal]
    )
    agent = make_agent(job.spec, game.name)
    rng = make_rng(job.seed, "bot", job.seat, job.step, "interrupt" if job.interrupt else "act")
    if job.interrupt:
        chosen = agent.interrupt(view, legal, rng)
        return None if chosen is None else str(chosen)
    return str(agent.act(view, legal, rng))


def _parsed(game: Game[Any], text: str) -> Action:
    action = game.parsed[text] = game.parse_action(text)
    return action


class RenderedSheet(NamedTuple):
    """A seat's sheet: its lines as typed data (``sheet_lines``), and its data
    (``core.sheets.SheetData`` as JSON) for the page to draw, ``None`` where the game gives
    none."""

    lines: JSONValue
    data: JSONValue


def render_sheet(job: SheetJob) -> RenderedSheet:
    game = game_of(job.game, job.config)
    view = game.view_from_json(orjson.loads(job.view))
    render = find_kit(job.game).part(RENDER, TextRender)
    data = None if render.sheet_data is None else render.sheet_data(view, job.level)
    json_data = None if data is None else to_json(data)
    return RenderedSheet(sheet_lines(render, view, job.level, json_data), json_data)


def sheet_lines(render: TextRender, view: Any, level: str, data: JSONValue) -> JSONValue:
    """What crosses of the sheet besides its data: message keys and values for the page to
    say in the person's language (none where the page draws the data); a game that gives
    neither keeps its text, as one line shown as given."""
    if data is not None:
        return []
    if render.sheet_lines is not None:
        return list(render.sheet_lines(view, level))
    return [{"text": render.sheet(view, level)}]


def failed_sheet(error: Exception) -> RenderedSheet:
    """The sheet a seat gets when working it out failed: the error, said as a line."""
    words = words_of(error)
    said_error: JSONValue = str(error) if words is None else said_line(words)
    line = sheet_line("The sheet could not be worked out: %(error)s", error=said_error)
    return RenderedSheet([line], None)


def _warm() -> None:
    # Import the engines, bots and sheet renderers once per worker, not in its first job:
    # a worker that takes an overrun one's place must answer its first job in time.
    from sleuth.agents.registry import game_bots
    from sleuth.core import all_kits

    for kit in all_kits():
        kit.game.options()
        game_bots(kit.name)
        if kit.has(RENDER):
            kit.part(RENDER, TextRender)


# A sheet still being worked out after this long has its worker replaced (a sheet is
# exact deduction, and a pathological one must not keep a core for good).
SHEET_SECONDS = 60.0
SHEET_NICENESS = 15  # above the server's; bots' workers run at pools.WORKER_NICENESS


class WorkerPool:
    """Bots and sheets in pools of their own (a flood of sheets never delays a bot), each
    fed in turn by table (``sleuth.server.pools``); a bot's decision has ``deadline``
    seconds (``sleuth.agents.budgets.decision_deadline``)."""

    def __init__(
        self, workers: int, sheet_workers: int | None = None, deadline: float | None = None
    ) -> None:
        """``sheet_workers``: by default one process, none (threads) if ``workers`` is 0."""
        self.bots = JobPool(workers, deadline, _warm)
        sheets = min(workers, 1) if sheet_workers is None else sheet_workers
        # No spare for sheets: one overruns SHEET_SECONDS rarely, and a sheet can wait; and
        # a sheet yields the cores to the bots (a bot's move holds up a game, a sheet not).
        self.sheets = JobPool(sheets, SHEET_SECONDS, _warm, spare=False, niceness=SHEET_NICENESS)

    async def decide(
        self, table: str, job: BotJob, wanted: Callable[[], bool] | None = None
    ) -> str | None:
        """The bot's action, or ``Overrun`` (its worker replaced), ``Stale`` (no longer
        ``wanted`` when its turn came) or the bot's error."""
        chosen: str | None = await self.bots.run(table, decide, job, wanted)
        return chosen

    async def sheet(
        self, table: str, seat: int, job: SheetJob, wanted: Callable[[], bool]
    ) -> RenderedSheet:
        """The sheet, or ``Stale`` if it is no longer ``wanted`` when its turn comes or a
        newer sheet of the seat took its place in the queue."""
        sheet: RenderedSheet = await self.sheets.run(
            table, render_sheet, job, wanted, replaces=seat
        )
        return sheet

    def start(self) -> None:
        self.bots.start()
        self.sheets.start()

    def close(self) -> None:
        self.bots.close()
        self.sheets.close()
