"""``sleuth deduce FILE [--explain CARD] [--questions] [--json]``: a seat's exact knowledge,
as a summary for people or (``--json``) as JSON for programs.

Wire into the main parser with ``deduce_cmd.add_parser(subparsers)``; the parsed namespace
carries ``run=deduce_cmd.run``. Heavy modules are imported inside ``run`` only.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sleuth.core import jsonfile
from sleuth.i18n import LANGUAGES, N_, tr

from .bounded import indent_width

if TYPE_CHECKING:
    from sleuth.deduce.knowledge import SeatAnalysis

# A position is a small file of whole numbers (the assistant's sessions are read here too).
POSITION = jsonfile.Bounds(max_bytes=1_000_000, max_digits=6, floats=False, kind=N_("position"))


def add_parser(subparsers: Any) -> None:
    """Add the ``deduce`` subcommand to an ``argparse`` subparsers object."""
    p = subparsers.add_parser(
        "deduce",
        help=N_("exact deduction from one seat's position (a summary, or JSON with --json)"),
        description=N_(
            "Read a position as JSON (FILE, or - for stdin) and print what the seat "
            "knows: what is certain, the likeliest solutions with their odds, the best questions "
            "(--questions), or a contradiction named; --json prints the whole analysis (the "
            "number of consistent worlds, each card's location probabilities, the solution "
            "posterior and the certain facts) for programs. A session file of 'sleuth assist' is "
            "read as the position its entries amount to (one per opponent where a game tracks "
            "several)."
        ),
    )
    p.add_argument(
        "file", metavar="FILE", help=N_("position (or assistant session) JSON file, or - for stdin")
    )
    p.add_argument("--explain", metavar="CARD", help=N_("explain why CARD's place is certain"))
    p.add_argument(
        "--questions", action="store_true", help=N_("rank the questions the seat could ask now")
    )
    p.add_argument(
        "--json",
        action="store_true",
        help=N_(
            "print the analysis as JSON, for programs (the schema is in README: "
            "Deduction positions); without it, a summary for people"
        ),
    )
    p.add_argument(
        "--indent",
        type=indent_width,
        default=None,
        help=N_("indent the JSON output (--json) by this many spaces (0-16)"),
    )
    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=N_(
            "the summary's and the refusals' language (default: from LANGUAGE, LC_ALL, "
            "LC_MESSAGES or LANG, as gettext reads them; English when they name none of these)"
        ),
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command; 0 on success, 2 on invalid input (message on stderr)."""
    from sleuth.core.said import error_in, said
    from sleuth.deduce.model import PositionError

    language = args.lang = _language(args)
    try:
        if args.file == "-":
            raw = sys.stdin.buffer.read(POSITION.max_bytes + 1)
            if len(raw) > POSITION.max_bytes:
                most = format(POSITION.max_bytes, ",")
                raise PositionError(said("it is larger than %(bytes)s bytes", bytes=most))
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                raise PositionError(
                    said("it is not UTF-8 text (bad byte at %(at)s)", at=error.start)
                ) from None
            data = jsonfile.parse_json_text(text, POSITION, PositionError)
        else:
            data = jsonfile.read_json_file(Path(args.file), POSITION, PositionError)
    except PositionError as exc:
        reason = error_in(exc, language)
        _refuse(tr("cannot read %(file)s: %(reason)s", language, file=args.file, reason=reason))
        return 2
    if isinstance(data, dict) and "format" in data:  # a position has no format: spare the import
        from sleuth.assist import is_session

        if is_session(data):
            return _run_session(data, args)
    try:
        analysis = _analysis(data, args)
    except PositionError as exc:
        _refuse(tr("invalid position: %(reason)s", language, reason=error_in(exc, language)))
        return 2
    if args.json:
        _print_json(analysis.to_json(), args)
        _say_why_no_questions({"": (data, analysis)}, args)
    else:
        print(_summary(data, analysis, args))
    return 0


def _run_session(data: object, args: argparse.Namespace) -> int:
    """A session of ``sleuth assist``: the analysis of the position its entries amount to, or
    of each (by label: ``{"positions": {"seat 1": ..., ...}}``) where it has several."""
    from sleuth.assist import session_positions
    from sleuth.core import GameError
    from sleuth.core.said import error_in

    try:
        positions = session_positions(data)
        analyses = {
            label: (position, _analysis(position, args)) for label, position in positions.items()
        }
    except GameError as exc:
        _refuse(tr("invalid session: %(reason)s", args.lang, reason=error_in(exc, args.lang)))
        return 2
    if args.json:
        found = {label: analysis.to_json() for label, (_, analysis) in analyses.items()}
        _print_json(next(iter(found.values())) if len(found) == 1 else {"positions": found}, args)
        _say_why_no_questions(analyses, args)
        return 0
    parts = [
        (f"{label}:\n" if len(analyses) > 1 else "") + _summary(position, analysis, args)
        for label, (position, analysis) in analyses.items()
    ]
    print("\n\n".join(parts))
    return 0


def _analysis(data: object, args: argparse.Namespace) -> SeatAnalysis:
    from sleuth.deduce.api import seat_analysis

    return seat_analysis(data, explain=args.explain, questions=args.questions)


def _summary(data: object, analysis: SeatAnalysis, args: argparse.Namespace) -> str:
    from .deduce_text import summary

    return summary(analysis, data if isinstance(data, dict) else {}, args.questions, args.lang)


def _print_json(out: object, args: argparse.Namespace) -> None:
    json.dump(out, sys.stdout, indent=args.indent, ensure_ascii=False)
    sys.stdout.write("\n")


def _say_why_no_questions(
    analyses: Mapping[str, tuple[object, SeatAnalysis]], args: argparse.Namespace
) -> None:
    """An empty ``questions`` in the JSON is explained on stderr (stdout stays JSON)."""
    from .deduce_text import no_questions_reason

    if not args.questions:
        return
    for label, (data, analysis) in analyses.items():
        if not analysis.questions:
            where = f" ({label})" if label else ""
            position = data if isinstance(data, dict) else {}
            reason = no_questions_reason(analysis, position, args.lang)
            said = tr("no questions%(where)s: %(reason)s", args.lang, where=where, reason=reason)
            print(f"sleuth deduce: {said}", file=sys.stderr)


def _language(args: argparse.Namespace) -> str:
    from sleuth.tui.language import language_from_environment

    return getattr(args, "lang", None) or language_from_environment(os.environ)


def _refuse(words: str) -> None:
    print(f"sleuth deduce: {words}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point: ``python -m sleuth.cli.deduce_cmd FILE ...``."""
    parser = argparse.ArgumentParser(prog="sleuth")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub)
    args = parser.parse_args(["deduce", *(sys.argv[1:] if argv is None else argv)])
    return int(args.run(args))


if __name__ == "__main__":
    raise SystemExit(main())
