"""Finished records of all four games, each with steps whose texts hide something."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.core import make_game
from sleuth.core.records import Recorder
from sleuth.testing.golden import load_scenario

from .streams import bot_streams

GOLDENS = Path(__file__).resolve().parent.parent / "goldens"
SALT = "5a" * 16
# Five suspects: two convictions end the game, so that its record stays short.
SHORT_ALIBI = (
    "S01=female+thin+long+newspaper+glasses,S02=male+fat+short+revolver+umbrella,"
    "S03=female+fat+short+striped+knife,S04=male+thin+long+dotted+bag,"
    "S05=female+thin+short+revolver+bag"
)


def _random(name: str, players: int, seed: int, **options: Any) -> dict[str, Any]:
    game = make_game(name, players, **options)
    agents = [RandomAgent(0.05) for _ in range(players)]
    result = play_match(game, agents, seed, bot_seeds=bot_streams(seed, players), salt=SALT)
    return result.record


def _scripted_black_vienna() -> dict[str, Any]:
    """A wrong accusation, a correct one, a guess and a pass (the scripted golden game)."""
    game, seed, script = load_scenario(GOLDENS / "black-vienna-4p-scripted.json")
    assert script is not None
    recorder = Recorder(game, seed, SALT)
    for seat, text in script:
        recorder.play(seat, text)
    return recorder.record()


@functools.cache
def _records() -> str:
    records = {
        "black-vienna": _scripted_black_vienna(),
        "13-clues": _random("13-clues", 4, 6, top_secret=True, stall_rounds=3),
        "black-stories-investigation": _random("black-stories", 3, 11, guesses="private"),
        "alibi": _random("alibi", 2, 8, suspects=SHORT_ALIBI),
    }
    return json.dumps(records, ensure_ascii=False)


def sample_records() -> dict[str, dict[str, Any]]:
    """Fresh copies (tests edit them): game name -> finished record."""
    data: dict[str, dict[str, Any]] = json.loads(_records())
    return data
