"""Black Vienna's bots in the lobby (tests/server/test_lobby_bots.py): the ladder's levels
first, with the bot behind each and its rating, then its bots by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from sleuth.server.routers.games import bots_out

BOTS = Path(__file__).resolve().parents[3] / "src" / "sleuth" / "games"


def test_the_levels_come_first_with_their_bots_and_measured_ratings() -> None:
    stored = json.loads((BOTS / "black_vienna" / "bots" / "ladder.json").read_text("utf-8"))
    offered = bots_out("black-vienna")
    levels = [b for b in offered if b.level]
    assert [(b.name, b.level, b.spec) for b in levels] == [
        (name, rank, stored["levels"][name])
        for rank, name in enumerate(("easy", "medium", "hard", "expert"), start=1)
    ]
    assert [b.rating for b in levels] == [stored["ratings"][b.name] for b in levels]
    assert all(b.parameters == {} for b in levels)  # a level is its bot as measured
    assert offered[: len(levels)] == levels  # before the bots by name
    named = [b.name for b in offered if not b.level]
    assert named == ["random", "basic", "deductive", "ismcts", "racing"]
    racing = next(b for b in offered if b.name == "racing")
    assert "minimum" in racing.parameters and racing.rating is None
