"""The catalogue's English strings that a language says otherwise, as patterns of what a
person reads, for the language tests of the terminal app and the assistant: a line (or a
piece of one) that such a pattern matches was left in English."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from sleuth.i18n import page_catalogue


@dataclass(frozen=True)
class EnglishLine:
    """One line of an English string: its pattern, and the text between its placeholders,
    which every text the pattern matches holds. Checked before the pattern, this answers
    most texts at once: a pattern of several placeholders backtracks over a long text, and a
    whole game's history holds thousands of pieces to check against each line."""

    pattern: re.Pattern[str]
    literals: tuple[str, ...]

    def fullmatch(self, text: str) -> bool:
        """Whether the whole of ``text`` is this line (a placeholder matching any value)."""
        if not (text.startswith(self.literals[0]) and text.endswith(self.literals[-1])):
            return False
        return self.could_be_in(text) and self.pattern.fullmatch(text) is not None

    def could_be_in(self, text: str) -> bool:
        """False when ``text`` cannot hold this line anywhere: a literal is missing."""
        return all(literal in text for literal in self.literals)


@functools.cache
def english_patterns(language: str) -> tuple[tuple[str, EnglishLine], ...]:
    """Each English string of the catalogue that the language says otherwise, line by line,
    as a pattern of a whole piece of the screen (a placeholder matches any value); strings
    without an English word ("%(name)s: %(cards)s") are left out, as the page's test does.
    Made once per language: a test checks thousands of pieces against them."""
    patterns = []
    for msgid, translated in page_catalogue(language).items():
        forms = translated if isinstance(translated, list) else [translated]
        if not msgid or msgid in forms:
            continue
        for line in msgid.splitlines():
            pieces = tuple(re.split(r"%\(\w+\)[sd]", line.strip()))
            if re.search("[A-Za-z]{2}", "".join(pieces)):
                pattern = re.compile("[^:]+".join(re.escape(p) for p in pieces))
                patterns.append((msgid, EnglishLine(pattern, pieces)))
    return tuple(patterns)
