"""``sleuth bot serve NAME[:params]``: a built-in bot over the bot protocol on stdin/stdout.

So a built-in bot runs in its own process like any other program:
``sleuth arena bv --players 3 --bots 'cmd:sleuth bot serve deductive',basic,random``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from sleuth.core.said import Said, error_in, said
from sleuth.i18n import N_, tr

from .argparse_words import add_lang_argument, language_of_args

NO_COMMAND = N_("no bot command after --")
AT_LEAST_ONE_GAME = N_("--games %(games)s: at least 1")


def add_parser(commands: Any) -> None:
    bot = commands.add_parser("bot", help=N_("run a built-in bot in its own process"))
    actions = bot.add_subparsers(dest="bot_command", required=True, metavar="ACTION")
    serve = actions.add_parser(
        "serve",
        help=N_("speak the bot protocol on stdin/stdout (README: Bots in their own process)"),
        description=N_(
            "Play one game as the bot SPEC (any spec `sleuth bots GAME` lists, for "
            "the game the engine's hello names), one JSON message a line."
        ),
    )
    serve.add_argument(
        "spec", metavar="SPEC", help=N_("a bot, e.g. deductive or ismcts:iterations=50")
    )
    serve.set_defaults(run=run_serve)
    connect = actions.add_parser(
        "connect",
        help=N_("play a bot program at a server's tables (a network bot, net:NAME)"),
        description=N_(
            "Connect to a Sleuth server as a network bot and relay the bot protocol "
            "between the server and COMMAND (started afresh for each game): "
            "sleuth bot connect https://example.org --token-file bot.token -- "
            "sleuth bot serve deductive"
        ),
    )
    connect.add_argument("url", metavar="URL", help=N_("the server, e.g. https://example.org"))
    connect.add_argument(
        "--token-file",
        required=True,
        metavar="FILE",
        help=N_("a file holding the bot's token (POST /api/bots issues one)"),
    )
    connect.add_argument(
        "--games",
        type=int,
        default=None,
        metavar="N",
        help=N_("stop after N games (default: never)"),
    )
    connect.add_argument(
        "--accept",
        default="all",
        metavar="GAMES",
        help=N_(
            "the games whose challenges it accepts, comma-separated; all (the default) or "
            "none; the lobby offers challenges to these only"
        ),
    )
    add_lang_argument(connect)
    connect.add_argument("bot_command_words", nargs="+", metavar="-- COMMAND")
    connect.set_defaults(run=run_connect)
    add_arena_parser(actions)


def add_arena_parser(actions: Any) -> None:
    arena = actions.add_parser(
        "arena",
        help=N_("play a series of a bot program against a server's built-in bots"),
        description=N_(
            "Connect COMMAND as a network bot (as `sleuth bot connect`), deal N tables "
            "of it against the OPPONENTS on the server, the seats rotated game by game, and print "
            "the wins per seat and the arena's Bradley-Terry ratings: sleuth bot arena "
            "https://example.org --token-file bot.token --game GAME --games 20 "
            "--opponents easy,medium -- sleuth bot serve deductive"
        ),
    )
    arena.add_argument("url", metavar="URL", help=N_("the server, e.g. https://example.org"))
    arena.add_argument("--token-file", required=True, metavar="FILE", help=N_("the bot's token"))
    arena.add_argument("--game", required=True, metavar="GAME", help=N_("the game to play"))
    arena.add_argument("--games", type=int, default=10, metavar="N", help=N_("games (default 10)"))
    arena.add_argument(
        "--opponents",
        required=True,
        metavar="BOTS",
        help=N_("the server's bots at the other seats, comma-separated (levels or specs)"),
    )
    arena.add_argument(
        "--record-dir",
        metavar="DIR",
        help=N_("write each game's signed record there (game-N.json)"),
    )
    add_lang_argument(arena)
    arena.add_argument("bot_command_words", nargs="+", metavar="-- COMMAND")
    arena.set_defaults(run=run_arena)


def run_connect(args: argparse.Namespace) -> int:
    import asyncio
    from pathlib import Path

    from sleuth.core import GameError
    from sleuth.server.netclient import Refused, relay

    language = language_of_args(args)
    words = args.bot_command_words
    command = words[1:] if words[:1] == ["--"] else words
    if not command:
        print(f"sleuth bot connect: {tr(NO_COMMAND, language)}", file=sys.stderr)
        return 2
    if args.games is not None and args.games < 1:
        at_least = tr(AT_LEAST_ONE_GAME, language, games=args.games)
        print(f"sleuth bot connect: {at_least}", file=sys.stderr)
        return 2
    try:
        token = Path(args.token_file).read_text(encoding="utf-8").strip()
    except OSError as error:
        print(f"sleuth bot connect: {args.token_file}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        accept = accepted_games(args.accept)
    except GameError as error:
        print(f"sleuth bot connect: --accept: {error_in(error, language)}", file=sys.stderr)
        return 2
    try:
        asyncio.run(relay(args.url, token, command, args.games, accept=accept))
    except Refused as refused:
        words = tr("refused: %(reason)s", language, reason=str(refused))
        print(f"sleuth bot connect: {words}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"sleuth bot connect: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


def run_arena(args: argparse.Namespace) -> int:
    import asyncio
    from pathlib import Path

    from sleuth.core import GameError, find_kit
    from sleuth.server.netarena import Series, SeriesError, report, run_series
    from sleuth.server.netclient import Refused

    language = language_of_args(args)
    words = args.bot_command_words
    command = words[1:] if words[:1] == ["--"] else words
    opponents = tuple(word.strip() for word in args.opponents.split(",") if word.strip())
    try:
        if not command:
            raise GameError(Said(NO_COMMAND, {}))
        if args.games < 1:
            raise GameError(Said(AT_LEAST_ONE_GAME, {"games": args.games}))
        kit = find_kit(args.game)
        players = len(opponents) + 1
        if not kit.game.min_players <= players <= kit.game.max_players:
            raise GameError(
                said(
                    "--opponents: %(game)s takes %(low)s-%(high)s players, the bot and "
                    "%(count)s opponents are %(players)s",
                    game=kit.name,
                    low=kit.game.min_players,
                    high=kit.game.max_players,
                    count=len(opponents),
                    players=players,
                )
            )
        token = Path(args.token_file).read_text(encoding="utf-8").strip()
        record_dir = Path(args.record_dir) if args.record_dir else None
        if record_dir is not None:
            record_dir.mkdir(parents=True, exist_ok=True)
    except (GameError, OSError) as error:
        print(f"sleuth bot arena: {error_in(error, language)}", file=sys.stderr)
        return 2
    series = Series(kit.name, players, opponents, args.games)
    try:
        results = asyncio.run(run_series(args.url, token, command, series, record_dir))
    except (Refused, SeriesError, ValueError) as error:
        print(f"sleuth bot arena: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    print(report(series, results))
    return 0


def accepted_games(text: str) -> frozenset[str] | None:
    """``--accept``'s games by their own names (``None``: all), or a ``GameError``."""
    from sleuth.core import find_kit

    words = [word.strip() for word in text.split(",") if word.strip()]
    if [word.lower() for word in words] == ["all"]:
        return None
    if [word.lower() for word in words] == ["none"]:
        return frozenset()
    return frozenset(find_kit(word).name for word in words)


def run_serve(args: argparse.Namespace) -> int:
    from sleuth.agents.serve import serve
    from sleuth.core import GameError

    try:
        serve(args.spec, sys.stdin.buffer, sys.stdout.buffer)
    except GameError as error:
        print(f"sleuth bot serve: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the engine went away: nothing left to answer
        return 0
    return 0
