"""``sleuth assist GAME``: a notebook that thinks, for a physical game at the table."""

from __future__ import annotations

import argparse
import inspect
import sys
from pathlib import Path
from typing import Any

from sleuth.core import EntryError, GameError, find_kit
from sleuth.core.kit import NOTEBOOK


def add_parser(commands: Any) -> None:
    assist = commands.add_parser(
        "assist",
        help="the investigation sheet for a physical game",
        description="Type what happens at the table; the sheet shows what follows.",
        epilog="Each game's entries are listed in the assistant itself (type 'help').",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    assist.add_argument("game", help="a game with an assistant (sleuth games lists them)")
    assist.add_argument(
        "--file",
        type=Path,
        default=None,
        help="session file (a 'sleuth deduce' position); reopened if it exists",
    )
    assist.add_argument("--players", type=int)
    assist.add_argument("--seat", type=int, help="your seat (0 is the dealer)")
    assist.add_argument("--hand", help="your hand, where the game deals one (e.g. AFKPTX)")
    assist.add_argument(
        "--hidden",
        nargs=2,
        metavar="CARD",
        help="your two hidden cards, where the game has them (e.g. Officer Park)",
    )
    assist.add_argument("--sheet", choices=("facts", "full"), default="full")
    assist.set_defaults(run=run_assist)


def run_assist(args: argparse.Namespace) -> int:
    from sleuth.assist import Notebook

    try:
        kit = find_kit(args.game)
        if not kit.has(NOTEBOOK):
            raise EntryError(f"{kit.game.title} has no assistant")
        notebook_type = kit.load(NOTEBOOK)
        path = args.file or Path(f"sleuth-assist-{kit.name}.json")
        notebook: Notebook = (
            notebook_type.load(path)  # type: ignore[attr-defined]
            if path.exists()
            else _start(notebook_type, args, path)
        )
        notebook.save()
    except GameError as error:
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


def _start(notebook_type: Any, args: argparse.Namespace, path: Path) -> Any:
    """A new session from the arguments its ``start`` names (players, seat, hand, ...)."""
    names = [n for n in inspect.signature(notebook_type.start).parameters if n != "path"]
    missing = [f"--{n}" for n in names if getattr(args, n, None) is None]
    if missing:
        raise EntryError(f"a new session needs {', '.join(missing)}")
    return notebook_type.start(*(getattr(args, n) for n in names), path)
