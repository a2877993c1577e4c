"""Views: ``state.view(seat)`` and the JSON of a view, per second, per game and player count.

    python benchmarks/views.py [--games N] [--players N]

Every bot move, every server frame and every environment step starts from a seat's view, so
its price is on every path. States come from random playouts (fixed seeds); each is viewed
from every seat, cold: a view is built once per state and seat, so every figure is of a
fresh build (no cache a real game would not have). The JSON figure is ``to_json`` of a view,
what the service sends in a frame. Target: a 6-player frame (view and JSON) under 50 µs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from playouts import random_move
from sleuth.core import State, all_kits, find_game, make_game
from sleuth.core.serialize import to_json

TARGET_FRAME_US = 50.0


def playout_states(name: str, players: int, games: int, seed: int) -> list[State]:
    """Every state of ``games`` random games, the random bot's way of choosing."""
    game = make_game(name, players)
    rng = random.Random(seed)
    states: list[State] = []
    for number in range(games):
        state = game.new(seed * 7919 + number)
        while state.outcome is None:
            states.append(state)
            state = random_move(state, rng)
    return states


def view_costs(states: list[State]) -> tuple[float, float]:
    """(µs per view, µs per view's JSON), over every state from every seat."""
    tick = time.process_time
    view_total = json_total = 0.0
    count = 0
    for state in states:
        for seat in range(state.players):
            started = tick()
            view = state.view(seat)
            built = tick()
            to_json(view)
            json_total += tick() - built
            view_total += built - started
            count += 1
    return view_total / count * 1e6, json_total / count * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per cell")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"CPU time per view from every seat of every state of {args.games} random games")
    print(f"{'game':<28} {'players':>7} {'views':>7} {'view µs':>8} {'JSON µs':>8} {'frame µs':>9}")
    worst = 0.0
    for kit in all_kits():
        if not kit.game.__module__.startswith("sleuth."):
            continue
        game_type = find_game(kit.name)
        counts = args.players or sorted({game_type.min_players, 4, game_type.max_players})
        for players in counts:
            if not game_type.min_players <= players <= game_type.max_players:
                continue
            states = playout_states(kit.name, players, args.games, args.seed)
            view_us, json_us = view_costs(states)
            frame = view_us + json_us
            if players == 6:
                worst = max(worst, frame)
            views = len(states) * players
            print(
                f"{kit.name:<28} {players:>7} {views:>7} {view_us:>8.1f} {json_us:>8.1f} "
                f"{frame:>9.1f}"
            )
    if worst:
        verdict = "met" if worst < TARGET_FRAME_US else "NOT met"
        print(f"6-player frames: worst {worst:.1f} µs (target {TARGET_FRAME_US:.0f} µs: {verdict})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
