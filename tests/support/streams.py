"""Fixed generators for the bots of tests that need one particular game.

Games people play give every bot a generator from the operating system, and the arena one
keyed by its secret key. A test that needs the very game it was written against passes
these instead: each seat's stream is the one these tests always had (derived from the test's
seed, which is public anyway).
"""

from __future__ import annotations

from sleuth.core import derive_seed


def bot_streams(seed: int, players: int) -> list[int]:
    return [derive_seed(seed, "agent", seat) for seat in range(players)]


# The key of the tournaments in tests (the CLI draws a secret one for each tournament).
TEST_KEY = b"sleuth test tournaments"
