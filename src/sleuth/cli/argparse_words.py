"""argparse in the person's language: its refusals (its English messages, as Python 3.11 to
3.13 word them, matched and said with values), so that a command line typed wrong is refused
in German or Japanese as the command's own refusals are (a message of another form stays as
argparse says it); and every ``--help``: its headings, and the commands' descriptions and
help texts, marked with ``N_`` where the parsers are built and said from the catalogues when
the help is printed (the language is read from the words before any parser is built)."""

from __future__ import annotations

import argparse
import copy
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, cast
from unicodedata import east_asian_width

from babel.numbers import format_decimal

from sleuth.core.said import Said, said, said_in
from sleuth.i18n import LANGUAGES, N_, SOURCE, columns, figure, tr

ARGPARSE_REFUSALS = (
    (
        r"invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)",
        N_("invalid choice: %(value)s (choose from %(choices)s)"),
    ),
    (r"expected one argument", N_("expected one argument")),
    (r"expected (?P<count>\d+) arguments", N_("expected %(count)s arguments")),
    (r"not allowed with argument (?P<other>.+)", N_("not allowed with argument %(other)s")),
    (r"unrecognized arguments: (?P<words>.+)", N_("unrecognized arguments: %(words)s")),
    (
        r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)",
        N_("ambiguous option: %(option)s could match %(matches)s"),
    ),
    (
        r"the following arguments are required: (?P<names>.+)",
        N_("the following arguments are required: %(names)s"),
    ),
    (r"invalid (?P<kind>\w+) value: (?P<value>.+)", N_("invalid %(kind)s value: %(value)s")),
)
# argparse's own words in a help (its gettext calls), said from the catalogues.
ARGPARSE_HEADINGS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
)
ARGUMENT = re.compile(r"argument (?P<option>[^:]+): (?P<message>.+)", re.S)


def argparse_words(message: str) -> Said | str:
    """argparse's refusal as words another language can say (its reason as it is when of
    no known form)."""
    argument = ARGUMENT.fullmatch(message)
    text = argument["message"] if argument else message
    words: Said | str = text
    for pattern, template in ARGPARSE_REFUSALS:
        found = re.fullmatch(pattern, text, re.S)
        if found:
            words = Said(template, found.groupdict())
            break
    if argument is not None:  # a type's own reason is said in the language already
        return said("argument %(option)s: %(reason)s", option=argument["option"], reason=words)
    return words


def lang_in(words: Sequence[str]) -> str | None:
    """The language the last valid ``--lang`` among a command line's words names (read
    before they are parsed, so that their refusals are said in it), if any."""
    found = None
    for index, word in enumerate(words):
        value = word.partition("=")[2] if word.startswith("--lang=") else None
        if word == "--lang" and index + 1 < len(words):
            value = words[index + 1]
        if value in LANGUAGES:
            found = value
    return found


def language_of_words(words: Sequence[str]) -> str:
    """``lang_in(words)``, else the environment's language as gettext reads it."""
    found = lang_in(words)
    if found is not None:
        return found
    from sleuth.tui.language import language_from_environment

    return language_from_environment(os.environ)


def add_lang_argument(parser: argparse.ArgumentParser) -> None:
    """``--lang``, for a command whose messages are said in the person's language."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=N_(
            "the language of the command's messages (default: from LANGUAGE, LC_ALL, "
            "LC_MESSAGES or LANG, as gettext reads them; English when they name none of these)"
        ),
    )


def language_of_args(args: argparse.Namespace) -> str:
    """The language ``--lang`` names, else the environment's."""
    given = getattr(args, "lang", None)
    return given if given in LANGUAGES else language_of_words([])


class SpeakingParser(argparse.ArgumentParser):
    """A parser that refuses in ``language`` (set on the class before parsing): its usage
    line, then ``PROG: error: REFUSAL`` in the language, exit status 2 as argparse's."""

    language = SOURCE

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        words = argparse_words(message)
        text = said_in(words, self.language) if isinstance(words, Said) else words
        line = tr("%(prog)s: error: %(reason)s", self.language, prog=self.prog, reason=text)
        self.exit(2, line + "\n")

    def _get_formatter(self) -> argparse.HelpFormatter:
        formatter = speaking(cast(type[argparse.HelpFormatter], self.formatter_class))(
            prog=self.prog
        )
        formatter.language = self.language  # type: ignore[attr-defined]
        return formatter


class SpeakingFormatter(argparse.HelpFormatter):
    """A help in ``language``: argparse's headings, the descriptions and each argument's
    help from the catalogues (English: as written), a whole-number default as the language
    writes numbers; a line of wide (Japanese) characters wrapped by the columns it takes."""

    language = SOURCE

    def add_usage(
        self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None
    ) -> None:
        if prefix is None:
            prefix = tr("usage: ", self.language)
        super().add_usage(usage, actions, groups, prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(tr(heading, self.language) if heading else heading)

    def add_text(self, text: str | None) -> None:
        if text and text is not argparse.SUPPRESS:
            text = tr(text, self.language)
        super().add_text(text)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return tr(action.help, self.language) if action.help else action.help

    def _expand_help(self, action: argparse.Action) -> str:
        if isinstance(action.default, int | float) and not isinstance(action.default, bool):
            action = copy.copy(action)
            action.default = number_words(action.default, self.language)
        return super()._expand_help(action)

    def _split_lines(self, text: str, width: int) -> list[str]:
        if not any(wide(ch) for ch in text):
            return super()._split_lines(text, width)
        return wrapped(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if isinstance(self, argparse.RawDescriptionHelpFormatter) or not any(map(wide, text)):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in wrapped(text, width - len(indent)))


def speaking(formatter: type[argparse.HelpFormatter]) -> type[argparse.HelpFormatter]:
    """``formatter`` (argparse's, or one of its kinds, e.g. raw) speaking the language."""
    if issubclass(formatter, SpeakingFormatter):
        return formatter
    if formatter not in SPEAKING:
        SPEAKING[formatter] = type(
            f"Speaking{formatter.__name__}", (SpeakingFormatter, formatter), {}
        )
    return SPEAKING[formatter]


SPEAKING: dict[type[argparse.HelpFormatter], type[argparse.HelpFormatter]] = {}


def number_words(value: float, language: str) -> str:
    """A default as the help shows it: English as it always did (thousands apart by
    commas, ``5.0`` as ``5``), the other languages by their custom."""
    if isinstance(value, int):
        return figure(value, 0, language)
    return f"{value:g}" if language == SOURCE else format_decimal(value, locale=language)


def wide(character: str) -> bool:
    return east_asian_width(character) in "WF"


# Marks a line does not begin with (Japanese custom): they stay at the end of the line before.
CLOSING = frozenset("、。，．）」』：；！？")


def wrapped(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns: a wide character may begin a line,
    a run of other characters (a word, an option) is kept whole."""
    units: list[str] = []
    word = ""
    for character in text:
        if character.isspace() or wide(character):
            units += [word] if word else []
            word = ""
            units.append(" " if character.isspace() else character)
        else:
            word += character
    units += [word] if word else []
    lines: list[str] = []
    line = ""
    for unit in units:
        if unit == " ":
            line += " " if line and not line.endswith(" ") else ""
        elif line.strip() and columns(line + unit) > width and unit not in CLOSING:
            lines.append(line.rstrip())
            line = unit
        else:
            line += unit
    return [*lines, line.rstrip()] if line.strip() else lines
