"""A finished record of every built-in game, each with steps whose texts hide something."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.core import GameKit, make_game
from sleuth.core.records import Recorder
from sleuth.testing.golden import load_scenario

from .game_cases import cases_of, tests_folder
from .game_names import built_in_kits
from .streams import bot_streams

SALT = "5a" * 16


def _random(name: str, players: int, seed: int, **options: Any) -> dict[str, Any]:
    game = make_game(name, players, **options)
    agents = [RandomAgent(0.05) for _ in range(players)]
    result = play_match(game, agents, seed, bot_seeds=bot_streams(seed, players), salt=SALT)
    return result.record


def _scripted(path: Path) -> dict[str, Any]:
    game, seed, script = load_scenario(path)
    assert script is not None, f"{path} is not a scripted scenario"
    recorder = Recorder(game, seed, SALT)
    for seat, text in script:
        recorder.play(seat, text)
    return recorder.record()


def sample_record(kit: GameKit) -> dict[str, Any]:
    """The kit's sample record, as its test folder says (``GameCases.record``)."""
    spec = cases_of(kit).record
    if spec.golden is not None:
        return _scripted(tests_folder(kit) / "goldens" / spec.golden)
    players = spec.players or kit.game.min_players
    return _random(kit.name, players, spec.seed, **spec.options)


@functools.cache
def _records() -> str:
    return json.dumps({kit.name: sample_record(kit) for kit in built_in_kits()}, ensure_ascii=False)


def sample_records() -> dict[str, dict[str, Any]]:
    """Fresh copies (tests edit them): game name -> finished record."""
    data: dict[str, dict[str, Any]] = json.loads(_records())
    return data
