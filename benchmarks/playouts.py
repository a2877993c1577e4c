"""Random playouts straight on the engine, side by side with OpenSpiel's pure-Python games.

    python benchmarks/playouts.py [--seconds S] [--rounds R] [--game NAME] [--players N]

Each step picks the seat the game waits on and a uniformly random ordinary action (an
accusation with a small probability), as the random bot does, without building views: the
engine's own speed. In the same run, when the ``bench`` extra (``open-spiel``) is installed,
OpenSpiel's ``python_kuhn_poker`` (and two more of its pure-Python games) play random games
the same way (chance outcomes drawn by their probabilities), and every figure is printed as
a ratio to ``python_kuhn_poker``: absolute figures do not travel between machines, ratios
measured side by side do. Times are CPU times, and the baseline runs before and after the
figures of every round (``measure``), so each ratio printed is the median over the rounds,
with its lowest and highest beside it.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from sleuth.agents.random_agent import split_drastic
from sleuth.core import State, all_kits, find_game, make_game

BASELINE = "python_kuhn_poker"
CLOCK = time.process_time  # CPU time: other work on a shared machine weighs less
OPENSPIEL_GAMES = (BASELINE, "python_liars_poker", "python_tic_tac_toe")


Clock = Callable[[], float]


def random_move(state: State, rng: random.Random) -> State:
    """The state after the random bot's way of choosing: an ordinary action, an accusation
    (a drastic one) with probability 0.01 or when nothing else is legal."""
    seat = state.to_move()
    if seat is None:
        raise RuntimeError("a game that is not over waits on nobody")
    ordinary, drastic = split_drastic(state.legal_actions(seat))
    # Each length asked once: a lazy list's len() is a Python call.
    pool, size, drastic_size = ordinary, len(ordinary), len(drastic)
    if drastic_size and (rng.random() < 0.01 or not size):
        pool, size = drastic, drastic_size
    return state.apply_legal(seat, pool[rng.randrange(size)])


def fresh_heap() -> None:
    """Collects the garbage and sets every object alive now aside from later collections, so
    that a measurement runs as in a process of its own: the caches an earlier figure left (a
    quarter of a million objects after a round of the four games) would otherwise be walked
    by every full collection and slow whatever runs after them by a quarter."""
    gc.unfreeze()  # what an earlier figure froze may be garbage by now
    gc.collect()
    gc.freeze()


def sleuth_playouts(
    name: str, players: int, seconds: float, seed: int, clock: Clock = time.perf_counter
) -> float:
    """Actions per second of random playouts of one game."""
    fresh_heap()
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
    fresh_heap()
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
    seconds: float, seed: int, games: list[str], players: list[int] | None, rounds: int = 5
) -> tuple[float | None, dict[str, float | None], list[tuple[str, int, float, list[float]]]]:
    """(kuhn rate, OpenSpiel rates, [(game, players, rate, ratios per round)]), in one run.

    The run is cut into ``rounds``: in each, the baseline plays, then every figure, then the
    baseline again, each for ``seconds / rounds`` of CPU time; a figure's ratio in a round is
    to the mean of the round's two baselines (with many figures a round is long: ask for
    fewer, ``--game``, to keep each close to its baselines). A machine that speeds up or
    slows down from round to round weighs on a figure and its baseline alike, and the
    spread of the rounds shows how far to trust the median.
    """
    share = seconds / rounds
    counts = {}
    for name in games:
        game_type = find_game(name)
        wanted = players or list(range(game_type.min_players, game_type.max_players + 1))
        counts[name] = [n for n in wanted if game_type.min_players <= n <= game_type.max_players]
    baselines: list[float] = []
    others: dict[str, list[float]] = {g: [] for g in OPENSPIEL_GAMES[1:]}
    rates: dict[tuple[str, int], list[float]] = {(g, n): [] for g in games for n in counts[g]}
    ratios: dict[tuple[str, int], list[float]] = {key: [] for key in rates}
    openspiel = openspiel_playouts(BASELINE, 0.01, seed, CLOCK) is not None
    for round_number in range(rounds):
        round_seed = seed * 1_000 + round_number
        before = openspiel_playouts(BASELINE, share, round_seed, CLOCK) if openspiel else None
        for other, kept in others.items():
            rate = openspiel_playouts(other, share, round_seed, CLOCK)
            if rate is not None:
                kept.append(rate)
        measured = {key: sleuth_playouts(key[0], key[1], share, round_seed, CLOCK) for key in rates}
        after = openspiel_playouts(BASELINE, share, round_seed + 500, CLOCK) if openspiel else None
        for key, rate in measured.items():
            rates[key].append(rate)
            if before is not None and after is not None:
                ratios[key].append(2 * rate / (before + after))
        if before is not None and after is not None:
            baselines += [before, after]
    baseline = statistics.median(baselines) if baselines else None
    other_rates = {g: statistics.median(r) if r else None for g, r in others.items()}
    rows = [(g, n, statistics.median(rates[g, n]), ratios[g, n]) for g, n in rates]
    return baseline, other_rates, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (default: every built-in)")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time per figure")
    parser.add_argument("--rounds", type=int, default=20, help="interleaved rounds")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = args.game or [k.name for k in all_kits() if k.game.__module__.startswith("sleuth.")]
    baseline, others, rows = measure(args.seconds, args.seed, games, args.players, args.rounds)
    if baseline is None:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no ratios, rates only")
    else:
        print(
            f"baseline: OpenSpiel {BASELINE} {baseline:,.0f} actions per CPU second "
            f"(median of {2 * args.rounds} runs interleaved with the figures)"
        )
        for name, rate in others.items():
            if rate is not None:
                print(f"          OpenSpiel {name} {rate:,.0f} ({rate / baseline:.2f}x)")
    print(f"{'game':<28} {'players':>7} {'actions/s':>10} {'vs kuhn':>8}  rounds (low-high)")
    for name, players, rate, ratios in rows:
        shown = (
            f"{statistics.median(ratios):.2f}x  {min(ratios):.2f}-{max(ratios):.2f}"
            if ratios
            else "-"
        )
        print(f"{name:<28} {players:>7} {rate:>10,.0f} {shown:>8}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
