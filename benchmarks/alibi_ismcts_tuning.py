"""Alibi ``ismcts`` settings against other bots on the default game, one variant a run.

    python benchmarks/alibi_ismcts_tuning.py --players 3 --games 30 --seed 5 \
        --set width=6 --set iterations=150 [--against basic]

The variant is registered under a private name and played in-process (one worker) with
rotating seats, like ``sleuth arena``; the same seed gives the same deals to every variant,
so variants compare on equal footing. Prints the mean per-game margin over the opponent
(mean of its seats) with a normal-approximation 95% interval, and the ms per decision.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from sleuth.agents.alibi import AlibiISMCTS
from sleuth.agents.registry import register_agent
from sleuth.arena.tournament import run_specs, schedule
from sleuth.core import make_game

VARIANT = "ismcts-variant"
SETTINGS = {
    "iterations": int,
    "depth": int,
    "exploration": float,
    "width": int,
    "opponents": str,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--against", default="basic")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    kwargs: dict[str, float | str] = {}
    for item in args.set:
        name, _, value = item.partition("=")
        if name not in SETTINGS:
            raise SystemExit(f"--set {item}: choose from {', '.join(SETTINGS)}")
        kwargs[name] = SETTINGS[name](value)
    register_agent(VARIANT, lambda: AlibiISMCTS(**kwargs), "alibi")  # type: ignore[arg-type]
    bots = [VARIANT, *[args.against] * (args.players - 1)]
    config = make_game("alibi", args.players).config_json()
    start = time.perf_counter()
    results = run_specs(schedule("alibi", config, bots, args.games, args.seed), workers=1)
    diffs, seconds, decisions = [], 0.0, 0
    for result in results:
        mine = [s for b, s in zip(result.seating, result.scores, strict=True) if b == VARIANT]
        theirs = [s for b, s in zip(result.seating, result.scores, strict=True) if b != VARIANT]
        diffs.append(statistics.fmean(mine) - statistics.fmean(theirs))
        for b, t, d in zip(result.seating, result.think_seconds, result.decisions, strict=True):
            if b == VARIANT:
                seconds, decisions = seconds + t, decisions + d
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    print(
        f"{kwargs or 'defaults'} vs {args.against}, {args.players}p, {args.games} games: "
        f"margin {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}], "
        f"{1000 * seconds / max(decisions, 1):.1f} ms/decision, "
        f"{time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
