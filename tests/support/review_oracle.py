"""What the tests of the review against direct enumeration of deals share (each game's
oracle and test: ``tests/games/<package>/``, ``*_deals.py`` and ``test_*_review_brute.py``).

Each oracle counts whole deals that agree with everything the seat saw, computing each
answer as the rules do, with no part of the deduction engine or of the games' knowledge
modules: an oracle that can disagree with them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest

from sleuth.agents import RandomAgent, make_agent
from sleuth.arena import play_match
from sleuth.core import State, make_game
from sleuth.core.records import Recorder, replay_record
from sleuth.review import GameReview

from .narrow import narrow

SALT = "5a" * 16
StateT = TypeVar("StateT", bound=State)


def entropy(counts: Sequence[float]) -> float:
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c)


def play(game_name: str, players: int, seed: int, bot: str, **options: Any) -> dict[str, Any]:
    game = make_game(game_name, players, **options)
    agents = [
        RandomAgent(0.05) if bot == "random" else make_agent(bot, game.name) for _ in range(players)
    ]
    seeds = [seed * 100 + s for s in range(players)]
    return dict(play_match(game, agents, seed, bot_seeds=seeds, salt=SALT).record)


def known_states(record: dict[str, Any], kind: type[StateT]) -> list[StateT]:
    """The state each frame's knowledge comes from: the review keeps, after the end, what
    the seat knew before it (the reveal is no deduction). Each is checked to be a ``kind``."""
    states = [narrow(kind, state) for state in replay_record(record).states()]
    return [*states[:-1], states[-2]]


def close(a: float | None, b: float) -> bool:
    return a is not None and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def scripted(name: str, players: int, seed: int, script: list[tuple[int, str]]) -> dict[str, Any]:
    """The record of a game of ``name`` played from ``seed`` by the script's moves."""
    recorder = Recorder(make_game(name, players), seed, SALT)
    for seat, text in script:
        recorder.play(seat, text)
    return dict(recorder.record())


def check_figures_finite(review: GameReview) -> None:
    for seat in review.seats:
        for reading in seat.readings:
            assert reading.bits is None or math.isfinite(reading.bits)


def deductive_record(name: str, players: int, seed: int) -> dict[str, Any]:
    """The record of a game of ``name`` between deductive bots."""
    game = make_game(name, players)
    agents = [make_agent("deductive", game.name) for _ in range(players)]
    seeds = [seed * 10 + s for s in range(players)]
    return dict(play_match(game, agents, seed, bot_seeds=seeds, salt=SALT).record)


def check_last_line_refused(notebook: Any, lines: list[str], message: str) -> None:
    """All but the last of ``lines`` are taken into the assistant's ``notebook``; the last is
    refused with ``message`` and not taken."""
    from sleuth.assist import EntryError

    for line in lines[:-1]:
        notebook.enter(line)
    with pytest.raises(EntryError, match=message):
        notebook.enter(lines[-1])
    assert len(notebook.entries) == len(lines) - 1  # the failing entry was not taken
