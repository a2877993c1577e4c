"""Black Vienna's factored actions (its accusation and guess chosen a letter at a time) and
the Gymnasium learner's ``interrupts="own"``."""

from __future__ import annotations

import numpy as np
import pytest

from sleuth.core import IllegalActionError
from sleuth.envs import gymnasium_env, pettingzoo_env
from sleuth.envs.aec import SleuthAECEnv
from sleuth.games.black_vienna.components import LETTERS


def uniform_decisions(env: SleuthAECEnv, seed: int) -> tuple[int, int]:
    """(decisions, waits) of one game of uniformly random masked actions."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    decisions = waits = 0
    for _agent in env.agent_iter():
        observation, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        code = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        decisions, waits = decisions + 1, waits + (code == env.wait_action)
        env.step(code)
    return decisions, waits


def test_random_masked_black_vienna_games_last_over_20_decisions_when_factored() -> None:
    factored = pettingzoo_env("black-vienna", 4, actions="factored")
    flat = pettingzoo_env("black-vienna", 4)
    seeds = range(40)
    lengths = [uniform_decisions(factored, seed) for seed in seeds]
    assert sum(n for n, _ in lengths) == 864  # a mean of 21.6 decisions
    assert sum(w for _, w in lengths) == 132  # 15.3% of them wait
    # Flat, nearly every code of a mask is an accusation: a seat accuses at its first offer.
    assert sum(uniform_decisions(flat, seed)[0] for seed in seeds) == 161  # a mean of 4.0


def test_an_accusation_is_chosen_a_letter_at_a_time_each_mask_legal() -> None:
    env = pettingzoo_env("black-vienna", 3, actions="factored")
    env.reset(seed=3)
    table = env.table
    agent = env.agent_selection
    seat = env.seat_of[agent]
    accuse = env.action_index("accuse")
    assert env.action_name(accuse) == "accuse" and env.observe(agent)["action_mask"][accuse]
    flat = table.encoder.actions.code(table.game.parse_action("accuse ABC"))
    state = table.state
    with pytest.raises(IllegalActionError, match="chosen as 'accuse' and then its parts"):
        env.step(flat)
    env.step(accuse)
    trios = [str(a).split()[1] for a in table.state.legal_actions(seat) if a.kind == "accuse"]
    assert len(trios) == 2925
    chosen: list[str] = []
    for position in range(3):
        mask = env.observe(agent)["action_mask"]
        open_names = [env.action_name(int(c)) for c in np.flatnonzero(mask)]
        assert all(name.startswith("accuse ") for name in open_names)
        letters = [name.split()[1] for name in open_names]
        prefix = "".join(chosen)
        assert letters == sorted({t[position] for t in trios if t.startswith(prefix)})
        if position:
            assert min(letters) > chosen[-1]  # a trio in alphabet order
        observation = env.observe(agent)["observation"]
        segment = observation[env.layout.slice("factored")]
        assert segment[0] == 1.0 and int(segment[1 : 1 + 3 * 27].sum()) == position
        with pytest.raises(IllegalActionError, match="its accuse is begun"):
            env.step(env.wait_action)
        assert table.state is state and env.agent_selection == agent
        chosen.append(letters[-1])
        env.step(env.action_index(f"accuse {letters[-1]}"))
    assert table.state is not state
    accused = env.observe(agent)["observation"][env.layout.slice("own_accusation")]
    assert "".join(LETTERS[i] for i in np.flatnonzero(accused)) == "".join(chosen) == "YZÖ"


def learner_waits(interrupts: str, seeds: range) -> tuple[int, int]:
    """(decisions, waits) of a learner that never accuses, against ``basic`` bots."""
    env = gymnasium_env(
        "black-vienna", 4, opponents="basic", interrupts=interrupts, bot_key=bytes(16)
    )
    decisions = waits = 0
    for seed in seeds:
        observation, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            code = int(rng.choice(legal[~env.table.drastic[legal]]))
            decisions, waits = decisions + 1, waits + (code == env.table.wait_code)
            observation, _, terminated, truncated, _ = env.step(code)
            done = terminated or truncated
    return decisions, waits


def test_own_interrupts_offer_the_learner_nothing_out_of_turn() -> None:
    seeds = range(10)
    assert learner_waits("offer", seeds) == (267, 191)  # 72% of its decisions are waits
    decisions, waits = learner_waits("own", seeds)  # its accusation only in its own moves
    assert (decisions, waits) == (76, 0)
