"""Golden playthroughs: every seat's and the spectator's view at every step, as text.

A scenario is a JSON file ``NAME.json`` (game, players, seed, options) in the folder
``goldens`` of its game's tests, ``tests/games/<package>/goldens/``; its playthrough is
``NAME.txt`` beside it. ``python scripts/goldens.py`` rewrites the texts and
a test diffs them, so any change in what a seat sees shows up in review as a diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.core import Game, derive_seed, make_game

Scenario = tuple[Game[Any], int, list[tuple[int, str]] | None]


def load_scenario(path: Path) -> Scenario:
    """(game, seed, scripted steps or ``None`` for a game between random bots)."""
    spec = json.loads(path.read_text(encoding="utf-8"))
    game = make_game(spec["game"], spec["players"], **spec.get("options", {}))
    script = spec.get("steps")
    steps = None if script is None else [(int(seat), str(action)) for seat, action in script]
    return game, int(spec["seed"]), steps


def golden_text(game: Game[Any], seed: int, script: list[tuple[int, str]] | None = None) -> str:
    """Play the scripted steps (or a game between random bots) and print every view."""
    if script is None:
        bots = [RandomAgent(interrupt_rate=0.02) for _ in range(game.players)]
        # The bots' streams of the days when they came from the game seed: kept for these
        # fixed test scenarios only, so that their playthroughs stay the same.
        streams = [derive_seed(seed, "agent", seat) for seat in range(game.players)]
        steps = play_match(game, bots, seed, bot_seeds=streams).steps
        script = [(step.seat, step.action) for step in steps]
    state = game.new(seed)
    out = [f"# {game.title}, {game.players} players, seed {seed}, config {game.config_json()}"]
    out += _views(state)
    for number, (seat, action) in enumerate(script, start=1):
        state = state.apply(seat, game.parse_action(action))
        # The referee's line: the whole action and what it did, private or not.
        result = state.private_result() or state.last_result()
        out.append(f"\n=== step {number}: seat {seat} plays {action!r} -> {result}")
        out += _views(state)
    return "\n".join(out) + "\n"


def _views(state: Any) -> list[str]:
    lines = []
    for seat in [*range(state.game.players), None]:
        name = "spectator" if seat is None else f"seat {seat}"
        lines.append(f"--- {name} ---")
        lines.append(state.view(seat).render())
    return lines


def golden_paths(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def every_golden(tests: Path) -> list[Path]:
    """The scenarios of every game's tests under ``tests`` (``games/*/goldens/*.json``)."""
    return sorted(tests.glob("games/*/goldens/*.json"), key=lambda path: path.name)
