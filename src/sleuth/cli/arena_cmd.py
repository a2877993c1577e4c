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
from sleuth.core.record_files import save_record
from sleuth.core.said import error_in, said
from sleuth.core.serialize import JSONValue, to_json
from sleuth.core.signing import read_key, sign_record
from sleuth.i18n import N_, tr

from .argparse_words import add_lang_argument, language_of_args
from .bounded import game_count, worker_count
from .game_cmds import add_bot_key_argument, bot_key, bot_key_line, parse_options, seed_words
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
    arena.add_argument("--games", type=game_count, default=100)
    arena.add_argument(
        "--seed",
        type=int,
        help=N_(
            "deal the games from this seed (anyone who knows it knows every deal, a bot "
            "program too); default: a secret 128-bit seed, printed after the games"
        ),
    )
    arena.add_argument("--workers", type=worker_count, default=1)
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
    add_lang_argument(arena)
    arena.set_defaults(run=run_arena)
    add_bots_parser(commands)


def run_arena(args: argparse.Namespace) -> int:
    language = language_of_args(args)
    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    try:
        game = find_game(args.game).configure(args.players, **parse_options(args.option))
        if len(bots) != game.players:
            raise GameError(
                said(
                    "--bots: %(seats)s seats need %(seats)s bots, got %(bots)s",
                    seats=game.players,
                    bots=len(bots),
                )
            )
        from sleuth.agents import make_agent

        for name in bots:
            make_agent(name, game.name)
        key = bot_key(args.bot_key)
        signing = read_key(args.key) if args.key else None
        if signing is not None and not args.record_dir:
            raise GameError(said("--key signs the records: give --record-dir too"))
        _check_outputs(args)
    except GameError as error:
        print(f"sleuth arena: {error_in(error, language)}", file=sys.stderr)
        return 2
    seed, secret = deal_seed("arena", args.seed, language)
    # Each game's seed is derived from this one; a secret seed is then a key: a game's seed,
    # revealed in its record, tells nothing of another's.
    specs = schedule(game.name, game.config_json(), bots, args.games, seed, key)
    started = time.perf_counter()
    results = run_specs(
        specs, args.workers, args.backend, ProgressBar("games", language=language), args.ray_address
    )
    elapsed = time.perf_counter() - started
    rows = summarize(results)
    rate = f"{len(results) / elapsed:.1f}"
    heading = tr(
        "%(game)s, %(players)s players, %(games)s games, seed %(seed)s, %(backend)s "
        "x%(workers)s: %(rate)s games/s",
        language,
        game=game.title,
        players=game.players,
        games=len(results),
        seed=seed_words(seed, secret, language),
        backend=args.backend,
        workers=args.workers,
        rate=rate,
    )
    print(f"{heading}\n{format_table(rows, language)}")
    if any(result.forfeits for result in results):
        total = sum(len(result.forfeits) for result in results)
        lost = tr(
            "forfeits (%(count)s decisions lost; random decided instead):", language, count=total
        )
        print(f"\n{lost}\n{format_forfeits(results, language=language)}")
    print(bot_key_line(key, seed, language))
    pairs = all_head_to_heads(results, rows)
    if pairs:
        print()
        print(format_head_to_heads(pairs, language))
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
        data["review"] = _review(results, args.workers, language)
    try:
        _write_outputs(args, game, results, rows, signing, data)
    except GameError as error:
        print(f"sleuth arena: {error_in(error, language)}", file=sys.stderr)
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
        raise GameError(
            said(
                "--plot %(path)s: no plot format %(format)s (one of: %(known)s)",
                path=str(path),
                format=repr(suffix),
                known=known,
            )
        )


def _review(results: list[GameResult], workers: int, language: str) -> list[JSONValue]:
    from sleuth.review.arena import format_reviews, review_results

    bar = ProgressBar("reviews", language=language)
    review_rows, exact, method = review_results(results, workers, bar)
    print()
    print(format_reviews(review_rows, exact, method, language))
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
    language = language_of_args(args)
    if args.plot:
        from sleuth.arena.stats import plot_ratings

        try:
            plot_ratings(rows, args.plot, f"{game.title}, {len(results)} games")
            print(tr("ratings plot: %(file)s", language, file=str(args.plot)))
        except ModuleNotFoundError as error:
            missing = tr(
                "no plot: %(module)s is missing (%(install)s)",
                language,
                module=str(error.name),
                install="pip install -e '.[plot]'",
            )
            print(missing, file=sys.stderr)
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
    add_lang_argument(bots)
    bots.set_defaults(run=run_bots)


def run_bots(args: argparse.Namespace) -> int:
    from sleuth.agents import agent_names, bot_parameters
    from sleuth.core.registry import all_games

    language = language_of_args(args)
    try:
        games = [find_game(args.game)] if args.game else list(all_games())
    except GameError as error:
        print(f"sleuth bots: {error_in(error, language)}", file=sys.stderr)
        return 2
    from sleuth.agents.levels import how_measured, ladder

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
            if measured:
                about = how_measured(measured, language)
                print("  " + tr("levels (%(measured)s):", language, measured=about))
            else:
                print("  " + tr("levels (not measured yet):", language))
            for level, spec in levels.items():
                rating = rated.get(level) if isinstance(rated, dict) else None
                rounded = f"{rating:.0f}" if isinstance(rating, int | float) else None
                figure = "  " + tr("rating %(rating)s", language, rating=rounded) if rounded else ""
                print(f"    {level:<8} {spec}{figure}")
    print(tr("any game:", language))
    words = tr(
        "(a bot program in its own process, e.g.\n"
        "cmd:time=2:python mybot.py; README: Bots in their own process)",
        language,
    ).splitlines()
    print(f"  cmd:COMMAND  time=5 startup=15  {words[0]}")
    for line in words[1:]:
        print(f"               {line}")
    return 0
