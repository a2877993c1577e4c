"""Issue 13's attack in Black Vienna: the spy in the game's process reads the ring and wins
on its first move; run as a program, it does not (tests/agents/test_bot_isolation.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.agents import Agent, make_agent
from sleuth.arena import play_match
from sleuth.core import make_game
from support.json_access import as_obj
from support.spy_agent import SpyAgent, children_import_this_checkout, spy_program


@pytest.fixture(autouse=True)
def _children_import_this_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    children_import_this_checkout(monkeypatch)


def others(players: int) -> list[Agent]:
    return [make_agent("basic", "bv") for _ in range(players - 1)]


def test_in_black_viennas_process_the_spy_wins_on_its_first_move() -> None:
    game = make_game("bv", 3)
    for seed in range(5):
        result = play_match(game, [SpyAgent(), *others(3)], seed=seed)
        assert result.outcome.winners == (0,)
        assert result.steps[0].seat == 0  # the others then guess or pass (A11)
        ring = as_obj(result.record["reveal"])["ring"]
        assert result.steps[0].action == f"accuse {ring}"


def test_in_its_own_process_the_spy_accuses_nothing_at_once(tmp_path: Path) -> None:
    spy = make_agent(spy_program(tmp_path / "spy.jsonl"), "bv")
    game = make_game("bv", 3)
    for seed in range(2):
        result = play_match(game, [spy, *others(3)], seed=seed)
        assert result.forfeits == ()
        assert not result.steps[0].action.startswith("accuse")
