"""The after-game review: time to review a whole Black Vienna record, every seat, every step.

    python benchmarks/games/black_vienna/review_speed.py [--games N]

Plays N games each of 4 and 6 players between deductive bots (fixed seeds), then reviews
each record whole (replay, every seat's exact ring posterior at every step, each question
against the best one then) and reports the time per record. Targets: under 2 s for a
4-player record, under 10 s for a 6-player one.
"""

from __future__ import annotations

import argparse
import statistics
import time

from sleuth.agents import make_agent
from sleuth.arena import play_match
from sleuth.core import make_game
from sleuth.review import review_record

TARGETS = {4: 2.0, 6: 10.0}
SALT = "5a" * 16


def records(players: int, games: int) -> list[dict[str, object]]:
    game = make_game("black-vienna", players)
    out = []
    for number in range(games):
        agents = [make_agent("deductive", game.name) for _ in range(players)]
        seeds = [1000 * number + seat for seat in range(players)]
        result = play_match(game, agents, seed=number, bot_seeds=seeds, salt=SALT)
        out.append(dict(result.record))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="records per player count")
    args = parser.parse_args()
    print(f"{'players':>7} {'records':>7} {'steps':>11} {'median s':>9} {'max s':>7} {'target':>7}")
    for players, target in TARGETS.items():
        times: list[float] = []
        steps: list[int] = []
        for record in records(players, args.games):
            started = time.perf_counter()
            review = review_record(record)
            times.append(time.perf_counter() - started)
            steps.append(len(review.seats[0].readings) - 1)
        verdict = "ok" if max(times) < target else "SLOW"
        print(
            f"{players:>7} {len(times):>7} {min(steps):>5}-{max(steps):<5} "
            f"{statistics.median(times):>9.2f} {max(times):>7.2f} {target:>6.0f}s {verdict}"
        )


if __name__ == "__main__":
    main()
