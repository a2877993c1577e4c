"""``sleuth assist GAME``: a notebook that thinks, for a physical game at the table."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from sleuth.core import GameError, find_game


def add_parser(commands: Any) -> None:
    assist = commands.add_parser("assist", help="the investigation sheet for a physical game")
    assist.add_argument("game", help="black-vienna")
    assist.add_argument(
        "--file",
        type=Path,
        default=None,
        help="session file (a 'sleuth deduce' position); reopened if it exists",
    )
    assist.add_argument("--players", type=int)
    assist.add_argument("--seat", type=int, help="your seat (0 is the dealer)")
    assist.add_argument("--hand", help="your cards, e.g. AFKPTX")
    assist.add_argument("--sheet", choices=("facts", "full"), default="full")
    assist.set_defaults(run=run_assist)


def run_assist(args: argparse.Namespace) -> int:
    from sleuth.assist import BlackViennaNotebook, EntryError

    try:
        game = find_game(args.game)
    except GameError as error:
        print(f"sleuth assist: {error}", file=sys.stderr)
        return 2
    if game.name != "black-vienna":
        print(
            f"sleuth assist: {game.title} has no assistant yet (black-vienna has)", file=sys.stderr
        )
        return 2
    path = args.file or Path(f"sleuth-assist-{game.name}.json")
    try:
        if path.exists():
            notebook = BlackViennaNotebook.load(path)
        elif args.players is None or args.seat is None or args.hand is None:
            print(
                "sleuth assist: a new session needs --players, --seat and --hand", file=sys.stderr
            )
            return 2
        else:
            notebook = BlackViennaNotebook.start(args.players, args.seat, args.hand, path)
            notebook.save()
    except EntryError as error:
        print(f"sleuth assist: {error}", file=sys.stderr)
        return 2
    from sleuth.tui.assist_app import AssistApp

    AssistApp(notebook, args.sheet).run()
    print(f"session saved in {path}")
    return 0
