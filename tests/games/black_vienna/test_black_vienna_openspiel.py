"""OpenSpiel's Python IS-MCTS bot plays a whole Black Vienna game through the kit's sampler."""

from __future__ import annotations

from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from sleuth.agents import make_agent
from sleuth.core import make_rng
from sleuth.envs import openspiel as sleuth_spiel

sleuth_spiel.register()


def test_ismcts_plays_a_whole_black_vienna_game_through_the_resampler() -> None:
    spiel = sleuth_spiel.load("black-vienna", 3)
    seed = 5
    search = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        spiel,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=search),
        uct_c=2.0,
        max_simulations=16,
        random_state=search,
    )
    resample = sleuth_spiel.resampler(seed)
    calls = []

    def counted(state: Any, player: int) -> Any:
        calls.append(player)
        return resample(state, player)

    bot.set_resampler(counted)
    others = {seat: make_agent("basic", "black-vienna") for seat in (1, 2)}
    rngs = {seat: make_rng(seed, "agent", seat) for seat in others}
    state = spiel.new_initial_state()
    for byte in seed.to_bytes(4, "big"):
        state.apply_action(byte)
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == 0:
            state.apply_action(bot.step(state))
            decisions += 1
            continue
        table = state.table()
        view, legal = table.state.view(player), table.state.legal_actions(player)
        decision = table.decision
        agent = others[player]
        if decision is not None and decision.interrupt:
            action = agent.interrupt(view, legal, rngs[player])
            code = table.wait_code if action is None else table.encoder.actions.code(action)
        else:
            code = table.encoder.actions.code(agent.act(view, legal, rngs[player]))
        state.apply_action(code)
    # Every search resampled its root once per simulation, for the searching seat only.
    assert decisions >= 3 and len(calls) >= 16 * (decisions - 1) and set(calls) == {0}
    returns = state.returns()
    assert len(returns) == 3 and all(0 <= r <= spiel.max_utility() for r in returns)
    assert state.engine.outcome is not None
