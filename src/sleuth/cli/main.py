"""The ``sleuth`` command."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from sleuth.core import GameError

from . import game_cmds

# Commands whose modules land with their features; each exposes add_parser(subcommands).
_OPTIONAL_COMMANDS = (
    "deduce_cmd",
    "arena_cmd",
    "play_cmd",
    "assist_cmd",
    "bot_cmd",
    "serve_cmd",
    "review_cmd",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sleuth",
        description="Deduction card games: play, simulate, replay and analyse them exactly.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    game_cmds.add_parsers(commands)
    for name in _OPTIONAL_COMMANDS:
        try:
            module = importlib.import_module(f"sleuth.cli.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"sleuth.cli.{name}":
                raise
            continue
        module.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except GameError as error:  # one a command did not catch, e.g. a broken game package
        print(f"sleuth {args.command}: {error}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
