"""The ``sleuth`` command."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from sleuth.core import GameError
from sleuth.core.said import error_in
from sleuth.i18n import N_

from .argparse_words import SpeakingParser, language_of_words

# Commands whose modules land with their features; each exposes add_parser(subcommands).
_OPTIONAL_COMMANDS = (
    "deduce_cmd",
    "arena_cmd",
    "ladder_cmd",
    "play_cmd",
    "assist_cmd",
    "bot_cmd",
    "serve_cmd",
    "review_cmd",
)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; with ``command``, of that one alone when a module of its
    name provides it (``sleuth deduce`` then imports neither the games' commands nor the
    other fronts)."""
    parser = SpeakingParser(
        prog="sleuth",
        description=N_("Deduction card games: play, simulate, replay and analyse them exactly."),
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    if f"{command}_cmd" in _OPTIONAL_COMMANDS:
        module = _optional_command(f"{command}_cmd")
        if module is not None:
            module.add_parser(commands)
            return parser
    from . import game_cmds

    game_cmds.add_parsers(commands)
    for name in _OPTIONAL_COMMANDS:
        module = _optional_command(name)
        if module is not None:
            module.add_parser(commands)
    return parser


def _optional_command(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"sleuth.cli.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"sleuth.cli.{name}":
            raise
        return None


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    language = SpeakingParser.language = language_of_words(words)
    parser = build_parser(words[0] if words else None)
    args = parser.parse_args(words)
    try:
        code: int = args.run(args)
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except GameError as error:  # one a command did not catch, e.g. a broken game package
        print(f"sleuth {args.command}: {error_in(error, language)}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
