"""Bots: decision time per move (median and 95th percentile) and arena throughput.

    python benchmarks/bots.py [--games N]

Each bot plays every seat in turn against random opponents; only its own decisions are
timed. The arena figure is games per second for the same tournament on 1 and 2 workers
(the baseline is 1 worker; the target for a decision is 200 ms median).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from sleuth.agents import Agent, RandomAgent, agent_names, make_agent
from sleuth.arena import play_match
from sleuth.arena.tournament import run_specs, schedule
from sleuth.core import Action, View, all_kits, make_game

PLAYERS = 4  # each game's table, within what the game allows
TARGET_MS = 200.0
# The arena tournament: the first game whose bots include these.
ARENA_BOTS = ["deductive", "basic", "random", "random"]


def players_of(name: str) -> int:
    game = next(kit.game for kit in all_kits() if kit.name == name)
    return min(max(PLAYERS, game.min_players), game.max_players)


class _Stopwatch(Agent):
    name = "stopwatch"

    def __init__(self, inner: Agent, times: list[float]) -> None:
        self.inner, self.times = inner, times

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        started = time.perf_counter()
        action = self.inner.act(view, legal, rng)
        self.times.append(time.perf_counter() - started)
        return action

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        return self.inner.interrupt(view, legal, rng)


def decision_times(game_name: str, players: int, bot: str, games: int) -> list[float]:
    game = make_game(game_name, players)
    times: list[float] = []
    for number in range(games):
        seat = number % players
        agents: list[Agent] = [RandomAgent() for _ in range(players)]
        agents[seat] = _Stopwatch(make_agent(bot, game_name), times)
        play_match(game, agents, seed=number)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per bot and game")
    args = parser.parse_args()
    print(
        f"{'game':<28} {'bot':<10} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'vs 200 ms':>10}"
    )
    for kit in all_kits():
        game_name = kit.name
        for bot in agent_names(game_name):
            times = sorted(decision_times(game_name, players_of(game_name), bot, args.games))
            median = 1000 * statistics.median(times)
            p95 = 1000 * times[int(0.95 * (len(times) - 1))]
            print(
                f"{game_name:<28} {bot:<10} {len(times):>6} {median:>10.3f} {p95:>8.3f} "
                f"{median / TARGET_MS:>9.3f}x"
            )
    print()
    arena = next(
        kit.name
        for kit in all_kits()
        if set(ARENA_BOTS) <= set(agent_names(kit.name)) and players_of(kit.name) == len(ARENA_BOTS)
    )
    game = make_game(arena, len(ARENA_BOTS))
    specs = schedule(game.name, game.config_json(), ARENA_BOTS, 40, seed=1)
    rates = {}
    for workers in (1, 2):
        started = time.perf_counter()
        run_specs(specs, workers=workers)
        rates[workers] = len(specs) / (time.perf_counter() - started)
    print(
        f"arena, {game.title} deductive+basic+2 random, {len(specs)} games: "
        f"1 worker {rates[1]:.1f} games/s, 2 workers {rates[2]:.1f} games/s "
        f"({rates[2] / rates[1]:.2f}x)"
    )


if __name__ == "__main__":
    main()
