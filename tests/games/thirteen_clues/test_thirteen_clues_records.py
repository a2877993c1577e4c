"""13 Clues' records: a record before the end hides the chosen mysteries, and a long game's
replay grows linearly."""

from __future__ import annotations

import json
import time
import tracemalloc
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import RecordError, make_game
from sleuth.core.records import Recorder, replay_record
from sleuth.core.signing import commitment
from support.json_access import as_list
from support.records import SALT
from support.streams import bot_streams

ENDING = {"seed", "salt", "private", "reveal", "outcome"}


def test_a_record_before_the_end_holds_no_seed_salt_private_part_or_reveal() -> None:
    game = make_game("13-clues", 4, top_secret=True)
    bots = [RandomAgent(0.0) for _ in range(4)]
    session = GameSession(game, 2**100 + 77, bots, salt=SALT, bot_seeds=bot_streams(1, 4))
    head = session.record()
    for _ in range(12):
        session.bot_step()
    record = session.record()
    text = json.dumps(record)
    assert not ENDING & set(record) and not ENDING & set(head)
    assert str(2**100 + 77) not in text and SALT not in text
    assert record["commitment"] == head["commitment"] == commitment(2**100 + 77, SALT)
    # The chosen mysteries are nobody's business yet: the steps say only that one was chosen.
    steps = [as_list(step) for step in as_list(record["steps"])]
    assert [step[1] for step in steps[:4]] == ["choose ?"] * 4
    assert all(
        step[1] == public
        for step, public in zip(steps, (s.public_action for s in session.steps), strict=True)
    )
    replay = replay_record(json.loads(text))
    assert replay.final is None and replay.seed is None and len(replay.steps) == 12
    with pytest.raises(RecordError, match="no seed to deal from"):
        next(replay.states())


def _long_record(questions: int) -> dict[str, Any]:
    """A two-player 13 Clues game of ``questions`` questions, then a correct accusation."""
    game = make_game("13-clues", 2, mystery_choice="random")
    recorder = Recorder(game, 3, SALT)
    state: Any = recorder.state
    while state.phase == "choose":
        recorder.play(state.to_move(), str(state.legal_actions(state.to_move())[0]))
        state = recorder.state
    for number in range(questions):
        seat = state.to_move()
        witness, side = 1 - seat, ("left", "right")[number % 2]
        recorder.play(seat, f"ask {witness} {state.game.subjects[number % 5]} {side}")
        state = recorder.state
    seat = state.to_move()
    names = [state.game.cards[c].name for c in state.mysteries[seat]]
    recorder.play(seat, "accuse " + " ".join(names))
    return recorder.record()


@pytest.mark.slow
def test_replay_time_and_memory_grow_linearly() -> None:
    measured = []
    for questions in (2_000, 8_000):
        record = _long_record(questions)
        tracemalloc.start()
        started = time.perf_counter()
        replay = replay_record(record)
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert replay.final is not None and len(replay.steps) == questions + 1
        measured.append((seconds, peak))
    (time_small, peak_small), (time_large, peak_large) = measured
    # Four times the steps, about four times the memory: a replay keeps one state (keeping
    # every state, as replays did, made memory grow with the square: sixteen times).
    assert peak_large < 6 * peak_small, measured
    assert peak_large < 20_000_000, measured
    # Time grows somewhat faster than the steps: a 13 Clues state copies (and frees) its
    # whole question log at every step, a cost of the game's state, not of the replay.
    assert time_large < 16 * time_small + 1.0, measured
