"""``sleuth bot serve NAME[:params]``: a built-in bot over the bot protocol on stdin/stdout.

So a built-in bot runs in its own process like any other program:
``sleuth arena bv --players 3 --bots 'cmd:sleuth bot serve deductive',basic,random``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(commands: Any) -> None:
    bot = commands.add_parser("bot", help="run a built-in bot in its own process")
    actions = bot.add_subparsers(dest="bot_command", required=True, metavar="ACTION")
    serve = actions.add_parser(
        "serve",
        help="speak the bot protocol on stdin/stdout (README: Bots in their own process)",
        description="Play one game as the bot SPEC (any spec `sleuth bots GAME` lists, for "
        "the game the engine's hello names), one JSON message a line.",
    )
    serve.add_argument("spec", metavar="SPEC", help="a bot, e.g. deductive or ismcts:iterations=50")
    serve.set_defaults(run=run_serve)


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
