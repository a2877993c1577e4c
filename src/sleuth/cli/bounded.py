"""Numbers on the command line within their bounds: argparse's error names the bounds, in
the command line's language (``--workers 100000`` had started that many processes)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

from sleuth.i18n import N_, tr

from .argparse_words import SpeakingParser

# Each worker is a process of its own: a few per core is plenty.
WORKERS = (0, 64)
# More games than any run finishes: a typo's extra digits are refused, not started.
GAMES = (1, 10**9)
# Spaces a level of indented JSON: past a few, a deep output is mostly spaces.
INDENTS = (0, 16)

N = TypeVar("N", int, float)


def in_range(text: str, kind: Callable[[str], N], bounds: tuple[N, N], words: tuple[str, str]) -> N:
    """``text`` as a number within ``bounds``, or argparse's error naming them: ``words``
    say that it is no number and that it is out of bounds, in the command line's language
    (read before the parsing)."""
    low, high = bounds
    language = SpeakingParser.language
    try:
        value = kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(tr(words[0], language, text=repr(text))) from None
    if not low <= value <= high:  # NaN too
        shown = {"low": _number(low), "high": _number(high)}
        reason = tr(words[1], language, text=text, **shown)
        raise argparse.ArgumentTypeError(reason)
    return value


def _number(bound: float) -> str:
    return str(bound) if isinstance(bound, int) else f"{bound:g}"


def worker_count(text: str) -> int:
    words = (
        N_("%(text)s is not a number of processes"),
        N_("%(text)s is not between %(low)s and %(high)s processes"),
    )
    return in_range(text, int, WORKERS, words)


def game_count(text: str) -> int:
    words = (
        N_("%(text)s is not a number of games"),
        N_("%(text)s is not between %(low)s and %(high)s games"),
    )
    return in_range(text, int, GAMES, words)


def indent_width(text: str) -> int:
    words = (
        N_("%(text)s is not a number of spaces"),
        N_("%(text)s is not between %(low)s and %(high)s spaces"),
    )
    return in_range(text, int, INDENTS, words)
