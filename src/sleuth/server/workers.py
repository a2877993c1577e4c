"""Bots and sheets in worker processes, fed a seat's view only.

A worker gets the seat's serialized view and its legal actions in notation, rebuilds the
view with ``game.view_from_json`` and asks a fresh agent (or the kit's sheet renderer): no
worker ever holds a State, so no bot can reach another seat's secrets, and the event loop
never waits on a bot. A fresh agent per decision: an agent object reused across seats could
carry one seat's knowledge into another's decision.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from sleuth.core import Action, Game, GameError, find_kit, make_rng
from sleuth.core.actions import ActionList
from sleuth.core.kit import RENDER, TextRender
from sleuth.core.serialize import JSONValue, from_json


@dataclass(frozen=True)
class BotJob:
    game: str
    config: dict[str, JSONValue]
    spec: str
    view: dict[str, JSONValue]
    legal: tuple[tuple[str, ...], ...]  # the legal actions' notation, part by part
    seed: int  # the table's bot seed (never the game seed)
    seat: int
    step: int
    interrupt: bool


@dataclass(frozen=True)
class SheetJob:
    game: str
    config: dict[str, JSONValue]
    view: dict[str, JSONValue]
    level: str


def game_of(name: str, config: dict[str, JSONValue]) -> Game[Any]:
    game_type = find_kit(name).game
    return game_type.of(from_json(game_type.config_type, config, "config"))


def decide(job: BotJob) -> str | None:
    """The bot's action in notation (``None``: it lets an interrupt pass)."""
    from sleuth.agents import make_agent

    game = game_of(job.game, job.config)
    view = game.view_from_json(job.view)
    legal: Sequence[Action] = ActionList(
        [[game.parse_action(text) for text in part] for part in job.legal]
    )
    agent = make_agent(job.spec, game.name)
    rng = make_rng(job.seed, "bot", job.seat, job.step, "interrupt" if job.interrupt else "act")
    if job.interrupt:
        chosen = agent.interrupt(view, legal, rng)
        return None if chosen is None else str(chosen)
    return str(agent.act(view, legal, rng))


def render_sheet(job: SheetJob) -> str:
    game = game_of(job.game, job.config)
    view = game.view_from_json(job.view)
    return find_kit(job.game).part(RENDER, TextRender).sheet(view, job.level)


def _warm(parent: int) -> None:
    # Import the engines once per worker, not on its first decision.
    from sleuth.core import all_kits

    for kit in all_kits():
        kit.game.options()
    threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()


def _exit_with(parent: int) -> None:
    """A server killed with ``kill -9`` cannot stop its workers: they stop themselves."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


class WorkerPool:
    """A process pool (``workers`` > 0) or threads (0, for quick tests); restarted if a
    worker dies."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: Executor | None = None

    def _get(self) -> Executor:
        if self._executor is None:
            if self.workers > 0:
                self._executor = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_warm,
                    initargs=(os.getpid(),),
                )
            else:
                self._executor = ThreadPoolExecutor(2)
        return self._executor

    async def decide(self, job: BotJob) -> str | None:
        chosen: str | None = await self._run(decide, job)
        return chosen

    async def sheet(self, job: SheetJob) -> str:
        text: str = await self._run(render_sheet, job)
        return text

    async def _run(self, function: Any, job: object) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._get(), function, job)
        except BrokenProcessPool:
            self._executor = None
            return await loop.run_in_executor(self._get(), function, job)
        except GameError:
            raise

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
