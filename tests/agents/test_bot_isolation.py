"""Issue 13's attack: a bot that walks ``gc.get_objects()`` and its callers' frames finds
the game's State in the game's process (and where it can read the solution, wins on its
first move: tests/games/<package>/), and finds none when it runs in its own process through
``cmd:``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sleuth.agents import Agent, make_agent
from sleuth.arena import play_match
from sleuth.core import make_game
from support.game_cases import cases_of
from support.game_names import built_in_kits
from support.spy_agent import SpyAgent, children_import_this_checkout, spy_program

# A game of long games is the slowest to search: marked slow (CI runs it), the rest stay fast.
GAMES = [
    pytest.param(
        kit.name,
        max(kit.game.min_players, min(3, kit.game.max_players)),
        marks=[pytest.mark.slow] if cases_of(kit).long_games else [],
        id=kit.name,
    )
    for kit in built_in_kits()
]


@pytest.fixture(autouse=True)
def _children_import_this_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    children_import_this_checkout(monkeypatch)


def others(game_name: str, players: int) -> list[Agent]:
    return [make_agent("basic", game_name) for _ in range(players - 1)]


@pytest.mark.parametrize(("game_name", "players"), GAMES)
def test_in_the_games_process_the_spy_finds_the_state(game_name: str, players: int) -> None:
    spy = SpyAgent()
    play_match(make_game(game_name, players), [spy, *others(game_name, players)], seed=1)
    assert spy.found
    assert all(in_gc > 0 and in_frames > 0 for in_gc, in_frames in spy.found)


@pytest.mark.parametrize(("game_name", "players"), GAMES)
def test_in_its_own_process_the_spy_finds_no_state(
    game_name: str, players: int, tmp_path: Path
) -> None:
    report = tmp_path / "spy.jsonl"
    spy = make_agent(spy_program(report), game_name)
    game = make_game(game_name, players)
    for seed in range(2):
        result = play_match(game, [spy, *others(game_name, players)], seed=seed)
        assert result.forfeits == ()
    found = [json.loads(line) for line in report.read_text().splitlines()]
    assert len(found) > 10
    assert all(f["gc"] == 0 and f["frames"] == 0 for f in found)
    assert min(f["objects"] for f in found) > 10_000  # it did look through a loaded sleuth
