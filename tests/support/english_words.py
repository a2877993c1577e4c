"""The catalogue's English strings that a language says otherwise, as patterns of what a
person reads, for the language tests of the terminal app and the assistant: a line (or a
piece of one) that such a pattern matches was left in English."""

from __future__ import annotations

import re

from sleuth.i18n import page_catalogue


def english_patterns(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """Each English string of the catalogue that the language says otherwise, as a pattern
    of a whole piece of the screen (a placeholder matches any value); strings without an
    English word ("%(name)s: %(cards)s") are left out, as the page's test does."""
    patterns = []
    for msgid, translated in page_catalogue(language).items():
        forms = translated if isinstance(translated, list) else [translated]
        if not msgid or msgid in forms:
            continue
        for line in msgid.splitlines():
            pieces = re.split(r"%\(\w+\)[sd]", line.strip())
            if re.search("[A-Za-z]{2}", "".join(pieces)):
                patterns.append((msgid, re.compile("[^:]+".join(re.escape(p) for p in pieces))))
    return patterns
