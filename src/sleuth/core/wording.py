"""Counts in words, their nouns agreeing in number: every front says "1 deal fits"."""

from __future__ import annotations


def count(number: int, one: str, many: str | None = None) -> str:
    """``number`` (with thousands separators) and its noun: ``one`` for 1, else ``many``
    (by default ``one`` with an s): ``count(1, "deal fits", "deals fit")``."""
    return f"{number:,} {one if number == 1 else (many or one + 's')}"
