"""``sleuth review RECORD``: what every seat knew at every step of a finished game.

RECORD is a finished game record (``sleuth simulate --record-dir``, ``sleuth play``, the web
service's record), or a session file of ``sleuth assist`` whose solution is entered: then
the review is of the assistant's seat.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from sleuth.core import GameError
from sleuth.core.said import error_in
from sleuth.i18n import N_, tr

from .argparse_words import add_lang_argument, language_of_args


def add_parser(commands: Any) -> None:
    review = commands.add_parser(
        "review",
        help=N_("after the game: what each seat knew at every step, and when it could have known"),
        description=N_(
            "Replay a finished game (or an assistant session whose solution is "
            "entered) and show, for every seat and every step, its probability of the truth from "
            "its own view, the first step it could have been certain next to when it accused, "
            "and what each of its questions was worth against the best one then."
        ),
    )
    review.add_argument("record", type=Path, help=N_("a finished record, or an assistant session"))
    review.add_argument("--seat", type=int, action="append", help=N_("only this seat (repeatable)"))
    review.add_argument("--json", action="store_true", help=N_("the review as JSON"))
    review.add_argument("--plot", type=Path, metavar="FILE", help=N_("draw p(truth) as a PNG here"))
    review.add_argument(
        "--key", type=Path, metavar="FILE", help=N_("check the record's signature under this key")
    )
    add_lang_argument(review)
    review.set_defaults(run=run_review)


def run_review(args: argparse.Namespace) -> int:
    from sleuth.review import render, review_file

    language = language_of_args(args)
    try:
        key = None
        if args.key is not None:
            from sleuth.core.signing import read_key

            key = read_key(args.key)
        review = review_file(args.record, args.seat, key, language)
    except GameError as error:
        message = error_in(error, language)
        where = "" if message.startswith(str(args.record)) else f"{args.record}: "
        print(f"sleuth review: {where}{message}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(review.to_json(), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render(review, language=language))
    if args.plot is not None:
        try:
            from sleuth.review.plot import plot_review

            plot_review(review, args.plot, language=language)
        except ModuleNotFoundError as error:
            missing = tr(
                "no plot: %(module)s is missing (%(install)s)",
                language,
                module=str(error.name),
                install="pip install -e '.[plot]'",
            )
            print(f"sleuth review: {missing}", file=sys.stderr)
            return 2
        print(tr("plot: %(file)s", language, file=str(args.plot)), file=sys.stderr)
    return 0
