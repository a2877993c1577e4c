"""``sleuth ladder``: any bot entered beside a game's levels, rated (``arena.leaderboard``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from sleuth.core import GameError, find_game
from sleuth.core.jsonfile import write_atomically
from sleuth.core.serialize import to_json

from .game_cmds import parse_options
from .outputs import check_file, deal_seed
from .progress import ProgressBar


def add_parser(commands: Any) -> None:
    ladder = commands.add_parser(
        "ladder",
        help="a leaderboard: bots entered beside the game's levels, every pair at its own table",
        description="Every pair of competitors (the game's levels and each --entrant) plays "
        "--games games in alternate seats, rotated; the ratings are the arena's Bradley-Terry "
        "fit. A bot that loses a decision (crash, timeout, illegal or malformed answer) loses "
        "that game. The same --seed gives the same leaderboard.",
    )
    ladder.add_argument("game")
    ladder.add_argument(
        "--entrant",
        action="append",
        default=[],
        metavar="NAME=SPEC",
        help="a bot to rate: a built-in bot (mine=ismcts:iterations=800) or a bot program over "
        "the bot protocol (mine=cmd:python mybot.py); repeat for more",
    )
    ladder.add_argument("--players", type=int, default=2)
    ladder.add_argument("--games", type=int, default=10, help="games per pair (default 10)")
    ladder.add_argument(
        "--seed",
        type=int,
        help="deal from this seed, to reproduce a leaderboard (a bot program that knows it "
        "can find the deals); default: a secret seed, printed after the games",
    )
    ladder.add_argument(
        "--no-levels", action="store_true", help="rate the entrants alone, without the levels"
    )
    ladder.add_argument("--workers", type=int, default=1)
    ladder.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    ladder.add_argument("--out", type=Path, help="write the leaderboard as JSON here")
    ladder.set_defaults(run=run_ladder)


def run_ladder(args: argparse.Namespace) -> int:
    from sleuth.arena.leaderboard import competitors, parse_entrant

    try:
        game = find_game(args.game).configure(args.players, **parse_options(args.option))
        field = competitors(game, [parse_entrant(t) for t in args.entrant], not args.no_levels)
        if args.out:
            check_file("--out", args.out)
    except GameError as error:
        print(f"sleuth ladder: {error}", file=sys.stderr)
        return 2
    seed, secret = deal_seed("ladder", args.seed)
    return _play(args, game, field, seed, secret)


def _play(args: argparse.Namespace, game: Any, field: Any, seed: int, secret: bool) -> int:
    from sleuth.arena.leaderboard import format_leaderboard, run_leaderboard

    try:
        board = run_leaderboard(game, field, args.games, seed, args.workers, ProgressBar("games"))
    except GameError as error:
        print(f"sleuth ladder: {error}", file=sys.stderr)
        return 2
    shown = f"{seed} (secret until now)" if secret else str(seed)
    print(
        f"{game.title}, {game.players} players, {len(field)} competitors, {args.games} games "
        f"a pair ({len(board.results)} games), seed {shown}"
    )
    print(format_leaderboard(board))
    if args.out:
        data = {
            "game": game.name,
            "config": game.config_json(),
            "seed": seed,
            "games_per_pair": args.games,
            "standings": to_json(list(board.standings)),
            "forfeits": [to_json(list(r.forfeits)) for r in board.results],
        }
        write_atomically(args.out, json.dumps(data, indent=1) + "\n", GameError)
    return 0
