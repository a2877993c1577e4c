"""The shared history every frame carries holds each step's public events, never a private
one: the log is the same for every seat and spectator, so an event one seat may see (a card
shown to it) must stay out of it, whether the step was just taken or read back from the
database."""

from __future__ import annotations

import json
import random
import types
from dataclasses import dataclass
from typing import Any

import pytest

pytest.importorskip("fastapi")

from sleuth.core import State, make_game
from sleuth.core.events import Event
from sleuth.server.live import LiveTable, SeatState
from sleuth.server.models import StepRow
from support.game_cases import kit_for

SECRET = "the-card-only-seat-0-saw"
# A short game, with a review: bots finish one quickly (its cases: ``FrontCases.short``).
SHORT = kit_for(lambda cases: cases.fronts.short).name


@dataclass(frozen=True, slots=True)
class Said(Event):
    kind = "said"
    words: str

    def notation(self) -> str:
        return self.words


@dataclass(frozen=True, slots=True)
class Shown(Event):
    kind = "shown"
    to: int
    card: str

    def seen_by(self) -> frozenset[int]:
        return frozenset({self.to})

    def notation(self) -> str:
        return f"{self.card} to {self.to}"


def fake_events(state: State) -> tuple[Event, ...]:
    return (Said(state.last_result()), Shown(0, SECRET))


def empty_table(table_id: str) -> LiveTable:
    game = make_game(SHORT, 2)
    row: Any = types.SimpleNamespace(
        id=table_id,
        status="playing",
        started_at=0.0,
        clock="none",
        per_move=None,
        sheet="off",
        salt="5a",
        listed=False,
        spectators=True,
        rematch=None,
    )
    seats = [SeatState(s, "person", None, False, f"p{s}", 0.0, {}, f"hash{s}") for s in range(2)]
    return LiveTable(row, game, 7, 8, game.new(7), [], seats)


def play(live: LiveTable, steps: int) -> list[StepRow]:
    rng = random.Random(5)
    rows = []
    for _ in range(steps):
        seat = live.state.to_move()
        assert seat is not None
        legal = live.state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        state = live.state.apply(seat, action)
        row = StepRow(
            table_id=live.id,
            number=live.step + 1,
            seat=seat,
            action=str(action),
            result=state.last_result(),
            at=0.0,
        )
        live.advance(row, state, live.state.public_action(seat, action))
        rows.append(row)
    return rows


def test_the_shared_log_holds_public_events_only(monkeypatch: pytest.MonkeyPatch) -> None:
    kind = type(make_game(SHORT, 2).new(7))
    monkeypatch.setattr(kind, "last_events", fake_events)
    taken = empty_table("taken")
    rows = play(taken, 3)
    read_back = empty_table("read-back")
    read_back.extend(rows)  # as a process that loads the table from the database

    expected = []
    state = taken.game.new(7)
    for row in rows:
        action = taken.game.parse_action(row.action)
        public_action = state.public_action(row.seat, action)
        state = state.apply(row.seat, action)
        said = {"kind": "said", "words": row.result}
        expected.append([row.seat, public_action, row.result, [said]])
    for live in (taken, read_back):
        assert live.step == 3
        for seat in (None, 0, 1):
            text = live.state_frame(seat).wire()
            assert SECRET not in text, (live.id, seat)
            assert json.loads(text)["log"] == expected
