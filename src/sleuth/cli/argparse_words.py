"""argparse's refusals in the person's language: its English messages (as Python 3.11 to
3.13 word them) matched and said with values, so that a command line typed wrong is refused
in German or Japanese as the command's own refusals are. A message of another form stays as
argparse says it. Only the refusals: ``--help`` texts stay English (they are the commands'
reference, like the notation)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from sleuth.core.said import Said, said, said_in
from sleuth.i18n import LANGUAGES, N_, SOURCE, tr

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
ARGUMENT = re.compile(r"argument (?P<option>[^:]+): (?P<message>.+)", re.S)


def argparse_words(message: str) -> Said | str:
    """argparse's refusal as words another language can say (as it is when of no known
    form)."""
    argument = ARGUMENT.fullmatch(message)
    text = argument["message"] if argument else message
    for pattern, template in ARGPARSE_REFUSALS:
        found = re.fullmatch(pattern, text, re.S)
        if found:
            words = Said(template, found.groupdict())
            if argument is None:
                return words
            return said("argument %(option)s: %(reason)s", option=argument["option"], reason=words)
    return message


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
