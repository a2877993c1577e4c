"""The benchmark guard: short runs of each benchmark, as ratios to a baseline run beside them.

    python benchmarks/check.py            # fails when a figure falls below half its record
    python benchmarks/check.py --record   # measures and stores the ratios (benchmarks/ratios.json)

Absolute times do not travel between machines, so every figure is a ratio to OpenSpiel's
pure-Python ``python_kuhn_poker`` (random playouts) measured in the same run, just before and
just after each part's figures (their mean is the part's baseline: a machine whose load
changes midway weighs on both). A figure below its floor is measured twice more, each time
with its own baselines, and fails only if it stays below.
Time is this process's CPU time, so other work on a shared machine weighs less. Figures:

- ``playouts/<game>``: random playouts at 4 players (or the nearest count), engine only, as
  ``benchmarks/playouts.py`` runs them;
- ``views/<game>``: a seat's view and its JSON (a server frame) at the largest player count,
  per second, as ``benchmarks/views.py`` measures them;
- ``deduce/full``: full exact analyses (worlds, card probabilities, the ring) of 4-player Black
  Vienna positions per second, as ``benchmarks/games/black_vienna/deduce_speed.py`` times them;
- ``envs/<game>``: PettingZoo steps per second at 4 players with random masked actions, as
  ``benchmarks/envs.py`` runs them.

A figure fails when its ratio is below half the recorded one: a regression of that size is
the code's, not the machine's noise. New figures (not yet recorded) are shown, never failed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # random positions
sys.path.insert(0, str(Path(__file__).resolve().parent))

from playouts import BASELINE, openspiel_playouts, sleuth_playouts
from sleuth.core import all_kits, find_game
from views import playout_states, view_costs

RECORD = Path(__file__).resolve().parent / "ratios.json"
FLOOR = 0.5  # of the recorded ratio
RETRIES = 2  # measurements again of a figure below its floor, before it fails
CLOCK = time.process_time


def builtin_games() -> list[str]:
    return [k.name for k in all_kits() if k.game.__module__.startswith("sleuth.")]


def players_near(name: str, wanted: int) -> int:
    game = find_game(name)
    return min(max(wanted, game.min_players), game.max_players)


def rate_of(work: Callable[[], int], seconds: float) -> float:
    """Units of ``work`` per CPU second, repeating it for at least ``seconds``."""
    done, started = 0, CLOCK()
    while CLOCK() - started < seconds:
        done += work()
    return done / (CLOCK() - started)


Wanted = Callable[[str], bool]


def playout_figures(seconds: float, wanted: Wanted) -> dict[str, float]:
    return {
        f"playouts/{name}": sleuth_playouts(name, players_near(name, 4), seconds, 1, CLOCK)
        for name in builtin_games()
        if wanted(f"playouts/{name}")
    }


def view_figures(seconds: float, wanted: Wanted) -> dict[str, float]:
    """Frames (a view and its JSON) per CPU second, over every state of three random games."""
    figures = {}
    for name in builtin_games():
        if not wanted(f"views/{name}"):
            continue
        states = playout_states(name, find_game(name).max_players, 3, 1)
        view_us, json_us = view_costs(states)
        figures[f"views/{name}"] = 1e6 / (view_us + json_us)
    return figures


def deduce_figures(seconds: float, wanted: Wanted) -> dict[str, float]:
    if not wanted("deduce/full"):
        return {}
    from games.black_vienna.black_vienna_positions import random_position
    from sleuth.games.black_vienna.knowledge import BlackViennaAnalysis

    positions = [random_position(random.Random(f"check/{k}"), 4, 6 * k)[1] for k in range(7)]

    def analyses() -> int:
        for position in positions:
            analysis = BlackViennaAnalysis(position)
            analysis.card_probabilities()
            analysis.ring()
        return len(positions)

    analyses()  # the first pays for imports
    return {"deduce/full": rate_of(analyses, seconds)}


def env_figures(seconds: float, wanted: Wanted) -> dict[str, float]:
    if not any(wanted(f"envs/{name}") for name in builtin_games()):
        return {}
    try:
        from envs import mask_policy, run
        from sleuth.core.kit import ENCODER
        from sleuth.envs import pettingzoo_env
    except ImportError as error:
        print(f"research environments not installed ({error}): no envs figures")
        return {}
    figures = {}
    for kit in all_kits():
        if kit.name in builtin_games() and kit.has(ENCODER) and wanted(f"envs/{kit.name}"):
            env = pettingzoo_env(kit.name, players_near(kit.name, 4))
            figures[f"envs/{kit.name}"] = run(env, mask_policy, seconds, 1)[0]
    return figures


def measure(seconds: float, wanted: Wanted) -> dict[str, tuple[float, float]]:
    """Each figure with its baseline: kuhn's rate run just before and just after the figure's
    part (their mean), so that a machine whose load changes during the run weighs on both."""
    before = kuhn(seconds, 1)
    measured: dict[str, tuple[float, float]] = {}
    for number, part in enumerate((playout_figures, view_figures, deduce_figures, env_figures)):
        figures = part(seconds, wanted)
        if not figures:
            continue
        after = kuhn(seconds, number + 2)
        measured.update({name: (rate, (before + after) / 2) for name, rate in figures.items()})
        before = after
    return measured


def kuhn(seconds: float, seed: int) -> float:
    rate = openspiel_playouts(BASELINE, seconds, seed, CLOCK)
    if rate is None:
        raise SystemExit("OpenSpiel is not installed (pip install -e '.[dev]'): no baseline")
    return rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per figure")
    parser.add_argument("--record", action="store_true", help="store the ratios measured")
    parser.add_argument("--ratios", type=Path, default=RECORD, help="the recorded ratios' file")
    parser.add_argument("--only", action="append", help="figures whose names start so")
    args = parser.parse_args(argv)
    prefixes = tuple(args.only or ("",))
    measured = measure(args.seconds, lambda name: name.startswith(prefixes))
    if not measured:
        raise SystemExit(f"no figure starts with {' or '.join(prefixes)}")
    record: Path = args.ratios
    recorded: dict[str, float] = json.loads(record.read_text()) if record.exists() else {}
    low = [name for name in measured if _ratio(measured[name]) < FLOOR * recorded.get(name, 0)]
    for _ in range(0 if args.record else RETRIES):
        # A figure below its floor is measured again, with its own baselines: a regression
        # of the code stays below, a moment of load on a shared machine does not.
        if not low:
            break
        again = measure(args.seconds, frozenset(low).__contains__)
        for name, value in again.items():
            if _ratio(value) > _ratio(measured[name]):
                measured[name] = value
        low = [name for name in low if _ratio(measured[name]) < FLOOR * recorded[name]]
    ratios = {name: _ratio(value) for name, value in measured.items()}
    baselines = [baseline for _, baseline in measured.values()]
    print(
        f"baseline: OpenSpiel {BASELINE} {min(baselines):,.0f}-{max(baselines):,.0f} actions "
        "per CPU second (this run, beside each part)"
    )
    print(f"{'figure':<40} {'per s':>10} {'ratio':>8} {'recorded':>9}  verdict")
    failed = []
    for name, (rate, _) in measured.items():
        ratio, before = ratios[name], recorded.get(name)
        if before is None:
            verdict = "new"
        elif ratio < FLOOR * before:
            verdict = f"FAIL (below {FLOOR:g} x the record)"
            failed.append(name)
        else:
            verdict = "ok"
        shown = f"{before:9.4f}" if before is not None else f"{'-':>9}"
        print(f"{name:<40} {rate:>10,.0f} {ratio:>8.4f} {shown}  {verdict}")
    if args.record:
        record.write_text(json.dumps(dict(sorted({**recorded, **ratios}.items())), indent=1) + "\n")
        print(f"recorded {len(ratios)} ratios in {record}")
        return 0
    if failed:
        print(f"{len(failed)} figure(s) regressed: {', '.join(failed)}")
        return 1
    return 0


def _ratio(measured: tuple[float, float]) -> float:
    rate, baseline = measured
    return rate / baseline


if __name__ == "__main__":
    raise SystemExit(main())
