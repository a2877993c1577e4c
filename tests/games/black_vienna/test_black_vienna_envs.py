"""Black Vienna in the research environments: its 2,925 accusations as action names both
ways, an illegal question refused without a change or ended with a penalty, and accusations
offered out of turn with ``wait``."""

from __future__ import annotations

import numpy as np
import pytest

from sleuth.core import IllegalActionError, InvalidActionError
from sleuth.envs import gymnasium_env, pettingzoo_env
from sleuth.envs.table import Decision

# PettingZoo warns about dictionary observations for environments not on its own list.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_action_names_both_ways_cover_every_black_vienna_accusation() -> None:
    env = pettingzoo_env("black-vienna", 4)
    env.reset(seed=1)
    assert env.action_name(env.action_index("ask 2 AOR")) == "ask 2 AOR"
    assert env.action_name(env.action_index("ask 2 AOR+BHV")) == "ask 2 AOR+BHV"
    assert env.action_name(env.action_index("accuse BLM")) == "accuse BLM"
    assert env.action_name(env.wait_action) == "wait"
    assert env.action_index("wait") == env.wait_action == env.table.num_actions - 1
    accusations = [b for b in env.table.encoder.actions.blocks if b.kind == "accuse"]
    assert [b.size for b in accusations] == [2925]
    for code in range(env.table.num_actions - 1):
        assert env.action_index(env.action_name(code)) == code
    # Before any question every seat may accuse: 2,925 codes in its mask, without a list.
    mask = env.observe(env.agent_selection)["action_mask"]
    block = accusations[0]
    assert mask[block.start : block.stop].sum() == 2925
    with pytest.raises(InvalidActionError, match="not an action"):
        env.action_index("fly to the moon")


def test_an_action_outside_the_mask_raises_naming_it_and_changes_nothing() -> None:
    env = pettingzoo_env("black-vienna", 3)
    env.reset(seed=2)
    state, agent = env.table.state, env.agent_selection
    before = env.observe(agent)
    code = env.action_index("ask 1 AOR")  # AOR is not face up in this deal
    assert not before["action_mask"][code]
    with pytest.raises(IllegalActionError, match=r"ask 1 AOR"):
        env.step(code)
    with pytest.raises(InvalidActionError, match="outside the action space"):
        env.step(env.table.num_actions)
    with pytest.raises(InvalidActionError, match="integer code"):  # a text action on purpose
        env.step("ask 1 AOR")  # type: ignore[arg-type]
    assert env.table.state is state and env.agent_selection == agent
    after = env.observe(agent)
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


def test_the_penalty_option_ends_the_game_as_pettingzoo_classic_envs_do() -> None:
    env = pettingzoo_env("black-vienna", 3, illegal="penalty", penalty=-5)
    env.reset(seed=2)
    agent = env.agent_selection
    env.step(env.action_index("ask 1 AOR"))
    assert all(env.terminations.values())
    assert env.rewards == {a: (-5.0 if a == agent else 0.0) for a in env.possible_agents}
    assert "ask 1 AOR" in env.infos[agent]["illegal"]


def test_out_of_turn_actions_are_offered_with_wait_before_each_move() -> None:
    env = pettingzoo_env("black-vienna", 3)
    env.reset(seed=4)
    # Seat 0 asks first; seats 1 and 2 may accuse before it does, in that order.
    order = []
    for _ in range(3):
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        order.append((agent, bool(mask[env.wait_action])))
        if mask[env.wait_action]:
            env.step(env.wait_action)
    assert order == [("seat_1", True), ("seat_2", True), ("seat_0", False)]
    quiet = pettingzoo_env("black-vienna", 3, interrupts="none")
    quiet.reset(seed=4)
    assert quiet.agent_selection == "seat_0"
    assert not quiet.observe("seat_0")["action_mask"][quiet.wait_action]


def test_the_learner_is_offered_out_of_turn_moves_with_wait() -> None:
    env = gymnasium_env("black-vienna", 3, seat=2, opponents="basic")
    observation, _ = env.reset(seed=8)
    mask = observation["action_mask"]
    # Seat 0 asks first: seat 2 may accuse before it does, or wait.
    assert mask[env.table.wait_code] and env.table.decision == Decision(2, True)
    assert mask.sum() == 2925 + 1
    before = env.table.state
    observation, _, terminated, *_ = env.step(env.action_index("wait"))
    # The bots moved on (seat 0 asked), and the next decision is the learner's again.
    assert not terminated and env.table.state is not before
    assert env.table.decision is not None and env.table.decision.seat == 2
