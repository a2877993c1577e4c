"""The PettingZoo AEC environments: PettingZoo's own API and seed tests for every game,
action names both ways, seeds, rewards, and illegal actions refused without a change."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from envs.configs import configurations
from sleuth.core import IllegalActionError, InvalidActionError, all_kits
from sleuth.core.kit import ENCODER, PartError
from sleuth.envs import gymnasium_env, pettingzoo_env
from sleuth.envs.aec import SleuthAECEnv

# PettingZoo warns about dictionary observations for every environment not on its own list
# of classic environments (leduc_holdem_v4 is on it): the test passes all the same.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("game", "players", "options"), configurations())
def test_pettingzoo_api_and_seed_tests_pass(
    game: str, players: int, options: dict[str, object]
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pettingzoo_env(game, players, **options), num_cycles=300)
        seed_test(lambda: pettingzoo_env(game, players, **options), num_cycles=300)


@pytest.mark.parametrize(("game", "players", "options"), configurations())
def test_the_observation_has_a_fixed_shape_and_documented_slices(
    game: str, players: int, options: dict[str, object]
) -> None:
    env = pettingzoo_env(game, players, **options)
    env.reset(seed=3)
    layout = env.layout
    assert layout.segments[0].start == 0
    for before, after in zip(layout.segments, layout.segments[1:], strict=False):
        assert after.start == before.stop and before.help
    assert layout.segments[-1].stop == layout.size
    space = env.observation_space("seat_0")
    assert isinstance(space, gymnasium.spaces.Dict)
    shape = space["observation"].shape
    assert shape == (layout.size,)
    for agent in env.possible_agents:
        observation = env.observe(agent)
        assert observation["observation"].shape == shape
        assert observation["observation"].dtype == np.float32
        assert observation["action_mask"].shape == (env.table.num_actions,)
    seat = env.table.decision.seat if env.table.decision else 0
    own = env.observe(f"seat_{seat}")["observation"]
    assert own[layout.slice("seat")].tolist() == [float(s == seat) for s in range(players)]


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


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    def deal(seed: int) -> Any:
        env = pettingzoo_env("13-clues", 4)
        env.reset(seed=seed)
        return env.table.state.reveal()

    assert deal(5) == deal(5)
    assert deal(5) != deal(6)
    env = pettingzoo_env("13-clues", 4)
    env.reset(seed=5)
    # The seed is the engine's own: the game dealt from it is the game of that seed.
    assert env.table.state.reveal() == env.game.new(5).reveal()


def play_to_end(env: SleuthAECEnv, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return totals


def test_rewards_are_the_scores_or_win_lose() -> None:
    env = pettingzoo_env("black-stories-investigation", 3)
    totals = play_to_end(env, seed=11)
    outcome = env.table.state.outcome
    assert outcome is not None
    assert list(totals.values()) == [float(s) for s in outcome.scores]
    env = pettingzoo_env("black-stories-investigation", 3, reward="win-lose")
    totals = play_to_end(env, seed=11)
    outcome = env.table.state.outcome
    assert outcome is not None and outcome.winners
    assert list(totals.values()) == [1.0 if s in outcome.winners else -1.0 for s in range(3)]


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


def test_a_game_without_an_encoder_is_refused_by_name() -> None:
    # The example game of another package (installed with the tests) has no encoder.
    without = [kit for kit in all_kits() if not kit.has(ENCODER)]
    assert without, "no registered game lacks an encoder: install the games under examples/"
    for kit in without:
        message = f"{kit.game.title} has no research-environment encoder"
        with pytest.raises(PartError, match=message):
            pettingzoo_env(kit.name, kit.game.min_players)
        with pytest.raises(PartError, match=message):
            gymnasium_env(kit.name, kit.game.min_players)


def test_bad_environment_options_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="reward is one of score, win-lose"):
        pettingzoo_env("alibi", 2, reward="money")
    with pytest.raises(ValueError, match="illegal is one of raise, penalty"):
        pettingzoo_env("alibi", 2, illegal="ignore")
    with pytest.raises(ValueError, match="interrupts is one of offer, none"):
        pettingzoo_env("alibi", 2, interrupts="sometimes")
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        pettingzoo_env("alibi", 2, colour="red")
    env = pettingzoo_env("alibi", 2)
    with pytest.raises(ValueError, match="call reset"):
        env.step(0)
