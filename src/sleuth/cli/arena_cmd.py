"""``sleuth arena``: a tournament between named bots, with a table of results."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from sleuth.arena.stats import (
    BotSummary,
    all_head_to_heads,
    format_forfeits,
    format_head_to_heads,
    format_table,
    summarize,
)
from sleuth.arena.tournament import GameResult, run_specs, schedule
from sleuth.cli.progress import ProgressBar
from sleuth.core import Game, GameError, find_game
from sleuth.core.jsonfile import write_atomically
from sleuth.core.records import save_record
from sleuth.core.serialize import JSONValue, to_json
from sleuth.core.signing import read_key, sign_record
from sleuth.i18n import N_

from .game_cmds import add_bot_key_argument, bot_key, parse_options
from .outputs import check_file, check_folder, deal_seed, write_failed


def add_parser(commands: Any) -> None:
    arena = commands.add_parser("arena", help=N_("a tournament between bots, seats rotated"))
    arena.add_argument("game")
    arena.add_argument("--players", type=int, required=True)
    arena.add_argument(
        "--bots",
        required=True,
        help=N_(
            "comma-separated bots, one per seat; a bot may set parameters, "
            "e.g. ismcts:iterations=800 (`sleuth bots GAME` lists them); 'cmd:COMMAND' runs a "
            "bot program in its own process, e.g. 'cmd:sleuth bot serve deductive'"
        ),
    )
    arena.add_argument("--games", type=int, default=100)
    arena.add_argument(
        "--seed",
        type=int,
        help=N_(
            "deal the games from this seed (anyone who knows it knows every deal, a bot "
            "program too); default: a secret 128-bit seed, printed after the games"
        ),
    )
    arena.add_argument("--workers", type=int, default=1)
    arena.add_argument("--backend", choices=("process", "ray"), default="process")
    arena.add_argument("--ray-address", help=N_("join a running Ray cluster (default: local)"))
    arena.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    arena.add_argument("--out", type=Path, help=N_("write the results as JSON here"))
    arena.add_argument("--plot", type=Path, help=N_("draw the ratings as a PNG here"))
    arena.add_argument("--record-dir", type=Path, help=N_("write every game's record here"))
    arena.add_argument(
        "--review",
        action="store_true",
        help=N_(
            "review every game (sleuth review): per bot, steps from 'could know' to its "
            "accusations and the value given away per question"
        ),
    )
    arena.add_argument(
        "--key", type=Path, metavar="FILE", help=N_("sign every record written with this key")
    )
    add_bot_key_argument(arena)
    arena.set_defaults(run=run_arena)
    add_bots_parser(commands)


def run_arena(args: argparse.Namespace) -> int:
    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    try:
        game = find_game(args.game).configure(args.players, **parse_options(args.option))
        if len(bots) != game.players:
            raise GameError(
                f"--bots: {game.players} seats need {game.players} bots, got {len(bots)}"
            )
        from sleuth.agents import make_agent

        for name in bots:
            make_agent(name, game.name)
        key = bot_key(args.bot_key)
        signing = read_key(args.key) if args.key else None
        if signing is not None and not args.record_dir:
            raise GameError("--key signs the records: give --record-dir too")
        _check_outputs(args)
    except GameError as error:
        print(f"sleuth arena: {error}", file=sys.stderr)
        return 2
    seed, secret = deal_seed("arena", args.seed)
    # Each game's seed is derived from this one; a secret seed is then a key: a game's seed,
    # revealed in its record, tells nothing of another's.
    specs = schedule(game.name, game.config_json(), bots, args.games, seed, key)
    started = time.perf_counter()
    results = run_specs(specs, args.workers, args.backend, ProgressBar("games"), args.ray_address)
    elapsed = time.perf_counter() - started
    rows = summarize(results)
    shown = f"{seed} (secret until now)" if secret else str(seed)
    print(
        f"{game.title}, {game.players} players, {len(results)} games, seed {shown}, "
        f"{args.backend} x{args.workers}: {len(results) / elapsed:.1f} games/s"
    )
    print(format_table(rows))
    if any(result.forfeits for result in results):
        total = sum(len(result.forfeits) for result in results)
        print(f"\nforfeits ({total} decisions lost; random decided instead):")
        print(format_forfeits(results))
    print(f"bot key: {key.hex()} (with --seed {seed}, --bot-key plays these games again)")
    pairs = all_head_to_heads(results, rows)
    if pairs:
        print()
        print(format_head_to_heads(pairs))
    data: dict[str, JSONValue] = {
        "game": game.name,
        "config": game.config_json(),
        "bots": list(bots),
        # The seed every game's seed is derived from, and whether it was secret until now.
        "seed": seed,
        "seed_secret": secret,
        # With the seed, the key plays the very same tournament again (--bot-key).
        "bot_key": key.hex(),
        "summary": [to_json(row) for row in rows],
        "head_to_head": [to_json(pair) for pair in pairs],
    }
    if args.review:
        data["review"] = _review(results, args.workers)
    try:
        _write_outputs(args, game, results, rows, signing, data)
    except GameError as error:
        print(f"sleuth arena: {error}", file=sys.stderr)
        return 2
    return 0


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse an output the arena cannot write before any game is played."""
    if args.record_dir:
        check_folder("--record-dir", args.record_dir)
    if args.out:
        check_file("--out", args.out)
    if args.plot:
        check_file("--plot", args.plot)
        _check_plot_format(args.plot)


