"""A record's public steps hold only what every seat's view shows (issue 13, item 6)."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.core import Action, State, make_rng
from sleuth.core.records import replay_record
from sleuth.testing.public_steps import PublicStepLeak, check_public_steps
from support.game_names import built_in_kits
from support.records import sample_records

GAMES = [kit.name for kit in built_in_kits()]


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    return sample_records()


def _old_texts(before: State, seat: int, action: Action, after: State) -> tuple[str, str]:
    """What records showed before: the whole notation and the referee's result."""
    return str(action), after.private_result() or after.last_result()


def _leaks(record: dict[str, Any], describe: Any = None) -> tuple[int, list[str]]:
    """Compare, at every state of the record's game, the public steps of many actions that
    the spectator cannot tell apart; (steps compared, leaks found)."""
    replay = replay_record(record)
    rng = make_rng(len(replay.steps), "public steps")
    compared, leaks = 0, []
    for number, state in enumerate(replay.states()):
        if state.outcome is not None:
            break
        try:
            if describe is None:
                compared += check_public_steps(state, rng, per_kind=25)
            else:
                compared += check_public_steps(state, rng, per_kind=25, describe=describe)
        except PublicStepLeak as leak:
            leaks.append(f"state {number}: {leak}")
    return compared, leaks


@pytest.mark.parametrize("name", GAMES)
def test_no_public_step_tells_more_than_the_spectator_sees(
    records: dict[str, dict[str, Any]], name: str
) -> None:
    compared, leaks = _leaks(records[name])
    assert compared > 300 and leaks == []


@pytest.mark.parametrize("name", GAMES)
def test_the_old_texts_would_have_been_caught(
    records: dict[str, dict[str, Any]], name: str
) -> None:
    """The control: the same comparison over the texts records used to hold (the whole
    notation, Black Vienna's "guessed"/"passed") finds the leaks of the issue."""
    _, leaks = _leaks(records[name], _old_texts)
    assert leaks, name
