"""Seeded randomness: every random choice in a game comes from a seed, never global state.

Three kinds of seed:

- ``derive_seed``/``make_rng``: streams of one seed (the deal, reshuffles, the games of a
  tournament from its master seed). Anyone who knows the seed can compute them, so a
  tournament's master seed is secret until its games are over unless ``--seed`` names it.
- ``keyed_seed``/``keyed_salt``: streams under a secret key (the bots' generators and the
  records' salts in the arena and ``simulate``). Without the key a keyed seed tells nothing
  about its labels nor about any other seed, the deal's included; with the key (recorded
  with the results) a tournament replays exactly.
- ``secret_seed``/``secret_salt``/``secret_key``: fresh from the operating system, for games
  people play: nobody, not even the program's author, can guess them.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Any

SEED_BITS = 128
SALT_CHARS = 32  # hex digits: 128 bits


def derive_seed(seed: int, *labels: str | int) -> int:
    """A new 64-bit seed, a pure function of ``seed`` and ``labels``.

    Separate streams (the deal, each game of a tournament) get their own derived seed, so
    adding a draw to one stream never shifts another. Not secret: never use it for a bot's
    generator, which would let the bot search back to the deal.
    """
    text = "/".join([str(seed), *(str(label) for label in labels)])
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def make_rng(seed: int, *labels: str | int) -> random.Random:
    """A private ``random.Random`` for the stream named by ``labels`` under ``seed``."""
    return random.Random(derive_seed(seed, *labels))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same draws, the same order, without its two method calls
    per item (a playout deals a game in a few dozen steps). ``tests/test_rng.py`` holds it
    to ``random.Random.shuffle``."""
    if type(rng) is not random.Random:  # a subclass may draw otherwise
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        # Random._randbelow(i + 1): as many bits as i + 1 has, drawn again until below it.
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def keyed_seed(key: bytes, *labels: str | int) -> int:
    """A 128-bit seed from HMAC-SHA256 of ``labels`` under ``key``."""
    return int.from_bytes(_keyed(key, labels)[: SEED_BITS // 8], "big")


def keyed_salt(key: bytes, *labels: str | int) -> str:
    """A record's salt (32 hex digits) from HMAC-SHA256 of ``labels`` under ``key``."""
    return _keyed(key, ("salt", *labels)).hex()[:SALT_CHARS]


def secret_seed() -> int:
    """A 128-bit seed from the operating system."""
    return secrets.randbits(SEED_BITS)


def secret_salt() -> str:
    """A record's salt (32 hex digits) from the operating system."""
    return secrets.token_hex(SALT_CHARS // 2)


def secret_key() -> bytes:
    """A 256-bit key from the operating system (a tournament's key for bots and salts)."""
    return secrets.token_bytes(32)


def _keyed(key: bytes, labels: tuple[str | int, ...]) -> bytes:
    message = "/".join(str(label) for label in labels).encode("utf-8")
    return hmac.new(key, message, hashlib.sha256).digest()
