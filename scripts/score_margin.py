"""The mean per-game score margin of one bot over another, with a 95% interval.

Reads the JSON an arena run writes with ``--out``. For every game it takes the bot's score
minus the mean score of the other bot's seats in that game (so three-seat games with two
``basic`` seats give one paired difference each), then the mean of those differences with a
normal-approximation 95% interval (fine from about 30 games). Also prints each bot's mean
score and the median over games of its mean thinking time per decision.

    python scripts/score_margin.py results.json --bot ismcts --against basic
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

Z95 = 1.959964


def margins(games: list[dict[str, object]], bot: str, against: str) -> list[float]:
    found = []
    for game in games:
        seating = game["seating"]
        scores = game["scores"]
        if not isinstance(seating, list) or not isinstance(scores, list):
            raise ValueError("a game without seating or scores: not an arena --out file")
        mine = [float(s) for b, s in zip(seating, scores, strict=True) if b == bot]
        theirs = [float(s) for b, s in zip(seating, scores, strict=True) if b == against]
        if mine and theirs:
            found.append(statistics.fmean(mine) - statistics.fmean(theirs))
    return found


def ms_per_move(games: list[dict[str, object]], bot: str) -> list[float]:
    """Per game, the bot's thinking time per decision in milliseconds."""
    found = []
    for game in games:
        seating, seconds, decisions = game["seating"], game["think_seconds"], game["decisions"]
        if not isinstance(seating, list) or not isinstance(seconds, list):
            continue
        if not isinstance(decisions, list):
            continue
        for b, s, d in zip(seating, seconds, decisions, strict=True):
            if b == bot and d:
                found.append(1000.0 * float(s) / int(d))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path, help="the JSON written by `sleuth arena --out`")
    parser.add_argument("--bot", default="ismcts")
    parser.add_argument("--against", default="basic")
    args = parser.parse_args(argv)
    data = json.loads(args.results.read_text())
    games = data.get("games")
    if not isinstance(games, list) or not games:
        print(f"{args.results}: no games in this file", file=sys.stderr)
        return 2
    diffs = margins(games, args.bot, args.against)
    if len(diffs) < 2:
        print(f"fewer than two games seat both {args.bot} and {args.against}", file=sys.stderr)
        return 2
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    print(f"{data.get('game')} {data.get('config', {}).get('players')} players, {len(diffs)} games")
    for bot in (args.bot, args.against):
        scores = [
            float(s)
            for game in games
            for b, s in zip(game["seating"], game["scores"], strict=True)
            if b == bot
        ]
        times = ms_per_move(games, bot)
        median = statistics.median(times) if times else float("nan")
        print(
            f"  {bot:<10} mean score {statistics.fmean(scores):6.2f}"
            f"   median over games of ms/decision {median:8.3f}"
        )
    print(
        f"  {args.bot} - {args.against}: {mean:+.2f} points a game,"
        f" 95% interval [{mean - half:+.2f}, {mean + half:+.2f}]"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
