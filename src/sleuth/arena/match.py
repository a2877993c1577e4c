"""One game between agents, recorded step by step."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sleuth.agents import Agent, Forfeit
from sleuth.core import Game, Outcome, State
from sleuth.core.records import Step, make_record, play_step
from sleuth.core.rng import secret_salt, secret_seed
from sleuth.core.serialize import JSONValue
from sleuth.core.turns import interrupt_order


@dataclass(frozen=True)
class MatchResult:
    outcome: Outcome
    steps: tuple[Step, ...]
    record: dict[str, JSONValue]
    final: State
    # Decisions a bot lost (a bot program that crashed, timed out or answered wrongly).
    forfeits: tuple[Forfeit, ...] = ()


def play_match(
    game: Game[Any],
    agents: Sequence[Agent],
    seed: int,
    max_steps: int = 100_000,
    *,
    bot_seeds: Sequence[int] | None = None,
    salt: str | None = None,
) -> MatchResult:
    """Play one game; each agent sees only its seat's view and draws from its own generator.

    A bot's generator comes from its own seed, never from the game's: ``bot_seeds`` (one per
    seat; the arena derives them under its secret key) or fresh ones from the operating
    system. ``salt`` hides the seed in the record's commitment (default: a fresh one).
    Interrupts are offered before every move, to the other actors in seat order after the
    seat the game waits on, so a table of agents with the same seeds plays the same game.
    """
    if len(agents) != game.players:
        raise ValueError(f"{game.players} seats need {game.players} agents, not {len(agents)}")
    if bot_seeds is None:
        bot_seeds = [secret_seed() for _ in range(game.players)]
    if len(bot_seeds) != game.players:
        raise ValueError(f"{game.players} seats need {game.players} bot seeds")
    state = game.new(seed)
    rngs = [random.Random(bot_seed) for bot_seed in bot_seeds]
    steps: list[Step] = []
    for seat, agent in enumerate(agents):
        agent.start(game, seat, rngs[seat], steps.__len__)
    try:
        state = _play_out(game, agents, state, rngs, steps, seed, max_steps)
    finally:
        for agent in agents:
            agent.finish(state.outcome)
    if state.outcome is None:  # _play_out returns only once the game is over
        raise RuntimeError(f"{game.name}: the game did not end")
    forfeits = sorted((f for agent in agents for f in agent.forfeits), key=lambda f: f.step)
    record = make_record(game, seed, salt or secret_salt(), steps, state)
    return MatchResult(state.outcome, tuple(steps), record, state, tuple(forfeits))


def _play_out(
    game: Game[Any],
    agents: Sequence[Agent],
    state: State,
    rngs: Sequence[random.Random],
    steps: list[Step],
    seed: int,
    max_steps: int,
) -> State:
    while state.outcome is None:
        if len(steps) >= max_steps:
            raise RuntimeError(f"{game.name}: no end after {max_steps} steps (seed {seed})")
        mover = state.to_move()
        if mover is None:
            raise RuntimeError(f"{game.name}: nobody to move in a game that is not over")
        seat, action = mover, None
        for other in interrupt_order(state):
            action = agents[other].interrupt(
                state.view(other), state.legal_actions(other), rngs[other]
            )
            if action is not None:
                seat = other
                break
        if action is None:
            action = agents[mover].act(state.view(mover), state.legal_actions(mover), rngs[mover])
        state, step = play_step(state, seat, action)
        steps.append(step)
    return state
