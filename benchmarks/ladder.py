"""The ladder: a seeded round-robin of a game's levels, their ratings and how far apart they are.

    python benchmarks/ladder.py [--game NAME] [--games N] [--players N] [--workers W] [--write]

All the levels (easy, medium, hard, expert: ``sleuth bots GAME``) sit at one table, seats
rotated game by game; the table's ratings are Bradley-Terry fits over every game at once
(``sleuth.arena.stats.ratings``), and each level is set against the one below by its paired
score difference per game with a 95% interval: a level is clearly stronger when the
interval lies above zero. ``--write`` stores the result as the game's ``ladder.json`` beside
its bots, where ``sleuth bots`` shows it.

With ``--pairs N`` each step is measured at a table of its own instead: the upper level and
the one below in alternate seats (two each at 4 players; at an odd table the upper level
holds the extra seat in every game), rotated game by game, N games. At the table of
all levels two weak seats feed both strong ones, which blurs the step at the top; a table of
the two alone is the match a person choosing between them would play. The ratings are then
fitted over every game played, the table's and the steps' alike, so that they weigh how each
level fares against its neighbours head to head (a step's game gives four such pairs at 4
players, a game of the table one for each pair of levels; the fit counts wins, the steps'
figures points).

Any other bot (a bot program, a text agent) is rated beside the levels by ``sleuth ladder
GAME --entrant NAME=SPEC`` (``sleuth.arena.leaderboard``; README, "The leaderboard").
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import statistics
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from sleuth.agents.levels import LADDER_FILE, how_measured, ladder
from sleuth.arena.stats import head_to_head, ratings
from sleuth.arena.tournament import GameResult, GameSpec, run_specs, schedule
from sleuth.core import Game, all_kits, find_kit
from sleuth.core.kit import BOTS
from sleuth.i18n import SOURCE

BUILT_IN = "sleuth.games."  # the module of a built-in game's rules starts so

KEY = b"sleuth ladder round-robin"  # fixed: the ladder replays exactly from its seed


def step(upper: str, lower: str, results: list[GameResult], table: str) -> dict[str, object]:
    pair = head_to_head(results, upper, lower)
    return {
        "upper": upper,
        "lower": lower,
        "table": table,
        "games": pair.games,
        "mean_difference": pair.mean_difference,
        "low": pair.low,
        "high": pair.high,
        "clearly_stronger": pair.low is not None and pair.low > 0,
    }


def pair_plan(game: Game[Any], upper: str, lower: str, games: int, seed: int) -> list[GameSpec]:
    """``games`` games of ``upper`` and ``lower`` alone, in alternate seats, rotated."""
    specs = [upper if seat % 2 == 0 else lower for seat in range(game.players)]
    return schedule(game.name, game.config_json(), specs, games, seed, KEY + b" pairs")


def measure(
    game_name: str, players: int, games: int, seed: int, workers: int, pairs: int = 0
) -> dict[str, object]:
    kit = find_kit(game_name)
    levels = ladder(game_name)["levels"]
    if not isinstance(levels, dict) or len(levels) < 2:
        raise SystemExit(f"{kit.game.title} has fewer than two levels")
    names = list(levels)[:players]
    specs = [str(levels[name]) for name in names]
    game = kit.game.configure(players)
    results = run_specs(schedule(game.name, game.config_json(), specs, games, seed, KEY), workers)
    steps = []
    every_game = list(results)
    for lower, upper in pairwise(specs):
        if pairs:
            paired = run_specs(pair_plan(game, upper, lower, pairs, seed), workers)
            steps.append(step(upper, lower, paired, "pair"))
            every_game += paired
        else:
            steps.append(step(upper, lower, results, "all levels"))
    fitted = ratings(every_game)
    timing = {}
    for spec in specs:
        per_move = [
            1000 * r.think_seconds[s] / r.decisions[s]
            for r in results
            for s, bot in enumerate(r.seating)
            if bot == spec and r.decisions[s]
        ]
        timing[spec] = {
            "median_ms": statistics.median(per_move),
            "p95_ms": statistics.quantiles(per_move, n=20)[-1] if len(per_move) > 1 else 0.0,
        }
    return {
        "levels": dict(zip(names, specs, strict=True)),
        "ratings": {name: fitted[spec] for name, spec in zip(names, specs, strict=True)},
        "steps": steps,
        "decision_time": timing,
        # Parts, not a sentence: ``sleuth bots`` says them in the reader's language.
        "measured": {
            "games": games,
            "players": players,
            "seed": seed,
            "pairs": pairs,
            "date": datetime.date.today().isoformat(),
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (default: every built-in)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--pairs", type=int, default=0, help="measure each step at a table of its two levels"
    )
    parser.add_argument("--write", action="store_true", help="store ladder.json by the bots")
    args = parser.parse_args(argv)
    built_in = [kit.name for kit in all_kits() if kit.game.__module__.startswith(BUILT_IN)]
    names = args.game or built_in
    for name in names:
        result = measure(name, args.players, args.games, args.seed, args.workers, args.pairs)
        print(f"{find_kit(name).game.title}: {how_measured(result['measured'], SOURCE)}")
        timing = result["decision_time"]
        assert isinstance(timing, dict)
        for level, spec in dict(result["levels"]).items():  # type: ignore[call-overload]
            rating = dict(result["ratings"])[level]  # type: ignore[call-overload]
            ms = timing[spec]
            print(
                f"  {level:<7} {spec:<12} rating {rating:7.0f}   "
                f"{ms['median_ms']:7.1f} ms median, {ms['p95_ms']:7.1f} ms p95 per move"
            )
        for shown in list(result["steps"]):  # type: ignore[call-overload]
            low, high = shown["low"], shown["high"]
            interval = "-" if low is None else f"[{low:+.2f}, {high:+.2f}]"
            verdict = "clearly stronger" if shown["clearly_stronger"] else "not shown stronger"
            print(
                f"  {shown['upper']} - {shown['lower']}: {shown['mean_difference']:+.2f} points "
                f"a game {interval} ({shown['games']} games, {shown['table']}): {verdict}"
            )
        if args.write:
            module = importlib.import_module(find_kit(name).parts[BOTS].partition(":")[0])
            folder = Path(module.__file__ or "").parent
            (folder / LADDER_FILE).write_text(json.dumps(result, indent=1) + "\n", "utf-8")
            print(f"  written to {folder / LADDER_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
