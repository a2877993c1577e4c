"""The attack of issue 13 in the game's process: a bot that reaches the game's State."""

from __future__ import annotations

import os
import random
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

import sleuth
from sleuth.agents import Agent
from sleuth.agents.base import kinds_of
from sleuth.core import Action, View

from .spy_bot import states_in_reach

SPY = Path(__file__).parent / "spy_bot.py"
SRC = Path(sleuth.__file__).parent.parent


def spy_program(report: Path) -> str:
    """The spec of the spy run as a program (``cmd:``), writing what it finds to ``report``."""
    return f"cmd:{shlex.join([sys.executable, str(SPY), str(report)])}"


def children_import_this_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]))


class SpyAgent(Agent):
    """The spy in the game's process: it counts the States it reaches, and in a game where
    it may accuse, accuses the solution it reads from the live state."""

    name = "spy"

    def __init__(self) -> None:
        self.found: list[tuple[int, int]] = []

    # Decisions searched: a search walks every object in the process, and late in a test
    # run a worker's heap makes each walk cost ~0.7 s (60 looks took 42 s of one long game
    # there, 1.7 s alone). The first decisions already show what the attack reaches.
    LOOKS = 8

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(self.found) >= self.LOOKS:
            return legal[0]
        in_gc, in_frames, _ = states_in_reach()
        self.found.append((len(in_gc), len(in_frames)))
        if in_frames and "accuse" in kinds_of(legal) and "ring" in in_frames[0].reveal():
            cheat = in_frames[0].game.parse_action(f"accuse {in_frames[0].reveal()['ring']}")
            if cheat in legal:
                return cheat
        return legal[0]

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> None:
        if len(self.found) >= self.LOOKS:
            return
        in_gc, in_frames, _ = states_in_reach()
        self.found.append((len(in_gc), len(in_frames)))
