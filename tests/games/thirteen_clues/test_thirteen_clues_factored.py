"""13 Clues' factored actions: a mystery chosen a card at a time."""

from __future__ import annotations

import numpy as np

from sleuth.envs import pettingzoo_env
from sleuth.games.thirteen_clues.notation import Choose


def test_a_13_clues_mystery_is_chosen_person_location_weapon() -> None:
    env = pettingzoo_env("13-clues", 2, actions="factored")
    env.reset(seed=2)
    agent = env.agent_selection
    seat = env.seat_of[agent]
    state = env.table.state
    trios = [a.cards for a in state.legal_actions(seat) if isinstance(a, Choose)]
    assert len(trios) == 3  # from its own hand: here the person alone is open
    env.step(env.action_index("choose"))
    chosen: tuple[str, ...] = ()
    for position in range(3):
        mask = env.observe(agent)["action_mask"]
        offered = [env.action_name(int(c)).removeprefix("choose ") for c in np.flatnonzero(mask)]
        expected = {t[position] for t in trios if t[:position] == chosen}
        assert sorted(offered) == sorted(expected) and len(offered) == (3, 1, 1)[position]
        chosen = (*chosen, offered[0])
        env.step(env.action_index(f"choose {offered[0]}"))
    # The same as the flat code of that choice.
    flat = pettingzoo_env("13-clues", 2)
    flat.reset(seed=2)
    flat.step(flat.table.encoder.actions.code(Choose(chosen)))
    assert flat.table.state.reveal() == env.table.state.reveal()
    assert flat.table.state.reveal() != state.reveal()
