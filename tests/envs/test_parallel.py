"""The PettingZoo parallel environments: PettingZoo's own parallel API test for every game
at its smallest and largest table, and the moments where several seats are asked at once."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

from envs.configs import encoded_games
from sleuth.core import GameError, IllegalActionError, InvalidActionError, State, find_kit
from sleuth.envs.parallel import SleuthParallelEnv, parallel_env
from sleuth.envs.table import EnvError


def tables() -> list[tuple[str, int]]:
    out = []
    for name in encoded_games():
        game = find_kit(name).game
        out += [(name, players) for players in sorted({game.min_players, game.max_players})]
    return out


@pytest.mark.parametrize(("name", "players"), tables())
def test_parallel_api(name: str, players: int) -> None:
    env = parallel_env(name, players)
    for agent in env.possible_agents:  # PettingZoo's test samples from the spaces
        env.action_space(agent).seed(7)
    parallel_api_test(env, num_cycles=300)


def crowded_moment(name: str) -> tuple[SleuthParallelEnv, State] | None:
    """An environment at a moment where more than one seat is asked, if random play
    reaches one within a few games."""
    players = find_kit(name).game.max_players
    env = parallel_env(name, players)
    rng = np.random.default_rng(3)
    for seed in range(4):
        observations, _ = env.reset(seed=seed)
        for _ in range(300):
            if len(env.asked()) > 1:
                return env, env.table.state
            actions = {}
            for agent in env.agents:
                mask = observations[agent]["action_mask"].copy()
                if mask.any() and mask[env.wait_action]:
                    mask[:] = 0
                    mask[env.wait_action] = 1
                legal = np.flatnonzero(mask)
                actions[agent] = int(rng.choice(legal)) if len(legal) else 0
            observations, _, terminations, _, _ = env.step(actions)
            if any(terminations.values()):
                break
    return None


@pytest.mark.parametrize("name", encoded_games())
def test_several_seats_asked_at_once(name: str) -> None:
    found = crowded_moment(name)
    if found is None:
        # A turn-based game: one seat asked at a time, every step.
        env = parallel_env(name)
        env.reset(seed=1)
        assert len(env.asked()) == 1
        return
    env, before = found
    asked = env.asked()
    mover = before.to_move()
    assert mover is not None and asked[mover] is False
    assert all(asked[seat] for seat in asked if seat != mover)
    observations = env._observations()
    for seat, name_ in enumerate(env.possible_agents):
        mask = observations[name_]["action_mask"]
        assert bool(mask.any()) == (seat in asked)
        assert bool(mask[env.wait_action]) == (seat in asked and seat != mover)
    # The mover may not wait: refused by name, nothing changes.
    waits = {env.possible_agents[seat]: env.wait_action for seat in asked}
    with pytest.raises(IllegalActionError, match=f"seat {mover} cannot wait now"):
        env.step(waits)
    assert env.table.state is before
    # Every other seat lets the moment pass: the mover's move is taken, as alone.
    legal = before.legal_actions(mover)
    move = random.Random(0).choice([action for action in legal if not action.drastic] or legal)
    code = env.table.encoder.actions.code(move)
    env.step({**waits, env.possible_agents[mover]: code})
    expected = before.apply(mover, move)
    for seat in range(env.game.players):
        assert env.table.state.view(seat) == expected.view(seat)


@pytest.mark.parametrize("name", encoded_games())
def test_an_action_overtaken_in_the_same_step_is_void(name: str) -> None:
    """The first seat out of turn acts and the mover moves too: the mover's move is taken
    after it if still legal, else void and named in its info."""
    found = crowded_moment(name)
    if found is None:
        pytest.skip("a turn-based game: never two seats asked at once")
    env, before = found
    asked = env.asked()
    mover = before.to_move()
    assert mover is not None
    first = next(seat for seat in asked if seat != mover)
    codes = env.table.encoder.actions
    rng = random.Random(1)
    early = rng.choice(list(before.legal_actions(first)))
    legal = before.legal_actions(mover)
    late = rng.choice([action for action in legal if not action.drastic] or list(legal))
    actions = {env.possible_agents[seat]: env.wait_action for seat in asked}
    actions[env.possible_agents[first]] = codes.code(early)
    actions[env.possible_agents[mover]] = codes.code(late)
    _, _, _, _, infos = env.step(actions)
    expected = before.apply(first, early)
    try:
        expected = expected.apply(mover, late)
        void = None
    except GameError as error:
        void = f"{late}: {error}"
    assert infos[env.possible_agents[mover]].get("void") == void
    for seat in range(env.game.players):
        assert env.table.state.view(seat) == expected.view(seat)


def test_an_asked_seat_must_act_and_factored_actions_are_refused() -> None:
    name = encoded_games()[0]
    env = parallel_env(name)
    env.reset(seed=2)
    before = env.table.state
    with pytest.raises(InvalidActionError, match="is asked now and gave no action"):
        env.step({})
    assert env.table.state is before
    with pytest.raises(EnvError, match="flat actions only"):
        parallel_env(name, actions="factored")


def test_illegal_penalty_ends_the_game_for_the_offender() -> None:
    name = encoded_games()[0]
    env = parallel_env(name, illegal="penalty", penalty=-2.0)
    observations, _ = env.reset(seed=2)
    seat = next(iter(env.asked()))
    agent = env.possible_agents[seat]
    wrong = int(np.flatnonzero(observations[agent]["action_mask"] == 0)[0])
    actions = {a: 0 for a in env.agents}
    for other in env.asked():
        legal = np.flatnonzero(observations[env.possible_agents[other]]["action_mask"])
        actions[env.possible_agents[other]] = int(legal[0])
    actions[agent] = wrong
    _, rewards, terminations, _, infos = env.step(actions)
    assert rewards == {a: (-2.0 if a == agent else 0.0) for a in env.possible_agents}
    assert all(terminations.values()) and env.agents == []
    assert "is not legal for seat" in infos[agent]["illegal"]
