"""``sleuth assist GAME``: a notebook that thinks, for a physical game at the table.

The options a new session needs (players, seat, the cards you hold) are the game's: they
come from its notebook grammar, so they are read in a second pass once the game is known
(``sleuth assist GAME --help`` lists them).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from sleuth.core import EntryError, GameError, GameKit, find_kit
from sleuth.i18n import LANGUAGES

if TYPE_CHECKING:
    from sleuth.assist import Notebook

DESCRIPTION = "Type what happens at the table; the sheet shows what follows."
EPILOG = """\
The game's own options (--players, --seat, --hand, --hidden, ...) are listed by
'sleuth assist GAME --help'; its entries by typing 'help' in the assistant.
A session file that exists is opened only with --resume (or replaced with --new)."""
GAME_EPILOG = """\
Type 'help' in the assistant for the game's entries.
A session file that exists is opened only with --resume (or replaced with --new)."""


class _Refusal(argparse.ArgumentParser):
    """A parser whose errors are one line through ``EntryError``, not usage and exit."""

    def error(self, message: str) -> NoReturn:
        raise EntryError(message)


def add_parser(commands: Any) -> None:
    assist = commands.add_parser(
        "assist",
        help="the investigation sheet for a physical game",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    assist.add_argument("game", help="a game with an assistant (sleuth games lists them)")
    _add_session_options(assist, argparse.SUPPRESS)
    # Everything after GAME is read again once the game's own options are known.
    assist.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    assist.set_defaults(run=run_assist)


def _add_session_options(parser: argparse.ArgumentParser, default: Any) -> None:
    parser.add_argument(
        "--file",
        type=Path,
        default=default,
        help="session file (default sleuth-assist-GAME.json); 'sleuth deduce FILE' analyses it",
    )
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument(
        "--resume", action="store_true", default=default, help="go on with the session file"
    )
    choice.add_argument(
        "--new", action="store_true", default=default, help="start over, replacing it"
    )
    parser.add_argument(
        "--sheet", choices=("facts", "full"), default=default, help="sheet level (full)"
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=default,
        help="the assistant's language (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, "
        "as gettext reads them; English when they name none of these)",
    )


def run_assist(args: argparse.Namespace) -> int:
    try:
        kit = find_kit(args.game)
        notebook, sheet = _open(kit, args)
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
    from sleuth.tui.language import language_from_environment

    language = getattr(args, "lang", None) or language_from_environment(os.environ)
    AssistApp(notebook, sheet, language).run()
    print(f"session saved in {notebook.path}")
    return 0


def _open(kit: GameKit, first: argparse.Namespace) -> tuple[Notebook[Any, Any], str]:
    """The session the arguments ask for (a new one, or the file's, checked against them),
    and the sheet level."""
    from sleuth.assist import Notebook, grammar_of, load_notebook, mismatches, setup_from_text

    grammar = grammar_of(kit)
    parser = _Refusal(
        prog=f"sleuth assist {kit.name}",
        description=f"{DESCRIPTION} ({kit.game.title})",
        epilog=GAME_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_session_options(parser, None)
    for field in grammar.setup_fields:
        parser.add_argument(
            f"--{field.name}",
            nargs=field.count if field.kind == "list" else None,
            metavar=field.metavar,
            help=field.help,
        )
    args = parser.parse_args(first.rest)
    for name in ("file", "resume", "new", "sheet", "lang"):  # given before GAME
        if getattr(args, name) is None and hasattr(first, name):
            setattr(args, name, getattr(first, name))
    first.lang = args.lang  # the app's, read by run_assist wherever it was given
    if args.resume and args.new:
        raise EntryError("--resume and --new: choose one")
    sheet = args.sheet or "full"
    given = {
        f.name: getattr(args, f.name)
        for f in grammar.setup_fields
        if getattr(args, f.name) is not None
    }
    values = setup_from_text(grammar, given)
    path: Path = args.file or Path(f"sleuth-assist-{kit.name}.json")
    if path.is_dir():
        raise EntryError(f"--file {path} is a folder")
    if path.exists() and not args.new:
        notebook = load_notebook(path, kit)
        if not args.resume:
            raise EntryError(
                f"{path} holds a session ({notebook.title}, {_entries(len(notebook.entries))}): "
                "add --resume to go on with it, or --new to start over"
            )
        wrong = mismatches(notebook, values)
        if wrong:
            raise EntryError(
                f"{'; '.join(wrong)} does not match the session in {path}: "
                "leave it out to resume, or start over with --new"
            )
        return notebook, sheet
    if args.resume:
        raise EntryError(f"--resume: there is no session in {path}")
    for field in grammar.setup_fields:
        if field.default is not None:
            values.setdefault(field.name, field.default)
    missing = [f"--{f.name}" for f in grammar.setup_fields if f.name not in values]
    if missing:
        raise EntryError(f"a new session needs {', '.join(missing)}")
    return Notebook.start(kit.name, grammar, values, path), sheet


def _entries(count: int) -> str:
    return f"{count} entry" if count == 1 else f"{count} entries"
