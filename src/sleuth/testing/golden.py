"""Golden playthroughs: every seat's and the spectator's view at every step, as text.

A scenario is a JSON file ``tests/goldens/NAME.json`` (game, players, seed, options); its
playthrough is ``NAME.txt`` beside it. ``python scripts/goldens.py`` rewrites the texts and
a test diffs them, so any change in what a seat sees shows up in review as a diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.core import Game, make_game


def load_scenario(path: Path) -> tuple[Game[Any], int]:
    spec = json.loads(path.read_text(encoding="utf-8"))
    game = make_game(spec["game"], spec["players"], **spec.get("options", {}))
    return game, int(spec["seed"])


def golden_text(game: Game[Any], seed: int) -> str:
    """Play one game between random bots and print every view before and after each step."""
    result = play_match(game, [RandomAgent(interrupt_rate=0.02) for _ in range(game.players)], seed)
    state = game.new(seed)
    out = [f"# {game.title}, {game.players} players, seed {seed}, config {game.config_json()}"]
    out += _views(state, 0)
    for number, step in enumerate(result.steps, start=1):
        state = state.apply(step.seat, game.parse_action(step.action))
        out.append(f"\n=== step {number}: seat {step.seat} plays {step.action!r} -> {step.result}")
        out += _views(state, number)
    return "\n".join(out) + "\n"


def _views(state: Any, number: int) -> list[str]:
    lines = []
    for seat in [*range(state.game.players), None]:
        name = "spectator" if seat is None else f"seat {seat}"
        lines.append(f"--- {name} ---")
        lines.append(state.view(seat).render())
    return lines


def golden_paths(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))
