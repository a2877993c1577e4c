"""``sleuth ladder``: any bot entered beside a game's levels, rated (``arena.leaderboard``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from sleuth.core import GameError, find_game
from sleuth.core.jsonfile import write_atomically
from sleuth.core.said import error_in, said
from sleuth.core.serialize import to_json
from sleuth.i18n import N_, tr

from .argparse_words import add_lang_argument, language_of_args
from .bounded import game_count, worker_count
from .game_cmds import parse_options, seed_words
from .outputs import check_file, deal_seed
from .progress import ProgressBar


def add_parser(commands: Any) -> None:
    ladder = commands.add_parser(
        "ladder",
        help=N_(
            "a leaderboard: bots entered beside the game's levels, every pair at its own table"
        ),
        description=N_(
            "Every pair of competitors (the game's levels and each --entrant) plays "
            "--games games in alternate seats, rotated; the ratings are the arena's Bradley-Terry "
            "fit. A bot that loses a decision (crash, timeout, illegal or malformed answer) loses "
            "that game. The same --seed gives the same leaderboard."
        ),
    )
    ladder.add_argument("game")
    ladder.add_argument(
        "--entrant",
        action="append",
        default=[],
        metavar="NAME=SPEC",
        help=N_(
            "a bot to rate: a built-in bot (mine=ismcts:iterations=800) or a bot program over "
            "the bot protocol (mine=cmd:python mybot.py); repeat for more"
        ),
    )
    ladder.add_argument(
        "--text-entrant",
        action="append",
        default=[],
        metavar="NAME=MODULE:CALLABLE",
        help=N_(
            "a text agent (a language model's harness): CALLABLE(seed) returns a function "
            "from the seat's situation in words to an answer; it plays one seat of text_env "
            "against each other competitor, its seat rotated"
        ),
    )
    ladder.add_argument(
        "--text-time",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help=N_("how long a text agent's answer is waited for (default 60)"),
    )
    ladder.add_argument("--players", type=int, default=2)
    ladder.add_argument(
        "--games", type=game_count, default=10, help=N_("games per pair (default 10)")
    )
    ladder.add_argument(
        "--seed",
        type=int,
        help=N_(
            "deal from this seed, to reproduce a leaderboard (a bot program that knows it "
            "can find the deals); default: a secret seed, printed after the games"
        ),
    )
    ladder.add_argument(
        "--no-levels", action="store_true", help=N_("rate the entrants alone, without the levels")
    )
    ladder.add_argument("--workers", type=worker_count, default=1)
    ladder.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    ladder.add_argument("--out", type=Path, help=N_("write the leaderboard as JSON here"))
    add_lang_argument(ladder)
    ladder.set_defaults(run=run_ladder)


def run_ladder(args: argparse.Namespace) -> int:
    from sleuth.arena.leaderboard import competitors, parse_entrant

    language = language_of_args(args)
    try:
        game = find_game(args.game).configure(args.players, **parse_options(args.option))
        field = competitors(game, [parse_entrant(t) for t in args.entrant], not args.no_levels)
        texts = _text_entrants(args.text_entrant, field)
        if not args.text_time > 0:
            raise GameError(
                said(
                    "--text-time %(seconds)s: give a positive number of seconds",
                    seconds=args.text_time,
                )
            )
        if len(field) + len(texts) < 2:
            raise GameError(said("a leaderboard needs at least two competitors"))
        if args.out:
            check_file("--out", args.out)
    except GameError as error:
        print(f"sleuth ladder: {error_in(error, language)}", file=sys.stderr)
        return 2
    seed, secret = deal_seed("ladder", args.seed, language)
    return _play(args, game, field, texts, seed, secret)


def _text_entrants(given: list[str], field: list[Any]) -> dict[Any, Any]:
    """Each ``--text-entrant`` as an entrant (its spec ``text:MODULE:CALLABLE``) with its
    factory, imported now so that a wrong one is said before any game."""
    from sleuth.arena.leaderboard import Entrant
    from sleuth.envs.text_ladder import load_factory

    texts = {}
    taken = {e.name for e in field}
    for text in given:
        name, sep, target = text.partition("=")
        if not sep or not name.strip():
            raise GameError(
                said("--text-entrant %(text)s: give NAME=MODULE:CALLABLE", text=repr(text))
            )
        entrant = Entrant(name.strip(), f"text:{target.strip()}")
        if entrant.name in taken:
            raise GameError(
                said("--text-entrant: the name %(name)s is entered twice", name=repr(entrant.name))
            )
        taken.add(entrant.name)
        texts[entrant] = load_factory(target.strip())
    return texts


def _play(
    args: argparse.Namespace,
    game: Any,
    field: list[Any],
    texts: dict[Any, Any],
    seed: int,
    secret: bool,
) -> int:
    from sleuth.arena.leaderboard import format_leaderboard, plan, rate
    from sleuth.arena.tournament import run_specs
    from sleuth.envs.text_ladder import text_games

    options = parse_options(args.option)
    try:
        played = run_specs(
            plan(game, field, args.games, seed),
            args.workers,
            progress=ProgressBar("games", language=language_of_args(args)),
        )
        for entrant, make in texts.items():
            for other in field:
                played += text_games(
                    game,
                    options,
                    entrant.spec,
                    make,
                    other.spec,
                    args.games,
                    seed,
                    len(played),
                    args.text_time,
                )
        board = rate([*field, *texts], played)
    except GameError as error:
        print(f"sleuth ladder: {error_in(error, language_of_args(args))}", file=sys.stderr)
        return 2
    heading = tr(
        "%(game)s, %(players)s players, %(competitors)s competitors, %(games)s games a pair "
        "(%(total)s games), seed %(seed)s",
        language_of_args(args),
        game=game.title,
        players=game.players,
        competitors=len(field) + len(texts),
        games=args.games,
        total=len(board.results),
        seed=seed_words(seed, secret, language_of_args(args)),
    )
    print(heading)
    print(format_leaderboard(board, language_of_args(args)))
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
