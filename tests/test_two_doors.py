"""Two doors at the move boundary: ``apply`` checks every action, always by one path;
``apply_legal`` takes an action the state itself just handed out, unchecked. For such an
action both lead to the same next state, in every game."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core import all_kits
from sleuth.core.kit import GameKit
from sleuth.core.protocol import State

KITS = all_kits()


def snapshot(state: State) -> str:
    views = [state.view(None), *(state.view(s) for s in range(state.game.players))]
    return json.dumps(
        [dict(state.reveal()), [v.to_json() for v in views], state.last_result()],
        sort_keys=True,
    )


@pytest.mark.parametrize("kit", KITS, ids=[k.name for k in KITS])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_both_doors_lead_to_the_same_state_for_a_handed_out_action(kit: GameKit, seed: int) -> None:
    game = kit.game.configure(max(kit.game.min_players, min(4, kit.game.max_players)))
    rng = random.Random(seed)
    state = game.new(seed)
    for _ in range(60):
        seat = state.to_move()
        if seat is None:
            break
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        trusted, checked = state.apply_legal(seat, action), state.apply(seat, action)
        assert snapshot(trusted) == snapshot(checked)
        state = checked
