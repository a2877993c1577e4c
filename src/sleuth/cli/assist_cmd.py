"""``sleuth assist GAME``: a notebook that thinks, for a physical game at the table.

The options a new session needs (players, seat, the cards you hold) are the game's: they
come from its notebook grammar, so they are read in a second pass once the game is known
(``sleuth assist GAME --help`` lists them).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from sleuth.core import EntryError, GameError, GameKit
from sleuth.core.kit import RULES, RulesGuide
from sleuth.core.said import Said, error_in, said
from sleuth.i18n import LANGUAGES, N_, tr, translate_at

from .argparse_words import SpeakingParser, argparse_words, lang_in

if TYPE_CHECKING:
    from sleuth.assist import Notebook

DESCRIPTION = N_("Type what happens at the table; the sheet shows what follows.")
EPILOG = N_(
    "The game's own options (--players, --seat, --hand, --hidden, ...) are listed by\n"
    "'sleuth assist GAME --help'; its entries by typing 'help' in the assistant.\n"
    "A session file that exists is opened only with --resume (or replaced with --new)."
)
GAME_EPILOG = N_(
    "Type 'help' in the assistant for the game's entries.\n"
    "A session file that exists is opened only with --resume (or replaced with --new)."
)


class _Refusal(SpeakingParser):
    """A parser whose errors are one line through ``EntryError``, not usage and exit (its
    help in the language, as every parser's of the command line)."""

    def error(self, message: str) -> NoReturn:
        raise EntryError(argparse_words(message))


def chosen_language(args: argparse.Namespace) -> str:
    """The language ``--lang`` names (before or after GAME), else the environment's."""
    from sleuth.tui.language import language_from_environment

    given = getattr(args, "lang", None) or lang_in(getattr(args, "rest", None) or [])
    return given or language_from_environment(os.environ)


def add_parser(commands: Any) -> None:
    assist = commands.add_parser(
        "assist",
        help=N_("the investigation sheet for a physical game"),
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    assist.add_argument("game", help=N_("a game with an assistant (sleuth games lists them)"))
    _add_session_options(assist, argparse.SUPPRESS)
    # Everything after GAME is read again once the game's own options are known.
    assist.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    assist.set_defaults(run=run_assist)


def _add_session_options(parser: argparse.ArgumentParser, default: Any) -> None:
    parser.add_argument(
        "--file",
        type=Path,
        default=default,
        help=N_("session file (default sleuth-assist-GAME.json); 'sleuth deduce FILE' analyses it"),
    )
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument(
        "--resume", action="store_true", default=default, help=N_("go on with the session file")
    )
    choice.add_argument(
        "--new", action="store_true", default=default, help=N_("start over, replacing it")
    )
    parser.add_argument(
        "--sheet", choices=("facts", "full"), default=default, help=N_("sheet level (full)")
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=default,
        help=N_(
            "the assistant's language (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, "
            "as gettext reads them; English when they name none of these)"
        ),
    )


def run_assist(args: argparse.Namespace) -> int:
    from sleuth.assist import assistant_kit

    language = chosen_language(args)
    try:
        kit = assistant_kit(args.game)
        notebook, sheet = _open(kit, args)
        notebook.save()
    except GameError as error:
        print(f"sleuth assist: {error_in(error, language)}", file=sys.stderr)
        return 2
    try:
        from sleuth.tui.assist_app import AssistApp
    except ModuleNotFoundError as error:
        needs = tr(
            "sleuth assist needs the terminal extra (%(module)s is missing): %(install)s",
            language,
            module=str(error.name),
            install="pip install -e '.[tui]'",
        )
        print(needs, file=sys.stderr)
        return 2
    language = chosen_language(args)  # --lang as the second pass read it
    AssistApp(notebook, sheet, language).run()
    print(tr("session saved in %(file)s", language, file=str(notebook.path)))
    return 0


def _open(kit: GameKit, first: argparse.Namespace) -> tuple[Notebook[Any, Any], str]:
    """The session the arguments ask for (a new one, or the file's, checked against them),
    and the sheet level."""
    from sleuth.assist import Notebook, grammar_of, load_notebook, mismatches, setup_from_text

    grammar = grammar_of(kit)
    parser = _Refusal(
        prog=f"sleuth assist {kit.name}",
        description=tr(
            "%(description)s (%(title)s)",
            SpeakingParser.language,
            description=tr(DESCRIPTION, SpeakingParser.language),
            title=kit.game.title,
        ),
        epilog=GAME_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_session_options(parser, None)
    # The game's own words, said from its catalogues (beside its rules) in the command line's.
    locale = kit.part(RULES, RulesGuide).locale if kit.has(RULES) else None
    for field in grammar.setup_fields:
        parser.add_argument(
            f"--{field.name}",
            nargs=field.count if field.kind == "list" else None,
            metavar=field.metavar,
            help=translate_at(locale, SpeakingParser.language, field.help),
        )
    args = parser.parse_args(first.rest)
    for name in ("file", "resume", "new", "sheet", "lang"):  # given before GAME
        if getattr(args, name) is None and hasattr(first, name):
            setattr(args, name, getattr(first, name))
    first.lang = args.lang  # the app's, read by run_assist wherever it was given
    language = chosen_language(first)
    if args.resume and args.new:
        raise EntryError(said("--resume and --new: choose one"))
    sheet = args.sheet or "full"
    given = {
        f.name: getattr(args, f.name)
        for f in grammar.setup_fields
        if getattr(args, f.name) is not None
    }
    values = setup_from_text(grammar, given)
    path: Path = args.file or Path(f"sleuth-assist-{kit.name}.json")
    if path.is_dir():
        raise EntryError(said("--file %(file)s is a folder", file=str(path)))
    if path.exists() and not args.new:
        notebook = load_notebook(path, kit)
        notebook.speak(language)  # its title, in the refusal below
        if not args.resume:
            raise EntryError(_holds_a_session(path, notebook))
        wrong = mismatches(notebook, values)
        if wrong:
            raise EntryError(
                said(
                    "%(given)s does not match the session in %(file)s: "
                    "leave it out to resume, or start over with --new",
                    given=_joined(wrong),
                    file=str(path),
                )
            )
        return notebook, sheet
    if args.resume:
        raise EntryError(said("--resume: there is no session in %(file)s", file=str(path)))
    for field in grammar.setup_fields:
        if field.default is not None:
            values.setdefault(field.name, field.default)
    missing = [f"--{f.name}" for f in grammar.setup_fields if f.name not in values]
    if missing:
        raise EntryError(said("a new session needs %(options)s", options=", ".join(missing)))
    return Notebook.start(kit.name, grammar, values, path), sheet


def _holds_a_session(path: Path, notebook: Notebook[Any, Any]) -> Said:
    count = len(notebook.entries)
    template = (
        N_(
            "%(file)s holds a session (%(title)s, %(count)s entry): "
            "add --resume to go on with it, or --new to start over"
        )
        if count == 1
        else N_(
            "%(file)s holds a session (%(title)s, %(count)s entries): "
            "add --resume to go on with it, or --new to start over"
        )
    )
    return Said(template, {"file": str(path), "title": notebook.title, "count": count})


def _joined(parts: Sequence[Said | str]) -> Said | str:
    """The mismatched options, one after another (each said in the language)."""
    if len(parts) == 1:
        return parts[0]
    return said("%(first)s; %(rest)s", first=parts[0], rest=_joined(parts[1:]))
