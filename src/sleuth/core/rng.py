"""Seeded randomness: every random choice in a game comes from its seed, never global state."""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int, *labels: str | int) -> int:
    """A new 64-bit seed, a pure function of ``seed`` and ``labels``.

    Separate streams (the deal, each bot, each game of a tournament) get their own
    derived seed, so adding a draw to one stream never shifts another.
    """
    text = "/".join([str(seed), *(str(label) for label in labels)])
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def make_rng(seed: int, *labels: str | int) -> random.Random:
    """A private ``random.Random`` for the stream named by ``labels`` under ``seed``."""
    return random.Random(derive_seed(seed, *labels))
