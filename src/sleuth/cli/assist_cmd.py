"""``sleuth assist GAME``: a notebook that thinks, for a physical game at the table."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from sleuth.core import GameError, find_game

ENTRIES = """entries (Black Vienna):
  3 AOR 1                 seat 3 put one marker on AOR
  up AOR BHV CDE          the cards face up now
  why B                   why B's place is certain
  undo
entries (13 Clues):
  mystery 1 Duke Market Sword   the mystery you see at seat 1
  2 purple 3                    seat 2 answered 3 to purple (1 purple left 2: two players)
  look A Nurse                  informant A is the Nurse
  accuse 3 Maid Harbor Rifle    a wrong accusation by seat 3
  why Nurse / undo
entries (Black Stories Investigation):
  2 woman+knife 2               a card played to seat 2 landed in field 2 (0/1, 2, 3)
  fail 2 man/day/inside/knife   a failed solve attempt on seat 2
  solved 2 / seen man+day+inside+gun / undo"""


def add_parser(commands: Any) -> None:
    assist = commands.add_parser(
        "assist",
        help="the investigation sheet for a physical game",
        description="Type what happens at the table; the sheet shows what follows.",
        epilog=ENTRIES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    assist.add_argument("game", help="black-vienna, 13-clues or black-stories-investigation")
    assist.add_argument(
        "--file",
        type=Path,
        default=None,
        help="session file (a 'sleuth deduce' position); reopened if it exists",
    )
    assist.add_argument("--players", type=int)
    assist.add_argument("--seat", type=int, help="your seat (0 is the dealer)")
    assist.add_argument("--hand", help="Black Vienna: your cards, e.g. AFKPTX")
    assist.add_argument(
        "--hidden",
        nargs=2,
        metavar="CARD",
        help="13 Clues: your two hidden cards, e.g. Officer Park",
    )
    assist.add_argument("--sheet", choices=("facts", "full"), default="full")
    assist.set_defaults(run=run_assist)


def run_assist(args: argparse.Namespace) -> int:
    from sleuth.assist import (
        BlackStoriesNotebook,
        BlackViennaNotebook,
        EntryError,
        Notebook,
        ThirteenCluesNotebook,
    )

    try:
        game = find_game(args.game)
    except GameError as error:
        print(f"sleuth assist: {error}", file=sys.stderr)
        return 2
    path = args.file or Path(f"sleuth-assist-{game.name}.json")
    notebook: Notebook
    try:
        if game.name == "black-vienna":
            if path.exists():
                notebook = BlackViennaNotebook.load(path)
            elif args.players is None or args.seat is None or args.hand is None:
                raise EntryError("a new session needs --players, --seat and --hand")
            else:
                notebook = BlackViennaNotebook.start(args.players, args.seat, args.hand, path)
        elif game.name == "13-clues":
            if path.exists():
                notebook = ThirteenCluesNotebook.load(path)
            elif args.players is None or args.seat is None or args.hidden is None:
                raise EntryError("a new session needs --players, --seat and --hidden")
            else:
                notebook = ThirteenCluesNotebook.start(args.players, args.seat, args.hidden, path)
        elif game.name == "black-stories-investigation":
            if path.exists():
                notebook = BlackStoriesNotebook.load(path)
            elif args.players is None or args.seat is None:
                raise EntryError("a new session needs --players and --seat")
            else:
                notebook = BlackStoriesNotebook.start(args.players, args.seat, path)
        else:
            raise EntryError(f"{game.title} has no assistant (it has no hidden solution to track)")
        notebook.save()
    except EntryError as error:
        print(f"sleuth assist: {error}", file=sys.stderr)
        return 2
    try:
        from sleuth.tui.assist_app import AssistApp
    except ModuleNotFoundError as error:
        print(
            f"sleuth assist needs the terminal extra ({error.name} is missing): "
            "pip install -e '.[tui]'",
            file=sys.stderr,
        )
        return 2

    AssistApp(notebook, args.sheet).run()
    print(f"session saved in {path}")
    return 0
