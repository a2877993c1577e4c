"""Game records: everything needed to replay a game exactly, as JSON.

A record holds the game name, rules version, config, seed and every step as
``[seat, action text, public result]``. Once the game is over it also holds the reveal
(the hidden deal) and the outcome. Replaying re-deals from the seed and re-applies each
step, so a tampered record is caught at the first step that disagrees.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import GameError, RecordError
from .protocol import Game, Outcome, State
from .registry import find_game
from .serialize import JSONValue, to_json

RECORD_FORMAT = "sleuth-record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class Step:
    seat: int
    action: str
    result: str


@dataclass
class Recorder:
    """Builds a record while a game is played; ``play`` validates through the state."""

    game: Game[Any]
    seed: int
    state: State = field(init=False)
    steps: list[Step] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.state = self.game.new(self.seed)

    def play(self, seat: int, action_text: str) -> State:
        action = self.game.parse_action(action_text)
        self.state = self.state.apply(seat, action)
        self.steps.append(Step(seat, str(action), self.state.last_result()))
        return self.state

    def record(self) -> dict[str, JSONValue]:
        return make_record(self.game, self.seed, self.steps, self.state)


def make_record(
    game: Game[Any], seed: int, steps: Sequence[Step], final: State
) -> dict[str, JSONValue]:
    record: dict[str, JSONValue] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game.name,
        "rules_version": game.rules_version,
        "config": game.config_json(),
        "seed": seed,
        "steps": [[s.seat, s.action, s.result] for s in steps],
    }
    if final.outcome is not None:
        record["reveal"] = dict(final.reveal())
        record["outcome"] = to_json(final.outcome)
    return record


@dataclass(frozen=True)
class Replay:
    game: Game[Any]
    seed: int
    states: tuple[State, ...]
    steps: tuple[Step, ...]

    @property
    def final(self) -> State:
        return self.states[-1]


def replay_record(record: object) -> Replay:
    """Replay a record, checking every step; ``RecordError`` names the first bad one."""
    if not isinstance(record, dict):
        raise RecordError("record: expected a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"format: expected {RECORD_FORMAT!r}, got {record.get('format')!r}")
    game = _record_game(record)
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("seed: expected an integer")
    steps = _record_steps(record.get("steps"))
    state = game.new(seed)
    states = [state]
    for number, step in enumerate(steps, start=1):
        try:
            action = game.parse_action(step.action)
            state = state.apply(step.seat, action)
        except GameError as error:
            raise RecordError(f"seat {step.seat} {step.action!r}: {error}", number) from error
        if state.last_result() != step.result:
            raise RecordError(
                f"seat {step.seat} {step.action!r}: recorded result {step.result!r}, "
                f"but the deal gives {state.last_result()!r}",
                number,
            )
        states.append(state)
    # The reveal is the hidden truth at the end (the deal, and in some games what was drawn
    # later), so it is checked against the replayed final state.
    if "reveal" in record and record["reveal"] != json.loads(json.dumps(dict(state.reveal()))):
        raise RecordError("reveal: does not match the deal of this seed and config")
    _check_ending(record, state)
    return Replay(game, seed, tuple(states), tuple(steps))


def _record_game(record: dict[str, Any]) -> Game[Any]:
    name = record.get("game")
    if not isinstance(name, str):
        raise RecordError("game: expected a game name")
    try:
        game_type = find_game(name)
        game = game_type.from_config_json(record.get("config"))
    except GameError as error:
        raise RecordError(str(error)) from error
    if record.get("rules_version") != game.rules_version:
        raise RecordError(
            f"rules_version: record has {record.get('rules_version')!r}, "
            f"this Sleuth plays {game.rules_version!r}"
        )
    return game


def _record_steps(raw: object) -> list[Step]:
    if not isinstance(raw, list):
        raise RecordError("steps: expected an array")
    steps = []
    for number, item in enumerate(raw, start=1):
        if (
            not isinstance(item, list)
            or len(item) != 3
            or not isinstance(item[0], int)
            or isinstance(item[0], bool)
            or not isinstance(item[1], str)
            or not isinstance(item[2], str)
        ):
            raise RecordError("expected [seat, action, result]", number)
        steps.append(Step(item[0], item[1], item[2]))
    return steps


def _check_ending(record: dict[str, Any], state: State) -> None:
    outcome: Outcome | None = state.outcome
    if "outcome" in record:
        if outcome is None:
            raise RecordError("outcome: the record claims an end, but the game is not over")
        if record["outcome"] != to_json(outcome):
            raise RecordError(
                f"outcome: record has {record['outcome']}, replay gives {to_json(outcome)}"
            )
    elif outcome is not None:
        raise RecordError("outcome: the game is over but the record has no outcome")


def load_record(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{path}: cannot read: {error}") from error
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}: not JSON: {error}") from error
    if not isinstance(data, dict):
        raise RecordError(f"{path}: expected a JSON object")
    return data


def save_record(record: dict[str, JSONValue], path: Path) -> None:
    path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
