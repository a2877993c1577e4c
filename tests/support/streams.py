"""Fixed generators for the bots of tests that need one particular game.

Games people play give every bot a generator from the operating system, and the arena one
keyed by its secret key. A test that needs the very game it was written against passes
these instead: each seat's stream is the one these tests always had (derived from the test's
seed, which is public anyway).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sleuth.core import derive_seed

if TYPE_CHECKING:  # for the annotations only: at run time this imports what it did before
    import pytest

    from sleuth.agents import Agent


def bot_streams(seed: int, players: int) -> list[int]:
    return [derive_seed(seed, "agent", seat) for seat in range(players)]


# The key of the tournaments in tests (the CLI draws a secret one for each tournament).
TEST_KEY = b"sleuth test tournaments"


def deterministic_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give a session without bot seeds the streams of ``bot_streams`` (OS entropy in people's
    games), for tests of the terminal app that drive one particular game by keys."""
    from sleuth.arena.session import GameSession

    original = GameSession.__init__

    def init(
        self: GameSession,
        game: Any,
        seed: int,
        controllers: Sequence[Agent | None],
        **kw: Any,
    ) -> None:
        if kw.get("bot_seeds") is None:
            kw["bot_seeds"] = bot_streams(seed, len(controllers))
        original(self, game, seed, controllers, **kw)

    monkeypatch.setattr(GameSession, "__init__", init)
