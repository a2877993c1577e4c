"""``sleuth deduce FILE [--explain CARD] [--questions]``: a seat's exact knowledge as JSON.

Wire into the main parser with ``deduce_cmd.add_parser(subparsers)``; the parsed namespace
carries ``run=deduce_cmd.run``. Heavy modules are imported inside ``run`` only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from sleuth.core import jsonfile

# A position is a small file of whole numbers (the assistant's sessions are read here too).
POSITION = jsonfile.Bounds(max_bytes=1_000_000, max_digits=6, floats=False, kind="position")


def add_parser(subparsers: Any) -> None:
    """Add the ``deduce`` subcommand to an ``argparse`` subparsers object."""
    p = subparsers.add_parser(
        "deduce",
        help="exact deduction from one seat's position (JSON in, JSON out)",
        description="Read a position as JSON (FILE, or - for stdin) and print what the seat "
        "knows: the number of consistent worlds, each card's location probabilities, the "
        "solution posterior and the certain facts. A session file of 'sleuth assist' is read "
        "as the position its entries amount to (one per opponent where a game tracks several).",
    )
    p.add_argument(
        "file", metavar="FILE", help="position (or assistant session) JSON file, or - for stdin"
    )
    p.add_argument("--explain", metavar="CARD", help="explain why CARD's place is certain")
    p.add_argument(
        "--questions", action="store_true", help="rank the questions the seat could ask now"
    )
    p.add_argument("--indent", type=int, default=None, help="indent the JSON output")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the command; 0 on success, 2 on invalid input (message on stderr)."""
    from sleuth.deduce.api import analyze_position
    from sleuth.deduce.model import PositionError

    try:
        if args.file == "-":
            raw = sys.stdin.buffer.read(POSITION.max_bytes + 1)
            if len(raw) > POSITION.max_bytes:
                raise PositionError(f"it is larger than {POSITION.max_bytes:,} bytes")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                raise PositionError(f"it is not UTF-8 text (bad byte at {error.start})") from None
            data = jsonfile.parse_json_text(text, POSITION, PositionError)
        else:
            data = jsonfile.read_json_file(Path(args.file), POSITION, PositionError)
    except PositionError as exc:
        print(f"sleuth deduce: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    if isinstance(data, dict) and "format" in data:  # a position has no format: spare the import
        from sleuth.assist import is_session

        if is_session(data):
            return _run_session(data, args)
    try:
        out = analyze_position(data, explain=args.explain, questions=args.questions)
    except PositionError as exc:
        print(f"sleuth deduce: invalid position: {exc}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout, indent=args.indent, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _run_session(data: object, args: argparse.Namespace) -> int:
    """A session of ``sleuth assist``: the analysis of the position its entries amount to, or
    of each (by label: ``{"positions": {"seat 1": ..., ...}}``) where it has several."""
    from sleuth.assist import session_positions
    from sleuth.core import GameError
    from sleuth.deduce.api import analyze_position

    try:
        positions = session_positions(data)
        analyses = {
            label: analyze_position(position, explain=args.explain, questions=args.questions)
            for label, position in positions.items()
        }
    except GameError as exc:
        print(f"sleuth deduce: invalid session: {exc}", file=sys.stderr)
        return 2
    out = next(iter(analyses.values())) if len(analyses) == 1 else {"positions": analyses}
    json.dump(out, sys.stdout, indent=args.indent, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point: ``python -m sleuth.cli.deduce_cmd FILE ...``."""
    parser = argparse.ArgumentParser(prog="sleuth")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub)
    args = parser.parse_args(["deduce", *(sys.argv[1:] if argv is None else argv)])
    return int(args.run(args))


if __name__ == "__main__":
    raise SystemExit(main())
