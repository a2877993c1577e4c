"""Random playouts straight on the engine, side by side with OpenSpiel's pure-Python games.

    python benchmarks/playouts.py [--seconds S] [--game NAME] [--players N]

Each step picks the seat the game waits on and a uniformly random ordinary action (an
accusation with a small probability), as the random bot does, without building views: the
engine's own speed. In the same run, when the ``bench`` extra (``open-spiel``) is installed,
OpenSpiel's ``python_kuhn_poker`` (and two more of its pure-Python games) play random games
the same way (chance outcomes drawn by their probabilities), and every figure is printed as
a ratio to ``python_kuhn_poker``: absolute figures do not travel between machines, ratios
measured side by side do.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from sleuth.agents.random_agent import split_drastic
from sleuth.core import State, all_kits, find_game, make_game

BASELINE = "python_kuhn_poker"
OPENSPIEL_GAMES = (BASELINE, "python_liars_poker", "python_tic_tac_toe")


Clock = Callable[[], float]


def random_move(state: State, rng: random.Random) -> State:
    """The state after the random bot's way of choosing: an ordinary action, an accusation
    (a drastic one) with probability 0.01 or when nothing else is legal."""
    seat = state.to_move()
    if seat is None:
        raise RuntimeError("a game that is not over waits on nobody")
    ordinary, drastic = split_drastic(state.legal_actions(seat))
    rare = len(drastic) and rng.random() < 0.01
    pool = drastic if not len(ordinary) or rare else ordinary
    return state.apply(seat, pool[rng.randrange(len(pool))])


def sleuth_playouts(
    name: str, players: int, seconds: float, seed: int, clock: Clock = time.perf_counter
) -> float:
    """Actions per second of random playouts of one game."""
    game = make_game(name, players)
    rng = random.Random(seed)
    actions, number = 0, 0
    started = clock()
    while clock() - started < seconds:
        state = game.new(seed * 100_003 + number)
        number += 1
        while state.outcome is None:
            state = random_move(state, rng)
            actions += 1
    return actions / (clock() - started)


def openspiel_playouts(
    short_name: str, seconds: float, seed: int, clock: Clock = time.perf_counter
) -> float | None:
    """Actions per second (chance outcomes included) of random playouts, or ``None``."""
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  # registers the Python games
    except ImportError:
        return None
    game = pyspiel.load_game(short_name)
    rng = random.Random(seed)
    actions = 0
    started = clock()
    while clock() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
    return actions / (clock() - started)


def measure(
    seconds: float, seed: int, games: list[str], players: list[int] | None
) -> tuple[float | None, dict[str, float | None], list[tuple[str, int, float]]]:
    """(kuhn rate, OpenSpiel rates, [(game, players, rate)]), all in one run."""
    baseline = openspiel_playouts(BASELINE, seconds, seed)
    others = {g: openspiel_playouts(g, seconds, seed) for g in OPENSPIEL_GAMES[1:]}
    rows = []
    for name in games:
        game_type = find_game(name)
        counts = players or list(range(game_type.min_players, game_type.max_players + 1))
        for n in counts:
            if game_type.min_players <= n <= game_type.max_players:
                rows.append((name, n, sleuth_playouts(name, n, seconds, seed)))
    return baseline, others, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (default: every built-in)")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = args.game or [k.name for k in all_kits() if k.game.__module__.startswith("sleuth.")]
    baseline, others, rows = measure(args.seconds, args.seed, games, args.players)
    ratio: Callable[[float], str] = lambda rate: (  # noqa: E731
        f"{rate / baseline:.2f}x" if baseline else "-"
    )
    if baseline is None:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no ratios, rates only")
    else:
        print(f"baseline: OpenSpiel {BASELINE} {baseline:,.0f} actions/s (this run)")
        for name, rate in others.items():
            if rate is not None:
                print(f"          OpenSpiel {name} {rate:,.0f} actions/s ({ratio(rate)})")
    print(f"{'game':<28} {'players':>7} {'actions/s':>10} {'vs kuhn':>8}")
    for name, players, rate in rows:
        print(f"{name:<28} {players:>7} {rate:>10,.0f} {ratio(rate):>8}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