def _check_plot_format(path: Path) -> None:
    from sleuth.arena.stats import plot_formats

    formats = plot_formats()  # without matplotlib, the end says there is no plot
    suffix = path.suffix.removeprefix(".").lower()
    if formats is not None and suffix and suffix not in formats:
        known = ", ".join(sorted(formats))
        raise GameError(f"--plot {path}: no plot format {suffix!r} (one of: {known})")


def _review(results: list[GameResult], workers: int) -> list[JSONValue]:
    from sleuth.review.arena import format_reviews, review_results

    review_rows, exact, method = review_results(results, workers, ProgressBar("reviews"))
    print()
    print(format_reviews(review_rows, exact, method))
    return [to_json(row) for row in review_rows]


def _write_outputs(
    args: argparse.Namespace,
    game: Game[Any],
    results: list[GameResult],
    rows: list[BotSummary],
    signing: bytes | None,
    data: dict[str, JSONValue],
) -> None:
    """The plot, the records and the JSON results; a ``GameError`` naming the output that
    could not be written."""
    if args.plot:
        from sleuth.arena.stats import plot_ratings

        try:
            plot_ratings(rows, args.plot, f"{game.title}, {len(results)} games")
            print(f"ratings plot: {args.plot}")
        except ModuleNotFoundError as error:
            print(f"no plot: {error.name} is missing (pip install -e '.[plot]')", file=sys.stderr)
        except OSError as problem:
            raise write_failed("--plot", args.plot, problem) from None
    if args.record_dir:
        for result in results:
            record = result.record if signing is None else sign_record(result.record, signing)
            path = args.record_dir / f"{game.name}-{result.index:05d}.json"
            try:
                save_record(record, path)
            except OSError as problem:
                raise write_failed("--record-dir", path, problem) from None
    if args.out:
        data["games"] = [_game_json(result) for result in results]
        text = json.dumps(data, indent=1) + "\n"
        write_atomically(args.out, text, GameError)


def _game_json(result: GameResult) -> JSONValue:
    """A game's results without its record, with the seed that dealt it (revealed now)."""
    fields = to_json(result)
    if not isinstance(fields, dict):
        raise TypeError(f"a game's results gave {type(fields).__name__}, not an object")
    shown = {name: value for name, value in fields.items() if name != "record"}
    return {"seed": result.record.get("seed"), **shown}


def add_bots_parser(commands: Any) -> None:
    bots = commands.add_parser("bots", help=N_("the bots that play a game, and their parameters"))
    bots.add_argument("game", nargs="?", help=N_("one game (default: every game)"))
    bots.set_defaults(run=run_bots)


def run_bots(args: argparse.Namespace) -> int:
    from sleuth.agents import agent_names, bot_parameters
    from sleuth.core.registry import all_games

    try:
        games = [find_game(args.game)] if args.game else list(all_games())
    except GameError as error:
        print(f"sleuth bots: {error}", file=sys.stderr)
        return 2
    from sleuth.agents.levels import ladder

    for game in games:
        print(f"{game.name}:")
        for name in agent_names(game.name):
            params = bot_parameters(name, game.name)
            shown = " ".join(f"{k}={v}" for k, v in params.items())
            print(f"  {name:<10} {shown}".rstrip())
        standing = ladder(game.name)
        levels, rated = standing.get("levels"), standing.get("ratings")
        if isinstance(levels, dict) and levels:
            measured = standing.get("measured")
            print(f"  levels{f' ({measured})' if measured else ' (not measured yet)'}:")
            for level, spec in levels.items():
                rating = rated.get(level) if isinstance(rated, dict) else None
                figure = f"  rating {rating:.0f}" if isinstance(rating, int | float) else ""
                print(f"    {level:<8} {spec}{figure}")
    print("any game:")
    print("  cmd:COMMAND  time=5 startup=15  (a bot program in its own process, e.g.")
    print("               cmd:time=2:python mybot.py; README: Bots in their own process)")
    return 0
