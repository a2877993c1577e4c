"""``sleuth games``, ``sleuth simulate`` and ``sleuth replay``."""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.core import GameError, all_games, derive_seed, find_game
from sleuth.core.records import load_record, replay_record, save_record


def add_parsers(commands: Any) -> None:
    games = commands.add_parser("games", help="list the games and their rule options")
    games.set_defaults(run=run_games)

    simulate = commands.add_parser("simulate", help="play games between random bots")
    simulate.add_argument("game", help="game name or alias (sleuth games lists them)")
    simulate.add_argument("--players", type=int, required=True)
    simulate.add_argument("--games", type=int, default=1)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option (see 'sleuth games'); repeatable",
    )
    simulate.add_argument("--record-dir", type=Path, help="write one JSON record per game here")
    simulate.add_argument("--verbose", action="store_true", help="print every step and the end")
    simulate.set_defaults(run=run_simulate)

    replay = commands.add_parser("replay", help="replay a game record and check every step")
    replay.add_argument("files", nargs="+", type=Path)
    replay.add_argument("--verbose", action="store_true", help="print every step")
    replay.set_defaults(run=run_replay)


def run_games(args: argparse.Namespace) -> int:
    for game in all_games():
        aliases = f" (also: {', '.join(game.aliases)})" if game.aliases else ""
        print(f"{game.name}{aliases}: {game.title}, {game.min_players}-{game.max_players} players")
        for option in game.options():
            default = option.default if len(option.default) <= 40 else option.default[:37] + "..."
            values = "|".join(option.choices) if option.choices else "VALUE"
            bounds = f", {option.bounds}" if option.bounds else ""
            print(f"  --option {option.name}={values}  (default {default}{bounds})")
            print(f"      {option.help}")
    return 0


def parse_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise GameError(f"--option {pair!r}: expected NAME=VALUE")
        options[name] = value
    return options


def run_simulate(args: argparse.Namespace) -> int:
    try:
        game = find_game(args.game).configure(args.players, **parse_options(args.option))
    except GameError as error:
        print(f"sleuth simulate: {error}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("sleuth simulate: --games must be at least 1", file=sys.stderr)
        return 2
    if args.record_dir:
        args.record_dir.mkdir(parents=True, exist_ok=True)
    agents = [RandomAgent() for _ in range(game.players)]
    reasons: Counter[str] = Counter()
    wins: Counter[int] = Counter()
    steps = 0
    started = time.perf_counter()
    for number in range(args.games):
        seed = derive_seed(args.seed, "game", number)
        result = play_match(game, agents, seed)
        steps += len(result.steps)
        reasons[result.outcome.reason] += 1
        wins.update(result.outcome.winners)
        if args.verbose:
            _print_game(number, seed, result)
        if args.record_dir:
            save_record(result.record, args.record_dir / f"{game.name}-{number:05d}.json")
    elapsed = time.perf_counter() - started
    print(f"{args.games} games of {game.title}, {game.players} players, seed {args.seed}")
    for reason, count in reasons.most_common():
        print(f"  {count:6d}  {reason}")
    print("  wins by seat: " + " ".join(f"{s}:{wins[s]}" for s in range(game.players)))
    print(
        f"{steps} actions in {elapsed:.2f} s: {args.games / elapsed:.1f} games/s, "
        f"{steps / elapsed:.0f} actions/s"
    )
    if args.record_dir:
        print(f"records written to {args.record_dir}/")
    return 0


def _print_game(number: int, seed: int, result: Any) -> None:
    print(f"--- game {number} (seed {seed}) ---")
    for index, step in enumerate(result.steps, start=1):
        effect = f"  -> {step.result}" if step.result else ""
        print(f"{index:4d}. seat {step.seat}: {step.action}{effect}")
    print(result.final.view(None).render())
    print()


def run_replay(args: argparse.Namespace) -> int:
    failed = 0
    for path in args.files:
        try:
            replay = replay_record(load_record(path))
        except GameError as error:
            print(f"{path}: REJECTED: {error}", file=sys.stderr)
            failed += 1
            continue
        if args.verbose:
            for index, step in enumerate(replay.steps, start=1):
                print(f"{index:4d}. seat {step.seat}: {step.action}  -> {step.result}")
        outcome = replay.final.outcome
        ending = (
            f"over ({outcome.reason}), scores {' '.join(map(str, outcome.scores))}"
            if outcome is not None
            else "not over"
        )
        print(f"{path}: ok, {len(replay.steps)} steps, {ending}")
    return 1 if failed else 0
