"""Issue 13's attack: a bot that walks ``gc.get_objects()`` and its callers' frames finds
the game's State in the game's process (and wins Black Vienna on its first move), and finds
none when it runs in its own process through ``cmd:``."""

from __future__ import annotations

import json
import os
import random
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

import sleuth
from sleuth.agents import Agent, make_agent
from sleuth.agents.base import kinds_of
from sleuth.arena import play_match
from sleuth.core import Action, View, make_game
from support.json_access import as_obj
from support.spy_bot import states_in_reach

SPY = Path(__file__).parent.parent / "support" / "spy_bot.py"
SRC = Path(sleuth.__file__).parent.parent
# Alibi's tables are the slowest to search: marked slow (CI runs it), the rest stay fast.
GAMES = [("bv", 3), ("bsi", 3), pytest.param("alibi", 3, marks=pytest.mark.slow), ("13-clues", 3)]


@pytest.fixture(autouse=True)
def _children_import_this_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]))


class SpyAgent(Agent):
    """The spy in the game's process: it counts the States it reaches, and in a game where
    it may accuse, accuses the solution it reads from the live state."""

    name = "spy"

    def __init__(self) -> None:
        self.found: list[tuple[int, int]] = []

    # Decisions searched: a search walks every object in the process, and an Alibi game
    # with this spy's first-action play runs to hundreds of decisions.
    LOOKS = 60

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


def others(game_name: str, players: int) -> list[Agent]:
    return [make_agent("basic", game_name) for _ in range(players - 1)]


@pytest.mark.parametrize(("game_name", "players"), GAMES)
def test_in_the_games_process_the_spy_finds_the_state(game_name: str, players: int) -> None:
    spy = SpyAgent()
    play_match(make_game(game_name, players), [spy, *others(game_name, players)], seed=1)
    assert spy.found
    assert all(in_gc > 0 and in_frames > 0 for in_gc, in_frames in spy.found)


def test_in_black_viennas_process_the_spy_wins_on_its_first_move() -> None:
    game = make_game("bv", 3)
    for seed in range(5):
        result = play_match(game, [SpyAgent(), *others("bv", 3)], seed=seed)
        assert result.outcome.winners == (0,)
        assert result.steps[0].seat == 0  # the others then guess or pass (A11)
        ring = as_obj(result.record["reveal"])["ring"]
        assert result.steps[0].action == f"accuse {ring}"


@pytest.mark.parametrize(("game_name", "players"), GAMES)
def test_in_its_own_process_the_spy_finds_no_state(
    game_name: str, players: int, tmp_path: Path
) -> None:
    report = tmp_path / "spy.jsonl"
    spy = make_agent(f"cmd:{shlex.join([sys.executable, str(SPY), str(report)])}", game_name)
    game = make_game(game_name, players)
    for seed in range(2):
        result = play_match(game, [spy, *others(game_name, players)], seed=seed)
        assert result.forfeits == ()
        if game_name == "bv":  # no accusation of the true ring at once
            assert not result.steps[0].action.startswith("accuse")
    found = [json.loads(line) for line in report.read_text().splitlines()]
    assert len(found) > 10
    assert all(f["gc"] == 0 and f["frames"] == 0 for f in found)
    assert min(f["objects"] for f in found) > 10_000  # it did look through a loaded sleuth
