"""Random playouts straight on the engine: actions and games per second, one core.

    python benchmarks/playouts.py [--games N] [--game black-vienna]

Each step picks the seat the game waits on and a uniformly random ordinary action (an
accusation with a small probability), as the random bot does, but without building views,
so the figure is the engine's own speed. The baseline is OpenSpiel's pure-Python games,
measured at 114k-146k actions per second on this kind of machine; the target is 50k.
"""

from __future__ import annotations

import argparse
import random
import time

from sleuth.agents.random_agent import split_drastic
from sleuth.core import make_game

OPENSPIEL_PURE_PYTHON = 114_000  # actions/s, the low end of the measured range
TARGET = 50_000


def playouts(game_name: str, players: int, games: int, seed: int) -> tuple[int, float]:
    game = make_game(game_name, players)
    rng = random.Random(seed)
    actions = 0
    started = time.perf_counter()
    for number in range(games):
        state = game.new(seed * 100_003 + number)
        while state.outcome is None:
            seat = state.to_move()
            if seat is None:
                raise RuntimeError("a game that is not over waits on nobody")
            ordinary, drastic = split_drastic(state.legal_actions(seat))
            pool = (
                drastic if not len(ordinary) or (len(drastic) and rng.random() < 0.01) else ordinary
            )
            state = state.apply(seat, pool[rng.randrange(len(pool))])
            actions += 1
    return actions, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="black-vienna")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game_type = make_game(args.game, 3).__class__
    print(f"{game_type.title}: random playouts, {args.games} games per player count, one core")
    print(
        f"{'players':>7} {'actions/s':>10} {'games/s':>8} {'vs target 50k':>14} "
        f"{'vs OpenSpiel py':>16}"
    )
    for players in range(game_type.min_players, game_type.max_players + 1):
        actions, seconds = playouts(args.game, players, args.games, args.seed)
        rate = actions / seconds
        print(
            f"{players:>7} {rate:>10.0f} {args.games / seconds:>8.0f} "
            f"{rate / TARGET:>13.2f}x {rate / OPENSPIEL_PURE_PYTHON:>15.2f}x"
        )


if __name__ == "__main__":
    main()
